// The class's CSV files, the LMS worksheet and the feedback files.
#include "classoutputs.h"

#include "classsummary.h"
#include "feedback.h"
#include "feedbackrecipients.h"
#include "identity.h"
#include "moodlenames.h"
#include "report.h"
#include "roster.h"
#include "safefiles.h"

#include <QDir> // file-access: trusted (the --feedback folder the instructor named)

#include <cstdio>

namespace schedlab::cli {

handin::CsvDialect csvDialectFor(const QString &locale)
{
    QString chosen = locale;
    for (const char *name : {"LC_ALL", "LC_MESSAGES", "LANG"})
        if (chosen.isEmpty())
            chosen = qEnvironmentVariable(name);
    return chosen.startsWith(QStringLiteral("fr")) ? handin::CsvDialect::french()
                                                   : handin::CsvDialect::english();
}

namespace {

handin::ClassSummary summaryOf(const ClassOutputs &o)
{
    return handin::buildClassSummary(o.results, o.rubrics,
                                     handin::classRoster(o.intake, o.plan, o.worksheet));
}

// "<number>-<name>" for a student's files, unique in the class.
bool saved(const files::WriteResult &w)
{
    if (!w.ok)
        std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(grader::terminalSafe(w.error)));
    return w.ok;
}

void list(const char *what, const QStringList &who)
{
    if (!who.isEmpty())
        std::fprintf(stderr, "schedlab-cli grade: %s: %s\n", what,
                     qPrintable(grader::terminalSafe(who.join(QStringLiteral(", ")))));
}

} // namespace

QByteArray summaryCsv(const ClassOutputs &outputs, const handin::CsvDialect &dialect)
{
    return handin::summaryToCsv(summaryOf(outputs), dialect);
}

QByteArray criteriaCsv(const ClassOutputs &outputs, const handin::CsvDialect &dialect)
{
    return handin::criteriaToCsv(
        outputs.results, handin::classRoster(outputs.intake, outputs.plan, outputs.worksheet),
        dialect);
}

bool writeWorksheet(const ClassOutputs &outputs, const WorksheetOptions &options)
{
    if (!outputs.worksheet)
        return false;
    const handin::WorksheetWrite filled = handin::fillMoodleWorksheet(
        *outputs.worksheet, handin::worksheetGrades(summaryOf(outputs)),
        handin::WorksheetOptions{options.allowPending, options.feedback});
    if (!filled.bytes) {
        std::fprintf(stderr, "schedlab-cli grade: %s: %s\n",
                     qPrintable(outputs.worksheet->fileName),
                     qPrintable(grader::terminalSafe(filled.error)));
        return false;
    }
    list("not handed in (grade left empty)", filled.notHandedIn);
    list("grade locked in the LMS (left as it was)", filled.locked);
    list("graded but not in the worksheet", filled.notInWorksheet);
    list("note", filled.warnings);
    const files::WriteResult w = files::saveFile(options.outPath, *filled.bytes);
    if (!w.ok) {
        std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(w.error));
        return false;
    }
    std::fprintf(stderr, "schedlab-cli grade: %d grade(s) written to %s\n", filled.graded,
                 qPrintable(options.outPath));
    return true;
}

bool writeFeedback(const ClassOutputs &outputs, const QString &dir)
{
    if (!QDir().mkpath(dir)) { // file-access: trusted (the --feedback folder)
        std::fprintf(stderr, "schedlab-cli grade: %s: cannot create the folder\n", qPrintable(dir));
        return false;
    }
    QList<handin::FeedbackFile> bundle;
    int written = 0;
    for (const handin::FeedbackRecipient &r :
         handin::feedbackRecipients(summaryOf(outputs), outputs.results, outputs.intake)) {
        const QString file = r.stem + QStringLiteral(".md");
        const QByteArray markdown =
            handin::studentFeedbackMarkdown(r.header, r.results, outputs.rubrics).toUtf8();
        if (!saved(files::saveBelow(dir, file, markdown)))
            return false;
        ++written;
        if (const QString entry = handin::feedbackUploadName(r.identity.lmsFullName,
                                                             r.identity.lmsParticipantId, file);
            !entry.isEmpty())
            bundle << handin::FeedbackFile{entry, markdown};
    }
    if (!bundle.isEmpty()) {
        QString error;
        const std::optional<QByteArray> zip = handin::feedbackBundle(bundle, &error);
        if (!zip) {
            std::fprintf(stderr, "schedlab-cli grade: feedback zip: %s\n",
                         qPrintable(grader::terminalSafe(error)));
            return false;
        }
        if (!saved(files::saveBelow(dir, QStringLiteral("feedback-moodle.zip"), *zip)))
            return false;
    }
    std::fprintf(stderr, "schedlab-cli grade: %d feedback file(s)%s written to %s\n", written,
                 bundle.isEmpty() ? "" : " and feedback-moodle.zip", qPrintable(dir));
    return true;
}

} // namespace schedlab::cli
