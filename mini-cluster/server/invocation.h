// One command line sent by a client, and the session through which the engine answers it.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace schedlab {

// A file a command line names (kubectl -f, -o jsonpath-file=, the sbatch script). The engine
// never opens it: the client reads it as its user (CommandSession::readFiles).
struct FileRequest
{
    QString path;           // as the user wrote it, relative to the invocation's folder
    QStringList candidates; // absolute paths to try in order (sbatch); empty: just `path`
    bool folder = false;    // a folder is listed: kubectl's .json/.yaml/.yml files
    bool recursive = false; // kubectl -R
};

// One file read for a FileRequest. For a listed folder, the first entry is the folder itself
// (status "folder") and the others are its files, named below `path` ("dir/sub/a.yaml").
struct ClientFile
{
    QString name;   // the path as the user would name it (for a candidate: the one read)
    QString status; // protocol::fileStatus: "ok", "missing", "folder", "denied", ...
    QByteArray data;
    bool ok() const { return status == QLatin1String("ok"); }
    // The reason in the words of the system ("No such file or directory"), for messages.
    QString reason() const;
};
using FileAnswer = QList<ClientFile>;

// Reads the requested files here, as this process, without ever blocking (regular files
// only, capped): what in-process sessions do, and what the client does for the engine.
QList<FileAnswer> readFilesHere(const QString &cwd, const QList<FileRequest> &requests);

struct Invocation
{
    QString command;  // argv[0]'s base name: "squeue", "sleep", ...
    QStringList args; // argv[1..]
    QString cwd;
    QString user; // the engine's idea of the caller (SCHEDLAB_USER, else USER)
    QHash<QString, QString> environment;
    // The files the command line names (namedFiles()), read by the client before the command
    // runs, by the path as written. In-process callers leave it empty.
    QHash<QString, FileAnswer> files;
    bool filesFromClient = false;

    QString env(const QString &name) const { return environment.value(name); }
    // A named file: as the client read it, or for an in-process caller read here (never
    // blocking, regular files only, capped).
    FileAnswer file(const FileRequest &request) const;
};

// The files a command line names: sbatch's script, kubectl's -f and -o ...-file= (defined
// with the commands, slurm/commands/namedfiles.cpp).
QList<FileRequest> namedFiles(const Invocation &invocation);

// The answer channel of one invocation. Output is kept in order; finish() ends it. A session
// may finish later than the call that received it (sleep, srun): keep the shared pointer.
class CommandSession
{
public:
    virtual ~CommandSession() = default;
    virtual void writeOut(const QByteArray &data) = 0;
    virtual void writeErr(const QByteArray &data) = 0;
    virtual void finish(int exitCode) = 0;
    virtual bool finished() const = 0;
    // Asks the client for its whole standard input; `ready` gets it once it ended.
    virtual void readStdin(std::function<void(const QByteArray &)> ready) = 0;
    // Asks for the files a command names, one answer per request in the same order. The
    // default reads them here (in-process callers run as the user already); the socket
    // session asks the client. `ready` is not called if the session ends first. The server
    // calls it before the handler runs, filling Invocation::files.
    virtual void readFiles(const QString &cwd, const QList<FileRequest> &requests,
                           std::function<void(const QList<FileAnswer> &)> ready)
    {
        if (ready)
            ready(readFilesHere(cwd, requests));
    }
    // srun / salloc: asks the client to run `argv` with `environment` added to its own, and
    // calls `exited` with the raw wait status when it ends. Sessions that cannot launch
    // report 127 (command not found) at once.
    virtual void launch(const QStringList &environment, const QStringList &argv,
                        std::function<void(int rawStatus)> exited)
    {
        Q_UNUSED(environment);
        Q_UNUSED(argv);
        if (exited)
            exited(127 << 8);
    }
    // Sends a signal to the command started by launch().
    virtual void signalChild(int signal) { Q_UNUSED(signal); }
    // Called when the client forwards a signal (Ctrl-C) or disconnects (signal 0).
    // CommandServer: while it is unset, a forwarded signal finishes the session with 128+signal
    // (as the default disposition would end a program); it is cleared once the session ends.
    std::function<void(int signal)> onSignal;
};

using CommandSessionPtr = std::shared_ptr<CommandSession>;

// Whatever runs commands: the mini-cluster's command table.
class CommandHandler
{
public:
    virtual ~CommandHandler() = default;
    virtual void run(const Invocation &invocation, CommandSessionPtr session) = 0;
    // What the server has the client read before run() (the engine never opens a path a
    // client names).
    virtual QList<FileRequest> namedFiles(const Invocation &invocation) const
    {
        return schedlab::namedFiles(invocation);
    }
};

// A session that collects everything in memory: for tests and in-process callers.
class BufferSession : public CommandSession
{
public:
    QByteArray out, err, merged;
    QByteArray stdinData;
    int exitCode = -1;
    std::function<void(int)> onFinish;
    void writeOut(const QByteArray &d) override
    {
        out += d;
        merged += d;
    }
    void writeErr(const QByteArray &d) override
    {
        err += d;
        merged += d;
    }
    void finish(int code) override
    {
        if (exitCode >= 0)
            return;
        exitCode = code;
        if (onFinish)
            onFinish(code);
    }
    bool finished() const override { return exitCode >= 0; }
    void readStdin(std::function<void(const QByteArray &)> ready) override { ready(stdinData); }
};

} // namespace schedlab
