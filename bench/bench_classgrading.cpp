// Benchmark: an instructor grades a class of hand-in zips downloaded from Moodle. Builds
// (untimed) STUDENTS workspaces holding exercises 1 to 4, writes each as the app's hand-in zip
// (manifest included) into Moodle's "Download all submissions" folder layout, then times what
// `schedlab-cli grade` does with it: ClassIntake::open (every zip checked and extracted) and
// the grading of every task of planGrading. Prints the median of RUNS runs, and where the
// time went (intake, then grading by exercise). Goal: under 10 s for 200 students.
//
//   bench_classgrading [STUDENTS [RUNS]]   (default 200 3)
#include "benchanswers.h"
#include "classintake.h"
#include "exercise2.h"
#include "grader.h"
#include "gradingplan.h"
#include "handinwriter.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace schedlab;
using namespace schedlab::bench;

namespace {

void write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

// Two versions of each answer (as bench_grading), mixed per student so that the grader meets
// both, and a line of the student's own so that no two hand-ins are the same.
const char *const kDecision = "## Question 1\n51 Resources, 52 et 53 Priority.\n## Question 2\n"
                              "scancel 51\n## Question 3\n52 démarre, 53 attend (priorité).\n";

Scenario baseScenario()
{
    QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/ex2/scenario.yaml"));
    QString error;
    const auto s = f.open(QIODevice::ReadOnly) ? readScenario(f.readAll(), f.fileName(), &error)
                                               : std::nullopt;
    if (!s)
        qFatal("exercise 2 scenario: %s", qPrintable(error));
    return *s;
}

// One student's workspace, as the app leaves it: exercises 1 to 4, exercise 2's variant drawn
// from the student number.
void writeWorkspace(const QString &dir, int n, const QString &number, const Scenario &base)
{
    const int a = n % 2, b = (n / 2) % 2;
    const QByteArray own = "\n<!-- étudiant " + number.toUtf8() + " -->\n";
    write(dir + QStringLiteral("/ex1/sommeil.sbatch"), kScripts[a]);
    write(dir + QStringLiteral("/ex1/lignes.md"), kLines[b] + own);
    if (const auto variant = grader::exercise2Variant(base, grader::variantSeed(number)))
        write(dir + QStringLiteral("/ex2/exercice2.yaml"), grader::scenarioToYaml(*variant));
    write(dir + QStringLiteral("/ex2/decision.md"), kDecision + own);
    write(dir + QStringLiteral("/ex3/refus.md"), kRefus[b] + own);
    write(dir + QStringLiteral("/ex3/sommeil-job.yaml"), kJob);
    write(dir + QStringLiteral("/ex4/acces.md"), kAccess + own);
}

// The class as Moodle hands it out: "<Full name>_<id>_assignsubmission_file_/<number>-<name>.zip".
void buildDownload(const QString &work, const QString &download, int students,
                   const grader::RubricSet &rubrics)
{
    const Scenario base = baseScenario();
    static const QStringList first{"Camille", "Élodie", "Jean",  "Zoé",  "Bruno",
                                   "Amélie",  "Chloé",  "David", "Inès", "Noé"};
    static const QStringList last{"Durand", "N'Diaye", "Martin", "Lefèvre", "Blanc",
                                  "Dupré",  "Bérard",  "Morel",  "Garnier", "Roux"};
    for (int i = 0; i < students; ++i) {
        handin::HandInInput input;
        input.identity.name = first[i % 10] + u' ' + last[(i / 10) % 10];
        input.identity.number = QString::number(21000000 + i);
        input.workspaceRoot = QStringLiteral("%1/espace-%2").arg(work).arg(i);
        input.rubrics = rubrics.rubrics;
        writeWorkspace(input.workspaceRoot, i, input.identity.number, base);
        const handin::HandInPlan plan = handin::planHandIn(input);
        const QString folder = QStringLiteral("%1/%2_%3_assignsubmission_file_")
                                   .arg(download, input.identity.name)
                                   .arg(5000 + i);
        QDir().mkpath(folder);
        const handin::HandInResult written =
            handin::writeHandIn(plan, folder + u'/' + plan.defaultFileName);
        if (!written.ok)
            qFatal("hand-in %d: %s", i, qPrintable(written.error));
    }
}

struct Timing
{
    double intake = 0, grading = 0;
    int handIns = 0, notGraded = 0, tasks = 0;
    QMap<QString, double> byExercise;
    double total() const { return intake + grading; }
};

// What `schedlab-cli grade` does between reading its arguments and writing its outputs.
Timing gradeOnce(const QString &download, const grader::RubricSet &rubrics)
{
    Timing t;
    QElapsedTimer clock;
    clock.start();
    const handin::ClassIntake intake = handin::ClassIntake::open({download}, rubrics.rubrics);
    t.intake = clock.nsecsElapsed() / 1e9;
    clock.restart();
    const handin::GradingPlan plan = handin::planGrading(intake, rubrics, QStringLiteral("all"));
    QList<grader::ExerciseResult> results;
    for (const handin::GradingTask &task : plan.tasks) {
        QElapsedTimer one;
        one.start();
        QByteArray hash;
        results << grader::gradeStudentExercise(intake.handIns()[task.handIn].folder, *task.rubric,
                                                &hash);
        t.byExercise[task.rubric->exercise] += one.nsecsElapsed() / 1e9;
    }
    results = handin::withGroupShares(plan, results);
    t.grading = clock.nsecsElapsed() / 1e9;
    t.handIns = int(intake.handIns().size());
    t.notGraded = int(intake.notGraded().size());
    t.tasks = int(plan.tasks.size());
    return t; // the intake's private folder is removed here, outside the timing
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int students = argc > 1 ? std::atoi(argv[1]) : 200;
    const int runs = std::max(1, argc > 2 ? std::atoi(argv[2]) : 3);
    const grader::RubricSet rubrics =
        grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
    if (!rubrics.error.isEmpty())
        qFatal("rubrics: %s", qPrintable(rubrics.error));
    QTemporaryDir dir;
    const QString download = dir.filePath(QStringLiteral("telechargement"));
    QElapsedTimer build;
    build.start();
    buildDownload(dir.filePath(QStringLiteral("espaces")), download, students, rubrics);
    std::printf("built %d hand-in zips in Moodle's layout in %.1fs (untimed)\n", students,
                build.nsecsElapsed() / 1e9);

    QList<Timing> timings;
    for (int r = 0; r < runs; ++r) {
        timings << gradeOnce(download, rubrics);
        const Timing &t = timings.last();
        std::printf("run %d: %.2fs (intake %.2fs, grading %.2fs): %d hand-ins, %d tasks, %d not "
                    "graded\n",
                    r + 1, t.total(), t.intake, t.grading, t.handIns, t.tasks, t.notGraded);
    }
    std::sort(timings.begin(), timings.end(),
              [](const Timing &a, const Timing &b) { return a.total() < b.total(); });
    const Timing &median = timings[timings.size() / 2];
    std::printf("median of %d: students=%d wall=%.2fs intake=%.2fs grading=%.2fs goal=10s %s\n",
                runs, students, median.total(), median.intake, median.grading,
                median.total() < 10 ? "ok" : "OVER");
    for (auto it = median.byExercise.cbegin(); it != median.byExercise.cend(); ++it)
        std::printf("  grading %s: %.2fs\n", qPrintable(it.key()), it.value());
    const bool complete = median.handIns == students && median.notGraded == 0;
    if (!complete)
        std::fprintf(stderr, "bench_classgrading: %d of %d hand-ins read, %d not graded\n",
                     median.handIns, students, median.notGraded);
    return complete ? 0 : 1;
}
