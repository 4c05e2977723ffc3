// A supervisor process (schedlab-stepd) started with posix_spawn and watched through a pidfd.
#pragma once

#include <QByteArray>
#include <QObject>
#include <QStringList>

class QSocketNotifier;

namespace schedlab {

// Why not QProcess: QProcess forks the engine, whose page tables grow with the cluster (a
// quarter of a gigabyte once 10,000 pods exist), and every fork write-protects all of it, so
// the engine then takes a page fault per page it touches. posix_spawn starts the child without
// copying the address space. The child's standard output is a pipe the engine reads (stepd's
// "pid N" / "exit STATUS" lines); standard input is /dev/null and standard error is the
// engine's own, where stepd's rare complaints belong.
class SpawnedProcess : public QObject
{
    Q_OBJECT

public:
    explicit SpawnedProcess(QObject *parent = nullptr);
    // A child still running is killed (SIGKILL) and reaped: no zombie outlives its owner.
    ~SpawnedProcess() override;

    // `environment` holds "NAME=value" entries and is the child's whole environment.
    bool start(const QString &program, const QStringList &arguments, const QStringList &environment,
               QString *error);
    // 0 once the child has been reaped (its pid may belong to someone else by then).
    qint64 pid() const { return running_ ? pid_ : 0; }
    bool isRunning() const { return running_; }
    // Through the pidfd, so a signal can never reach a process that reused the pid.
    void sendSignal(int signal);
    // Everything the child wrote on its standard output since the last call.
    QByteArray readAllStandardOutput();
    // Blocks up to `msecs` for the child to end; true once it has (and has been reaped).
    bool waitForFinished(int msecs);

Q_SIGNALS:
    void readyReadStandardOutput();
    void finished();

private:
    void drainOutput();
    void reap();
    void closeDescriptors();

    qint64 pid_ = -1;
    bool running_ = false;
    int pidFd_ = -1;
    int outFd_ = -1;
    QByteArray output_;
    QSocketNotifier *exitNotifier_ = nullptr;
    QSocketNotifier *outputNotifier_ = nullptr;
};

} // namespace schedlab
