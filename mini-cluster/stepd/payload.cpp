// What schedlab-stepd's two modes share: the payload's signals, and the whole tree kept in.
#include "payload.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

void resetSignalsForPayload()
{
    struct sigaction action = {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (int sig = 1; sig < NSIG; ++sig) {
        if (sig != SIGKILL && sig != SIGSTOP)
            ::sigaction(sig, &action, nullptr);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

void usage(const std::string &problem)
{
    std::fprintf(stderr,
                 "schedlab-stepd: %s\nusage: schedlab-stepd --stdout PATH --stderr PATH "
                 "[--stdin PATH] [--append] --cwd DIR [--make-cwd] -- PROGRAM ARGS...\n"
                 "       schedlab-stepd --tasks [--notify CLIENT] [--owner PREFIX] "
                 "--task NODE:NODEID:LOCALID... -- PROGRAM ARGS...\n",
                 problem.c_str());
    std::exit(2);
}

void writeAll(int fd, const char *data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
}

bool becomeSubreaper(pid_t expectedParent)
{
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    ::prctl(PR_SET_PDEATHSIG, SIGHUP);
    // A parent that died before the prctl sent nothing: we were reparented instead.
    return ::getppid() == expectedParent;
}

// The ppid of every process, from /proc/<pid>/stat. A process that vanishes meanwhile is
// simply missing, which is what we want.
namespace {

std::multimap<pid_t, pid_t> processTree()
{
    std::multimap<pid_t, pid_t> children;
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return children;
    while (const dirent *entry = ::readdir(proc)) {
        char *end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0)
            continue;
        const std::string path = std::string("/proc/") + entry->d_name + "/stat";
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        char buffer[1024];
        const ssize_t n = ::read(fd, buffer, sizeof(buffer) - 1);
        ::close(fd);
        if (n <= 0)
            continue;
        buffer[n] = '\0';
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the
        // last ')'.
        const char *close = std::strrchr(buffer, ')');
        if (!close)
            continue;
        char state = 0;
        int ppid = 0;
        if (std::sscanf(close + 1, " %c %d", &state, &ppid) != 2)
            continue;
        children.emplace(static_cast<pid_t>(ppid), static_cast<pid_t>(pid));
    }
    ::closedir(proc);
    return children;
}

} // namespace

// Every process below us. Orphans are reparented to us (we are a subreaper), so a double fork
// or a setsid does not take anything out of this tree.
std::vector<pid_t> descendants()
{
    const auto tree = processTree();
    std::vector<pid_t> found;
    std::vector<pid_t> pending = {::getpid()};
    while (!pending.empty()) {
        const pid_t parent = pending.back();
        pending.pop_back();
        const auto [begin, end] = tree.equal_range(parent);
        for (auto it = begin; it != end; ++it) {
            found.push_back(it->second);
            pending.push_back(it->second);
        }
    }
    return found;
}

void signalDescendants(int signal)
{
    for (pid_t pid : descendants()) {
        ::kill(pid, signal);
        // A stopped process acts on SIGTERM only once continued. SIGCONT goes second so that
        // the SIGTERM is already pending when it wakes: the other way round, it could run on
        // (and even exit normally) between the two kills.
        if (signal == SIGTERM)
            ::kill(pid, SIGCONT);
    }
}

// SIGKILLs and reaps every descendant, again and again, until none is left: a process may
// fork between our scan of /proc and our kill, and its child comes back to us. No child left
// means no descendant left (an orphan is reparented to us, the subreaper, before its parent
// can be reaped), so the common case, a payload that started nothing else, costs no scan.
void killEverything(int signalFd, const std::function<bool()> &reap)
{
    for (;;) {
        if (!reap())
            return;
        signalDescendants(SIGKILL);
        if (!reap())
            return;
        pollfd fd = {signalFd, POLLIN, 0};
        ::poll(&fd, 1, 20);
        signalfd_siginfo info;
        while (::read(signalFd, &info, sizeof(info)) == sizeof(info)) {
        }
    }
}
