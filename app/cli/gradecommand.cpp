// schedlab-cli grade: an instructor grades one student or a whole class folder.
#include "gradecommand.h"

#include "classintake.h"
#include "classoutputs.h"
#include "examcommand.h"
#include "gradebook.h"
#include "grader.h"
#include "gradingplan.h"
#include "report.h"
#include "safefiles.h"

#include <QDir>      // file-access: trusted (the --out folder the instructor named)
#include <QFileInfo> // file-access: trusted (the folders named on the command line)

#include <cstdio>
#include <unistd.h>

namespace {

using namespace schedlab::grader;

struct GradeArgs
{
    QString exercise = QStringLiteral("all");
    QString format = QStringLiteral("json");
    QString outDir;
    QString rubricsDir;
    QString dbPath;
    bool save = false;
    bool variants = false; // exercise 2 graded against each student's own variant
    bool summary = false;  // one row per student
    QString csvLocale;     // fr or en: a spreadsheet's CSV instead of the scripts' one
    QString worksheet, worksheetOut;
    QString feedbackDir; // one feedback file per student, and Moodle's feedback zip
    bool allowPending = false, worksheetFeedback = false;
    QStringList paths;
};

const char kUsage[] =
    "Usage: schedlab-cli grade [--exercise ID|all] [--format json|csv|md] [--out DIR]\n"
    "                          [--rubrics DIR] [--db FILE [--save]] [--variants]\n"
    "                          [--summary] [--csv-locale fr|en]\n"
    "                          [--worksheet FILE [--worksheet-out FILE] [--allow-pending]\n"
    "                           [--worksheet-feedback]] [--feedback DIR] PATH...\n"
    "PATH is one student's folder or hand-in zip, or a class: a folder of student\n"
    "folders or SchedLab hand-in zips, or an LMS download (Moodle's \"Download all\n"
    "submissions\", as its folder or its zip). Zips are read with limits and\n"
    "extracted to a private temporary folder, removed afterwards.\n"
    "  --exercise ID   ex1, ex2, ex3, ex4, solo, groupe, examen, or all (default)\n"
    "  --format F      json (default), csv or md, on standard output\n"
    "  --out DIR       also write DIR/<student>/<exercise>.md\n"
    "  --rubrics DIR   the exercises folder to read rubrics from (default: the\n"
    "                  one installed with SchedLab)\n"
    "  --db FILE       a gradebook (SQLite): results are recorded there and the\n"
    "                  instructor's overrides applied; when stored grades would\n"
    "                  change (a new rubric), the changes are listed and nothing is\n"
    "                  saved unless --save is given\n"
    "  --variants      grade exercise 2 against each student's own variant of its\n"
    "                  scenario, drawn from the student folder's name as\n"
    "                  `schedlab-cli variant` draws it (default: the rubric's\n"
    "                  scenario for everyone, unless the rubric says\n"
    "                  student_variants: true); a scenario in the folder is never used\n"
    "  --summary       one row per student: number, name, each deliverable's score,\n"
    "                  total out of 20, criteria to review, flags (CSV)\n"
    "  --csv-locale L  CSV for a spreadsheet: fr (';', UTF-8 with BOM, decimal\n"
    "                  comma) or en (',', decimal point); without --summary, one row\n"
    "                  per student and criterion. --format csv alone keeps the\n"
    "                  scripts' format (grading-output.md)\n"
    "  --worksheet F   Moodle's offline grading worksheet: written back with each\n"
    "                  participant's grade scaled to its Maximum Grade, in the file's\n"
    "                  own dialect, every column kept; refused while criteria await\n"
    "                  review unless --allow-pending\n"
    "  --worksheet-out F  where to write it (default: F with -schedlab before .csv)\n"
    "  --worksheet-feedback  also fill its Feedback comments\n"
    "  --feedback DIR  write DIR/<number>-<name>.md for each student (French, every\n"
    "                  criterion with its feedback) and DIR/feedback-moodle.zip with\n"
    "                  those files named for Moodle's feedback upload (hand-ins that\n"
    "                  came from an LMS download)\n"
    "Every item that could not be graded (a corrupt or hostile zip, an online-text\n"
    "submission, two hand-ins for one number...) is listed on standard error.\n"
    "Exit status: 0 when every submission was graded, 1 when some could not be read,\n"
    "2 for a usage error.\n";

int gradeUsage(const QString &problem)
{
    if (!problem.isEmpty())
        std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(problem));
    std::fputs(kUsage, stderr);
    return 2;
}

std::optional<GradeArgs> parseArgs(const QStringList &args, QString *problem)
{
    GradeArgs g;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        static const QStringList withValue{
            QStringLiteral("--exercise"),  QStringLiteral("--format"),
            QStringLiteral("--out"),       QStringLiteral("--rubrics"),
            QStringLiteral("--db"),        QStringLiteral("--csv-locale"),
            QStringLiteral("--worksheet"), QStringLiteral("--worksheet-out"),
            QStringLiteral("--feedback")};
        if (a == QLatin1String("--save")) {
            g.save = true;
            continue;
        }
        if (a == QLatin1String("--variants") || a == QLatin1String("--summary") ||
            a == QLatin1String("--allow-pending") || a == QLatin1String("--worksheet-feedback")) {
            bool &flag = a == QLatin1String("--variants")        ? g.variants
                         : a == QLatin1String("--summary")       ? g.summary
                         : a == QLatin1String("--allow-pending") ? g.allowPending
                                                                 : g.worksheetFeedback;
            flag = true;
            continue;
        }
        if (withValue.contains(a)) {
            if (i + 1 >= args.size()) {
                *problem = QStringLiteral("%1 needs a value").arg(a);
                return std::nullopt;
            }
            const QString value = args[++i];
            if (a == QLatin1String("--exercise"))
                g.exercise = value;
            else if (a == QLatin1String("--format"))
                g.format = value;
            else if (a == QLatin1String("--out"))
                g.outDir = value;
            else if (a == QLatin1String("--db"))
                g.dbPath = value;
            else if (a == QLatin1String("--csv-locale"))
                g.csvLocale = value;
            else if (a == QLatin1String("--worksheet"))
                g.worksheet = value;
            else if (a == QLatin1String("--worksheet-out"))
                g.worksheetOut = value;
            else if (a == QLatin1String("--feedback"))
                g.feedbackDir = value;
            else
                g.rubricsDir = value;
        } else if (a.startsWith(u'-')) {
            *problem = QStringLiteral("unknown option %1").arg(a);
            return std::nullopt;
        } else {
            g.paths << a;
        }
    }
    if (g.paths.isEmpty())
        *problem = QStringLiteral("no folder to grade");
    else if (!QStringList{QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("md")}
                  .contains(g.format))
        *problem = QStringLiteral("unknown format %1 (json, csv or md)").arg(g.format);
    else if (!g.csvLocale.isEmpty() && g.csvLocale != QLatin1String("fr") &&
             g.csvLocale != QLatin1String("en"))
        *problem = QStringLiteral("unknown CSV locale %1 (fr or en)").arg(g.csvLocale);
    else if (g.worksheetOut.size() + int(g.allowPending) + int(g.worksheetFeedback) > 0 &&
             g.worksheet.isEmpty())
        *problem = QStringLiteral("--worksheet-out, --allow-pending and --worksheet-feedback go "
                                  "with --worksheet");
    for (const QString &p : g.paths) // file-access: trusted (the paths named by the user)
        if (problem->isEmpty() && !QFileInfo::exists(p))
            *problem = QStringLiteral("%1: no such file or folder").arg(p);
    if (!problem->isEmpty())
        return std::nullopt;
    return g;
}

// A bar on the terminal only: a redirected standard error gets nothing.
void showProgress(int done, int total)
{
    if (!::isatty(STDERR_FILENO) || total == 0)
        return;
    const int width = 30;
    const int filled = done * width / total;
    std::fprintf(stderr, "\r[%s%s] %d/%d", std::string(filled, '#').c_str(),
                 std::string(width - filled, ' ').c_str(), done, total);
    if (done == total)
        std::fputc('\n', stderr);
}

// "notes.csv" -> "notes-schedlab.csv", beside it.
QString defaultWorksheetOut(const QString &worksheet)
{
    const QString base = worksheet.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)
                             ? worksheet.chopped(4)
                             : worksheet;
    return base + QStringLiteral("-schedlab.csv");
}

// Every item that was not graded, and every flag on those that were, on standard error.
// True when something could not be graded.
bool reportNotGraded(const schedlab::handin::ClassIntake &intake,
                     const schedlab::handin::GradingPlan &plan)
{
    for (const schedlab::handin::NotGraded &n : intake.notGraded())
        std::fprintf(stderr, "schedlab-cli grade: %s: %s\n", qPrintable(terminalSafe(n.source)),
                     qPrintable(terminalSafe(n.reason)));
    for (int i = 0; i < intake.handIns().size(); ++i) {
        const schedlab::handin::ClassHandIn &h = intake.handIns()[i];
        if (!h.folder.problem.isEmpty())
            std::fprintf(stderr, "schedlab-cli grade: %s\n",
                         qPrintable(terminalSafe(h.folder.problem)));
        for (const QString &flag : h.flags + plan.flags.value(i))
            std::fprintf(stderr, "schedlab-cli grade: note: %s: %s\n",
                         qPrintable(terminalSafe(h.source)), qPrintable(terminalSafe(flag)));
    }
    bool unrecognised = false;
    for (int i = 0; i < intake.handIns().size(); ++i) {
        bool planned = false;
        for (const schedlab::handin::GradingTask &t : plan.tasks)
            planned = planned || t.handIn == i;
        for (const schedlab::handin::GroupShare &share : plan.shares)
            planned = planned || share.memberKeys.contains(intake.handIns()[i].key);
        if (planned || !intake.handIns()[i].folder.problem.isEmpty())
            continue;
        std::fprintf(stderr,
                     "schedlab-cli grade: %s: no exercise recognised (its files are shared by "
                     "several exercises: name one with --exercise)\n",
                     qPrintable(terminalSafe(intake.handIns()[i].source)));
        unrecognised = true;
    }
    return !intake.notGraded().isEmpty() || unrecognised;
}

// Records the results, unless stored grades would change without --save; then applies the
// instructor's overrides. False when the gradebook cannot be used.
bool useGradebook(const GradeArgs &g, QList<ExerciseResult> &results,
                  const QList<QByteArray> &hashes)
{
    Gradebook book;
    QString error;
    if (!book.open(g.dbPath, &error)) {
        std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(error));
        return false;
    }
    const QList<GradeChange> changes = book.changes(results);
    if (!changes.isEmpty() && !g.save) {
        std::fprintf(stderr,
                     "%lld grade(s) would change; nothing was saved (add --save to "
                     "record them):\n",
                     qlonglong(changes.size()));
        for (const GradeChange &c : changes)
            std::fprintf(stderr, "  %s %s: %s -> %s (%s -> %s): %s\n",
                         qPrintable(terminalSafe(c.student)), qPrintable(c.exercise),
                         qPrintable(QString::number(c.oldScore)),
                         qPrintable(QString::number(c.newScore)), qPrintable(c.oldRubric),
                         qPrintable(c.newRubric), qPrintable(c.reasons.join(QStringLiteral("; "))));
    } else if (!book.save(results, hashes, &error)) {
        std::fprintf(stderr, "schedlab-cli grade: %s: %s\n", qPrintable(g.dbPath),
                     qPrintable(error));
        return false;
    }
    book.applyOverrides(results, hashes);
    return true;
}

// DIR/<student>/<exercise>.md, never through a link: DIR may be the class folder itself.
bool writeMarkdownFiles(const QString &outDir, const QList<ExerciseResult> &results)
{
    if (!QDir().mkpath(outDir)) { // file-access: trusted (the --out folder)
        std::fprintf(stderr, "schedlab-cli grade: %s: cannot create the folder\n",
                     qPrintable(outDir));
        return false;
    }
    bool all = true; // one refused sheet (a link) does not keep the others from being written
    for (const ExerciseResult &r : results) {
        const schedlab::files::WriteResult saved = schedlab::files::saveBelow(
            outDir, r.student + u'/' + r.exercise + QStringLiteral(".md"),
            resultToMarkdown(r).toUtf8());
        if (!saved.ok)
            std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(terminalSafe(saved.error)));
        all = all && saved.ok;
    }
    return all;
}

} // namespace

int gradeCommand(const QStringList &args)
{
    if (args.contains(QStringLiteral("--help"))) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    QString problem;
    const auto g = parseArgs(args, &problem);
    if (!g)
        return gradeUsage(problem);
    if (const QString busy = examRunningIn(g->paths); !busy.isEmpty()) { // no grade mid-exam
        std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(busy));
        return 1;
    }
    RubricSet set = loadRubrics(g->rubricsDir.isEmpty() ? defaultExercisesDir() : g->rubricsDir);
    if (g->variants)
        for (Rubric &rubric : set.rubrics)
            rubric.studentVariants = true;
    if (!set.error.isEmpty()) {
        std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(set.error));
        return 2;
    }
    if (g->exercise != QLatin1String("all") && !set.find(g->exercise))
        return gradeUsage(QStringLiteral("unknown exercise %1").arg(g->exercise));
    std::optional<schedlab::handin::MoodleWorksheet> worksheet;
    if (!g->worksheet.isEmpty()) {
        schedlab::handin::WorksheetRead read = schedlab::handin::readMoodleWorksheet(g->worksheet);
        if (!read.worksheet) {
            std::fprintf(stderr, "schedlab-cli grade: %s\n", qPrintable(read.error));
            return 2;
        }
        worksheet = std::move(read.worksheet);
    }
    const schedlab::handin::ClassIntake intake =
        schedlab::handin::ClassIntake::open(g->paths, set.rubrics);
    const schedlab::handin::GradingPlan plan =
        schedlab::handin::planGrading(intake, set, g->exercise);
    QList<ExerciseResult> results;
    QList<QByteArray> hashes;
    bool unreadable = reportNotGraded(intake, plan);
    for (int i = 0; i < plan.tasks.size(); ++i) {
        const schedlab::handin::GradingTask &task = plan.tasks[i];
        QByteArray hash;
        results << gradeStudentExercise(intake.handIns()[task.handIn].folder, *task.rubric, &hash);
        hashes << hash;
        unreadable = unreadable || !results.last().error.isEmpty();
        showProgress(i + 1, int(plan.tasks.size()));
    }
    results = schedlab::handin::withGroupShares(plan, results);
    hashes.resize(results.size());
    if (!g->dbPath.isEmpty() && !useGradebook(*g, results, hashes))
        return 1;
    const schedlab::cli::ClassOutputs outputs{intake, plan, results, set.rubrics,
                                              worksheet ? &*worksheet : nullptr};
    if (worksheet && !schedlab::cli::writeWorksheet(
                         outputs, {g->worksheetOut.isEmpty() ? defaultWorksheetOut(g->worksheet)
                                                             : g->worksheetOut,
                                   g->allowPending, g->worksheetFeedback}))
        return 1;
    if (!g->feedbackDir.isEmpty() && !schedlab::cli::writeFeedback(outputs, g->feedbackDir))
        return 1;
    QByteArray out;
    if (g->summary)
        out = schedlab::cli::summaryCsv(outputs, schedlab::cli::csvDialectFor(g->csvLocale));
    else if (!g->csvLocale.isEmpty())
        out = schedlab::cli::criteriaCsv(outputs, schedlab::cli::csvDialectFor(g->csvLocale));
    else if (g->format == QLatin1String("json"))
        out = resultsToJson(results);
    else if (g->format == QLatin1String("csv"))
        out = resultsToCsv(results, set.rubrics);
    else if (g->outDir.isEmpty())
        for (const ExerciseResult &r : results)
            out += resultToMarkdown(r).toUtf8() + '\n';
    if (!g->outDir.isEmpty() && !writeMarkdownFiles(g->outDir, results))
        return 1;
    std::fwrite(out.constData(), 1, size_t(out.size()), stdout);
    return unreadable ? 1 : 0;
}

namespace {

const char kOverrideUsage[] =
    "Usage: schedlab-cli override --db FILE --student ID --exercise ID --criterion ID\n"
    "                             --points N [--failed] --why TEXT [--by NAME]\n"
    "Records an instructor's decision on a criterion of the student's last graded\n"
    "submission; `schedlab-cli grade --db FILE` applies it from then on.\n";

} // namespace

int overrideCommand(const QStringList &args)
{
    if (args.contains(QStringLiteral("--help"))) {
        std::fputs(kOverrideUsage, stdout);
        return 0;
    }
    OverrideRequest request;
    request.by = qEnvironmentVariable("USER");
    request.at = QDateTime::currentDateTimeUtc();
    QString db;
    bool pointsGiven = false;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--failed")) {
            request.passed = false;
            continue;
        }
        if (i + 1 >= args.size()) {
            std::fprintf(stderr, "schedlab-cli override: %s needs a value\n%s", qPrintable(a),
                         kOverrideUsage);
            return 2;
        }
        const QString value = args[++i];
        if (a == QLatin1String("--db"))
            db = value;
        else if (a == QLatin1String("--student"))
            request.student = value;
        else if (a == QLatin1String("--exercise"))
            request.exercise = value;
        else if (a == QLatin1String("--criterion"))
            request.criterion = value;
        else if (a == QLatin1String("--why"))
            request.why = value;
        else if (a == QLatin1String("--by"))
            request.by = value;
        else if (a == QLatin1String("--points")) {
            request.points = value.toDouble(&pointsGiven);
        } else {
            std::fprintf(stderr, "schedlab-cli override: unknown option %s\n%s", qPrintable(a),
                         kOverrideUsage);
            return 2;
        }
    }
    if (db.isEmpty() || request.student.isEmpty() || request.exercise.isEmpty() ||
        request.criterion.isEmpty() || !pointsGiven || request.why.trimmed().isEmpty()) {
        std::fprintf(stderr,
                     "schedlab-cli override: --db, --student, --exercise, --criterion, "
                     "--points and --why are required\n%s",
                     kOverrideUsage);
        return 2;
    }
    Gradebook book;
    QString error;
    if (!book.open(db, &error) || !book.addOverride(request, &error)) {
        std::fprintf(stderr, "schedlab-cli override: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}
