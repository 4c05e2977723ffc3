// The pseudo-terminal and the life of the child: non-blocking reads through a socket notifier,
// queued writes, window size, hang-up, and reaping through a pidfd (a timer where there is none).
#include "pty.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

namespace schedlab::gui {

namespace {

// Bounded so that one wake-up cannot hold the event loop; the screen paces itself further.
constexpr qsizetype kReadBudget = 256 * 1024;
// How long the destructor lets a hung-up shell pass SIGHUP on to its jobs before SIGKILL.
constexpr int kHangUpGraceMs = 500;

// What the child reports through the close-on-exec pipe when it cannot become the program.
struct ChildFailure
{
    int step; // 0: chdir, 1: execve, 2: controlling terminal
    int error;
};

// Everything the child needs, built before fork: after it only async-signal-safe calls.
struct ChildSetup
{
    QByteArray path;
    QByteArray directory;
    QByteArrayList arguments;
    QByteArrayList environment;
    std::vector<char *> argv;
    std::vector<char *> envp;
};

std::vector<char *> pointersTo(QByteArrayList &strings)
{
    std::vector<char *> pointers;
    for (QByteArray &s : strings)
        pointers.push_back(s.data());
    pointers.push_back(nullptr);
    return pointers;
}

QString resolveProgram(const QString &program, const QProcessEnvironment &environment)
{
    if (program.contains(QLatin1Char('/')))
        return program;
    const QString path = environment.value(QStringLiteral("PATH"), qEnvironmentVariable("PATH"));
    return QStandardPaths::findExecutable(program,
                                          path.split(QLatin1Char(':'), Qt::SkipEmptyParts));
}

QByteArrayList childEnvironment(const QProcessEnvironment &given)
{
    QProcessEnvironment environment =
        given.isEmpty() ? QProcessEnvironment::systemEnvironment() : given;
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    environment.insert(QStringLiteral("COLORTERM"), QStringLiteral("truecolor"));
    // Stale sizes from our own terminal would override the window size the child asks for.
    environment.remove(QStringLiteral("COLUMNS"));
    environment.remove(QStringLiteral("LINES"));
    QByteArrayList entries;
    for (const QString &entry : environment.toStringList())
        entries << entry.toLocal8Bit();
    return entries;
}

// The settings of a fresh terminal window, with IUTF8 so that Backspace erases a whole é.
termios defaultTermios()
{
    termios t{};
    t.c_iflag = ICRNL | IXON | IMAXBEL | BRKINT | IUTF8;
    t.c_oflag = OPOST | ONLCR;
    t.c_cflag = CREAD | CS8 | HUPCL;
    t.c_lflag = ICANON | ISIG | IEXTEN | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE;
    t.c_cc[VINTR] = 0x03;
    t.c_cc[VQUIT] = 0x1c;
    t.c_cc[VERASE] = 0x7f;
    t.c_cc[VKILL] = 0x15;
    t.c_cc[VEOF] = 0x04;
    t.c_cc[VSTART] = 0x11;
    t.c_cc[VSTOP] = 0x13;
    t.c_cc[VSUSP] = 0x1a;
    t.c_cc[VREPRINT] = 0x12;
    t.c_cc[VWERASE] = 0x17;
    t.c_cc[VLNEXT] = 0x16;
    t.c_cc[VDISCARD] = 0x0f;
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    cfsetispeed(&t, B38400);
    cfsetospeed(&t, B38400);
    return t;
}

[[noreturn]] void failChild(int errorFd, int step)
{
    const ChildFailure failure{step, errno};
    [[maybe_unused]] const ssize_t n = ::write(errorFd, &failure, sizeof failure);
    _exit(127);
}

// Runs in the forked child: only async-signal-safe calls until execve. Like login_tty:
// a new session whose controlling terminal is the slave, on stdin, stdout and stderr.
[[noreturn]] void runChild(const ChildSetup &setup, int slave, int errorFd)
{
    setsid();
    if (ioctl(slave, TIOCSCTTY, 0) != 0)
        failChild(errorFd, 2);
    if (slave < 3) // started with a standard descriptor closed: keep ours out of the way
        slave = fcntl(slave, F_DUPFD_CLOEXEC, 3);
    for (int fd = 0; fd < 3; ++fd)
        dup2(slave, fd); // the copies lose close-on-exec; the original closes at exec
    // Ignored signals and the blocked mask survive execve: give the program a clean slate.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    struct sigaction byDefault = {};
    byDefault.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; ++sig)
        sigaction(sig, &byDefault, nullptr);
    if (!setup.directory.isEmpty() && chdir(setup.directory.constData()) != 0)
        failChild(errorFd, 0);
    // Descriptors some library opened without O_CLOEXEC must not leak into the shell.
    close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
    execve(setup.path.constData(), setup.argv.data(), setup.envp.data());
    failChild(errorFd, 1);
}

// Notifiers may be deleted from their own activated() slot: disable now, delete later.
void discard(QSocketNotifier *&notifier)
{
    if (!notifier)
        return;
    notifier->setEnabled(false);
    notifier->deleteLater();
    notifier = nullptr;
}

// forkpty's openpty, except that the master is close-on-exec from the start (nothing forked
// meanwhile inherits it) and that <pty.h> is out of reach: this folder's pty.h shadows it on
// the include path.
bool openTerminal(int rows, int columns, int *master, int *slave)
{
    *slave = -1;
    *master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (*master < 0)
        return false;
    char name[128];
    if (grantpt(*master) == 0 && unlockpt(*master) == 0 &&
        ptsname_r(*master, name, sizeof name) == 0)
        *slave = ::open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (*slave < 0) {
        const int error = errno;
        ::close(*master);
        errno = error;
        return false;
    }
    const termios settings = defaultTermios();
    tcsetattr(*slave, TCSANOW, &settings);
    const winsize size{static_cast<unsigned short>(rows), static_cast<unsigned short>(columns), 0,
                       0};
    ioctl(*slave, TIOCSWINSZ, &size);
    return true;
}

int exitCodeFrom(int status)
{
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return -1;
}

} // namespace

Pty::Pty(QObject *parent)
    : QObject(parent)
{}

Pty::~Pty()
{
    blockSignals(true);
    hangUp();
    if (pidfd_ >= 0)
        ::close(pidfd_);
}

bool Pty::start(const QString &program, const QStringList &arguments,
                const QProcessEnvironment &environment, const QString &workingDirectory, int rows,
                int columns, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (pid_ != 0)
        return fail(tr("This terminal has already run a program."));
    const QString path = resolveProgram(program, environment);
    if (path.isEmpty())
        return fail(tr("Program not found: %1").arg(program));

    ChildSetup setup;
    setup.path = path.toLocal8Bit();
    setup.directory = workingDirectory.toLocal8Bit();
    setup.arguments << program.toLocal8Bit();
    for (const QString &argument : arguments)
        setup.arguments << argument.toLocal8Bit();
    setup.environment = childEnvironment(environment);
    setup.argv = pointersTo(setup.arguments);
    setup.envp = pointersTo(setup.environment);

    int master = -1;
    int slave = -1;
    if (!openTerminal(rows, columns, &master, &slave)) {
        const QString reason = QString::fromLocal8Bit(strerror(errno));
        return fail(tr("Cannot open a pseudo-terminal: %1").arg(reason));
    }
    int errorPipe[2];
    if (pipe2(errorPipe, O_CLOEXEC) != 0) {
        const int error = errno;
        ::close(master);
        ::close(slave);
        return fail(tr("Cannot create a pipe: %1").arg(QString::fromLocal8Bit(strerror(error))));
    }
    const pid_t pid = fork();
    if (pid == 0)
        runChild(setup, slave, errorPipe[1]);
    const int forkError = errno;
    ::close(slave);
    ::close(errorPipe[1]);
    if (pid < 0) {
        ::close(errorPipe[0]);
        ::close(master);
        return fail(
            tr("Cannot start a process: %1").arg(QString::fromLocal8Bit(strerror(forkError))));
    }
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);

    // End of file here means execve succeeded (the pipe closed on exec).
    ChildFailure failure{};
    ssize_t n;
    do
        n = ::read(errorPipe[0], &failure, sizeof failure);
    while (n < 0 && errno == EINTR);
    ::close(errorPipe[0]);
    if (n == static_cast<ssize_t>(sizeof failure)) {
        waitpid(pid, nullptr, 0);
        ::close(master);
        const QString reason = QString::fromLocal8Bit(strerror(failure.error));
        if (failure.step == 0)
            return fail(tr("Cannot enter %1: %2").arg(workingDirectory, reason));
        if (failure.step == 1)
            return fail(tr("Cannot run %1: %2").arg(program, reason));
        return fail(tr("Cannot attach the terminal: %1").arg(reason));
    }

    master_ = master;
    pid_ = pid;
    readNotifier_ = new QSocketNotifier(master_, QSocketNotifier::Read, this);
    connect(readNotifier_, &QSocketNotifier::activated, this, &Pty::onReadable);
    watchChild();
    return true;
}

void Pty::watchChild()
{
    pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, pid_, 0));
    if (pidfd_ >= 0) {
        fcntl(pidfd_, F_SETFD, FD_CLOEXEC);
        exitNotifier_ = new QSocketNotifier(pidfd_, QSocketNotifier::Read, this);
        connect(exitNotifier_, &QSocketNotifier::activated, this, &Pty::onChildSignalled);
        return;
    }
    // Kernels before 5.3 have no pidfd: poll, which costs one waitpid per tick.
    exitPoll_ = new QTimer(this);
    connect(exitPoll_, &QTimer::timeout, this, &Pty::onChildSignalled);
    exitPoll_->start(100);
}

void Pty::write(const QByteArray &bytes)
{
    if (master_ < 0 || bytes.isEmpty())
        return;
    pendingWrite_ += bytes;
    onWritable();
}

void Pty::onWritable()
{
    while (!pendingWrite_.isEmpty()) {
        const ssize_t n = ::write(master_, pendingWrite_.constData(), pendingWrite_.size());
        if (n > 0) {
            pendingWrite_.remove(0, n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            if (!writeNotifier_) {
                writeNotifier_ = new QSocketNotifier(master_, QSocketNotifier::Write, this);
                connect(writeNotifier_, &QSocketNotifier::activated, this, &Pty::onWritable);
            }
            writeNotifier_->setEnabled(true);
            return;
        }
        pendingWrite_.clear(); // the terminal is gone (EIO): nobody will read it
    }
    if (writeNotifier_)
        writeNotifier_->setEnabled(false);
}

void Pty::setReadingPaused(bool paused)
{
    paused_ = paused;
    if (readNotifier_)
        readNotifier_->setEnabled(!paused_ && !slaveClosed_);
}

void Pty::resize(int rows, int columns)
{
    if (master_ < 0)
        return;
    const winsize size{static_cast<unsigned short>(rows), static_cast<unsigned short>(columns), 0,
                       0};
    ioctl(master_, TIOCSWINSZ, &size);
}

QByteArray Pty::drain(bool *closed)
{
    *closed = false;
    QByteArray data;
    if (master_ < 0)
        return data;
    char buffer[65536];
    while (data.size() < kReadBudget) {
        const ssize_t n = ::read(master_, buffer, sizeof buffer);
        if (n > 0) {
            data.append(buffer, n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        // EIO: every holder of the slave side has closed it.
        *closed = n == 0 || errno != EAGAIN;
        break;
    }
    return data;
}

void Pty::onReadable()
{
    bool closed = false;
    const QByteArray data = drain(&closed);
    QPointer<Pty> self(this);
    if (!data.isEmpty())
        Q_EMIT dataReceived(data);
    if (!self || !closed)
        return;
    slaveClosed_ = true;
    readNotifier_->setEnabled(false);
    if (reap(false))
        finish();
}

void Pty::onChildSignalled()
{
    if (exited_ || !reap(false))
        return;
    // The kernel hands over what the child wrote before exiting, then EAGAIN or EIO.
    bool closed = false;
    const QByteArray data = drain(&closed);
    QPointer<Pty> self(this);
    if (!data.isEmpty())
        Q_EMIT dataReceived(data);
    if (self)
        finish();
}

bool Pty::reap(bool block)
{
    if (exited_)
        return true;
    if (pid_ <= 0)
        return false;
    int status = 0;
    pid_t r;
    do
        r = waitpid(pid_, &status, block ? 0 : WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == 0)
        return false;
    // ECHILD: someone set SIGCHLD to SIG_IGN and the kernel reaped it; the code is lost.
    exitCode_ = r == pid_ ? exitCodeFrom(status) : -1;
    exited_ = true;
    return true;
}

void Pty::finish()
{
    if (finishedEmitted_)
        return;
    finishedEmitted_ = true;
    discard(exitNotifier_);
    if (exitPoll_)
        exitPoll_->stop();
    // Like a window closing after its shell: background jobs still on the terminal get SIGHUP.
    closeMaster();
    Q_EMIT finished(exitCode_);
}

void Pty::closeMaster()
{
    discard(readNotifier_);
    discard(writeNotifier_);
    pendingWrite_.clear();
    if (master_ >= 0)
        ::close(master_);
    master_ = -1;
}

bool Pty::waitForExit(int msecs)
{
    if (pidfd_ >= 0) {
        pollfd fd{pidfd_, POLLIN, 0};
        int r;
        do
            r = poll(&fd, 1, msecs);
        while (r < 0 && errno == EINTR);
        return reap(false);
    }
    QElapsedTimer timer;
    timer.start();
    while (!reap(false)) {
        if (timer.hasExpired(msecs))
            return false;
        usleep(2000);
    }
    return true;
}

void Pty::hangUp()
{
    if (!isRunning()) {
        closeMaster();
        return;
    }
    // The foreground job (a `sleep` the shell waits for) has its own process group.
    const pid_t foreground = master_ >= 0 ? tcgetpgrp(master_) : -1;
    kill(-pid_, SIGHUP);
    if (foreground > 0 && foreground != pid_)
        kill(-foreground, SIGHUP);
    closeMaster();
    if (!waitForExit(kHangUpGraceMs)) {
        kill(-pid_, SIGKILL);
        kill(pid_, SIGKILL);
        reap(true);
    }
    finish();
}

} // namespace schedlab::gui
