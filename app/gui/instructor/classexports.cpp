// The class's exports, built from what instructor mode shows (the gradebook's overrides
// applied) with the same library calls as `schedlab-cli grade`.
#include "classexports.h"

#include "classgrading.h"
#include "feedback.h"
#include "feedbackrecipients.h"
#include "identity.h"
#include "language.h"
#include "moodlenames.h"
#include "roster.h"
#include "safefiles.h"

#include <QBuffer>
#include <QDir> // file-access: trusted (the export folder the instructor chose)
#include <QLocale>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>

namespace schedlab::gui {

namespace {

// A document that never fetches anything: feedback shows a student's text, which may name
// files or URLs; none of them is ever loaded.
class OfflineDocument : public QTextDocument
{
public:
    using QTextDocument::QTextDocument;

protected:
    QVariant loadResource(int, const QUrl &) override { return {}; }
};

ExportResult saved(const QString &path, const QByteArray &bytes)
{
    ExportResult result;
    const files::WriteResult w = files::saveFile(path, bytes);
    result.ok = w.ok;
    result.error = w.error;
    if (w.ok)
        result.written << path;
    return result;
}

} // namespace

handin::CsvDialect interfaceCsvDialect()
{
    const bool french =
        currentLanguage() == QLatin1String("fr") || QLocale().language() == QLocale::French;
    return french ? handin::CsvDialect::french() : handin::CsvDialect::english();
}

QString worksheetOutPath(const QString &worksheet)
{
    const QString base = worksheet.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)
                             ? worksheet.chopped(4)
                             : worksheet;
    return base + QStringLiteral("-schedlab.csv");
}

QByteArray htmlToPdf(const QString &html, const QString &title)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("SchedLab"));
        OfflineDocument document;
        document.setHtml(html);
        document.print(&writer);
    }
    return buffer.data();
}

ClassExports::ClassExports(const ClassGrading &grading, const handin::MoodleWorksheet *worksheet)
    : grading_(grading)
    , worksheet_(worksheet)
{}

QList<handin::SummaryIdentity> ClassExports::roster() const
{
    return handin::classRoster(grading_.intake(), grading_.plan(), worksheet_);
}

handin::ClassSummary ClassExports::summary() const
{
    return handin::buildClassSummary(grading_.results(), grading_.rubrics().rubrics, roster());
}

ExportResult ClassExports::summaryCsv(const QString &path, const handin::CsvDialect &dialect) const
{
    return saved(path, handin::summaryToCsv(summary(), dialect));
}

ExportResult ClassExports::criteriaCsv(const QString &path, const handin::CsvDialect &dialect) const
{
    return saved(path, handin::criteriaToCsv(grading_.results(), roster(), dialect));
}

ExportResult ClassExports::worksheet(const QString &path, bool allowPending) const
{
    ExportResult result;
    if (!worksheet_) {
        result.error = tr("Choose the grading worksheet downloaded from Moodle first.");
        return result;
    }
    const handin::ClassSummary classSummary = summary();
    const QList<handin::WorksheetGrade> grades = handin::worksheetGrades(classSummary);
    for (const handin::WorksheetGrade &g : grades)
        if (g.toReview > 0)
            result.toReview << tr("%1 (%2 to review)").arg(g.who).arg(g.toReview);
    const handin::WorksheetWrite filled =
        handin::fillMoodleWorksheet(*worksheet_, grades, {allowPending, false});
    if (!filled.bytes) {
        result.error = worksheet_->fileName + QStringLiteral(": ") + filled.error;
        return result;
    }
    ExportResult written = saved(path, *filled.bytes);
    written.toReview = result.toReview;
    const auto note = [&written](const QString &what, const QStringList &who) {
        if (!who.isEmpty())
            written.notes << what + QStringLiteral(": ") + who.join(QStringLiteral(", "));
    };
    note(tr("Not handed in (grade left empty)"), filled.notHandedIn);
    note(tr("Grade locked in Moodle (left as it was)"), filled.locked);
    note(tr("Graded but not in the worksheet"), filled.notInWorksheet);
    for (const QString &warning : filled.warnings)
        written.notes << warning;
    return written;
}

ExportResult ClassExports::feedbackFolder(const QString &folder) const
{
    ExportResult result;
    if (!QDir().mkpath(folder)) { // file-access: trusted (chosen by the instructor)
        result.error = tr("The folder %1 cannot be created.").arg(folder);
        return result;
    }
    const QList<grader::Rubric> &rubrics = grading_.rubrics().rubrics;
    QList<handin::FeedbackFile> bundle;
    for (const handin::FeedbackRecipient &t :
         handin::feedbackRecipients(summary(), grading_.results(), grading_.intake())) {
        const handin::FeedbackHeader &header = t.header;
        const QList<grader::ExerciseResult> &mine = t.results;
        const QByteArray pdf =
            htmlToPdf(handin::studentFeedbackHtml(header, mine, rubrics), t.identity.name);
        const QList<std::pair<QString, QByteArray>> files{
            {t.stem + QStringLiteral(".md"),
             handin::studentFeedbackMarkdown(header, mine, rubrics).toUtf8()},
            {t.stem + QStringLiteral(".pdf"), pdf}};
        for (const auto &[name, bytes] : files) {
            const files::WriteResult w = files::saveBelow(folder, name, bytes);
            if (!w.ok) {
                result.error = w.error;
                return result;
            }
            result.written << folder + u'/' + name;
        }
        if (t.identity.lmsParticipantId.isEmpty())
            continue;
        const QString entry = handin::feedbackUploadName(
            t.identity.lmsFullName, t.identity.lmsParticipantId, t.stem + QStringLiteral(".pdf"));
        if (entry.isEmpty())
            result.notes << tr("%1: not in the Moodle zip (its participant id is not a number)")
                                .arg(t.identity.name);
        else
            bundle << handin::FeedbackFile{entry, pdf};
    }
    if (!bundle.isEmpty()) {
        QString error;
        const std::optional<QByteArray> zip = handin::feedbackBundle(bundle, &error);
        const files::WriteResult w =
            zip ? files::saveBelow(folder, QStringLiteral("feedback-moodle.zip"), *zip)
                : files::WriteResult{false, error};
        if (!w.ok) {
            result.error = w.error;
            return result;
        }
        result.written << folder + QStringLiteral("/feedback-moodle.zip");
    }
    result.ok = true;
    return result;
}

} // namespace schedlab::gui
