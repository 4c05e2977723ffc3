// One command never takes the engine down: files that never end or never answer (/dev/zero, a
// FIFO), format widths of gigabytes, output beyond any real use. Each attack goes through the
// real clients to a real engine, which must answer the next squeue at once.
#include "commandserver.h"
#include "engine.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace schedlab;

namespace {

struct Run
{
    bool finished = false;
    int exitCode = -1;
    QByteArray out, err;
};

} // namespace

class TestRunaway : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Engine> m_engine;

    // `command` in bash, in the work folder, while the engine serves; bounded in time.
    Run client(const QString &command, int timeoutMs = 30000)
    {
        QProcess p;
        p.setProcessEnvironment(
            m_engine->stepEnvironment(QStringLiteral("kim"), QStringLiteral("test")));
        p.setWorkingDirectory(m_dir.path());
        p.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), command});
        Run run;
        if (!p.waitForStarted(5000))
            return run;
        QElapsedTimer t;
        t.start();
        while (p.state() != QProcess::NotRunning && t.elapsed() < timeoutMs)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
        run.finished = p.state() == QProcess::NotRunning;
        if (!run.finished) {
            p.kill();
            p.waitForFinished(5000);
        }
        run.exitCode = p.exitCode();
        run.out = p.readAllStandardOutput();
        run.err = p.readAllStandardError();
        return run;
    }

    // The check after each attack: squeue answers, with the held job it must show.
    void engineStillAnswers()
    {
        const Run r = client(QStringLiteral("squeue -h -j 1 -o '%i %t %j'"), 10000);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QByteArray());
        QCOMPARE(r.out, QByteArray("1 PD held\n"));
    }

    void write(const QString &name, const QByteArray &bytes)
    {
        QDir().mkpath(QFileInfo(m_dir.filePath(name)).path());
        QFile f(m_dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

    void makeFifo(const QString &name)
    {
        QCOMPARE(::mkfifo(QFile::encodeName(m_dir.filePath(name)).constData(), 0600), 0);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        EngineOptions options;
        auto parsed =
            slurm::parseClusterConfig(slurm::defaultSlurmConf(), slurm::defaultGresConf());
        options.config = parsed.config;
        options.startEpoch = 1793870000;
        options.workDir = m_dir.path();
        options.stateDir = m_dir.filePath(QStringLiteral("state"));
        options.libexecDir = QStringLiteral(SCHEDLAB_LIBEXEC);
        options.simulated = false; // as in the app and `serve`
        m_engine = std::make_unique<Engine>(options);
        QString error;
        QVERIFY2(m_engine->start(&error), qPrintable(error));
        m_engine->setPaused(true);
        m_engine->users().addUser(QStringLiteral("kim"));
        slurm::Submission s;
        s.request.hold = true;
        s.request.timeLimitMinutes = 10;
        s.user = QStringLiteral("kim");
        s.workDir = m_dir.path();
        s.defaultName = QStringLiteral("held");
        s.modeled = true;
        s.modeledRuntime = 60;
        QCOMPARE(m_engine->controller().submit(s).jobId, 1u);
        write(QStringLiteral("job.yaml"), "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: "
                                          "sommeil\nspec:\n  template:\n    spec:\n      "
                                          "restartPolicy: Never\n      containers:\n      - "
                                          "name: c\n        image: busybox\n        command: "
                                          "[\"sleep\", \"1\"]\n");
        engineStillAnswers();
    }

    void cleanupTestCase() { m_engine.reset(); }

    void applyDevZero()
    {
        const Run r = client(QStringLiteral("kubectl apply -f /dev/zero"));
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QByteArray("error: read /dev/zero: not a regular file (SchedLab reads only "
                                   "regular files)\n"));
        engineStillAnswers();
    }

    void applyFifoDoesNotBlock()
    {
        makeFifo(QStringLiteral("tube.yaml"));
        // Started together: neither waits for the other.
        QProcess kubectl;
        kubectl.setProcessEnvironment(
            m_engine->stepEnvironment(QStringLiteral("kim"), QStringLiteral("test")));
        kubectl.setWorkingDirectory(m_dir.path());
        kubectl.start(m_engine->binDir() + QStringLiteral("/kubectl"),
                      {QStringLiteral("apply"), QStringLiteral("-f"), QStringLiteral("tube.yaml")});
        QVERIFY(kubectl.waitForStarted(5000));
        engineStillAnswers();
        QTRY_VERIFY_WITH_TIMEOUT(kubectl.state() == QProcess::NotRunning, 10000);
        QCOMPARE(kubectl.exitCode(), 1);
        QCOMPARE(kubectl.readAllStandardError(),
                 QByteArray("error: read tube.yaml: not a regular file (SchedLab reads only "
                            "regular files)\n"));
        engineStillAnswers();
    }

    void applyFolderWithAFifo()
    {
        write(QStringLiteral("manifests/a.yaml"), "kind: Job\n");
        makeFifo(QStringLiteral("manifests/b.yaml"));
        for (const QString &flags : {QString(), QStringLiteral(" -R")}) {
            const Run r = client(QStringLiteral("kubectl apply -f manifests") + flags);
            QVERIFY(r.finished);
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(r.err, QByteArray("error: read manifests/b.yaml: not a regular file (SchedLab "
                                       "reads only regular files)\n"));
        }
        engineStillAnswers();
    }

    void applyFolderReadsWhatKubectlReads()
    {
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("deploy"))));
        QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("job.yaml")),
                            m_dir.filePath(QStringLiteral("deploy/job.yaml"))));
        write(QStringLiteral("deploy/README.md"), "not a manifest");
        write(QStringLiteral("deploy/sub/other.yaml"), "{nope");
        // Without -R the subfolder is not read; with it, its broken file is.
        Run r = client(QStringLiteral("kubectl create -f deploy"));
        QCOMPARE(r.err, QByteArray());
        QCOMPARE(r.out, QByteArray("job.batch/sommeil created\n"));
        QCOMPARE(r.exitCode, 0);
        r = client(QStringLiteral("kubectl delete -f deploy --wait=false"));
        QCOMPARE(r.out, QByteArray("job.batch \"sommeil\" deleted\n"));
        r = client(QStringLiteral("kubectl apply -R -f deploy"));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith("error: error parsing deploy/sub/other.yaml"), r.err.constData());
        r = client(QStringLiteral("kubectl apply -f nowhere"));
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QByteArray("error: the path \"nowhere\" does not exist\n"));
        engineStillAnswers();
    }

    void jsonpathFileDevZero()
    {
        const Run r = client(QStringLiteral("kubectl get pods -o jsonpath-file=/dev/zero"));
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QByteArray("error: error reading --template /dev/zero, read /dev/zero: not "
                                   "a regular file (SchedLab reads only regular files)\n"));
        const Run missing = client(QStringLiteral("kubectl get pods -o jsonpath-file=none.txt"));
        QCOMPARE(missing.err, QByteArray("error: error reading --template none.txt, open none.txt: "
                                         "no such file or directory\n"));
        engineStillAnswers();
    }

    void sbatchFifoAndDevZero()
    {
        makeFifo(QStringLiteral("script.fifo"));
        for (const QString &name : {QStringLiteral("script.fifo"), QStringLiteral("/dev/zero"),
                                    QStringLiteral("manifests"), QStringLiteral("absent.sbatch")}) {
            const Run r = client(QStringLiteral("sbatch ") + name);
            QVERIFY(r.finished);
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(r.err,
                     QStringLiteral("sbatch: error: Unable to open file %1\n").arg(name).toUtf8());
        }
        engineStillAnswers();
    }

    void sbatchScriptOverTheCap()
    {
        QFile f(m_dir.filePath(QStringLiteral("huge.sbatch")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/bash\n");
        QVERIFY(f.resize(9 * 1024 * 1024));
        f.close();
        const Run r = client(QStringLiteral("sbatch huge.sbatch"));
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QByteArray("sbatch: error: Unable to open file huge.sbatch\nsbatch: error: "
                                   "huge.sbatch: file too large (SchedLab reads at most 8 MiB per "
                                   "file, 32 MiB per command)\n"));
        engineStillAnswers();
    }

    void sbatchFindsItsScriptAsBefore()
    {
        write(QStringLiteral("bin/ailleurs.sbatch"), "#!/bin/bash\n#SBATCH --hold\ntrue\n");
        // Found on PATH, as sbatch looks there for a bare name.
        const Run r = client(QStringLiteral("PATH=\"$PWD/bin:$PATH\" sbatch --parsable "
                                            "ailleurs.sbatch && squeue -h -j 2 -o '%j %o'"));
        QCOMPARE(r.err, QByteArray());
        QCOMPARE(r.out, "2\nailleurs.sbatch " +
                            m_dir.filePath(QStringLiteral("bin/ailleurs.sbatch")).toUtf8() + '\n');
        QVERIFY(client(QStringLiteral("scancel 2")).exitCode == 0);
    }

    void hugeFormatWidths_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("lineLength");
        QTest::newRow("%2147483647j") << QStringLiteral("squeue -o '%2147483647j'") << 4096;
        QTest::newRow("%.999999999i") << QStringLiteral("squeue -o '%.999999999i'") << 4096;
        QTest::newRow("%2147483648j") << QStringLiteral("squeue -o '%2147483648j'") << 4096;
        QTest::newRow("-O name:99999999")
            << QStringLiteral("squeue --Format=name:99999999") << 4096;
        QTest::newRow("sinfo") << QStringLiteral("sinfo -o '%2147483647P'") << 4096;
        QTest::newRow("a real width") << QStringLiteral("squeue -o '%30j'") << 30;
    }

    void hugeFormatWidths()
    {
        QFETCH(QString, command);
        QFETCH(int, lineLength);
        const Run r = client(command);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QByteArray());
        const QList<QByteArray> lines = r.out.split('\n');
        QVERIFY(lines.size() >= 2);
        QCOMPARE(lines.first().size(), lineLength);
        engineStillAnswers();
    }

    void sacctHugeWidth()
    {
        const Run r = client(QStringLiteral("sacct -X -n -o jobname%2147483647"));
        QVERIFY(r.finished);
        QVERIFY2(r.out.size() < 64 * 1024, qPrintable(QString::number(r.out.size())));
        engineStillAnswers();
    }

    // Last: it fills the queue. The output cap must stay far above what a real queue prints.
    void largestRealOutputIsFarBelowTheCap()
    {
        for (int i = 0; i < 100000; ++i) {
            slurm::Submission s;
            s.request.hold = true;
            s.request.timeLimitMinutes = 10;
            s.user = QStringLiteral("kim");
            s.workDir = m_dir.path();
            s.defaultName = QStringLiteral("modeled-job-%1").arg(i);
            s.modeled = true;
            s.modeledRuntime = 60;
            QVERIFY(m_engine->controller().submit(s).ok);
        }
        for (const QString &command : {QStringLiteral("squeue"), QStringLiteral("squeue -l")}) {
            const Run r = client(command + QStringLiteral(" | wc -c"), 120000);
            QVERIFY(r.finished);
            const qint64 bytes = r.out.trimmed().toLongLong();
            qInfo("%s on 100,001 jobs: %lld bytes", qPrintable(command), bytes);
            QVERIFY(bytes > 100000 * 40);
            QVERIFY(bytes < CommandServer::kDefaultMaxOutputBytes / 16);
        }
        engineStillAnswers();
    }
};

QTEST_GUILESS_MAIN(TestRunaway)
#include "tst_runaway.moc"
