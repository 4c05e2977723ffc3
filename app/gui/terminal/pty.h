// A program running on a pseudo-terminal: the bytes it prints, the bytes typed to it, its
// window size, its end. Knows nothing about escape sequences (TerminalScreen does).
#pragma once

#include <QByteArray>
#include <QObject>
#include <QProcessEnvironment>
#include <QStringList>

#include <sys/types.h>

class QSocketNotifier;
class QTimer;

namespace schedlab::gui {

class Pty : public QObject
{
    Q_OBJECT

public:
    explicit Pty(QObject *parent = nullptr);
    // Hangs the child up and reaps it (bounded wait, then SIGKILL): no zombie, no orphan.
    ~Pty() override;

    // Forks `program` as the leader of a new session whose controlling terminal is the
    // slave side. An empty environment means the application's own. False with *error set.
    bool start(const QString &program, const QStringList &arguments,
               const QProcessEnvironment &environment, const QString &workingDirectory, int rows,
               int columns, QString *error);
    // Queued and written as the terminal accepts it (a big paste exceeds the tty buffer).
    void write(const QByteArray &bytes);
    // While paused the program blocks once the terminal's buffer is full: back-pressure for
    // a screen that cannot keep up.
    void setReadingPaused(bool paused);
    // TIOCSWINSZ: the kernel sends SIGWINCH to the foreground job, so `tput cols` follows.
    void resize(int rows, int columns);
    // SIGHUP to the session as a closed terminal window would, then reaps the child.
    void hangUp();

    bool isRunning() const { return pid_ > 0 && !exited_; }
    qint64 pid() const { return pid_; }
    int exitCode() const { return exitCode_; }

Q_SIGNALS:
    // Everything readable at one wake-up, in one piece, so the screen repaints once.
    void dataReceived(const QByteArray &bytes);
    // Once, after the child's last output has been delivered. Killed by a signal: 128+N.
    void finished(int exitCode);

private:
    void onReadable();
    void onWritable();
    void onChildSignalled();
    QByteArray drain(bool *closed);
    bool reap(bool block);
    void finish();
    void closeMaster();
    void watchChild();
    bool waitForExit(int msecs);

    int master_ = -1;
    int pidfd_ = -1;
    pid_t pid_ = 0;
    bool exited_ = false;
    bool paused_ = false;
    bool slaveClosed_ = false;
    bool finishedEmitted_ = false;
    int exitCode_ = -1;
    QByteArray pendingWrite_;
    QSocketNotifier *readNotifier_ = nullptr;
    QSocketNotifier *writeNotifier_ = nullptr;
    QSocketNotifier *exitNotifier_ = nullptr;
    QTimer *exitPoll_ = nullptr;
};

} // namespace schedlab::gui
