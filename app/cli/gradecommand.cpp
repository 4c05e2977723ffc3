// schedlab-cli grade: an instructor grades one student or a whole class folder.
#include "gradecommand.h"

#include "examcommand.h"
#include "gradebook.h"
#include "grader.h"
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
    QStringList paths;
};

const char kUsage[] =
    "Usage: schedlab-cli grade [--exercise ID|all] [--format json|csv|md] [--out DIR]\n"
    "                          [--rubrics DIR] [--db FILE [--save]] [--variants] PATH...\n"
    "PATH is one student's folder or a class folder (one sub-folder per student).\n"
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
        static const QStringList withValue{QStringLiteral("--exercise"), QStringLiteral("--format"),
                                           QStringLiteral("--out"), QStringLiteral("--rubrics"),
                                           QStringLiteral("--db")};
        if (a == QLatin1String("--save")) {
            g.save = true;
            continue;
        }
        if (a == QLatin1String("--variants")) {
            g.variants = true;
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
    for (const QString &p : g.paths) // file-access: trusted (the folders named by the user)
        if (problem->isEmpty() && !QFileInfo(p).isDir())
            *problem = QStringLiteral("%1: no such folder").arg(p);
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

QList<const Rubric *> chosenExercises(const GradeArgs &g, const RubricSet &set,
                                      const StudentFolder &student)
{
    if (g.exercise != QLatin1String("all"))
        return {set.find(g.exercise)};
    return exercisesIn(student, set.rubrics);
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
    const QList<StudentFolder> students = findStudents(g->paths, set.rubrics);
    QList<ExerciseResult> results;
    QList<QByteArray> hashes;
    bool unreadable = false;
    for (int i = 0; i < students.size(); ++i) {
        if (!students[i].problem.isEmpty()) {
            std::fprintf(stderr, "schedlab-cli grade: %s\n",
                         qPrintable(terminalSafe(students[i].problem)));
            unreadable = true;
            showProgress(i + 1, int(students.size()));
            continue;
        }
        const QList<const Rubric *> chosen = chosenExercises(*g, set, students[i]);
        if (chosen.isEmpty())
            std::fprintf(stderr,
                         "schedlab-cli grade: %s: no exercise recognised (its files are shared "
                         "by several exercises: name one with --exercise)\n",
                         qPrintable(terminalSafe(students[i].dir)));
        for (const Rubric *rubric : chosen) {
            QByteArray hash;
            results << gradeStudentExercise(students[i], *rubric, &hash);
            hashes << hash;
            unreadable = unreadable || !results.last().error.isEmpty();
        }
        showProgress(i + 1, int(students.size()));
    }
    if (!g->dbPath.isEmpty() && !useGradebook(*g, results, hashes))
        return 1;
    QByteArray out;
    if (g->format == QLatin1String("json"))
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
