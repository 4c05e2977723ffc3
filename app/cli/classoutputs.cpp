// The class's CSV files and the LMS worksheet.
#include "classoutputs.h"

#include "classsummary.h"
#include "report.h"
#include "roster.h"
#include "safefiles.h"

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

} // namespace schedlab::cli
