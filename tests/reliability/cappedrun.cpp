// Running a child under RLIMIT_AS and a deadline, and reading its peak memory from wait4.
#include "cappedrun.h"

#include <QElapsedTimer>
#include <QFile>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace reliability {

namespace {

constexpr qint64 kKeptBytes = 16 << 20;

std::vector<QByteArray> toBytes(const QStringList &list)
{
    std::vector<QByteArray> out;
    for (const QString &s : list)
        out.push_back(QFile::encodeName(s));
    return out;
}

std::vector<char *> pointers(std::vector<QByteArray> &list)
{
    std::vector<char *> out;
    for (QByteArray &b : list)
        out.push_back(b.data());
    out.push_back(nullptr);
    return out;
}

// In the child, between fork and exec: only async-signal-safe calls.
[[noreturn]] void execCapped(char **argv, char **envp, qint64 capBytes, int in, int out, int err,
                             const char *cwd = nullptr)
{
    if (cwd && chdir(cwd) != 0)
        _exit(126);
    rlimit lim{rlim_t(capBytes), rlim_t(capBytes)};
    setrlimit(RLIMIT_AS, &lim);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    setpgid(0, 0);
    execve(argv[0], argv, envp);
    _exit(127);
}

void fillEnded(CappedResult &r, int status, const rusage &ru)
{
    r.peakKb = ru.ru_maxrss;
    if (WIFEXITED(status))
        r.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        r.signal = WTERMSIG(status);
}

int remaining(const QElapsedTimer &t, int timeoutMs)
{
    return int(qMax<qint64>(0, timeoutMs - t.elapsed()));
}

} // namespace

QString CappedResult::describe() const
{
    QString how = !started   ? QStringLiteral("not started")
                  : timedOut ? QStringLiteral("timed out")
                  : signal   ? QStringLiteral("killed by signal %1").arg(signal)
                             : QStringLiteral("exit %1").arg(exitCode);
    return QStringLiteral("%1, peak %2 MiB, stderr: %3")
        .arg(how)
        .arg(peakKb / 1024)
        .arg(QString::fromUtf8(err.left(600)));
}

CappedResult runCapped(const QStringList &argv, const QStringList &env, qint64 capBytes,
                       int timeoutMs, const StdinFeed &input, const QString &cwd)
{
    const QByteArray cwdBytes = QFile::encodeName(cwd);
    CappedResult r;
    auto argBytes = toBytes(argv);
    auto envBytes = toBytes(env);
    auto argp = pointers(argBytes);
    auto envp = pointers(envBytes);
    int inPipe[2], outPipe[2], errPipe[2];
    if (pipe2(inPipe, O_CLOEXEC) || pipe2(outPipe, O_CLOEXEC) || pipe2(errPipe, O_CLOEXEC))
        return r;
    const pid_t pid = fork();
    if (pid == 0)
        execCapped(argp.data(), envp.data(), capBytes, inPipe[0], outPipe[1], errPipe[1],
                   cwd.isEmpty() ? nullptr : cwdBytes.constData());
    ::close(inPipe[0]);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    if (pid < 0)
        return r;
    r.started = true;
    const int pidFd = int(syscall(SYS_pidfd_open, pid, 0));
    int inFd = inPipe[1];
    fcntl(inFd, F_SETFL, O_NONBLOCK);
    qint64 inPos = 0;
    if (input.size() == 0) {
        ::close(inFd);
        inFd = -1;
    }
    QElapsedTimer timer;
    timer.start();
    int outFd = outPipe[0], errFd = errPipe[0];
    bool exited = false;
    while (!exited || outFd >= 0 || errFd >= 0) {
        pollfd fds[4] = {{outFd, POLLIN, 0},
                         {errFd, POLLIN, 0},
                         {inFd, POLLOUT, 0},
                         {exited ? -1 : pidFd, POLLIN, 0}};
        const int left = remaining(timer, timeoutMs);
        if (left == 0 || poll(fds, 4, left) == 0) {
            r.timedOut = true;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char buf[65536];
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n <= 0) {
                ::close(fds[i].fd);
                (i == 0 ? outFd : errFd) = -1;
                continue;
            }
            QByteArray &keep = i == 0 ? r.out : r.err;
            if (i == 0)
                r.outBytes += n;
            if (keep.size() < kKeptBytes)
                keep.append(buf, qsizetype(qMin<qint64>(n, kKeptBytes - keep.size())));
        }
        if (fds[2].revents) {
            static const QByteArray zeros(65536, '\0');
            QByteArray fillChunk = input.fill ? QByteArray(65536, input.fill) : zeros;
            const bool inPrefix = inPos < input.prefix.size();
            const char *data = inPrefix ? input.prefix.constData() + inPos : fillChunk.constData();
            const qint64 chunk = inPrefix ? input.prefix.size() - inPos
                                          : qMin<qint64>(fillChunk.size(), input.size() - inPos);
            const ssize_t n = ::write(inFd, data, size_t(chunk));
            if (n > 0)
                inPos += n;
            if (n < 0 || inPos == input.size()) {
                ::close(inFd);
                inFd = -1;
            }
        }
        if (fds[3].revents)
            exited = true;
    }
    for (int fd : {outFd, errFd, inFd, pidFd})
        if (fd >= 0)
            ::close(fd);
    int status = 0;
    rusage ru{};
    wait4(pid, &status, 0, &ru);
    kill(-pid, SIGKILL); // anything of its group that outlived it
    fillEnded(r, status, ru);
    return r;
}

CappedProcess::~CappedProcess()
{
    if (pid_ > 0 && !reaped_)
        stop(5000);
    if (outFd_ >= 0)
        ::close(outFd_);
}

bool CappedProcess::start(const QStringList &argv, const QStringList &env, qint64 capBytes,
                          const QByteArray &readyPrefix, int timeoutMs)
{
    auto argBytes = toBytes(argv);
    auto envBytes = toBytes(env);
    auto argp = pointers(argBytes);
    auto envp = pointers(envBytes);
    int outPipe[2];
    if (pipe2(outPipe, O_CLOEXEC))
        return false;
    const int devNull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    pid_ = fork();
    if (pid_ == 0)
        execCapped(argp.data(), envp.data(), capBytes, devNull, outPipe[1], 2);
    ::close(outPipe[1]);
    ::close(devNull);
    outFd_ = outPipe[0];
    if (pid_ < 0)
        return false;
    QElapsedTimer timer;
    timer.start();
    while (!header_.contains(readyPrefix) || !header_.endsWith('\n')) {
        pollfd fd{outFd_, POLLIN, 0};
        const int left = remaining(timer, timeoutMs);
        if (left == 0 || poll(&fd, 1, left) <= 0)
            return false;
        char buf[4096];
        const ssize_t n = ::read(outFd_, buf, sizeof buf);
        if (n <= 0)
            return false;
        header_.append(buf, n);
    }
    return true;
}

bool CappedProcess::alive()
{
    if (pid_ <= 0 || reaped_)
        return false;
    int status = 0;
    rusage ru{};
    if (wait4(pid_, &status, WNOHANG, &ru) == pid_) {
        reaped_ = true;
        ended_.started = true;
        fillEnded(ended_, status, ru);
        return false;
    }
    return true;
}

CappedResult CappedProcess::stop(int timeoutMs)
{
    if (!alive())
        return ended_;
    kill(pid_, SIGTERM);
    const int pidFd = int(syscall(SYS_pidfd_open, pid_, 0));
    pollfd fd{pidFd, POLLIN, 0};
    if (pidFd < 0 || poll(&fd, 1, timeoutMs) <= 0) {
        ended_.timedOut = true;
        kill(-pid_, SIGKILL);
        kill(pid_, SIGKILL);
    }
    if (pidFd >= 0)
        ::close(pidFd);
    int status = 0;
    rusage ru{};
    wait4(pid_, &status, 0, &ru);
    reaped_ = true;
    ended_.started = true;
    fillEnded(ended_, status, ru);
    return ended_;
}

} // namespace reliability
