// The engine's end of the command socket: runs each schedlab-client request through a handler.
#pragma once

#include "invocation.h"

#include <QObject>
#include <QString>

class QLocalServer;

namespace schedlab {

// Listens on a Unix socket readable by its owner only. Each connection carries one command
// line; its answer streams back through a CommandSession bound to the socket. Sessions may
// outlive their connection (and the server): they then drop whatever is written to them.
class CommandServer : public QObject
{
    Q_OBJECT

public:
    explicit CommandServer(CommandHandler *handler, QObject *parent = nullptr);
    ~CommandServer() override;

    void setHandler(CommandHandler *handler) { m_handler = handler; }

    // Listens on `path` (a full file name). A stale socket left by a dead engine is replaced;
    // a live one, or any file that is not a socket, is not. False with errorString() set.
    bool listen(const QString &path);
    // Stops listening and removes the socket file; open connections keep going.
    void close();
    bool isListening() const;
    QString socketPath() const { return m_path; }
    QString errorString() const { return m_error; }

    // Connections whose command has not finished yet.
    int activeConnections() const;

    // What one command may print, stdout and stderr together (256 MiB by default, far above
    // a squeue of 100,000 jobs): beyond it the command ends with an error line and exit 1.
    static constexpr qint64 kDefaultMaxOutputBytes = 256ll * 1024 * 1024;
    void setMaxOutputBytes(qint64 bytes) { m_maxOutputBytes = bytes; }
    qint64 maxOutputBytes() const { return m_maxOutputBytes; }

Q_SIGNALS:
    // A command line arrived and was handed to the handler (for logs and tests).
    void invoked(const schedlab::Invocation &invocation);

private:
    void acceptConnections();

    CommandHandler *m_handler = nullptr;
    QLocalServer *m_server = nullptr;
    QString m_path;
    QString m_error;
    qint64 m_maxOutputBytes = kDefaultMaxOutputBytes;
};

} // namespace schedlab
