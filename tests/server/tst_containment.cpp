// Interactive steps (srun alone, inside salloc, inside a batch job) leave no process behind:
// scancel, the time limit, a reset, a closed terminal, a killed client or a killed engine end
// every process of the step, one that ignores SIGTERM, setsid()s or double-forks included.
#include "engine.h"

#include "procscan.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <functional>
#include <memory>

#include <csignal>
#include <pwd.h>
#include <unistd.h>

using namespace schedlab;

using schedlab::testing::processesWithMarker;
using schedlab::testing::processExists;

namespace {

// The step: bash traps TERM (and says so), and three real sleeps that ignore TERM, HUP and
// INT: a plain child, one in a new session and a double-forked orphan.
const QByteArray kTaskScript = "trap 'echo TERM >> term.log' TERM\n"
                               "( trap '' TERM HUP INT; exec /bin/sleep 1000 ) &\n"
                               "setsid bash -c \"trap '' TERM HUP INT; exec /bin/sleep 1000\" &\n"
                               "( ( trap '' TERM HUP INT; exec /bin/sleep 1000 ) & )\n"
                               "echo ready > ready\n"
                               "while :; do wait; done\n";

constexpr int kGoneTimeoutMs = 10000;

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray commandName(qint64 pid)
{
    return readFile(QStringLiteral("/proc/%1/comm").arg(pid)).trimmed();
}

QString loginName()
{
    const passwd *pw = ::getpwuid(::getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QStringLiteral("root");
}

} // namespace

class TestContainment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void scancelKillsTheWholeStep_data();
    void scancelKillsTheWholeStep();
    void timeLimitKillsTheWholeStep();
    void resetKillsTheWholeStep_data();
    void resetKillsTheWholeStep();
    void closedTerminalKillsTheWholeStep_data();
    void closedTerminalKillsTheWholeStep();
    void killedClientTakesItsStepAlong();
    void killedEngineTakesTheStepsAlong_data();
    void killedEngineTakesTheStepsAlong();

private:
    void addRows();
    void startEngine();
    QProcessEnvironment environment(const QString &socket) const;
    // Runs `how` ("srun", "salloc" or "sbatch") around the task script.
    void startCommand(QProcess &client, const QString &how, const QProcessEnvironment &env,
                      const QStringList &options = {});
    // Until the task script runs with its three sleeps (the clock jumps if the job waits).
    bool stepRunning(std::uint32_t jobId);
    QList<qint64> sleeps() const;
    bool noneLeft() const { return processesWithMarker(m_marker).isEmpty(); }
    slurm::JobState state(std::uint32_t jobId) const;
    // Moves the clock past the job's KillWait, when its processes get SIGKILL.
    void passKillWait(std::uint32_t jobId);
    // SIGTERM first (the script hears it, the sleeps ignore it and live on), then past
    // KillWait the SIGKILL leaves nothing of the step.
    void verifyTermThenKill(std::uint32_t jobId);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Engine> m_engine;
    QByteArray m_marker;
    QString m_user;
};

void TestContainment::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QFile script(m_dir->filePath(QStringLiteral("task.sh")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(kTaskScript);
    script.close();
    m_marker = "SCHEDLAB_CONTAINMENT_TEST=" + QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
    m_user = loginName();
}

void TestContainment::cleanup()
{
    // Whatever a failed test left behind must not outlive it.
    for (qint64 pid : processesWithMarker(m_marker))
        ::kill(pid_t(pid), SIGKILL);
    m_engine.reset();
}

void TestContainment::addRows()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("srun alone") << QStringLiteral("srun");
    QTest::newRow("srun inside salloc") << QStringLiteral("salloc");
}

// A live engine, as in the app: its clock is paused, and jumps when a test says so.
void TestContainment::startEngine()
{
    EngineOptions o;
    auto parsed = slurm::parseClusterConfig(slurm::defaultSlurmConf(), slurm::defaultGresConf());
    o.config = parsed.config;
    o.config.accountingEnabled = false;
    o.startEpoch = 1793870000;
    o.workDir = m_dir->path();
    o.stateDir = m_dir->filePath(QStringLiteral("state"));
    o.libexecDir = QStringLiteral(SCHEDLAB_LIBEXEC);
    o.simulated = false;
    m_engine = std::make_unique<Engine>(o);
    QString error;
    QVERIFY2(m_engine->start(&error), qPrintable(error));
    m_engine->users().addUser(m_user);
    m_engine->setPaused(true);
}

QProcessEnvironment TestContainment::environment(const QString &socket) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"),
               QStringLiteral(SCHEDLAB_LIBEXEC "/bin:") + env.value(QStringLiteral("PATH")));
    env.insert(QStringLiteral("SCHEDLAB_SOCKET"), socket);
    env.insert(QStringLiteral("SCHEDLAB_USER"), m_user);
    env.remove(QStringLiteral("SLURM_JOB_ID"));
    const qsizetype equals = m_marker.indexOf('=');
    env.insert(QString::fromLatin1(m_marker.left(equals)),
               QString::fromLatin1(m_marker.mid(equals + 1)));
    return env;
}

void TestContainment::startCommand(QProcess &client, const QString &how,
                                   const QProcessEnvironment &env, const QStringList &options)
{
    client.setProcessEnvironment(env);
    client.setWorkingDirectory(m_dir->path());
    const QString bin = QStringLiteral(SCHEDLAB_LIBEXEC "/bin/") + how;
    if (how == QLatin1String("srun"))
        client.start(bin, options + QStringList{QStringLiteral("bash"), QStringLiteral("task.sh")});
    else if (how == QLatin1String("salloc"))
        client.start(bin, options + QStringList{QStringLiteral("bash"), QStringLiteral("-c"),
                                                QStringLiteral("srun bash task.sh")});
    else
        client.start(bin, options + QStringList{QStringLiteral("--wrap=srun bash task.sh")});
    QVERIFY(client.waitForStarted());
}

QList<qint64> TestContainment::sleeps() const
{
    QList<qint64> found;
    for (qint64 pid : processesWithMarker(m_marker))
        if (commandName(pid) == "sleep")
            found << pid;
    return found;
}

bool TestContainment::stepRunning(std::uint32_t jobId)
{
    QElapsedTimer timer;
    timer.start();
    while (!timer.hasExpired(20000)) {
        if (QFile::exists(m_dir->filePath(QStringLiteral("ready"))) && sleeps().size() == 3)
            return true;
        const slurm::Job *job = m_engine ? m_engine->controller().job(jobId) : nullptr;
        if (job && job->state == slurm::JobState::Pending)
            m_engine->jumpToNextEvent();
        QTest::qWait(20);
    }
    return false;
}

slurm::JobState TestContainment::state(std::uint32_t jobId) const
{
    const slurm::Job *job = m_engine->controller().job(jobId);
    return job ? job->state : slurm::JobState::Pending;
}

void TestContainment::passKillWait(std::uint32_t jobId)
{
    const slurm::Job *job = m_engine->controller().job(jobId);
    QVERIFY(job && job->completing);
    const qint64 deadline = job->killDeadline;
    QVERIFY(m_engine->controller().now() < deadline);
    while (m_engine->controller().now() < deadline)
        m_engine->jumpToNextEvent();
}

void TestContainment::verifyTermThenKill(std::uint32_t jobId)
{
    QTRY_VERIFY(readFile(m_dir->filePath(QStringLiteral("term.log"))).contains("TERM"));
    QCOMPARE(sleeps().size(), 3);
    passKillWait(jobId);
}

void TestContainment::scancelKillsTheWholeStep_data()
{
    addRows();
    QTest::newRow("srun inside a batch job") << QStringLiteral("sbatch");
}

void TestContainment::scancelKillsTheWholeStep()
{
    QFETCH(QString, how);
    startEngine();
    const std::uint32_t id = m_engine->controller().nextJobId();
    QProcess client;
    startCommand(client, how, environment(m_engine->socketPath()));
    QVERIFY(stepRunning(id));

    QProcess scancel;
    scancel.setProcessEnvironment(environment(m_engine->socketPath()));
    scancel.start(QStringLiteral(SCHEDLAB_LIBEXEC "/bin/scancel"), {QString::number(id)});
    QTRY_COMPARE(scancel.state(), QProcess::NotRunning);
    QCOMPARE(scancel.exitCode(), 0);
    QCOMPARE(state(id), slurm::JobState::Cancelled);
    // (Inside a batch job, srun itself gets the SIGTERM and kills its step at once, as real
    // srun forces its step's termination.)
    if (how != QLatin1String("sbatch"))
        verifyTermThenKill(id);
    QTRY_VERIFY_WITH_TIMEOUT(noneLeft(), kGoneTimeoutMs);
    QTRY_COMPARE(client.state(), QProcess::NotRunning);
    QCOMPARE(state(id), slurm::JobState::Cancelled);
}

void TestContainment::timeLimitKillsTheWholeStep()
{
    startEngine();
    const std::uint32_t id = m_engine->controller().nextJobId();
    QProcess client;
    startCommand(client, QStringLiteral("srun"), environment(m_engine->socketPath()),
                 {QStringLiteral("-t"), QStringLiteral("1")});
    QVERIFY(stepRunning(id));
    while (state(id) == slurm::JobState::Running)
        m_engine->jumpToNextEvent();
    QCOMPARE(state(id), slurm::JobState::Timeout);
    verifyTermThenKill(id);
    QTRY_VERIFY_WITH_TIMEOUT(noneLeft(), kGoneTimeoutMs);
    QTRY_COMPARE(client.state(), QProcess::NotRunning);
    QCOMPARE(state(id), slurm::JobState::Timeout);
}

void TestContainment::resetKillsTheWholeStep_data()
{
    addRows();
}

void TestContainment::resetKillsTheWholeStep()
{
    QFETCH(QString, how);
    startEngine();
    const std::uint32_t id = m_engine->controller().nextJobId();
    QProcess client;
    startCommand(client, how, environment(m_engine->socketPath()));
    QVERIFY(stepRunning(id));
    m_engine->resetCluster();
    QTRY_VERIFY_WITH_TIMEOUT(noneLeft(), kGoneTimeoutMs);
    QTRY_COMPARE(client.state(), QProcess::NotRunning);
    QCOMPARE(m_engine->controller().job(id), nullptr);
}

void TestContainment::closedTerminalKillsTheWholeStep_data()
{
    addRows();
}

void TestContainment::closedTerminalKillsTheWholeStep()
{
    QFETCH(QString, how);
    startEngine();
    const std::uint32_t id = m_engine->controller().nextJobId();
    QProcess client;
    startCommand(client, how, environment(m_engine->socketPath()));
    QVERIFY(stepRunning(id));
    // The terminal closes: its shell passes SIGHUP on to srun (and salloc).
    for (qint64 pid : processesWithMarker(m_marker)) {
        const QByteArray name = commandName(pid);
        if (name == "srun" || name == "salloc")
            ::kill(pid_t(pid), SIGHUP);
    }
    QTRY_VERIFY_WITH_TIMEOUT(noneLeft(), kGoneTimeoutMs);
    QTRY_COMPARE(client.state(), QProcess::NotRunning);
    if (how == QLatin1String("srun")) {
        // srun forced its step's termination: the tasks died of SIGKILL.
        QCOMPARE(state(id), slurm::JobState::Failed);
        QCOMPARE(m_engine->controller().job(id)->exitSignal, SIGKILL);
    }
}

void TestContainment::killedClientTakesItsStepAlong()
{
    startEngine();
    const std::uint32_t id = m_engine->controller().nextJobId();
    QProcess client;
    startCommand(client, QStringLiteral("srun"), environment(m_engine->socketPath()));
    QVERIFY(stepRunning(id));
    client.kill();
    QTRY_VERIFY_WITH_TIMEOUT(noneLeft(), kGoneTimeoutMs);
    QTRY_COMPARE(state(id), slurm::JobState::Failed);
}

void TestContainment::killedEngineTakesTheStepsAlong_data()
{
    addRows();
}

// `schedlab-cli serve` runs the same engine as `shell` and the app, in which the engine dies
// with the app: kill -9 of serve stands for all three.
void TestContainment::killedEngineTakesTheStepsAlong()
{
    QFETCH(QString, how);
    QProcess serve;
    serve.setProcessEnvironment(environment(QString()));
    serve.start(QStringLiteral(SCHEDLAB_CLI),
                {QStringLiteral("serve"), QStringLiteral("--state"),
                 m_dir->filePath(QStringLiteral("state")), m_dir->path()});
    QVERIFY2(serve.waitForStarted(), SCHEDLAB_CLI);
    QByteArray announced;
    while (!announced.contains("\nPATH=") && serve.waitForReadyRead(20000))
        announced += serve.readAllStandardOutput();
    const qsizetype at = announced.indexOf("SCHEDLAB_SOCKET=");
    QVERIFY2(at >= 0, announced.constData());
    const QString socket =
        QString::fromLocal8Bit(announced.mid(at + 16, announced.indexOf('\n', at) - at - 16));

    QProcess client;
    startCommand(client, how, environment(socket));
    QTRY_VERIFY_WITH_TIMEOUT(
        QFile::exists(m_dir->filePath(QStringLiteral("ready"))) && sleeps().size() == 3, 20000);
    ::kill(pid_t(serve.processId()), SIGKILL);
    QVERIFY(serve.waitForFinished(5000));
    QTRY_VERIFY_WITH_TIMEOUT(noneLeft(), kGoneTimeoutMs);
    QTRY_COMPARE(client.state(), QProcess::NotRunning);
    QCOMPARE(client.exitCode(), 1);
    QVERIFY(client.readAllStandardError().contains("lost contact with the SchedLab mini-cluster"));
}

QTEST_GUILESS_MAIN(TestContainment)
#include "tst_containment.moc"
