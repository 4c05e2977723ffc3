// Tests of schedlab-stepd, the job step supervisor, with real payloads and real signals.
#include "procscan.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include "stepd/tasks.h"

#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

using schedlab::testing::processesWithMarker;
using schedlab::testing::processExists;
using schedlab::testing::processState;

namespace {

const QString kStepd = QStringLiteral(SCHEDLAB_LIBEXEC "/schedlab-stepd");

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(content);
}

QStringList lines(const QByteArray &out)
{
    return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestStepd : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void writesOutputFiles();
    void sharedOutputKeepsOrder();
    void engineLinesAreNotOverwritten();
    void appendKeepsOldContent();
    void reportsRawWaitStatus_data();
    void reportsRawWaitStatus();
    void readsStdinFromFile();
    void missingProgram();
    void makeCwdCreatesTheSandbox();
    void jobInheritsNoOtherDescriptor();
    void openFailedRunsNothing();
    void termIsTrappableUntilUsr1();
    void termWakesStoppedJob();
    void escapeesDieWithTheScript();
    void inheritedIgnoredSignalsDoNotBlind();
    void engineDeathKillsTheJob();
    void usageError();

    void tasksEscapeesDieWithTheStep();
    void tasksKillOrderKillsTheWholeStep();
    void tasksPlainSignalsGoToTheTasks();
    void tasksDieWithTheirClient();

private:
    QProcessEnvironment environment() const;
    // Starts stepd --tasks with one task running `script` in bash; true once it wrote `ready`.
    bool startTasks(QProcess &process, const QString &script);
    // Starts stepd; true once its "pid N" line arrived.
    bool startStep(QProcess &process, const QStringList &options, const QStringList &command);
    QStringList runStep(const QStringList &options, const QStringList &command,
                        int *exitCode = nullptr);
    QStringList commonOptions(const QString &out, const QString &err) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QByteArray m_marker;
    qint64 m_jobPid = 0;
};

void TestStepd::initTestCase()
{
    QVERIFY2(QFileInfo(kStepd).isExecutable(), qPrintable(kStepd + " is not built"));
}

void TestStepd::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_marker = "SCHEDLAB_STEPD_TEST=" + QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
    m_jobPid = 0;
}

void TestStepd::cleanup()
{
    // Whatever a failed test left behind must not outlive it.
    for (qint64 pid : processesWithMarker(m_marker))
        ::kill(pid_t(pid), SIGKILL);
}

QProcessEnvironment TestStepd::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const qsizetype equals = m_marker.indexOf('=');
    env.insert(QString::fromLatin1(m_marker.left(equals)),
               QString::fromLatin1(m_marker.mid(equals + 1)));
    return env;
}

QStringList TestStepd::commonOptions(const QString &out, const QString &err) const
{
    return {QStringLiteral("--stdout"), out,          QStringLiteral("--stderr"), err,
            QStringLiteral("--cwd"),    m_dir->path()};
}

bool TestStepd::startStep(QProcess &process, const QStringList &options, const QStringList &command)
{
    process.setProcessEnvironment(environment());
    process.setWorkingDirectory(QStringLiteral("/")); // paths are relative to --cwd, not ours
    process.start(kStepd, options + QStringList{QStringLiteral("--")} + command);
    if (!process.waitForStarted(5000))
        return false;
    QByteArray out;
    while (!out.contains('\n')) {
        if (!process.waitForReadyRead(10000))
            return false;
        out += process.readAll();
    }
    const QStringList first = lines(out);
    if (first.isEmpty() || !first.first().startsWith(QLatin1String("pid ")))
        return false;
    m_jobPid = first.first().mid(4).toLongLong();
    return m_jobPid > 0;
}

QStringList TestStepd::runStep(const QStringList &options, const QStringList &command,
                               int *exitCode)
{
    QProcess process;
    process.setProcessEnvironment(environment());
    process.setWorkingDirectory(QStringLiteral("/"));
    process.start(kStepd, options + QStringList{QStringLiteral("--")} + command);
    if (!process.waitForFinished(20000)) {
        process.kill();
        process.waitForFinished();
        return {QStringLiteral("timed out")};
    }
    if (exitCode)
        *exitCode = process.exitCode();
    return lines(process.readAllStandardOutput());
}

void TestStepd::writesOutputFiles()
{
    writeFile(m_dir->filePath(QStringLiteral("out.txt")), "an older and much longer content\n");
    const QStringList result =
        runStep(commonOptions(QStringLiteral("out.txt"), QStringLiteral("err.txt")),
                {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                 QStringLiteral("echo hello; echo oops >&2; pwd")});
    QCOMPARE(result.size(), 2);
    QVERIFY(result[0].startsWith(QLatin1String("pid ")));
    QCOMPARE(result[1], QStringLiteral("exit 0"));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("out.txt"))),
             "hello\n" + QFile::encodeName(m_dir->path()) + '\n');
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("err.txt"))), QByteArray("oops\n"));

    const mode_t mask = ::umask(0);
    ::umask(mask);
    struct stat info = {};
    QCOMPARE(
        ::stat(QFile::encodeName(m_dir->filePath(QStringLiteral("err.txt"))).constData(), &info),
        0);
    QCOMPARE(info.st_mode & 0777, 0666 & ~mask);
}

void TestStepd::sharedOutputKeepsOrder()
{
    const QStringList result =
        runStep(commonOptions(QStringLiteral("both.txt"), QStringLiteral("both.txt")),
                {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                 QStringLiteral("for i in 1 2 3; do echo out$i; echo err$i >&2; done")});
    QCOMPARE(result.value(1), QStringLiteral("exit 0"));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("both.txt"))),
             QByteArray("out1\nerr1\nout2\nerr2\nout3\nerr3\n"));
}

void TestStepd::engineLinesAreNotOverwritten()
{
    // The engine appends to the job's output (the CANCELLED line) while the job still writes.
    QProcess stepd;
    QVERIFY(startStep(stepd, commonOptions(QStringLiteral("out"), QStringLiteral("out")),
                      {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                       QStringLiteral("echo one; echo > ready; "
                                      "while [ ! -e go ]; do sleep 0.01; done; echo three")}));
    QTRY_VERIFY(QFile::exists(m_dir->filePath(QStringLiteral("ready"))));
    QFile out(m_dir->filePath(QStringLiteral("out")));
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Append));
    out.write("two\n");
    out.close();
    writeFile(m_dir->filePath(QStringLiteral("go")), {});
    QVERIFY(stepd.waitForFinished(10000));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("out"))), QByteArray("one\ntwo\nthree\n"));
}

void TestStepd::appendKeepsOldContent()
{
    writeFile(m_dir->filePath(QStringLiteral("out")), "before\n");
    const QStringList result = runStep(commonOptions(QStringLiteral("out"), QStringLiteral("out")) +
                                           QStringList{QStringLiteral("--append")},
                                       {QStringLiteral("echo"), QStringLiteral("after")});
    QCOMPARE(result.value(1), QStringLiteral("exit 0"));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("out"))), QByteArray("before\nafter\n"));
}

void TestStepd::reportsRawWaitStatus_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("status");
    QTest::newRow("exit 0") << QStringLiteral("exit 0") << 0;
    QTest::newRow("exit 3") << QStringLiteral("exit 3") << 768;
    QTest::newRow("SIGKILL") << QStringLiteral("kill -KILL $$") << 9;
    QTest::newRow("SIGTERM") << QStringLiteral("kill -TERM $$") << 15;
}

void TestStepd::reportsRawWaitStatus()
{
    QFETCH(QString, script);
    QFETCH(int, status);
    int exitCode = -1;
    const QStringList result =
        runStep(commonOptions(QStringLiteral("out"), QStringLiteral("out")),
                {QStringLiteral("/bin/sh"), QStringLiteral("-c"), script}, &exitCode);
    QCOMPARE(exitCode, 0);
    QCOMPARE(result.size(), 2);
    QCOMPARE(result[1], QStringLiteral("exit %1").arg(status));
}

void TestStepd::readsStdinFromFile()
{
    writeFile(m_dir->filePath(QStringLiteral("in.txt")), "line one\nline two\n");
    QStringList result =
        runStep(commonOptions(QStringLiteral("out"), QStringLiteral("err")) +
                    QStringList{QStringLiteral("--stdin"), QStringLiteral("in.txt")},
                {QStringLiteral("cat")});
    QCOMPARE(result.value(1), QStringLiteral("exit 0"));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("out"))), QByteArray("line one\nline two\n"));

    // Without --stdin, /dev/null: cat ends at once instead of waiting.
    result = runStep(commonOptions(QStringLiteral("out"), QStringLiteral("err")),
                     {QStringLiteral("cat")});
    QCOMPARE(result.value(1), QStringLiteral("exit 0"));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("out"))), QByteArray());
}

void TestStepd::missingProgram()
{
    const QStringList result = runStep(commonOptions(QStringLiteral("out"), QStringLiteral("err")),
                                       {QStringLiteral("/nonexistent/program")});
    QCOMPARE(result.value(1), QStringLiteral("exit %1").arg(127 << 8));
    QVERIFY(readFile(m_dir->filePath(QStringLiteral("err"))).contains("No such file or directory"));
}

void TestStepd::makeCwdCreatesTheSandbox()
{
    // A pod's folder: created with its parents, the log inside it, the command run there.
    const QString sandbox = m_dir->filePath(QStringLiteral("pods/default_hello-abcde_uid"));
    const QStringList result =
        runStep({QStringLiteral("--stdout"), QStringLiteral(".c-0.log"), QStringLiteral("--stderr"),
                 QStringLiteral(".c-0.log"), QStringLiteral("--cwd"), sandbox,
                 QStringLiteral("--make-cwd")},
                {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("pwd")});
    QCOMPARE(result.value(1), QStringLiteral("exit 0"));
    QCOMPARE(readFile(sandbox + QStringLiteral("/.c-0.log")), QFile::encodeName(sandbox) + '\n');

    // Without the flag a missing folder is Slurm's case: a note, and the job runs in /tmp.
    const QString gone = m_dir->filePath(QStringLiteral("gone"));
    const QStringList slurm =
        runStep({QStringLiteral("--stdout"), m_dir->filePath(QStringLiteral("out")),
                 QStringLiteral("--stderr"), m_dir->filePath(QStringLiteral("out")),
                 QStringLiteral("--cwd"), gone},
                {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("pwd")});
    QCOMPARE(slurm.value(1), QStringLiteral("exit 0"));
    QVERIFY(!QFileInfo::exists(gone));
    QVERIFY(
        readFile(m_dir->filePath(QStringLiteral("out"))).endsWith("going to /tmp instead\n/tmp\n"));
}

void TestStepd::jobInheritsNoOtherDescriptor()
{
    // A descriptor the engine forgot to mark close-on-exec.
    const int leaked = ::open("/dev/null", O_RDONLY);
    QVERIFY(leaked > 2);
    const QStringList result =
        runStep(commonOptions(QStringLiteral("out"), QStringLiteral("err")),
                {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                 QStringLiteral("for f in /proc/$$/fd/*; do echo ${f##*/}; done")});
    ::close(leaked);
    QCOMPARE(result.value(1), QStringLiteral("exit 0"));
    const QStringList fds = lines(readFile(m_dir->filePath(QStringLiteral("out"))));
    QVERIFY2(fds.contains(QStringLiteral("1")), qPrintable(fds.join(u' ')));
    QVERIFY2(!fds.contains(QString::number(leaked)), qPrintable(fds.join(u' ')));
}

void TestStepd::openFailedRunsNothing()
{
    const QString missing = m_dir->filePath(QStringLiteral("missing/out.txt"));
    int exitCode = -1;
    QStringList result = runStep(commonOptions(missing, QStringLiteral("err")),
                                 {QStringLiteral("touch"), QStringLiteral("ran")}, &exitCode);
    QCOMPARE(exitCode, 0);
    QCOMPARE(result, QStringList{QStringLiteral("open-failed 2 ") + missing});
    QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("ran"))));

    result = runStep(commonOptions(QStringLiteral("out"), QStringLiteral("missing/err.txt")),
                     {QStringLiteral("touch"), QStringLiteral("ran")}, &exitCode);
    QCOMPARE(result, QStringList{QStringLiteral("open-failed 2 missing/err.txt")});
    QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("ran"))));
}

void TestStepd::termIsTrappableUntilUsr1()
{
    const QString script = QStringLiteral("trap 'echo term >> trapped' TERM\n"
                                          "echo ready > ready\n"
                                          "while :; do echo tick >> ticks; sleep 0.05; done\n");
    QProcess stepd;
    QVERIFY(startStep(stepd, commonOptions(QStringLiteral("out"), QStringLiteral("out")),
                      {QStringLiteral("/bin/bash"), QStringLiteral("-c"), script}));
    QTRY_VERIFY(QFile::exists(m_dir->filePath(QStringLiteral("ready"))));

    ::kill(pid_t(stepd.processId()), SIGTERM);
    QTRY_COMPARE(readFile(m_dir->filePath(QStringLiteral("trapped"))), QByteArray("term\n"));
    // The script goes on ticking: SIGTERM is a request, not a kill.
    const qsizetype ticks = readFile(m_dir->filePath(QStringLiteral("ticks"))).count('\n');
    QTRY_VERIFY(readFile(m_dir->filePath(QStringLiteral("ticks"))).count('\n') > ticks + 2);
    QCOMPARE(stepd.state(), QProcess::Running);

    ::kill(pid_t(stepd.processId()), SIGUSR1);
    QVERIFY(stepd.waitForFinished(10000));
    QCOMPARE(lines(stepd.readAllStandardOutput()), QStringList{QStringLiteral("exit 9")});
    QVERIFY(processesWithMarker(m_marker).isEmpty());
}

void TestStepd::termWakesStoppedJob()
{
    QProcess stepd;
    QVERIFY(startStep(stepd, commonOptions(QStringLiteral("out"), QStringLiteral("out")),
                      {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                       QStringLiteral("kill -STOP $$; echo resumed")}));
    QTRY_COMPARE(processState(m_jobPid), 'T');
    ::kill(pid_t(stepd.processId()), SIGTERM);
    QVERIFY(stepd.waitForFinished(10000));
    QCOMPARE(lines(stepd.readAllStandardOutput()), QStringList{QStringLiteral("exit 15")});
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("out"))), QByteArray());
}

void TestStepd::escapeesDieWithTheScript()
{
    // A new session, a double fork and a plain background job: none outlives the script.
    const QString script =
        QStringLiteral("setsid sh -c 'echo $$ > escapee.pid; exec sleep 1000' &\n"
                       "( sleep 1000 & echo $! > orphan.pid )\n"
                       "sleep 1000 & echo $! > child.pid\n"
                       "while [ ! -s escapee.pid ]; do sleep 0.01; done\n"
                       "exit 0\n");
    const QStringList result = runStep(commonOptions(QStringLiteral("out"), QStringLiteral("out")),
                                       {QStringLiteral("/bin/bash"), QStringLiteral("-c"), script});
    QCOMPARE(result.value(1), QStringLiteral("exit 0"));
    for (const char *name : {"escapee.pid", "orphan.pid", "child.pid"}) {
        const qint64 pid =
            readFile(m_dir->filePath(QString::fromLatin1(name))).trimmed().toLongLong();
        QVERIFY2(pid > 0, name);
        QVERIFY2(!processExists(pid), name);
    }
    QCOMPARE(processesWithMarker(m_marker), QList<qint64>());
}

void TestStepd::inheritedIgnoredSignalsDoNotBlind()
{
    // An engine that ignores SIGCHLD and SIGTERM passes that on through exec; stepd must still
    // see its payload end and still obey SIGTERM.
    QProcess stepd;
    stepd.setProcessEnvironment(environment());
    stepd.start(QStringLiteral("/bin/bash"),
                {QStringLiteral("-c"), QStringLiteral("trap '' CHLD TERM; exec \"$0\" \"$@\""),
                 kStepd, QStringLiteral("--stdout"), QStringLiteral("out"),
                 QStringLiteral("--stderr"), QStringLiteral("out"), QStringLiteral("--cwd"),
                 m_dir->path(), QStringLiteral("--"), QStringLiteral("/bin/sh"),
                 QStringLiteral("-c"), QStringLiteral("echo ready > ready; sleep 1000")});
    QVERIFY(stepd.waitForStarted());
    QTRY_VERIFY(QFile::exists(m_dir->filePath(QStringLiteral("ready"))));
    ::kill(pid_t(stepd.processId()), SIGTERM);
    QVERIFY(stepd.waitForFinished(10000));
    QCOMPARE(lines(stepd.readAllStandardOutput()).value(1), QStringLiteral("exit 15"));
}

void TestStepd::engineDeathKillsTheJob()
{
    // A stand-in engine: a shell that starts stepd and is then killed outright.
    const QString engine = QStringLiteral("'%1' --stdout out --stderr out --cwd '%2' -- /bin/sh -c "
                                          "'echo $$ > job.pid; sleep 1000' &\n"
                                          "echo $! > stepd.pid\n"
                                          "wait\n")
                               .arg(kStepd, m_dir->path());
    QProcess shell;
    shell.setProcessEnvironment(environment());
    shell.setWorkingDirectory(m_dir->path());
    shell.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), engine});
    QVERIFY(shell.waitForStarted());
    // The job can write its pid before the shell has written stepd's: wait for both.
    QTRY_VERIFY(readFile(m_dir->filePath(QStringLiteral("job.pid"))).endsWith('\n'));
    QTRY_VERIFY(readFile(m_dir->filePath(QStringLiteral("stepd.pid"))).endsWith('\n'));
    const qint64 job = readFile(m_dir->filePath(QStringLiteral("job.pid"))).trimmed().toLongLong();
    const qint64 stepdPid =
        readFile(m_dir->filePath(QStringLiteral("stepd.pid"))).trimmed().toLongLong();
    QVERIFY(processExists(job));
    QVERIFY(processExists(stepdPid));

    shell.kill();
    QVERIFY(shell.waitForFinished(5000));
    QTRY_VERIFY_WITH_TIMEOUT(!processExists(job), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!processExists(stepdPid), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(processesWithMarker(m_marker), QList<qint64>(), 10000);
}

void TestStepd::usageError()
{
    QProcess process;
    process.start(kStepd, {QStringLiteral("--stdout"), QStringLiteral("x")});
    QVERIFY(process.waitForFinished(5000));
    QCOMPARE(process.exitCode(), 2);
    QVERIFY(process.readAllStandardOutput().isEmpty());
    QVERIFY(process.readAllStandardError().contains("usage"));
}

bool TestStepd::startTasks(QProcess &process, const QString &script)
{
    process.setProcessEnvironment(environment());
    process.setWorkingDirectory(m_dir->path());
    process.start(kStepd, {QStringLiteral("--tasks"), QStringLiteral("--task"),
                           QStringLiteral("n1:0:0"), QStringLiteral("--"),
                           QStringLiteral("/bin/bash"), QStringLiteral("-c"), script});
    if (!process.waitForStarted(5000))
        return false;
    QElapsedTimer timer;
    timer.start();
    while (!QFile::exists(m_dir->filePath(QStringLiteral("ready")))) {
        if (timer.hasExpired(10000))
            return false;
        QTest::qWait(10);
    }
    return true;
}

// The processes a task leaves (a new session, a double fork, a plain background job) end with
// the step, as on a node, where slurmstepd kills what is left of the step.
void TestStepd::tasksEscapeesDieWithTheStep()
{
    QProcess stepd;
    QVERIFY(startTasks(stepd, QStringLiteral("setsid /bin/sleep 1000 &\n"
                                             "( /bin/sleep 1000 & )\n"
                                             "/bin/sleep 1000 &\n"
                                             "echo > ready\n")));
    QVERIFY(stepd.waitForFinished(10000));
    QCOMPARE(stepd.exitStatus(), QProcess::NormalExit);
    QCOMPARE(stepd.exitCode(), 0);
    QCOMPARE(processesWithMarker(m_marker), QList<qint64>());
}

// The client's order (the engine's SIGKILL, queued as SIGUSR1) reaches every process of the
// step, those that ignore SIGTERM included; SIGTERM before it reaches them all too.
void TestStepd::tasksKillOrderKillsTheWholeStep()
{
    QProcess stepd;
    QVERIFY(startTasks(
        stepd, QStringLiteral("trap 'echo TERM >> term.log' TERM\n"
                              "setsid bash -c \"trap '' TERM; : > r1; exec /bin/sleep 1000\" &\n"
                              "( ( trap '' TERM; : > r2; exec /bin/sleep 1000 ) & )\n"
                              "( trap '' TERM; : > r3; exec /bin/sleep 1000 ) &\n"
                              "echo > ready\n"
                              "while :; do wait; done\n")));
    // Each sleeper ignores TERM before it says so: a TERM sent earlier would kill it.
    QTRY_VERIFY(QFile::exists(m_dir->filePath(QStringLiteral("r1"))) &&
                QFile::exists(m_dir->filePath(QStringLiteral("r2"))) &&
                QFile::exists(m_dir->filePath(QStringLiteral("r3"))));
    ::kill(pid_t(stepd.processId()), SIGTERM);
    QTRY_COMPARE(readFile(m_dir->filePath(QStringLiteral("term.log"))), QByteArray("TERM\n"));
    QCOMPARE(stepd.state(), QProcess::Running);
    QTRY_VERIFY_WITH_TIMEOUT(processesWithMarker(m_marker).size() >= 5,
                             10000); // stepd, bash, and the three sleepers

    sigval value = {};
    value.sival_int = kKillStepValue;
    QCOMPARE(::sigqueue(pid_t(stepd.processId()), SIGUSR1, value), 0);
    QVERIFY(stepd.waitForFinished(10000));
    // stepd ends as its worst task did, and srun's line says how.
    QCOMPARE(stepd.exitStatus(), QProcess::CrashExit);
    QCOMPARE(stepd.exitCode(), SIGKILL);
    QCOMPARE(stepd.readAllStandardError(), QByteArray("srun: error: n1: task 0: Killed\n"));
    QCOMPARE(processesWithMarker(m_marker), QList<qint64>());
}

// `scancel -s USR1` (a plain SIGUSR1, or one the client queues) is the job's to handle, and a
// queued SIGHUP (`scancel -s HUP`) too: neither kills the step.
void TestStepd::tasksPlainSignalsGoToTheTasks()
{
    QProcess stepd;
    QVERIFY(
        startTasks(stepd, QStringLiteral("trap 'echo USR1 >> got' USR1\n"
                                         "trap 'echo HUP >> got' HUP\n"
                                         "echo > ready\n"
                                         "while [ \"$(cat got 2>/dev/null | wc -l)\" -lt 3 ]; do "
                                         "/bin/sleep 0.01; done\n")));
    ::kill(pid_t(stepd.processId()), SIGUSR1);
    // Generous: a loaded machine (CI, sanitizers) is slow to schedule the task's trap.
    QTRY_COMPARE_WITH_TIMEOUT(readFile(m_dir->filePath(QStringLiteral("got"))),
                              QByteArray("USR1\n"), 15000);
    const sigval value = {};
    QCOMPARE(::sigqueue(pid_t(stepd.processId()), SIGUSR1, value), 0);
    QTRY_COMPARE_WITH_TIMEOUT(readFile(m_dir->filePath(QStringLiteral("got"))),
                              QByteArray("USR1\nUSR1\n"), 15000);
    QCOMPARE(::sigqueue(pid_t(stepd.processId()), SIGHUP, value), 0);
    QVERIFY(stepd.waitForFinished(10000));
    QCOMPARE(readFile(m_dir->filePath(QStringLiteral("got"))), QByteArray("USR1\nUSR1\nHUP\n"));
    QCOMPARE(stepd.exitStatus(), QProcess::NormalExit);
    QCOMPARE(stepd.exitCode(), 0);
}

// The client behind srun killed outright: the step goes with it (parent-death signal).
void TestStepd::tasksDieWithTheirClient()
{
    const QString client =
        QStringLiteral("'%1' --tasks --task n1:0:0 -- /bin/bash -c "
                       "\"trap '' TERM HUP; setsid /bin/sleep 1000 & echo > ready; wait\" &\n"
                       "wait\n")
            .arg(kStepd);
    QProcess shell;
    shell.setProcessEnvironment(environment());
    shell.setWorkingDirectory(m_dir->path());
    shell.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), client});
    QVERIFY(shell.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_dir->filePath(QStringLiteral("ready"))), 10000);
    // A process in the middle of its exec may not show its environment yet: waited for.
    QTRY_VERIFY_WITH_TIMEOUT(processesWithMarker(m_marker).size() >= 4,
                             10000); // shell, stepd, bash, sleep
    shell.kill();
    QVERIFY(shell.waitForFinished(5000));
    QTRY_COMPARE_WITH_TIMEOUT(processesWithMarker(m_marker), QList<qint64>(), 10000);
}

QTEST_GUILESS_MAIN(TestStepd)
#include "tst_stepd.moc"
