#include "spawnedprocess.h"

#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace schedlab {

namespace {

// NUL-terminated copies that live as long as the call to posix_spawn.
struct CStrings
{
    std::vector<QByteArray> storage;
    std::vector<char *> pointers;

    explicit CStrings(const QStringList &strings)
    {
        storage.reserve(strings.size());
        for (const QString &s : strings)
            storage.push_back(s.toLocal8Bit());
        for (QByteArray &s : storage)
            pointers.push_back(s.data());
        pointers.push_back(nullptr);
    }
    char **data() { return pointers.data(); }
};

// The child starts with every signal at its default action and none blocked, whatever the
// engine inherited (`nohup`, a shell's background job) or set for itself.
bool cleanSignalAttributes(posix_spawnattr_t *attr)
{
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    return posix_spawnattr_init(attr) == 0 && posix_spawnattr_setsigmask(attr, &none) == 0 &&
           posix_spawnattr_setsigdefault(attr, &all) == 0 &&
           posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) == 0;
}

// Raw system calls: glibc 2.36's <sys/pidfd.h> declares these without C linkage.
int openPidFd(pid_t pid)
{
    return int(::syscall(SYS_pidfd_open, pid, 0));
}

void signalPidFd(int pidFd, int signal)
{
    ::syscall(SYS_pidfd_send_signal, pidFd, signal, nullptr, 0);
}

} // namespace

SpawnedProcess::SpawnedProcess(QObject *parent)
    : QObject(parent)
{}

SpawnedProcess::~SpawnedProcess()
{
    if (running_) {
        ::kill(pid_t(pid_), SIGKILL);
        int status = 0;
        while (::waitpid(pid_t(pid_), &status, 0) < 0 && errno == EINTR) {
        }
    }
    closeDescriptors();
}

bool SpawnedProcess::start(const QString &program, const QStringList &arguments,
                           const QStringList &environment, QString *error)
{
    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
        *error = QStringLiteral("pipe: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
    posix_spawnattr_t attr;
    const bool attrOk = cleanSignalAttributes(&attr);

    const QByteArray path = program.toLocal8Bit();
    CStrings argv(QStringList{program} + arguments);
    CStrings envp(environment);
    pid_t pid = -1;
    const int rc =
        attrOk ? posix_spawn(&pid, path.constData(), &actions, &attr, argv.data(), envp.data())
               : EINVAL;
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(pipeFds[1]);
    if (rc != 0) {
        ::close(pipeFds[0]);
        *error = QStringLiteral("%1: %2").arg(program, QString::fromLocal8Bit(std::strerror(rc)));
        return false;
    }
    pid_ = pid;
    running_ = true;
    outFd_ = pipeFds[0];
    ::fcntl(outFd_, F_SETFL, ::fcntl(outFd_, F_GETFL) | O_NONBLOCK);
    // The child is ours to reap, so its pid cannot be reused before this call.
    pidFd_ = openPidFd(pid);
    if (pidFd_ < 0) {
        *error = QStringLiteral("pidfd_open: %1 (Linux 5.3 or later is needed)")
                     .arg(QString::fromLocal8Bit(std::strerror(errno)));
        ::kill(pid, SIGKILL);
        reap();
        return false;
    }
    outputNotifier_ = new QSocketNotifier(outFd_, QSocketNotifier::Read, this);
    connect(outputNotifier_, &QSocketNotifier::activated, this, [this] {
        drainOutput();
        Q_EMIT readyReadStandardOutput();
    });
    exitNotifier_ = new QSocketNotifier(pidFd_, QSocketNotifier::Read, this);
    connect(exitNotifier_, &QSocketNotifier::activated, this, [this] {
        reap();
        Q_EMIT finished();
    });
    return true;
}

void SpawnedProcess::sendSignal(int signal)
{
    if (running_)
        signalPidFd(pidFd_, signal);
}

QByteArray SpawnedProcess::readAllStandardOutput()
{
    drainOutput();
    QByteArray out;
    out.swap(output_);
    return out;
}

void SpawnedProcess::drainOutput()
{
    if (outFd_ < 0)
        return;
    char buffer[4096];
    while (true) {
        const ssize_t n = ::read(outFd_, buffer, sizeof(buffer));
        if (n > 0) {
            output_.append(buffer, n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n == 0 && outputNotifier_) // end of file: nothing more will come
            outputNotifier_->setEnabled(false);
        return;
    }
}

bool SpawnedProcess::waitForFinished(int msecs)
{
    if (!running_)
        return true;
    pollfd fd = {pidFd_, POLLIN, 0};
    int rc;
    while ((rc = ::poll(&fd, 1, msecs)) < 0 && errno == EINTR) {
    }
    if (rc <= 0)
        return false;
    reap();
    Q_EMIT finished();
    return true;
}

// Collects the exit (the output written before it stays readable) and stops watching.
void SpawnedProcess::reap()
{
    if (!running_)
        return;
    drainOutput();
    int status = 0;
    while (::waitpid(pid_t(pid_), &status, 0) < 0 && errno == EINTR) {
    }
    running_ = false;
    if (exitNotifier_)
        exitNotifier_->setEnabled(false);
}

void SpawnedProcess::closeDescriptors()
{
    delete outputNotifier_;
    outputNotifier_ = nullptr;
    delete exitNotifier_;
    exitNotifier_ = nullptr;
    if (outFd_ >= 0)
        ::close(outFd_);
    if (pidFd_ >= 0)
        ::close(pidFd_);
    outFd_ = pidFd_ = -1;
}

} // namespace schedlab
