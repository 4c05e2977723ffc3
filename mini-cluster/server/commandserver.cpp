// The engine's end of the command socket: frames in, Invocation to the handler, frames out.
#include "commandserver.h"

#include <csignal>

#include "filerequests.h"
#include "protocol.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>

#include <exception>
#include <new>

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
    // `maxOutput`: beyond it the output is runaway and would only pile up in the engine's
    // memory (docs/limits.md).
    SocketSession(QLocalSocket *socket, QString command, qint64 maxOutput)
        : m_socket(socket)
        , m_command(command.isEmpty() ? QStringLiteral("schedlab") : std::move(command))
        , m_maxOutput(maxOutput)
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

    void readFiles(const QString &cwd, const QList<FileRequest> &requests,
                   std::function<void(const QList<FileAnswer> &)> ready) override
    {
        if (m_finished || !ready)
            return;
        if (requests.isEmpty()) {
            ready({});
            return;
        }
        // A new batch replaces one still pending: its answers are then ignored by their id.
        m_fileRequests = requests;
        m_fileAnswers = QList<FileAnswer>(requests.size());
        m_filesMissing = int(requests.size());
        m_firstFileId = m_nextFileId;
        m_nextFileId += int(requests.size());
        m_filesReady = std::move(ready);
        if (!m_socket || m_socket->state() != QLocalSocket::ConnectedState)
            return;
        for (int i = 0; i < requests.size(); ++i) {
            const std::string frame = needFileFrame(cwd, requests[i], m_firstFileId + i);
            m_socket->write(frame.data(), qint64(frame.size()));
        }
        // Out now rather than at the next turn of the event loop: the command waits for it.
        m_socket->flush();
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
        if (m_stdinEnded || m_finished)
            return;
        if (m_stdin.size() + data.size() > qsizetype(protocol::kMaxRequestBytes)) {
            fail(QStringLiteral("standard input is larger than the %1 MiB SchedLab accepts for "
                                "one command")
                     .arg(protocol::kMaxRequestBytes >> 20));
            return;
        }
        m_stdin += data;
    }

    // One FileData frame: strings id, then (name, status, data) per entry.
    void receiveFileData(const QByteArray &payload)
    {
        if (m_finished || !m_filesReady)
            return;
        m_fileBytes += payload.size();
        // The client keeps to kMaxRequestBytes of content; names and statuses add a little.
        if (m_fileBytes > qint64(protocol::kMaxRequestBytes) + 16 * 1024 * 1024) {
            fail(QStringLiteral("the files named are larger than the %1 MiB SchedLab accepts "
                                "for one command")
                     .arg(protocol::kMaxRequestBytes >> 20));
            return;
        }
        std::vector<std::string> strings;
        if (!protocol::splitStrings(std::string(payload.constData(), size_t(payload.size())),
                                    strings) ||
            strings.empty() || (strings.size() - 1) % 3 != 0)
            return;
        bool ok = false;
        const int index = QByteArray::fromStdString(strings[0]).toInt(&ok) - m_firstFileId;
        if (!ok || index < 0 || index >= m_fileRequests.size() || !m_fileAnswers[index].isEmpty())
            return;
        std::vector<protocol::FileEntry> entries;
        for (std::size_t i = 1; i + 2 < strings.size(); i += 3)
            entries.push_back({strings[i], strings[i + 1], strings[i + 2]});
        m_fileAnswers[index] = answerFromEntries(m_fileRequests[index], entries);
        if (--m_filesMissing > 0)
            return;
        auto ready = std::move(m_filesReady);
        m_filesReady = nullptr;
        const QList<FileAnswer> answers = std::move(m_fileAnswers);
        m_fileAnswers.clear();
        m_fileRequests.clear();
        ready(answers);
    }

    // The command could not go on (an exception, a limit): a line on stderr, exit 1.
    void fail(const QString &reason)
    {
        if (m_finished)
            return;
        writeErr(QStringLiteral("%1: error: %2\n").arg(m_command, reason).toUtf8());
        finish(1);
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
        m_outputBytes += data.size();
        if (m_outputBytes > m_maxOutput) {
            const QByteArray message =
                QStringLiteral("%1: error: the output is larger than the %2 MiB SchedLab "
                               "allows for one command; the command was stopped\n")
                    .arg(m_command)
                    .arg(double(m_maxOutput) / (1024 * 1024), 0, 'f', 0)
                    .toUtf8();
            sendFrame(protocol::Stderr, message);
            finish(1);
            return;
        }
        for (qsizetype pos = 0; pos < data.size(); pos += kOutputChunk)
            sendFrame(type, data.mid(pos, kOutputChunk));
    }

    // Callbacks usually hold the session's own shared pointer: dropping them breaks the cycle.
    void release()
    {
        onSignal = nullptr;
        m_stdinReady = nullptr;
        m_childExited = nullptr;
        m_filesReady = nullptr;
    }

    QPointer<QLocalSocket> m_socket;
    QString m_command;
    qint64 m_maxOutput;
    qint64 m_outputBytes = 0;
    qint64 m_fileBytes = 0;
    QList<FileRequest> m_fileRequests;
    QList<FileAnswer> m_fileAnswers;
    int m_filesMissing = 0;
    int m_firstFileId = 0;
    int m_nextFileId = 1;
    std::function<void(const QList<FileAnswer> &)> m_filesReady;
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
            if (!guardedFrame(type, payload)) {
                m_buffer.clear();
                return;
            }
        }
        m_buffer.remove(0, pos);
    }

    // Whatever the command does with this frame (run, or a callback it left: stdin, files, a
    // child's end) may throw: bad_alloc, a YAML exception, a bug. The command then ends with
    // an error line; the engine and every other command go on.
    bool guardedFrame(char type, const QByteArray &payload)
    {
        QString reason;
        try {
            return handleFrame(type, payload);
        } catch (const std::bad_alloc &) {
            reason = QStringLiteral("out of memory while running the command");
        } catch (const std::exception &e) {
            reason = QStringLiteral("internal error in the SchedLab mini-cluster: %1")
                         .arg(QString::fromLocal8Bit(e.what()));
        } catch (...) {
            reason = QStringLiteral("internal error in the SchedLab mini-cluster");
        }
        if (m_session)
            m_session->fail(reason + QStringLiteral("; the command was stopped"));
        return m_socket->state() == QLocalSocket::ConnectedState;
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
        case protocol::FileData:
            m_session->receiveFileData(payload);
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
        std::vector<std::string> strings;
        const bool wellFormed = protocol::splitStrings(
            std::string(payload.constData(), size_t(payload.size())), strings);
        QString command;
        if (strings.size() > 4)
            command = QString::fromStdString(strings[4]).section(QLatin1Char('/'), -1);
        m_session = std::make_shared<SocketSession>(m_socket, command, m_server->maxOutputBytes());
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
        const QList<FileRequest> requests = m_handler->namedFiles(invocation);
        if (requests.isEmpty()) {
            m_handler->run(invocation, m_session);
            return;
        }
        // The client reads them first, so that the command itself runs at once (and a
        // submission is scheduled right after it, as without files).
        invocation.filesFromClient = true;
        QPointer<Connection> self(this);
        m_session->readFiles(invocation.cwd, requests,
                             [self, invocation, requests](const QList<FileAnswer> &answers) {
                                 if (!self || !self->m_handler || !self->m_session)
                                     return;
                                 Invocation complete = invocation;
                                 for (qsizetype i = 0; i < requests.size(); ++i)
                                     complete.files.insert(requests[i].path, answers.value(i));
                                 self->m_handler->run(complete, self->m_session);
                             });
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
