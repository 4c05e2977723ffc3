// A scenario that is not SchedLab's own never reaches a shell and never writes outside its
// working folder; hostile YAML in a scenario gives an error naming the file and line.
#include "scenario.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

namespace {

struct Run
{
    SimResult result;
    QString transcript;
};

Run run(const QByteArray &yaml, StepPolicy policy, const QString &workDir = QString())
{
    QString error;
    const auto scenario = readScenario(yaml, QStringLiteral("s.yaml"), &error);
    if (!scenario)
        qFatal("%s", qPrintable(error));
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    Run r;
    r.result = runScenario(*scenario, QStringLiteral(SCHEDLAB_LIBEXEC), &out, workDir, {}, policy);
    r.transcript = QString::fromUtf8(out.data());
    return r;
}

QString readError(const QByteArray &yaml)
{
    QString error;
    const auto scenario = readScenario(yaml, QStringLiteral("variante.yaml"), &error);
    return scenario ? QStringLiteral("(read)") : error;
}

const QByteArray kJobs = "jobs:\n"
                         "  - {submit: 0, options: \"-N 1 -t 10 -J long\", runtime: 600}\n";

} // namespace

class TestScenarioSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsSplitAsAShellWouldWithoutOne_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QStringList>("argv");
        QTest::newRow("plain") << "squeue" << QStringList{"squeue"};
        QTest::newRow("quoted format")
            << "squeue -o '%.6i %.8j %R'" << QStringList{"squeue", "-o", "%.6i %.8j %R"};
        QTest::newRow("double quotes") << "sacct --format=\"JobID,State\" -j 3"
                                       << QStringList{"sacct", "--format=JobID,State", "-j", "3"};
        QTest::newRow("escaped blank")
            << "scontrol show job\\ 3" << QStringList{"scontrol", "show", "job 3"};
        QTest::newRow("kubectl get")
            << "kubectl get pods -o wide" << QStringList{"kubectl", "get", "pods", "-o", "wide"};
        QTest::newRow("comment") << "scancel 51  # the big one" << QStringList{"scancel", "51"};
    }

    void stepsSplitAsAShellWouldWithoutOne()
    {
        QFETCH(QString, line);
        QFETCH(QStringList, argv);
        QString problem;
        const auto got = clusterCommandArgv(line, &problem);
        QVERIFY2(got, qPrintable(problem));
        QCOMPARE(*got, argv);
    }

    void shellAndProgramsAreRefused_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("why");
        QTest::newRow("pipe") << "squeue | tee vole"
                              << "no pipes, redirections";
        QTest::newRow("list") << "squeue; rm -rf ~"
                              << "no pipes, redirections";
        QTest::newRow("and") << "squeue && curl x"
                             << "no pipes, redirections";
        QTest::newRow("redirection") << "squeue > ~/.bashrc"
                                     << "no pipes, redirections";
        QTest::newRow("substitution") << "scancel $(id -u)"
                                      << "no variables";
        QTest::newRow("backquotes") << "scancel `id -u`"
                                    << "no variables";
        QTest::newRow("variable in quotes") << "squeue -u \"$USER\""
                                            << "no variables";
        QTest::newRow("wildcard") << "squeue -o %i*"
                                  << "no wildcards";
        QTest::newRow("open quote") << "squeue -o 'x"
                                    << "never closed";
        QTest::newRow("other program") << "rm -rf /"
                                       << "rm is not run from this scenario";
        QTest::newRow("a path") << "/bin/sh -c id"
                                << "/bin/sh is not run";
        QTest::newRow("sbatch") << "sbatch --wrap=id"
                                << "sbatch is not run";
        QTest::newRow("srun") << "srun id"
                              << "srun is not run";
        QTest::newRow("kubectl apply") << "kubectl apply -f x.yaml"
                                       << "kubectl apply is not run";
        QTest::newRow("empty") << "   "
                               << "an empty step";
    }

    void shellAndProgramsAreRefused()
    {
        QFETCH(QString, line);
        QFETCH(QString, why);
        QString problem;
        QVERIFY(!clusterCommandArgv(line, &problem));
        QVERIFY2(problem.contains(why), qPrintable(problem));
    }

    void foreignScenarioRunsTheClustersCommands()
    {
        const Run r = run(kJobs + "steps:\n"
                                  "  - {at: 10, run: \"squeue -o '%.6i %.8j %.2t'\"}\n"
                                  "  - {at: 20, run: scancel 1}\n"
                                  "  - {at: 30, run: \"sacct -j 1 --format=JobID,State\"}\n",
                          StepPolicy::ClusterCommandsOnly);
        QCOMPARE(r.result.exitCode, 0);
        QVERIFY2(r.transcript.contains(QStringLiteral("     1     long  R\n")),
                 qPrintable(r.transcript));
        QVERIFY2(r.transcript.contains(QStringLiteral("CANCELLED")), qPrintable(r.transcript));
    }

    // Nothing runs at all when one step is refused: not even the steps before it.
    void aRefusedStepStopsTheRunBeforeAnything()
    {
        QTemporaryDir work;
        const Run r = run(kJobs + "steps:\n"
                                  "  - {at: 10, run: squeue}\n"
                                  "  - {at: 20, run: \"squeue; touch pwned\"}\n",
                          StepPolicy::ClusterCommandsOnly, work.path());
        QCOMPARE(r.result.exitCode, 2);
        QVERIFY2(r.result.error.startsWith(QStringLiteral("scenario:5: steps: ")),
                 qPrintable(r.result.error));
        QVERIFY(r.transcript.isEmpty());
        QVERIFY(!QFile::exists(work.filePath(QStringLiteral("pwned"))));
    }

    void ownScenariosKeepTheirShell()
    {
        QTemporaryDir work;
        const Run r = run(kJobs + "steps:\n  - {at: 10, run: \"squeue | wc -l; touch made\"}\n",
                          StepPolicy::Shell, work.path());
        QCOMPARE(r.result.exitCode, 0);
        QVERIFY2(r.transcript.contains(QStringLiteral("\n2\n")), qPrintable(r.transcript));
        QVERIFY(QFile::exists(work.filePath(QStringLiteral("made"))));
    }

    void filesOutsideTheFolderAreRefused_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<int>("line");
        QTest::newRow("parent") << QByteArray("../evil.sh") << 3;
        QTest::newRow("deeper parent") << QByteArray("a/../../evil.sh") << 3;
        QTest::newRow("absolute") << QByteArray("/tmp/evil.sh") << 3;
        QTest::newRow("dot") << QByteArray("./x") << 3;
        QTest::newRow("empty part") << QByteArray("a//b") << 3;
    }

    void filesOutsideTheFolderAreRefused()
    {
        QFETCH(QByteArray, key);
        QFETCH(int, line);
        const QString error =
            readError("name: x\nfiles:\n  \"" + key + "\": \"echo gotcha\\n\"\nsteps: []\n");
        QCOMPARE(error, QStringLiteral("variante.yaml:%1: files: '%2' is not a file of the "
                                       "scenario's working folder (a relative path without '..')")
                            .arg(line)
                            .arg(QString::fromUtf8(key)));
    }

    void filesBelowTheFolderAreWritten()
    {
        QTemporaryDir work;
        const Run r = run("files:\n  sub/dir/a.sh: \"echo hi\\n\"\nsteps:\n"
                          "  - {at: 1, run: \"cat sub/dir/a.sh\"}\n",
                          StepPolicy::Shell, work.path());
        QCOMPARE(r.result.exitCode, 0);
        QVERIFY2(r.transcript.contains(QStringLiteral("echo hi\n")), qPrintable(r.transcript));
    }

    // A scenario built in code is checked when written: never through a link the folder
    // holds, never outside it.
    void filesAreNeverWrittenThroughALink()
    {
        QTemporaryDir work;
        QTemporaryDir outside;
        QVERIFY(QFile::link(outside.path(), work.filePath(QStringLiteral("lien"))));
        Scenario s;
        s.files << qMakePair(QStringLiteral("lien/x.sh"), QByteArray("gotcha"));
        s.files << qMakePair(QStringLiteral("../y.sh"), QByteArray("gotcha"));
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        const SimResult r = runScenario(s, QStringLiteral(SCHEDLAB_LIBEXEC), &out, work.path(), {});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.error.contains(QStringLiteral("lien")), qPrintable(r.error));
        QVERIFY(QDir(outside.path()).isEmpty());
    }

    void hostileYamlIsAnError_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected");
        QTest::newRow("self alias") << QByteArray("name: x\nsteps: &s [*s]\n")
                                    << "variante.yaml:2: alias *s refers to the node";
        QTest::newRow("map alias") << QByteArray("name: x\nkube: &a {b: *a}\n")
                                   << "variante.yaml:2: alias *a refers to the node";
        QByteArray laughs = "name: x\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
        for (int i = 1; i < 9; ++i)
            laughs += QStringLiteral("a%1: &a%1 [*a%2, *a%2, *a%2, *a%2, *a%2, *a%2, *a%2, *a%2, "
                                     "*a%2, *a%2]\n")
                          .arg(i)
                          .arg(i - 1)
                          .toUtf8();
        QTest::newRow("billion laughs") << laughs << "too many aliases";
        QTest::newRow("deep") << "name: x\nsteps: " + QByteArray(2000, '[') << "nested deeper";
        QTest::newRow("syntax") << QByteArray("name: x\nsteps: [a\n") << "variante.yaml:";
    }

    void hostileYamlIsAnError()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        const QString error = readError(yaml);
        QVERIFY2(error.contains(expected) && error.startsWith(QStringLiteral("variante.yaml:")),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestScenarioSafety)
#include "tst_scenariosafety.moc"
