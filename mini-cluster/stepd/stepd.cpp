// schedlab-stepd: the supervisor of one job step, which keeps all of the job's processes in.
//
// It runs the payload in its own process group, keeps every descendant contained (child
// subreaper, dies with the engine) and reports the payload's pid and raw wait status on its
// standard output.
//
// Usage: schedlab-stepd --stdout PATH --stderr PATH [--stdin PATH] [--append] --cwd DIR
//                       [--make-cwd] -- PROGRAM ARGS...
// --make-cwd creates the working directory (and its parents) first: a pod's sandbox, made
// here rather than in the engine so that a wave of pods does not stall the engine's thread on
// the file system.
// Lines written for the engine: "pid N", then "exit STATUS" (raw wait status), or only
// "open-failed ERRNO PATH" when an output file cannot be opened (nothing runs then).
// Signals: SIGTERM = SIGTERM+SIGCONT to every descendant; SIGUSR1 = SIGKILL to every
// descendant; SIGHUP (sent when the engine dies) = SIGKILL to every descendant, then exit.
//
// With --tasks first, it runs the tasks of an srun step instead (tasks.h).
//
// Plain C++ and POSIX with no Qt; Linux only (prctl, signalfd, /proc).
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "payload.h"
#include "tasks.h"

extern char **environ;

namespace {

struct Options
{
    std::string stdoutPath, stderrPath, stdinPath, cwd;
    bool append = false;
    bool makeCwd = false;
    std::vector<std::string> command;
};

void say(const std::string &line)
{
    // The engine reads these lines from a pipe; if it is gone, so is our reason to report.
    const std::string text = line + "\n";
    writeAll(STDOUT_FILENO, text.data(), text.size());
}

Options parseOptions(int argc, char **argv)
{
    Options options;
    bool haveCwd = false, haveOut = false, haveErr = false;
    int i = 1;
    for (; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (arg == "--append") {
            options.append = true;
            continue;
        }
        if (arg == "--make-cwd") {
            options.makeCwd = true;
            continue;
        }
        if (i + 1 >= argc)
            usage("missing value after " + arg);
        const std::string value = argv[++i];
        if (arg == "--stdout") {
            options.stdoutPath = value;
            haveOut = true;
        } else if (arg == "--stderr") {
            options.stderrPath = value;
            haveErr = true;
        } else if (arg == "--stdin") {
            options.stdinPath = value;
        } else if (arg == "--cwd") {
            options.cwd = value;
            haveCwd = true;
        } else {
            usage("unknown option " + arg);
        }
    }
    for (; i < argc; ++i)
        options.command.emplace_back(argv[i]);
    if (!haveOut || !haveErr || !haveCwd)
        usage("--stdout, --stderr and --cwd are required");
    if (options.command.empty())
        usage("no program to run");
    return options;
}

// Reaps whatever has exited; records the main child's status. False once nothing is left.
bool reapChildren(pid_t mainChild, int &mainStatus, bool &mainExited)
{
    for (;;) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            if (pid == mainChild) {
                mainStatus = status;
                mainExited = true;
            }
            continue;
        }
        if (pid < 0 && errno == EINTR)
            continue;
        return pid == 0; // 0: children remain; -1 (ECHILD): none left
    }
}

// mkdir -p: every missing component, mode 0755.
void makeDirectories(const std::string &path)
{
    for (std::size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
        const std::string prefix = path.substr(0, slash);
        if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
            return; // the open or chdir below reports what is wrong
        if (slash == std::string::npos)
            return;
    }
}

std::string resolve(const std::string &path, const std::string &cwd)
{
    if (path.empty() || path[0] == '/')
        return path;
    return cwd + "/" + path;
}

// Keeps only stdin, stdout and stderr. A descriptor the engine let leak (another step's pipe,
// the command socket) must not reach the job: a job holding another step's pipe open would
// keep the engine from ever seeing that step end.
void closeInheritedDescriptors()
{
    if (::close_range(3, ~0u, 0) == 0)
        return;
    DIR *fds = ::opendir("/proc/self/fd");
    if (!fds)
        return;
    std::vector<int> open;
    while (const dirent *entry = ::readdir(fds)) {
        const int fd = std::atoi(entry->d_name);
        if (fd > 2 && fd != ::dirfd(fds))
            open.push_back(fd);
    }
    ::closedir(fds);
    for (int fd : open)
        ::close(fd);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1 && std::string(argv[1]) == "--tasks")
        return runTasks(argc, argv);
    // Taken first thing: if the engine dies before PR_SET_PDEATHSIG is set, our parent changes.
    const pid_t engine = ::getppid();
    const Options options = parseOptions(argc, argv);
    closeInheritedDescriptors();

    // Every signal we act on goes through the signalfd, so no SIGCHLD can be lost between a
    // check and a wait. SIGINT and SIGQUIT come from the engine's terminal (Ctrl-C): the job
    // is not ours to stop for them; if the engine dies of them we get SIGHUP.
    sigset_t handled;
    sigemptyset(&handled);
    for (int sig : {SIGCHLD, SIGTERM, SIGUSR1, SIGHUP, SIGINT, SIGQUIT})
        sigaddset(&handled, sig);
    ::sigprocmask(SIG_BLOCK, &handled, nullptr);
    // An ignored signal is dropped before the signalfd can see it, and an ignored SIGCHLD
    // would even reap the payload for us and lose its status: whatever the engine passed
    // on, these are back to their defaults (and blocked, so the defaults never act).
    for (int sig : {SIGCHLD, SIGTERM, SIGUSR1, SIGHUP, SIGINT, SIGQUIT})
        ::signal(sig, SIG_DFL);
    const int signalFd = ::signalfd(-1, &handled, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signalFd < 0) {
        std::perror("schedlab-stepd: signalfd");
        return 1;
    }
    ::signal(SIGPIPE, SIG_IGN);

    if (!becomeSubreaper(engine))
        return 1;

    if (options.makeCwd && ::mkdir(options.cwd.c_str(), 0755) != 0 && errno == ENOENT)
        makeDirectories(options.cwd);
    const std::string outPath = resolve(options.stdoutPath, options.cwd);
    const std::string errPath = resolve(options.stderrPath, options.cwd);
    // Always O_APPEND, as slurmstepd does (truncating only at open): the engine appends its
    // own lines ("*** JOB 2 ON cpu01 CANCELLED AT ...") to these files, and each write of the
    // job must land after them instead of over them.
    const int openFlags =
        O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY | (options.append ? 0 : O_TRUNC);
    const int outFd = ::open(outPath.c_str(), openFlags, 0666);
    if (outFd < 0) {
        say("open-failed " + std::to_string(errno) + " " + options.stdoutPath);
        return 0;
    }
    int errFd = -1;
    if (errPath == outPath) {
        // One open file description: both streams share its offset, so neither overwrites
        // the other and their order is kept.
        errFd = ::fcntl(outFd, F_DUPFD_CLOEXEC, 0);
    } else {
        errFd = ::open(errPath.c_str(), openFlags, 0666);
        if (errFd < 0) {
            say("open-failed " + std::to_string(errno) + " " + options.stderrPath);
            return 0;
        }
        struct stat outStat = {}, errStat = {};
        // Two names for one file (a symlink, "./x" and "x"): share the description too.
        if (::fstat(outFd, &outStat) == 0 && ::fstat(errFd, &errStat) == 0 &&
            outStat.st_dev == errStat.st_dev && outStat.st_ino == errStat.st_ino) {
            ::close(errFd);
            errFd = ::fcntl(outFd, F_DUPFD_CLOEXEC, 0);
        }
    }
    const std::string inPath =
        options.stdinPath.empty() ? "/dev/null" : resolve(options.stdinPath, options.cwd);
    const int inFd = ::open(inPath.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (inFd < 0) {
        say("open-failed " + std::to_string(errno) + " " + options.stdinPath);
        return 0;
    }

    // Slurm's behaviour for a working directory that has gone: say so and use /tmp.
    std::string workDir = options.cwd;
    if (::access(workDir.c_str(), X_OK) != 0) {
        const std::string note = "slurmstepd: error: couldn't chdir to `" + workDir +
                                 "': " + std::strerror(errno) + ": going to /tmp instead\n";
        (void)!::write(errFd, note.data(), note.size());
        workDir = "/tmp";
    }

    std::vector<char *> childArgv;
    for (const std::string &arg : options.command)
        childArgv.push_back(const_cast<char *>(arg.c_str()));
    childArgv.push_back(nullptr);

    const pid_t child = ::fork();
    if (child < 0) {
        const std::string note =
            std::string("schedlab-stepd: fork: ") + std::strerror(errno) + "\n";
        (void)!::write(errFd, note.data(), note.size());
        say("exit " + std::to_string(W_EXITCODE(254, 0)));
        return 0;
    }
    if (child == 0) {
        ::setpgid(0, 0);
        resetSignalsForPayload();
        if (::dup2(inFd, STDIN_FILENO) < 0 || ::dup2(outFd, STDOUT_FILENO) < 0 ||
            ::dup2(errFd, STDERR_FILENO) < 0)
            ::_exit(254);
        if (::chdir(workDir.c_str()) != 0) {
            const std::string note = "slurmstepd: error: couldn't chdir to `" + workDir +
                                     "': " + std::strerror(errno) + "\n";
            (void)!::write(STDERR_FILENO, note.data(), note.size());
            ::_exit(254);
        }
        ::execvp(childArgv[0], childArgv.data());
        const int error = errno;
        const std::string note =
            "schedlab-stepd: " + options.command[0] + ": " + std::strerror(error) + "\n";
        (void)!::write(STDERR_FILENO, note.data(), note.size());
        ::_exit(error == ENOENT ? 127 : 126);
    }
    // Both sides set the group, so whoever runs first, the job has its group before any
    // signal is sent to it.
    ::setpgid(child, child);
    ::close(inFd);
    ::close(outFd);
    ::close(errFd);
    say("pid " + std::to_string(child));

    int mainStatus = 0;
    bool mainExited = false;
    for (;;) {
        pollfd fd = {signalFd, POLLIN, 0};
        if (::poll(&fd, 1, -1) < 0 && errno != EINTR)
            break;
        signalfd_siginfo info;
        bool engineGone = false;
        while (::read(signalFd, &info, sizeof(info)) == sizeof(info)) {
            switch (info.ssi_signo) {
            case SIGTERM:
                signalDescendants(SIGTERM);
                break;
            case SIGUSR1:
                signalDescendants(SIGKILL);
                break;
            case SIGHUP:
                engineGone = true;
                break;
            default:
                break; // SIGCHLD: reaped below; SIGINT, SIGQUIT: not ours
            }
        }
        if (engineGone) {
            killEverything(signalFd, [&] { return reapChildren(child, mainStatus, mainExited); });
            return 0;
        }
        reapChildren(child, mainStatus, mainExited);
        if (mainExited)
            break;
    }

    // The step ends with its main program: nothing it started may outlive it.
    killEverything(signalFd, [&] { return reapChildren(child, mainStatus, mainExited); });
    say("exit " + std::to_string(mainStatus));
    return 0;
}
