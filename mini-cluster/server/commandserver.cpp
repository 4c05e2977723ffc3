// The engine's end of the command socket: frames in, Invocation to the handler, frames out.
#include "commandserver.h"

#include <csignal>

#include "protocol.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>

#include <sys/stat.h>
#include <sys/un.h>

namespace schedlab {

namespace {

// Large outputs go out in pieces well below kMaxFrame, so the client never holds one huge
// frame in memory.
constexpr qsizetype kOutputChunk = 1024 * 1024;

// A CommandSession bound to one client socket. It is shared with the handler, which may keep
// it after the socket is gone: everything then becomes a no-op.
class SocketSession final : public CommandSession
{
public:
    explicit SocketSession(QLocalSocket *socket)
        : m_socket(socket)
    {}

    void writeOut(const QByteArray &data) override { sendOutput(protocol::Stdout, data); }
    void writeErr(const QByteArray &data) override { sendOutput(protocol::Stderr, data); }

    void finish(int exitCode) override
    {
        if (m_finished)
            return;
        m_finished = true;
        sendFrame(protocol::Exit, QByteArray::number(exitCode));
        // Waits for the pending frames to be written before it closes.
        if (m_socket)
            m_socket->disconnectFromServer();
        release();
    }

    bool finished() const override { return m_finished; }

    void readStdin(std::function<void(const QByteArray &)> ready) override
    {
        if (m_finished || !ready)
            return;
        if (m_stdinEnded) {
            ready(m_stdin);
            return;
        }
        m_stdinReady = std::move(ready);
        if (!m_stdinRequested) {
            m_stdinRequested = true;
            sendFrame(protocol::NeedStdin, {});
        }
    }

    void launch(const QStringList &environment, const QStringList &argv,
                std::function<void(int rawStatus)> exited) override
    {
        if (m_finished) {
            if (exited)
                exited(SIGKILL);
            return;
        }
        m_childExited = std::move(exited);
        std::string payload;
        protocol::appendString(payload, std::to_string(environment.size()));
        for (const QString &e : environment)
            protocol::appendString(payload, e.toStdString());
        protocol::appendString(payload, std::to_string(argv.size()));
        for (const QString &a : argv)
            protocol::appendString(payload, a.toStdString());
        sendFrame(protocol::Launch, QByteArray::fromStdString(payload));
    }

    void signalChild(int signal) override
    {
        sendFrame(protocol::SignalChild, QByteArray::number(signal));
    }

    // --- the connection's side ---

    void childExited(int rawStatus)
    {
        if (!m_childExited)
            return;
        auto exited = std::move(m_childExited);
        m_childExited = nullptr;
        exited(rawStatus);
    }

    void receiveStdin(const QByteArray &data)
    {
        if (!m_stdinEnded)
            m_stdin += data;
    }

    void endStdin()
    {
        if (m_stdinEnded)
            return;
        m_stdinEnded = true;
        if (m_stdinReady && !m_finished) {
            // Moved out first: the callback may well ask for stdin again or finish.
            auto ready = std::move(m_stdinReady);
            m_stdinReady = nullptr;
            ready(m_stdin);
        }
    }

    void deliverSignal(int signal)
    {
        if (m_finished)
            return;
        if (!onSignal) {
            // Nobody asked to hear about it: the command ends as a program with the default
            // disposition would, and the client dies of the same signal.
            finish(128 + signal);
            return;
        }
        // A copy, so that the handler may finish (which clears onSignal) from inside it.
        auto handler = onSignal;
        handler(signal);
    }

    // The client went away before the Exit frame: later writes are dropped.
    void lost()
    {
        if (m_finished)
            return;
        m_finished = true;
        m_socket = nullptr;
        auto handler = onSignal;
        auto exited = std::move(m_childExited);
        release();
        if (exited)
            exited(SIGHUP); // the client and its command are gone
        if (handler)
            handler(0);
    }

    // The server is being destroyed: no callbacks any more, the handler may be gone too.
    void detach()
    {
        m_finished = true;
        m_socket = nullptr;
        release();
    }

private:
    void sendFrame(protocol::FrameType type, const QByteArray &payload)
    {
        if (!m_socket || m_socket->state() != QLocalSocket::ConnectedState)
            return;
        const std::string frame =
            protocol::frame(type, std::string(payload.constData(), size_t(payload.size())));
        m_socket->write(frame.data(), qint64(frame.size()));
    }

    void sendOutput(protocol::FrameType type, const QByteArray &data)
    {
        if (m_finished)
            return;
        for (qsizetype pos = 0; pos < data.size(); pos += kOutputChunk)
            sendFrame(type, data.mid(pos, kOutputChunk));
    }

    // Callbacks usually hold the session's own shared pointer: dropping them breaks the cycle.
    void release()
    {
        onSignal = nullptr;
        m_stdinReady = nullptr;
        m_childExited = nullptr;
    }

    QPointer<QLocalSocket> m_socket;
    bool m_finished = false;
    bool m_stdinRequested = false;
    bool m_stdinEnded = false;
    QByteArray m_stdin;
    std::function<void(const QByteArray &)> m_stdinReady;
    std::function<void(int)> m_childExited;
};

// One client connection: owns the socket, parses its frames, drives its session.
class Connection : public QObject
{
public:
    Connection(QLocalSocket *socket, CommandServer *server, CommandHandler *handler)
        : QObject(server)
        , m_server(server)
        , m_handler(handler)
        , m_socket(socket)
    {
        socket->setParent(this);
        QObject::connect(socket, &QLocalSocket::readyRead, this, &Connection::readFrames);
        QObject::connect(socket, &QLocalSocket::disconnected, this, &Connection::socketGone);
    }

    ~Connection() override
    {
        QObject::disconnect(m_socket, nullptr, this, nullptr);
        if (m_session)
            m_session->detach();
        m_socket->abort();
    }

    bool active() const { return m_session && !m_session->finished(); }

private:
    void readFrames()
    {
        // A handler that finishes inside a callback can close the socket under us; its
        // disconnected() must not parse the same buffer again.
        if (m_reading)
            return;
        m_reading = true;
        parseFrames();
        m_reading = false;
    }

    void parseFrames()
    {
        m_buffer += m_socket->readAll();
        qsizetype pos = 0;
        while (m_buffer.size() - pos >= 4) {
            const std::uint32_t length = protocol::readU32(m_buffer.constData() + pos);
            if (length == 0 || length > protocol::kMaxFrame) {
                // Not a client of ours, or a broken one: there is no frame boundary to resync on.
                m_buffer.clear();
                m_socket->abort();
                return;
            }
            if (m_buffer.size() - pos - 4 < qsizetype(length))
                break;
            const char type = m_buffer.at(pos + 4);
            const QByteArray payload = m_buffer.mid(pos + 5, qsizetype(length) - 1);
            pos += 4 + qsizetype(length);
            if (!handleFrame(type, payload)) {
                m_buffer.clear();
                return;
            }
        }
        m_buffer.remove(0, pos);
    }

    // False when the connection is over and the rest of the buffer must be dropped.
    bool handleFrame(char type, const QByteArray &payload)
    {
        if (!m_session) {
            if (type != protocol::Request) {
                m_socket->abort();
                return false;
            }
            startCommand(payload);
            return m_socket->state() == QLocalSocket::ConnectedState;
        }
        switch (type) {
        case protocol::StdinData:
            m_session->receiveStdin(payload);
            break;
        case protocol::StdinEof:
            m_session->endStdin();
            break;
        case protocol::Signal: {
            bool ok = false;
            const int signal = payload.toInt(&ok);
            if (ok && signal > 0)
                m_session->deliverSignal(signal);
            break;
        }
        case protocol::ChildExited: {
            bool ok = false;
            const int status = payload.toInt(&ok);
            if (ok)
                m_session->childExited(status);
            break;
        }
        default:
            break; // a second Request, or a frame from a newer client: nothing to do
        }
        return m_socket->state() == QLocalSocket::ConnectedState;
    }

    void refuse(const QByteArray &message)
    {
        m_session->writeErr(message);
        m_session->finish(1);
    }

    void startCommand(const QByteArray &payload)
    {
        m_session = std::make_shared<SocketSession>(m_socket);
        std::vector<std::string> strings;
        const bool wellFormed = protocol::splitStrings(
            std::string(payload.constData(), size_t(payload.size())), strings);
        if (!strings.empty() && strings[0] != protocol::kVersion) {
            refuse(QByteArray("schedlab: error: this command speaks protocol ") +
                   QByteArray::fromStdString(strings[0]) + " but the SchedLab engine speaks " +
                   protocol::kVersion + "; use the commands installed with this SchedLab\n");
            return;
        }
        Invocation invocation;
        if (!wellFormed || !parseRequest(strings, invocation)) {
            refuse("schedlab: error: malformed request\n");
            return;
        }
        if (!m_handler) {
            refuse("schedlab: error: the SchedLab mini-cluster is not ready\n");
            return;
        }
        Q_EMIT m_server->invoked(invocation);
        m_handler->run(invocation, m_session);
    }

    static bool parseCount(const std::string &text, std::size_t available, std::size_t &count)
    {
        bool ok = false;
        const qlonglong value = QByteArray::fromStdString(text).toLongLong(&ok);
        if (!ok || value < 0 || std::size_t(value) > available)
            return false;
        count = std::size_t(value);
        return true;
    }

    // version, cwd, user, argc, argv..., envc, "K=V"...
    static bool parseRequest(const std::vector<std::string> &strings, Invocation &invocation)
    {
        if (strings.size() < 5)
            return false;
        std::size_t argc = 0, envc = 0;
        if (!parseCount(strings[3], strings.size() - 5, argc) || argc == 0)
            return false;
        const std::size_t envIndex = 4 + argc;
        if (!parseCount(strings[envIndex], strings.size() - envIndex - 1, envc) ||
            envIndex + 1 + envc != strings.size())
            return false;
        invocation.cwd = QString::fromStdString(strings[1]);
        invocation.user = QString::fromStdString(strings[2]);
        const QString argv0 = QString::fromStdString(strings[4]);
        invocation.command = argv0.mid(argv0.lastIndexOf(QLatin1Char('/')) + 1);
        for (std::size_t i = 5; i < envIndex; ++i)
            invocation.args << QString::fromStdString(strings[i]);
        for (std::size_t i = envIndex + 1; i < strings.size(); ++i) {
            const std::string &entry = strings[i];
            const auto equals = entry.find('=');
            if (equals == std::string::npos || equals == 0)
                continue;
            invocation.environment.insert(QString::fromStdString(entry.substr(0, equals)),
                                          QString::fromStdString(entry.substr(equals + 1)));
        }
        return true;
    }

    void socketGone()
    {
        // Frames that arrived with the hang-up (a last Signal) still count.
        if (m_socket->bytesAvailable() > 0)
            readFrames();
        if (m_session)
            m_session->lost();
        deleteLater();
    }

    CommandServer *m_server;
    CommandHandler *m_handler;
    QLocalSocket *m_socket;
    QByteArray m_buffer;
    bool m_reading = false;
    std::shared_ptr<SocketSession> m_session;
};

} // namespace

CommandServer::CommandServer(CommandHandler *handler, QObject *parent)
    : QObject(parent)
    , m_handler(handler)
    , m_server(new QLocalServer(this))
{
    connect(m_server, &QLocalServer::newConnection, this, &CommandServer::acceptConnections);
}

CommandServer::~CommandServer()
{
    close();
    // Connections first, while the server object is whole: they detach their sessions so
    // that a handler's later writes are dropped, and the clients see the socket close.
    const QObjectList children = this->children();
    for (QObject *child : children)
        delete dynamic_cast<Connection *>(child);
}

bool CommandServer::listen(const QString &path)
{
    close();
    m_error.clear();
    const QString fullPath = QFileInfo(path).absoluteFilePath();
    const QByteArray native = QFile::encodeName(fullPath);
    // Qt binds in a private directory next to the socket first (to set its permissions
    // before anyone can connect), so the name must leave room for that suffix.
    if (native.size() + 8 >= qsizetype(sizeof(sockaddr_un::sun_path))) {
        m_error = tr("The socket path %1 is too long for a Unix socket").arg(fullPath);
        return false;
    }
    struct stat info = {};
    if (::lstat(native.constData(), &info) == 0) {
        if (!S_ISSOCK(info.st_mode)) {
            m_error = tr("%1 exists and is not a socket").arg(fullPath);
            return false;
        }
        QLocalSocket probe;
        probe.connectToServer(fullPath);
        if (probe.waitForConnected(1000)) {
            m_error = tr("Another SchedLab engine is already listening on %1").arg(fullPath);
            return false;
        }
        // Nobody answers: a socket left by an engine that died.
        QFile::remove(fullPath);
    }
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    if (!m_server->listen(fullPath)) {
        m_error = tr("Cannot listen on %1: %2").arg(fullPath, m_server->errorString());
        return false;
    }
    m_path = fullPath;
    return true;
}

void CommandServer::close()
{
    // QLocalServer::close() removes the socket file too.
    if (m_server->isListening())
        m_server->close();
    m_path.clear();
}

bool CommandServer::isListening() const
{
    return m_server->isListening();
}

int CommandServer::activeConnections() const
{
    int count = 0;
    for (QObject *child : children()) {
        if (auto *connection = dynamic_cast<Connection *>(child);
            connection && connection->active())
            ++count;
    }
    return count;
}

void CommandServer::acceptConnections()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection())
        new Connection(socket, this, m_handler);
}

} // namespace schedlab
