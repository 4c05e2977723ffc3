// Benchmark: an instructor grades a whole class. Generates STUDENTS student folders holding
// every exercise (each with its own exercise 2 variant), then times the real command,
// `schedlab-cli grade --format csv CLASS`, and reports its peak memory.
//
//   bench_grading [STUDENTS]   (default 200)
#include "benchanswers.h"
#include "exercise2.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <sys/resource.h>

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

// Two versions of each answer, mixed per student so that the grader meets both.
const char *const kExam =
    "## Question 1\nSon fairshare est bas, donc sa priorité est faible : les jobs plus "
    "prioritaires passent devant. Quand le fairshare remonte, sa priorité augmente. Les nœuds "
    "libres ne suffisent pas.\n## Question 2\nLe service va dans un Deployment, la conversion "
    "dans un job Slurm ; le Deployment la relancerait en boucle.\n## Question 3\nsommeil-17.out "
    "dans le répertoire de soumission, avec le nom du nœud. scancel 17. Le code 0 dit que le "
    "contrôleur a accepté le script.\n";
const char *const kComparison =
    "## Démarrage\nsbatch et kubectl apply ; attente de ressources ou de priorité.\n## Arrêt\n"
    "--time et activeDeadlineSeconds ; après le code 0 le travail se termine.\n## Sortie\n"
    "sommeil-%j.out et kubectl logs.\n## Second passage\nUn nouveau sbatch ; supprimer le Job "
    "puis l'appliquer.\n\nKueue n'est pas installé : pas de fairshare.\n";

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

void writeStudent(const QString &dir, int n, const Scenario &base)
{
    const int a = n % 2, b = (n / 2) % 2;
    write(dir + QStringLiteral("/ex1/sommeil.sbatch"), kScripts[a]);
    write(dir + QStringLiteral("/ex1/lignes.md"), kLines[b]);
    const auto variant =
        grader::exercise2Variant(base, grader::variantSeed(QFileInfo(dir).fileName()));
    if (variant)
        write(dir + QStringLiteral("/ex2/exercice2.yaml"), grader::scenarioToYaml(*variant));
    write(dir + QStringLiteral("/ex2/decision.md"),
          "## Question 1\n51 Resources, 52 et 53 Priority.\n## Question 2\nscancel 51\n"
          "## Question 3\n52 démarre, 53 attend (priorité).\n");
    write(dir + QStringLiteral("/ex3/refus.md"), kRefus[b]);
    write(dir + QStringLiteral("/ex3/sommeil-job.yaml"), kJob);
    write(dir + QStringLiteral("/ex4/acces.md"), kAccess);
    write(dir + QStringLiteral("/solo/sommeil.sbatch"), kScripts[a]);
    write(dir + QStringLiteral("/solo/explication.md"), kLines[0]);
    write(dir + QStringLiteral("/groupe/sommeil.sbatch"), kScripts[0]);
    write(dir + QStringLiteral("/groupe/sommeil-job.yaml"), kJob);
    write(dir + QStringLiteral("/groupe/comparaison.md"), kComparison);
    write(dir + QStringLiteral("/examen/examen.md"), kExam);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int students = argc > 1 ? std::atoi(argv[1]) : 200;
    QTemporaryDir dir;
    const QString classDir = dir.filePath(QStringLiteral("classe"));
    const Scenario base = baseScenario();
    for (int i = 0; i < students; ++i)
        writeStudent(QStringLiteral("%1/s%2").arg(classDir).arg(i, 3, 10, QLatin1Char('0')), i,
                     base);

    QProcess grade;
    grade.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer wall;
    wall.start();
    grade.start(QStringLiteral(SCHEDLAB_CLI), {QStringLiteral("grade"), QStringLiteral("--format"),
                                               QStringLiteral("csv"), classDir});
    grade.waitForFinished(-1);
    const double seconds = wall.nsecsElapsed() / 1e9;
    const QList<QByteArray> rows = grade.readAllStandardOutput().trimmed().split('\n');
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    std::printf("students=%d rows=%lld exit=%d wall=%.2fs peak_rss=%.0fMiB\n", students,
                qlonglong(rows.size() - 1), grade.exitCode(), seconds, ru.ru_maxrss / 1024.0);
    return grade.exitCode();
}
