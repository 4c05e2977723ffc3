// Tests of the command socket: the real client, under Slurm names and as shims, and the server.
#include "clientfiles.h"
#include "commandserver.h"
#include "protocol.h"

#include <QCryptographicHash>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QLocalSocket>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <new>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace schedlab;

namespace {

const QString kLibexec = QStringLiteral(SCHEDLAB_LIBEXEC);

QString command(const QString &name)
{
    return kLibexec + QStringLiteral("/bin/") + name;
}

QString shim(const QString &name)
{
    return kLibexec + QStringLiteral("/shims/") + name;
}

// Answers by the first argument, so each test picks a behaviour: `squeue interleave`, ...
class ScriptedHandler : public CommandHandler
{
public:
    QList<Invocation> invocations;
    QList<int> receivedSignals;
    CommandSessionPtr lastSession;

    // `squeue file PATH [folder|recursive]`: the client reads PATH before the command runs.
    QList<FileRequest> namedFiles(const Invocation &invocation) const override
    {
        if (invocation.args.value(0) != QLatin1String("file"))
            return {};
        FileRequest request;
        request.path = invocation.args.value(1);
        request.folder = invocation.args.size() > 2;
        request.recursive = invocation.args.value(2) == QLatin1String("recursive");
        return {request};
    }

    void run(const Invocation &invocation, CommandSessionPtr session) override
    {
        invocations << invocation;
        lastSession = session;
        const QString what = invocation.args.value(0);
        std::weak_ptr<CommandSession> weak = session;

        if (invocation.command == QLatin1String("schedlab-time")) {
            session->writeOut("1793872800\n"); // 2026-11-05T10:00:00Z
            session->finish(0);
        } else if (invocation.command == QLatin1String("sleep")) {
            session->finish(0);
        } else if (what == QLatin1String("interleave")) {
            session->writeOut("1\n");
            session->writeErr("2\n");
            session->writeOut("3\n");
            session->writeErr("4\n");
            session->finish(0);
        } else if (what == QLatin1String("exit")) {
            session->finish(invocation.args.value(1).toInt());
        } else if (what == QLatin1String("big")) {
            const int size = invocation.args.value(1).toInt();
            for (int written = 0; written < size; written += 100000)
                session->writeOut(QByteArray(qMin(100000, size - written), 'x'));
            session->finish(0);
        } else if (what == QLatin1String("stdin")) {
            session->readStdin([weak](const QByteArray &data) {
                if (auto s = weak.lock()) {
                    s->writeOut(QByteArray::number(data.size()) + ' ' +
                                QCryptographicHash::hash(data, QCryptographicHash::Sha1).toHex() +
                                '\n');
                    s->finish(0);
                }
            });
        } else if (what == QLatin1String("wait")) {
            // Ctrl-C ends the command as a real one would (130); a hang-up ends it with 3.
            session->onSignal = [this, weak](int signal) {
                receivedSignals << signal;
                auto s = weak.lock();
                if (!s)
                    return;
                if (signal == SIGINT) {
                    s->writeErr("interrupted\n");
                    s->finish(130);
                } else if (signal == SIGHUP) {
                    s->finish(3);
                }
            };
        } else if (what == QLatin1String("file")) {
            // One line per entry: name, status, size.
            FileRequest request;
            request.path = invocation.args.value(1);
            for (const ClientFile &f : invocation.files.value(request.path))
                session->writeOut(f.name.toUtf8() + ' ' + f.status.toUtf8() + ' ' +
                                  QByteArray::number(f.data.size()) + '\n');
            session->finish(invocation.filesFromClient ? 0 : 3);
        } else if (what == QLatin1String("throw")) {
            session->writeOut("before\n");
            throw std::runtime_error("a YAML node was not a map");
        } else if (what == QLatin1String("badalloc")) {
            throw std::bad_alloc();
        } else if (what == QLatin1String("throwlater")) {
            // Throws from a callback: when the client's standard input arrives.
            session->readStdin([](const QByteArray &) { throw std::length_error("too long"); });
        } else if (what == QLatin1String("deaf")) {
            // Runs on without listening for signals.
        } else if (what == QLatin1String("hold")) {
            session->onSignal = [this](int signal) { receivedSignals << signal; };
        } else {
            session->writeErr("unknown test command\n");
            session->finish(2);
        }
    }
};

struct Result
{
    int exitCode = -1;
    QProcess::ExitStatus exitStatus = QProcess::NormalExit;
    QByteArray out, err;
    bool finished = false;
};

QProcessEnvironment baseEnvironment(const QString &socketPath)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("SCHEDLAB_USER"));
    env.remove(QStringLiteral("SCHEDLAB_HOSTNAME"));
    if (socketPath.isEmpty())
        env.remove(QStringLiteral("SCHEDLAB_SOCKET"));
    else
        env.insert(QStringLiteral("SCHEDLAB_SOCKET"), socketPath);
    return env;
}

// Runs a program to its end while the event loop keeps the server answering.
Result runProgram(const QString &program, const QStringList &args, const QProcessEnvironment &env,
                  const QByteArray &input = {}, bool merged = false,
                  const QString &workDir = QString())
{
    QProcess process;
    process.setProcessEnvironment(env);
    if (merged)
        process.setProcessChannelMode(QProcess::MergedChannels);
    if (!workDir.isEmpty())
        process.setWorkingDirectory(workDir);
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(program, args);
    Result result;
    if (!process.waitForStarted(5000))
        return result;
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    result.finished = finished.wait(20000);
    if (!result.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    result.exitCode = process.exitCode();
    result.exitStatus = process.exitStatus();
    result.out = process.readAllStandardOutput();
    if (!merged)
        result.err = process.readAllStandardError();
    return result;
}

// A socket file with nobody behind it, as an engine that crashed leaves it.
bool makeStaleSocket(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray native = QFile::encodeName(path);
    qstrncpy(address.sun_path, native.constData(), sizeof(address.sun_path));
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0;
    ::close(fd);
    return ok;
}

struct Frame
{
    char type = 0;
    QByteArray payload;
};

QList<Frame> splitFrames(const QByteArray &data)
{
    QList<Frame> frames;
    qsizetype pos = 0;
    while (data.size() - pos >= 5) {
        const auto length = qsizetype(protocol::readU32(data.constData() + pos));
        if (data.size() - pos - 4 < length)
            break;
        frames.append({data.at(pos + 4), data.mid(pos + 5, length - 1)});
        pos += 4 + length;
    }
    return frames;
}

QByteArray rawRequest(const std::string &version, const QStringList &argv)
{
    std::string payload;
    protocol::appendString(payload, version);
    protocol::appendString(payload, "/");
    protocol::appendString(payload, "kim");
    protocol::appendString(payload, std::to_string(argv.size()));
    for (const QString &arg : argv)
        protocol::appendString(payload, arg.toStdString());
    protocol::appendString(payload, "0");
    const std::string frame = protocol::frame(protocol::Request, payload);
    return QByteArray(frame.data(), qsizetype(frame.size()));
}

} // namespace

class TestCommandServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void outputKeepsItsOrder();
    void outputChannelsStaySeparate();
    void exitCodeIsReturned_data();
    void exitCodeIsReturned();
    void requestCarriesTheCommandLine();
    void userFallsBackToUser();
    void largeOutputArrivesWhole();
    void closedStdoutDoesNotHang();
    void stdinRoundTrip();
    void emptyStdin();
    void ctrlCIsForwarded();
    void hangUpIsForwarded();
    void unheardSignalEndsTheCommand();
    void clientDisconnectIsSeen();
    void engineClosingWithoutExit();
    void clientWithoutEngine();
    void socketIsOwnerOnly();
    void staleSocketIsReplaced();
    void liveSocketOrOtherFileIsKept();
    void wrongVersionIsRefused();
    void malformedRequestIsRefused();
    void oversizedFrameClosesConnection();
    void clientCanBeCalledByItsOwnName();
    void sleepShimReachesEngine();
    void sleepShimWithoutEngineSleepsForReal();
    void dateShimPrintsVirtualDate();
    void dateShimLeavesOtherDatesAlone();
    void hostnameShim();

    // Item 6 of issue 15: one command never takes the engine down.
    void clientReadsTheNamedFile();
    void specialFilesAreRefusedAtOnce_data();
    void specialFilesAreRefusedAtOnce();
    void fifoDoesNotBlockTheEngine();
    void folderIsListedByTheClient();
    void fileOverTheCapIsRefused();
    void unreadableFileIsReported();
    void throwingCommandAnswersItsClient_data();
    void throwingCommandAnswersItsClient();
    void runawayOutputIsStopped();
    void runawayStdinIsStopped();

private:
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/schedlab-srv-XXXXXX")};
    QString m_socketPath;
    ScriptedHandler m_handler;
    std::unique_ptr<CommandServer> m_server;
};

void TestCommandServer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    for (const QString &program : {command(QStringLiteral("squeue")), shim(QStringLiteral("sleep")),
                                   shim(QStringLiteral("date")), shim(QStringLiteral("hostname"))})
        QVERIFY2(QFileInfo(program).isExecutable(), qPrintable(program + " is not built"));
    m_socketPath = m_dir.filePath(QStringLiteral("engine.sock"));
    m_server = std::make_unique<CommandServer>(&m_handler);
    QVERIFY2(m_server->listen(m_socketPath), qPrintable(m_server->errorString()));
}

void TestCommandServer::init()
{
    m_handler.invocations.clear();
    m_handler.receivedSignals.clear();
    m_handler.lastSession.reset();
}

void TestCommandServer::cleanup()
{
    // Every connection, however it ended, is released: no socket stays behind.
    m_handler.lastSession.reset();
    QTRY_COMPARE(m_server->findChildren<QLocalSocket *>().size(), 0);
    QCOMPARE(m_server->activeConnections(), 0);
}

void TestCommandServer::outputKeepsItsOrder()
{
    const Result r = runProgram(command(QStringLiteral("squeue")), {QStringLiteral("interleave")},
                                baseEnvironment(m_socketPath), {}, true);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("1\n2\n3\n4\n"));
}

void TestCommandServer::outputChannelsStaySeparate()
{
    const Result r = runProgram(command(QStringLiteral("sinfo")), {QStringLiteral("interleave")},
                                baseEnvironment(m_socketPath));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("1\n3\n"));
    QCOMPARE(r.err, QByteArray("2\n4\n"));
}

void TestCommandServer::exitCodeIsReturned_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<int>("expected");
    QTest::newRow("0") << 0 << 0;
    QTest::newRow("1") << 1 << 1;
    QTest::newRow("42") << 42 << 42;
    QTest::newRow("255") << 255 << 255;
    QTest::newRow("256 is not success") << 256 << 255;
}

void TestCommandServer::exitCodeIsReturned()
{
    QFETCH(int, code);
    QFETCH(int, expected);
    const Result r =
        runProgram(command(QStringLiteral("scancel")),
                   {QStringLiteral("exit"), QString::number(code)}, baseEnvironment(m_socketPath));
    QVERIFY(r.finished);
    QCOMPARE(r.exitStatus, QProcess::NormalExit);
    QCOMPARE(r.exitCode, expected);
}

void TestCommandServer::requestCarriesTheCommandLine()
{
    QProcessEnvironment env = baseEnvironment(m_socketPath);
    env.insert(QStringLiteral("SCHEDLAB_USER"), QStringLiteral("ana"));
    env.insert(QStringLiteral("USER"), QStringLiteral("someoneelse"));
    env.insert(QStringLiteral("SBATCH_PARTITION"), QStringLiteral("long"));
    env.insert(QStringLiteral("SQUEUE_FORMAT"), QStringLiteral("%i %j"));
    env.insert(QStringLiteral("WITH_EQUALS"), QStringLiteral("a=b=c"));
    const QStringList args = {QStringLiteral("exit"), QStringLiteral("0"),
                              QStringLiteral("--wrap=echo hi"), QStringLiteral("two words"),
                              QString()};
    const Result r =
        runProgram(command(QStringLiteral("sbatch")), args, env, {}, false, m_dir.path());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(m_handler.invocations.size(), 1);
    const Invocation &inv = m_handler.invocations.first();
    QCOMPARE(inv.command, QStringLiteral("sbatch"));
    QCOMPARE(inv.args, args);
    QCOMPARE(inv.cwd, QDir(m_dir.path()).canonicalPath());
    QCOMPARE(inv.user, QStringLiteral("ana"));
    QCOMPARE(inv.env(QStringLiteral("SBATCH_PARTITION")), QStringLiteral("long"));
    QCOMPARE(inv.env(QStringLiteral("SQUEUE_FORMAT")), QStringLiteral("%i %j"));
    QCOMPARE(inv.env(QStringLiteral("WITH_EQUALS")), QStringLiteral("a=b=c"));
    QCOMPARE(inv.env(QStringLiteral("SCHEDLAB_SOCKET")), m_socketPath);
}

void TestCommandServer::userFallsBackToUser()
{
    QProcessEnvironment env = baseEnvironment(m_socketPath);
    env.insert(QStringLiteral("USER"), QStringLiteral("kim"));
    const Result r = runProgram(command(QStringLiteral("squeue")),
                                {QStringLiteral("exit"), QStringLiteral("0")}, env);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(m_handler.invocations.size(), 1);
    QCOMPARE(m_handler.invocations.first().user, QStringLiteral("kim"));
}

void TestCommandServer::largeOutputArrivesWhole()
{
    const int size = 5 * 1024 * 1024 + 7;
    const Result r =
        runProgram(command(QStringLiteral("sacct")), {QStringLiteral("big"), QString::number(size)},
                   baseEnvironment(m_socketPath));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.size(), size);
    QCOMPARE(r.out.count('x'), size);
}

void TestCommandServer::closedStdoutDoesNotHang()
{
    // `squeue | head -c 5`: the reader goes away, the client still ends with the engine's code.
    const QString script =
        QStringLiteral("'%1' big 3000000 | head -c 5; echo \" ${PIPESTATUS[0]}\"")
            .arg(command(QStringLiteral("squeue")));
    const Result r = runProgram(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), script},
                                baseEnvironment(m_socketPath));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("xxxxx 0\n"));
}

void TestCommandServer::stdinRoundTrip()
{
    QByteArray input(3 * 1024 * 1024 + 11, Qt::Uninitialized);
    QRandomGenerator generator(17);
    for (char &c : input)
        c = char(generator.bounded(256));
    const Result r = runProgram(command(QStringLiteral("sbatch")), {QStringLiteral("stdin")},
                                baseEnvironment(m_socketPath), input);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray::number(input.size()) + ' ' +
                        QCryptographicHash::hash(input, QCryptographicHash::Sha1).toHex() + '\n');
}

void TestCommandServer::emptyStdin()
{
    const Result r = runProgram(command(QStringLiteral("sbatch")), {QStringLiteral("stdin")},
                                baseEnvironment(m_socketPath));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("0 da39a3ee5e6b4b0d3255bfef95601890afd80709\n"));
}

void TestCommandServer::ctrlCIsForwarded()
{
    QProcess process;
    process.setProcessEnvironment(baseEnvironment(m_socketPath));
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(command(QStringLiteral("srun")), {QStringLiteral("wait")});
    QVERIFY(process.waitForStarted());
    // The request is sent after the client installed its handlers.
    QTRY_COMPARE(m_handler.invocations.size(), 1);
    QCOMPARE(m_server->activeConnections(), 1);
    ::kill(pid_t(process.processId()), SIGINT);
    QVERIFY(finished.wait(10000));
    QCOMPARE(m_handler.receivedSignals, QList<int>{SIGINT});
    QCOMPARE(process.readAllStandardError(), QByteArray("interrupted\n"));
    // 130 after Ctrl-C: the client dies of SIGINT itself, so a shell loop around it stops.
    QCOMPARE(process.exitStatus(), QProcess::CrashExit);
    QCOMPARE(process.exitCode(), SIGINT);
}

void TestCommandServer::hangUpIsForwarded()
{
    QProcess process;
    process.setProcessEnvironment(baseEnvironment(m_socketPath));
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(command(QStringLiteral("salloc")), {QStringLiteral("wait")});
    QVERIFY(process.waitForStarted());
    QTRY_COMPARE(m_handler.invocations.size(), 1);
    ::kill(pid_t(process.processId()), SIGHUP);
    QVERIFY(finished.wait(10000));
    QCOMPARE(m_handler.receivedSignals, QList<int>{SIGHUP});
    // The handler chose 3, not 128+1: a normal exit with that code.
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 3);
}

void TestCommandServer::unheardSignalEndsTheCommand()
{
    QProcess srun;
    srun.setProcessEnvironment(baseEnvironment(m_socketPath));
    QSignalSpy srunFinished(&srun, &QProcess::finished);
    srun.start(command(QStringLiteral("srun")), {QStringLiteral("deaf")});
    QVERIFY(srun.waitForStarted());
    QTRY_COMPARE(m_handler.invocations.size(), 1);
    CommandSessionPtr session = m_handler.lastSession;
    ::kill(pid_t(srun.processId()), SIGTERM);
    QVERIFY(srunFinished.wait(10000));
    QVERIFY(session->finished());
    // Exit 143 after a forwarded SIGTERM: the client dies of SIGTERM, as `sleep` would.
    QCOMPARE(srun.exitStatus(), QProcess::CrashExit);
    QCOMPARE(srun.exitCode(), SIGTERM);
}

void TestCommandServer::clientDisconnectIsSeen()
{
    QProcess process;
    process.setProcessEnvironment(baseEnvironment(m_socketPath));
    process.start(command(QStringLiteral("squeue")), {QStringLiteral("hold")});
    QVERIFY(process.waitForStarted());
    QTRY_COMPARE(m_handler.invocations.size(), 1);
    QTRY_COMPARE(m_server->activeConnections(), 1);
    QCOMPARE(m_server->findChildren<QLocalSocket *>().size(), 1);
    CommandSessionPtr session = m_handler.lastSession;
    QVERIFY(!session->finished());
    process.kill();
    QVERIFY(process.waitForFinished(5000));
    QTRY_COMPARE(m_handler.receivedSignals, QList<int>{0});
    QVERIFY(session->finished());
    // The handler may still hold the session: late answers are dropped quietly.
    session->writeOut("late\n");
    session->writeErr("late\n");
    session->finish(0);
    bool called = false;
    session->readStdin([&called](const QByteArray &) { called = true; });
    QVERIFY(!called);
    QTRY_COMPARE(m_server->activeConnections(), 0);
}

void TestCommandServer::engineClosingWithoutExit()
{
    const QString path = m_dir.filePath(QStringLiteral("short-lived.sock"));
    ScriptedHandler handler;
    auto server = std::make_unique<CommandServer>(&handler);
    QVERIFY(server->listen(path));
    QProcess process;
    process.setProcessEnvironment(baseEnvironment(path));
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(command(QStringLiteral("squeue")), {QStringLiteral("hold")});
    QVERIFY(process.waitForStarted());
    QTRY_COMPARE(handler.invocations.size(), 1);
    CommandSessionPtr session = handler.lastSession;
    server.reset();
    QVERIFY(!QFile::exists(path));
    QVERIFY(finished.wait(10000));
    QCOMPARE(process.exitCode(), 1);
    QVERIFY2(process.readAllStandardError().contains("lost contact"), "no message");
    // The session outlives its server and its socket.
    QVERIFY(session->finished());
    session->writeOut("nobody listens\n");
    session->finish(0);
}

void TestCommandServer::clientWithoutEngine()
{
    Result r = runProgram(command(QStringLiteral("squeue")), {}, baseEnvironment(QString()));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("slurm_load_jobs error: Unable to contact slurm controller "
                            "(connect failure)\n"),
             r.err.constData());
    QVERIFY2(r.err.contains("squeue: error: cannot reach the SchedLab mini-cluster "
                            "(SCHEDLAB_SOCKET is not set)\n"),
             r.err.constData());

    const QString missing = m_dir.filePath(QStringLiteral("nothing-here.sock"));
    r = runProgram(command(QStringLiteral("sbatch")), {}, baseEnvironment(missing));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("sbatch: error: Batch job submission failed: Unable to contact slurm "
                            "controller (connect failure)\n"),
             r.err.constData());
    QVERIFY2(r.err.contains(("at " + missing + ": No such file or directory").toUtf8()),
             r.err.constData());

    const QString stale = m_dir.filePath(QStringLiteral("stale-client.sock"));
    QVERIFY(makeStaleSocket(stale));
    r = runProgram(command(QStringLiteral("sinfo")), {}, baseEnvironment(stale));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(": Connection refused"), r.err.constData());
}

void TestCommandServer::socketIsOwnerOnly()
{
    struct stat info = {};
    QCOMPARE(::stat(QFile::encodeName(m_socketPath).constData(), &info), 0);
    QVERIFY(S_ISSOCK(info.st_mode));
    QCOMPARE(info.st_mode & 077, 0u);
    QCOMPARE(info.st_uid, ::getuid());
}

void TestCommandServer::staleSocketIsReplaced()
{
    const QString path = m_dir.filePath(QStringLiteral("stale.sock"));
    QVERIFY(makeStaleSocket(path));
    ScriptedHandler handler;
    CommandServer server(&handler);
    QVERIFY2(server.listen(path), qPrintable(server.errorString()));
    const Result r = runProgram(command(QStringLiteral("squeue")), {QStringLiteral("interleave")},
                                baseEnvironment(path), {}, true);
    QCOMPARE(r.out, QByteArray("1\n2\n3\n4\n"));
    server.close();
    QVERIFY(!QFile::exists(path));
}

void TestCommandServer::liveSocketOrOtherFileIsKept()
{
    CommandServer second(&m_handler);
    QVERIFY(!second.listen(m_socketPath));
    QVERIFY2(second.errorString().contains(QLatin1String("already listening")),
             qPrintable(second.errorString()));
    const Result r = runProgram(command(QStringLiteral("squeue")), {QStringLiteral("interleave")},
                                baseEnvironment(m_socketPath), {}, true);
    QCOMPARE(r.out, QByteArray("1\n2\n3\n4\n"));

    const QString file = m_dir.filePath(QStringLiteral("notes.txt"));
    QFile notes(file);
    QVERIFY(notes.open(QIODevice::WriteOnly));
    notes.write("keep me\n");
    notes.close();
    QVERIFY(!second.listen(file));
    QVERIFY2(second.errorString().contains(QLatin1String("not a socket")),
             qPrintable(second.errorString()));
    QVERIFY(QFile::exists(file));
}

void TestCommandServer::wrongVersionIsRefused()
{
    QLocalSocket socket;
    socket.connectToServer(m_socketPath);
    QVERIFY(socket.waitForConnected(5000));
    socket.write(rawRequest("schedlab/0", {QStringLiteral("squeue")}));
    QByteArray answer;
    QTRY_VERIFY_WITH_TIMEOUT(
        (answer += socket.readAll(), socket.state() == QLocalSocket::UnconnectedState), 10000);
    answer += socket.readAll();
    const QList<Frame> frames = splitFrames(answer);
    QCOMPARE(frames.size(), 2);
    QCOMPARE(frames[0].type, char(protocol::Stderr));
    QVERIFY2(frames[0].payload.contains("schedlab/0"), frames[0].payload.constData());
    QCOMPARE(frames[1].type, char(protocol::Exit));
    QCOMPARE(frames[1].payload, QByteArray("1"));
    QVERIFY(m_handler.invocations.isEmpty());
}

void TestCommandServer::malformedRequestIsRefused()
{
    QLocalSocket socket;
    socket.connectToServer(m_socketPath);
    QVERIFY(socket.waitForConnected(5000));
    std::string payload;
    protocol::appendString(payload, protocol::kVersion);
    protocol::appendString(payload, "/");
    protocol::appendString(payload, "kim");
    protocol::appendString(payload, "5"); // five arguments announced, one given
    protocol::appendString(payload, "squeue");
    const std::string frame = protocol::frame(protocol::Request, payload);
    socket.write(frame.data(), qint64(frame.size()));
    QByteArray answer;
    QTRY_VERIFY_WITH_TIMEOUT(
        (answer += socket.readAll(), socket.state() == QLocalSocket::UnconnectedState), 10000);
    answer += socket.readAll();
    const QList<Frame> frames = splitFrames(answer);
    QCOMPARE(frames.size(), 2);
    QCOMPARE(frames[1].type, char(protocol::Exit));
    QCOMPARE(frames[1].payload, QByteArray("1"));
    QVERIFY(m_handler.invocations.isEmpty());
}

void TestCommandServer::oversizedFrameClosesConnection()
{
    QLocalSocket socket;
    socket.connectToServer(m_socketPath);
    QVERIFY(socket.waitForConnected(5000));
    std::string header;
    protocol::appendU32(header, protocol::kMaxFrame + 1);
    header.push_back(protocol::Request);
    socket.write(header.data(), qint64(header.size()));
    QTRY_COMPARE_WITH_TIMEOUT(socket.state(), QLocalSocket::UnconnectedState, 10000);
    QVERIFY(m_handler.invocations.isEmpty());
}

void TestCommandServer::clientCanBeCalledByItsOwnName()
{
    const Result r = runProgram(kLibexec + QStringLiteral("/schedlab-client"),
                                {QStringLiteral("sprio"), QStringLiteral("interleave")},
                                baseEnvironment(m_socketPath), {}, true);
    QCOMPARE(r.out, QByteArray("1\n2\n3\n4\n"));
    QCOMPARE(m_handler.invocations.first().command, QStringLiteral("sprio"));
}

void TestCommandServer::sleepShimReachesEngine()
{
    QProcessEnvironment env = baseEnvironment(m_socketPath);
    env.insert(QStringLiteral("SCHEDLAB_OWNER"), QStringLiteral("job:51"));
    const Result r = runProgram(shim(QStringLiteral("sleep")), {QStringLiteral("30")}, env);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(m_handler.invocations.size(), 1);
    QCOMPARE(m_handler.invocations.first().command, QStringLiteral("sleep"));
    QCOMPARE(m_handler.invocations.first().args, QStringList{QStringLiteral("30")});
    QCOMPARE(m_handler.invocations.first().env(QStringLiteral("SCHEDLAB_OWNER")),
             QStringLiteral("job:51"));
}

void TestCommandServer::sleepShimWithoutEngineSleepsForReal()
{
    // Found through PATH with the shims folder first, as in a payload: it must find the
    // system's sleep and not itself.
    QProcessEnvironment env = baseEnvironment(QString());
    env.insert(QStringLiteral("PATH"), kLibexec + QStringLiteral("/shims:/usr/bin:/bin"));
    const Result r =
        runProgram(QStringLiteral("/bin/sh"),
                   {QStringLiteral("-c"), QStringLiteral("sleep 0.01 && echo slept")}, env);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("slept\n"));
    QVERIFY(m_handler.invocations.isEmpty());
}

void TestCommandServer::dateShimPrintsVirtualDate()
{
    QProcessEnvironment env = baseEnvironment(m_socketPath);
    env.insert(QStringLiteral("PATH"), kLibexec + QStringLiteral("/shims:/usr/bin:/bin"));
    Result r = runProgram(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"), QStringLiteral("date -u +%F")}, env);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("2026-11-05\n"));
    QCOMPARE(m_handler.invocations.size(), 1);
    QCOMPARE(m_handler.invocations.first().command, QStringLiteral("schedlab-time"));

    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    r = runProgram(shim(QStringLiteral("date")), {QStringLiteral("+%s %H:%M")}, env);
    QCOMPARE(r.out, QByteArray("1793872800 10:00\n"));
}

void TestCommandServer::dateShimLeavesOtherDatesAlone()
{
    QProcessEnvironment env = baseEnvironment(m_socketPath);
    for (const QStringList &args :
         {QStringList{QStringLiteral("-u"), QStringLiteral("-d"), QStringLiteral("@0"),
                      QStringLiteral("+%F")},
          QStringList{QStringLiteral("-ud@0"), QStringLiteral("+%F")},
          QStringList{QStringLiteral("--date=@0"), QStringLiteral("-u"), QStringLiteral("+%F")},
          QStringList{QStringLiteral("--dat"), QStringLiteral("@0"), QStringLiteral("-u"),
                      QStringLiteral("+%F")}}) {
        const Result r = runProgram(shim(QStringLiteral("date")), args, env);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QByteArray("1970-01-01\n"));
    }
    QVERIFY(m_handler.invocations.isEmpty());

    // No engine: the real clock.
    const Result r =
        runProgram(shim(QStringLiteral("date")), {QStringLiteral("-u"), QStringLiteral("+%Y")},
                   baseEnvironment(QString()));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed().toInt(), QDate::currentDate().year());
}

void TestCommandServer::hostnameShim()
{
    QProcessEnvironment env = baseEnvironment(QString());
    env.insert(QStringLiteral("SCHEDLAB_HOSTNAME"), QStringLiteral("cpu01"));
    for (const QStringList &args : {QStringList{}, QStringList{QStringLiteral("-s")},
                                    QStringList{QStringLiteral("--fqdn")}}) {
        const Result r = runProgram(shim(QStringLiteral("hostname")), args, env);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QByteArray("cpu01\n"));
    }
    env.insert(QStringLiteral("SCHEDLAB_HOSTNAME"), QStringLiteral("node01.mini.lan"));
    Result r = runProgram(shim(QStringLiteral("hostname")), {QStringLiteral("-s")}, env);
    QCOMPARE(r.out, QByteArray("node01\n"));
    r = runProgram(shim(QStringLiteral("hostname")), {QStringLiteral("-d")}, env);
    QCOMPARE(r.out, QByteArray("mini.lan\n"));
    r = runProgram(shim(QStringLiteral("hostname")), {QStringLiteral("stolen")}, env);
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());

    // Without a virtual name: the machine's own, from the system's hostname.
    env.remove(QStringLiteral("SCHEDLAB_HOSTNAME"));
    env.insert(QStringLiteral("PATH"), kLibexec + QStringLiteral("/shims:/usr/bin:/bin"));
    r = runProgram(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("hostname")},
                   env);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QString::fromLocal8Bit(r.out.trimmed()), QSysInfo::machineHostName());
}

namespace {

// After each attack: the engine still answers at once.
bool engineAnswers(const QString &socketPath)
{
    const Result r = runProgram(command(QStringLiteral("squeue")), {QStringLiteral("interleave")},
                                baseEnvironment(socketPath), {}, true);
    return r.finished && r.exitCode == 0 && r.out == "1\n2\n3\n4\n";
}

} // namespace

void TestCommandServer::clientReadsTheNamedFile()
{
    QFile file(m_dir.filePath(QStringLiteral("job.yaml")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("kind: Job\n");
    file.close();
    // Relative to the client's own folder, as the user wrote it.
    const Result r = runProgram(command(QStringLiteral("kubectl")),
                                {QStringLiteral("file"), QStringLiteral("job.yaml")},
                                baseEnvironment(m_socketPath), {}, false, m_dir.path());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("job.yaml ok 10\n"));
}

void TestCommandServer::specialFilesAreRefusedAtOnce_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero")
                               << QByteArray("/dev/zero notregular 0\n");
    QTest::newRow("/dev/urandom") << QStringLiteral("/dev/urandom")
                                  << QByteArray("/dev/urandom notregular 0\n");
    QTest::newRow("folder") << QStringLiteral("/tmp") << QByteArray("/tmp folder 0\n");
    QTest::newRow("missing") << QStringLiteral("/nonexistent/x.yaml")
                             << QByteArray("/nonexistent/x.yaml missing 0\n");
}

void TestCommandServer::specialFilesAreRefusedAtOnce()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, expected);
    const Result r = runProgram(command(QStringLiteral("kubectl")), {QStringLiteral("file"), path},
                                baseEnvironment(m_socketPath));
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, expected);
    QVERIFY(engineAnswers(m_socketPath));
}

void TestCommandServer::fifoDoesNotBlockTheEngine()
{
    const QString fifo = m_dir.filePath(QStringLiteral("fifo.yaml"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    // Nobody ever writes to it: opened for a blocking read, it would wait forever.
    QProcess client;
    client.setProcessEnvironment(baseEnvironment(m_socketPath));
    client.start(command(QStringLiteral("kubectl")), {QStringLiteral("file"), fifo});
    QVERIFY(client.waitForStarted(5000));
    // Meanwhile another command is answered at once.
    QVERIFY(engineAnswers(m_socketPath));
    QTRY_VERIFY_WITH_TIMEOUT(client.state() == QProcess::NotRunning, 10000);
    QCOMPARE(client.exitCode(), 0);
    QCOMPARE(client.readAllStandardOutput(), (fifo + QStringLiteral(" notregular 0\n")).toUtf8());
    QFile::remove(fifo);
}

void TestCommandServer::folderIsListedByTheClient()
{
    QTemporaryDir dir(m_dir.filePath(QStringLiteral("folder-XXXXXX")));
    const auto write = [&](const QString &name, const QByteArray &bytes) {
        QDir().mkpath(QFileInfo(dir.filePath(name)).path());
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    };
    write(QStringLiteral("b.yaml"), "bb");
    write(QStringLiteral("a.json"), "a");
    write(QStringLiteral("notes.txt"), "ignored");
    write(QStringLiteral("sub/c.yml"), "ccc");
    QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("d.yaml"))).constData(), 0600),
             0);
    Result r = runProgram(command(QStringLiteral("kubectl")),
                          {QStringLiteral("file"), QStringLiteral("."), QStringLiteral("folder")},
                          baseEnvironment(m_socketPath), {}, false, dir.path());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray(". folder 0\na.json ok 1\nb.yaml ok 2\nd.yaml notregular 0\n"));
    r = runProgram(command(QStringLiteral("kubectl")),
                   {QStringLiteral("file"), QStringLiteral("."), QStringLiteral("recursive")},
                   baseEnvironment(m_socketPath), {}, false, dir.path());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray(". folder 0\na.json ok 1\nb.yaml ok 2\nd.yaml notregular 0\n"
                               "sub/c.yml ok 3\n"));
    QVERIFY(engineAnswers(m_socketPath));
}

void TestCommandServer::fileOverTheCapIsRefused()
{
    const QString path = m_dir.filePath(QStringLiteral("huge.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(qint64(protocol::kMaxFileBytes) + 1)); // sparse: nothing is written
    f.close();
    const Result r = runProgram(command(QStringLiteral("kubectl")), {QStringLiteral("file"), path},
                                baseEnvironment(m_socketPath));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, (path + QStringLiteral(" toobig 0\n")).toUtf8());
    QVERIFY(f.resize(qint64(protocol::kMaxFileBytes)));
    const Result whole = runProgram(command(QStringLiteral("kubectl")),
                                    {QStringLiteral("file"), path}, baseEnvironment(m_socketPath));
    QCOMPARE(whole.out, (path + QStringLiteral(" ok %1\n").arg(protocol::kMaxFileBytes)).toUtf8());
    QFile::remove(path);
}

void TestCommandServer::unreadableFileIsReported()
{
    // Read as an unprivileged user (CI runs as root, who reads everything): the client reads
    // with its user's rights, so the same code runs in a child that dropped to nobody.
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                  QFileDevice::ExeOwner | QFileDevice::ExeOther |
                                                  QFileDevice::ReadOther));
    const QString path = dir.filePath(QStringLiteral("secret.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x");
    f.close();
    QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    int pipeFds[2];
    QCOMPARE(::pipe(pipeFds), 0);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipeFds[0]);
        if (::getuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(2);
        std::size_t budget = protocol::kMaxRequestBytes;
        const auto entries =
            protocol::readRequestedFile({QFile::encodeName(path).toStdString()}, {}, budget);
        const std::string status = entries.empty() ? "none" : entries[0].status;
        (void)!::write(pipeFds[1], status.data(), status.size());
        ::_exit(0);
    }
    ::close(pipeFds[1]);
    char buffer[64] = {};
    const ssize_t n = ::read(pipeFds[0], buffer, sizeof buffer - 1);
    ::close(pipeFds[0]);
    int status = 0;
    QCOMPARE(::waitpid(pid, &status, 0), pid);
    QCOMPARE(WEXITSTATUS(status), 0);
    QCOMPARE(QByteArray(buffer, int(qMax<ssize_t>(n, 0))), QByteArray("denied"));
    QFile::remove(path);
}

void TestCommandServer::throwingCommandAnswersItsClient_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QByteArray>("out");
    QTest::addColumn<QByteArray>("err");
    QTest::newRow("exception") << QStringLiteral("throw") << QByteArray("before\n")
                               << QByteArray("squeue: error: internal error in the SchedLab "
                                             "mini-cluster: a YAML node was not a map; the "
                                             "command was stopped\n");
    QTest::newRow("bad_alloc") << QStringLiteral("badalloc") << QByteArray()
                               << QByteArray("squeue: error: out of memory while running the "
                                             "command; the command was stopped\n");
    QTest::newRow("in a callback")
        << QStringLiteral("throwlater") << QByteArray()
        << QByteArray("squeue: error: internal error in the SchedLab mini-cluster: too long; the "
                      "command was stopped\n");
}

void TestCommandServer::throwingCommandAnswersItsClient()
{
    QFETCH(QString, what);
    QFETCH(QByteArray, out);
    QFETCH(QByteArray, err);
    const Result r = runProgram(command(QStringLiteral("squeue")), {what},
                                baseEnvironment(m_socketPath), "input");
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, out);
    QCOMPARE(r.err, err);
    QVERIFY(engineAnswers(m_socketPath));
}

void TestCommandServer::runawayOutputIsStopped()
{
    m_server->setMaxOutputBytes(1024 * 1024);
    const Result r = runProgram(command(QStringLiteral("squeue")),
                                {QStringLiteral("big"), QString::number(3 * 1024 * 1024)},
                                baseEnvironment(m_socketPath));
    m_server->setMaxOutputBytes(CommandServer::kDefaultMaxOutputBytes);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.size() <= 1024 * 1024);
    QCOMPARE(r.err, QByteArray("squeue: error: the output is larger than the 1 MiB SchedLab "
                               "allows for one command; the command was stopped\n"));
    QVERIFY(engineAnswers(m_socketPath));
}

void TestCommandServer::runawayStdinIsStopped()
{
    // `sbatch < /dev/zero`: the client would send forever; the engine stops at the cap.
    const QString script =
        QStringLiteral("'%1' stdin < /dev/zero").arg(command(QStringLiteral("sbatch")));
    const Result r = runProgram(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), script},
                                baseEnvironment(m_socketPath));
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QByteArray());
    QCOMPARE(r.err, QByteArray("sbatch: error: standard input is larger than the 32 MiB SchedLab "
                               "accepts for one command\n"));
    QVERIFY(engineAnswers(m_socketPath));
}

QTEST_GUILESS_MAIN(TestCommandServer)
#include "tst_commandserver.moc"
