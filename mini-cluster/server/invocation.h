// One command line sent by a client, and the session through which the engine answers it.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace schedlab {

struct Invocation
{
    QString command;  // argv[0]'s base name: "squeue", "sleep", ...
    QStringList args; // argv[1..]
    QString cwd;
    QString user; // the engine's idea of the caller (SCHEDLAB_USER, else USER)
    QHash<QString, QString> environment;

    QString env(const QString &name) const { return environment.value(name); }
};

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
