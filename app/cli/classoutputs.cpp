// The class's CSV files, the LMS worksheet and the feedback files.
#include "classoutputs.h"

#include "classsummary.h"
#include "feedback.h"
#include "identity.h"
#include "moodlenames.h"
#include "report.h"
#include "roster.h"
#include "safefiles.h"

#include <QDir> // file-access: trusted (the --feedback folder the instructor named)
#include <QSet>

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
QString fileStemFor(const handin::SummaryIdentity &who, QSet<QString> *taken)
{
    QString stem = handin::StudentIdentity{who.name, who.number, {}, {}}.fileStem();
    if (stem.isEmpty())
        stem = handin::fileNameSafe(who.key);
    if (stem.isEmpty())
        stem = QStringLiteral("etudiant");
    const QString base = stem;
    for (int n = 2; taken->contains(stem.toLower()); ++n)
        stem = base + u'-' + QString::number(n);
    taken->insert(stem.toLower());
    return stem;
}

QString groupOf(const handin::ClassIntake &intake, const QString &key)
{
    for (const handin::ClassHandIn &h : intake.handIns())
        if (h.key == key && h.manifest)
            return h.manifest->student.group;
    return {};
}

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
    QSet<QString> stems;
    QList<handin::FeedbackFile> bundle;
    int written = 0;
    for (const handin::SummaryRow &row : summaryOf(outputs).rows) {
        if (!row.handedIn())
            continue;
        const handin::SummaryIdentity &who = row.identity;
        QList<grader::ExerciseResult> mine;
        for (const grader::ExerciseResult &r : outputs.results)
            if (r.student == who.key)
                mine << r;
        const QString file = fileStemFor(who, &stems) + QStringLiteral(".md");
        const QByteArray markdown =
            handin::studentFeedbackMarkdown(
                {who.name, who.number, groupOf(outputs.intake, who.key)}, mine, outputs.rubrics)
                .toUtf8();
        if (!saved(files::saveBelow(dir, file, markdown)))
            return false;
        ++written;
        if (const QString entry =
                handin::feedbackUploadName(who.lmsFullName, who.lmsParticipantId, file);
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
