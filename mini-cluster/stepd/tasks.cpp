// schedlab-stepd's tasks mode: the tasks of one srun step, run at once and kept contained.
#include "tasks.h"

#include "payload.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Task
{
    std::string node, nodeId, localId;
    pid_t pid = -1;
    int status = 0;
    bool done = false;
    int outFd = -1, errFd = -1; // read ends of its pipes; -1 for task 0 or once closed
    std::string heldOut, heldErr;
};

constexpr int kHandledSignals[] = {SIGCHLD, SIGTERM, SIGUSR1, SIGUSR2,
                                   SIGHUP,  SIGINT,  SIGQUIT, SIGALRM};

struct TasksOptions
{
    std::string notify, owner;
    std::vector<Task> tasks;
    std::vector<std::string> command;
};

TasksOptions parseTasksOptions(int argc, char **argv)
{
    TasksOptions options;
    int i = 2; // after --tasks
    for (; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (i + 1 >= argc)
            usage("missing value after " + arg);
        const std::string value = argv[++i];
        if (arg == "--notify") {
            options.notify = value;
        } else if (arg == "--owner") {
            options.owner = value;
        } else if (arg == "--task") {
            Task task;
            const std::size_t a = value.find(':'), b = value.rfind(':');
            if (a == std::string::npos || a == b)
                usage("--task wants NODE:NODEID:LOCALID");
            task.node = value.substr(0, a);
            task.nodeId = value.substr(a + 1, b - a - 1);
            task.localId = value.substr(b + 1);
            options.tasks.push_back(task);
        } else {
            usage("unknown option " + arg);
        }
    }
    for (; i < argc; ++i)
        options.command.emplace_back(argv[i]);
    if (options.tasks.empty() || options.command.empty())
        usage("--tasks needs --task and a program");
    return options;
}

// Whether our stdout and stderr are the same file (a terminal, or a job's one output file):
// then a held-back task gets one pipe for both, and its lines keep their order.
bool sameOutputs()
{
    struct stat out = {}, err = {};
    return ::fstat(STDOUT_FILENO, &out) == 0 && ::fstat(STDERR_FILENO, &err) == 0 &&
           out.st_dev == err.st_dev && out.st_ino == err.st_ino;
}

// The pipes of a held-back task: the child's write ends in `childOut`/`childErr`.
void openPipes(Task &task, bool shared, int *childOut, int *childErr)
{
    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0) {
        std::perror("schedlab-stepd: pipe");
        std::exit(1);
    }
    task.outFd = out[0];
    *childOut = out[1];
    *childErr = out[1];
    if (!shared) {
        if (::pipe2(err, O_CLOEXEC) != 0) {
            std::perror("schedlab-stepd: pipe");
            std::exit(1);
        }
        task.errFd = err[0];
        *childErr = err[1];
    }
    ::fcntl(task.outFd, F_SETFL, O_NONBLOCK);
    if (task.errFd >= 0)
        ::fcntl(task.errFd, F_SETFL, O_NONBLOCK);
}

// Task 0 reads the step's stdin and writes to its streams; the others read nothing (srun's
// --input=0) and write into pipes that runTasks() reads.
pid_t startTask(const TasksOptions &options, std::size_t index, Task &task, bool sharedOutputs)
{
    int childOut = -1, childErr = -1;
    if (index > 0)
        openPipes(task, sharedOutputs, &childOut, &childErr);
    const pid_t pid = ::fork();
    if (pid != 0) {
        if (childOut >= 0)
            ::close(childOut);
        if (childErr >= 0 && childErr != childOut)
            ::close(childErr);
        return pid;
    }
    resetSignalsForPayload();
    if (index > 0) {
        const int devNull = ::open("/dev/null", O_RDONLY);
        ::dup2(devNull, STDIN_FILENO);
        ::dup2(childOut, STDOUT_FILENO);
        ::dup2(childErr, STDERR_FILENO);
    }
    ::setenv("SLURM_PROCID", std::to_string(index).c_str(), 1);
    ::setenv("SLURM_LOCALID", task.localId.c_str(), 1);
    ::setenv("SLURM_NODEID", task.nodeId.c_str(), 1);
    ::setenv("SLURMD_NODENAME", task.node.c_str(), 1);
    ::setenv("SCHEDLAB_HOSTNAME", task.node.c_str(), 1);
    if (!options.owner.empty())
        ::setenv("SCHEDLAB_OWNER", (options.owner + "." + std::to_string(index)).c_str(), 1);
    std::vector<char *> args;
    for (const std::string &a : options.command)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    const int error = errno;
    const std::string note =
        "slurmstepd: error: execve(): " + options.command[0] + ": " + std::strerror(error) + "\n";
    writeAll(STDERR_FILENO, note.data(), note.size());
    ::_exit(error == ENOENT ? 127 : 126);
}

// Tells the engine that a task is over, and waits for it to have heard.
void notifyTaskEnd(const TasksOptions &options, std::size_t index)
{
    if (options.notify.empty() || options.owner.empty())
        return;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::setenv("SCHEDLAB_OWNER", (options.owner + "." + std::to_string(index)).c_str(), 1);
        const int devNull = ::open("/dev/null", O_RDWR);
        ::dup2(devNull, STDIN_FILENO);
        ::dup2(devNull, STDOUT_FILENO);
        resetSignalsForPayload();
        ::execl(options.notify.c_str(), options.notify.c_str(), "schedlab-task-exit",
                static_cast<char *>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    while (pid > 0 && ::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

void signalTasks(const std::vector<Task> &tasks, int signal)
{
    for (const Task &task : tasks) {
        if (task.done || task.pid <= 0)
            continue;
        ::kill(task.pid, signal);
        if (signal == SIGTERM)
            ::kill(task.pid, SIGCONT);
    }
}

// The tasks' output, passed on in rank order: `current` is the lowest task still running,
// whose output goes straight through; the later ones' is held until their turn.
class OutputGate
{
public:
    explicit OutputGate(std::vector<Task> &tasks)
        : tasks_(tasks)
    {}

    // Reads what a task's pipe holds; false once the pipe is closed.
    void readFrom(std::size_t index, int &fd, bool isErr)
    {
        char buffer[65536];
        for (;;) {
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                if (n == 0 || errno != EAGAIN) {
                    ::close(fd);
                    fd = -1;
                }
                return;
            }
            if (index == current_) {
                writeAll(isErr ? STDERR_FILENO : STDOUT_FILENO, buffer, std::size_t(n));
            } else {
                std::string &held = isErr ? tasks_[index].heldErr : tasks_[index].heldOut;
                held.append(buffer, std::size_t(n));
            }
        }
    }

    // A task ended: what it wrote before is in its pipes; after it, the next one's turn may
    // come. A process it left behind may still write, but no longer to us.
    void ended(std::size_t index)
    {
        Task &task = tasks_[index];
        if (task.outFd >= 0)
            readFrom(index, task.outFd, false);
        if (task.errFd >= 0)
            readFrom(index, task.errFd, true);
        for (int *fd : {&task.outFd, &task.errFd}) {
            if (*fd >= 0)
                ::close(*fd);
            *fd = -1;
        }
        while (current_ < tasks_.size() && tasks_[current_].done) {
            if (++current_ < tasks_.size())
                release(tasks_[current_]);
        }
    }

    // The descriptors to wait on, and which task and stream each one is.
    struct Source
    {
        std::size_t task;
        bool isErr;
    };
    void collect(std::vector<pollfd> &fds, std::vector<Source> &sources) const
    {
        for (std::size_t i = 0; i < tasks_.size(); ++i) {
            if (tasks_[i].outFd >= 0) {
                fds.push_back({tasks_[i].outFd, POLLIN, 0});
                sources.push_back({i, false});
            }
            if (tasks_[i].errFd >= 0) {
                fds.push_back({tasks_[i].errFd, POLLIN, 0});
                sources.push_back({i, true});
            }
        }
    }

private:
    void release(Task &task)
    {
        writeAll(STDOUT_FILENO, task.heldOut.data(), task.heldOut.size());
        writeAll(STDERR_FILENO, task.heldErr.data(), task.heldErr.size());
        task.heldOut.clear();
        task.heldErr.clear();
    }

    std::vector<Task> &tasks_;
    std::size_t current_ = 0;
};

// srun's report of the tasks that did not end well, node by node: "srun: error: n1: task
// 0: Terminated", "srun: error: n2: tasks 2-3: Exited with exit code 1".
void reportFailures(const std::vector<Task> &tasks)
{
    std::vector<std::pair<std::string, std::vector<std::size_t>>> groups; // what -> tasks
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const int status = tasks[i].status;
        std::string what;
        if (WIFSIGNALED(status))
            what = WTERMSIG(status) == SIGKILL ? std::string("Killed")
                                               : std::string(::strsignal(WTERMSIG(status)));
        else if (WEXITSTATUS(status) != 0)
            what = "Exited with exit code " + std::to_string(WEXITSTATUS(status));
        else
            continue;
        const std::string key = tasks[i].node + ": " + what;
        auto it = groups.begin();
        while (it != groups.end() && it->first != key)
            ++it;
        if (it == groups.end())
            groups.push_back({key, {i}});
        else
            it->second.push_back(i);
    }
    for (const auto &[key, ids] : groups) {
        const std::size_t colon = key.find(": ");
        std::string list = std::to_string(ids.front());
        if (ids.size() > 1)
            list += "-" + std::to_string(ids.back());
        const std::string line = "srun: error: " + key.substr(0, colon) + ": task" +
                                 (ids.size() > 1 ? "s " : " ") + list + ": " +
                                 key.substr(colon + 2) + "\n";
        writeAll(STDERR_FILENO, line.data(), line.size());
    }
}

// The worst status of the tasks: the first one killed by a signal, else the highest exit
// code.
int worstStatus(const std::vector<Task> &tasks)
{
    int worst = 0;
    for (const Task &task : tasks) {
        if (WIFSIGNALED(task.status))
            return task.status;
        if (WEXITSTATUS(task.status) > WEXITSTATUS(worst))
            worst = task.status;
    }
    return worst;
}

// Reaps whatever has exited: a task, or an orphan of the step that came back to us. False once
// no child is left. A task that ends before the last one tells the engine, when `notify`.
bool reapChildren(TasksOptions &options, OutputGate &gate, std::size_t &left, bool notify)
{
    for (;;) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid < 0 && errno == EINTR)
            continue;
        if (pid <= 0)
            return pid == 0; // 0: children remain; -1 (ECHILD): none left
        for (std::size_t i = 0; i < options.tasks.size(); ++i) {
            Task &task = options.tasks[i];
            if (task.pid != pid || task.done)
                continue;
            task.done = true;
            task.status = status;
            --left;
            gate.ended(i);
            if (notify && left > 0) // the last one ends with the step itself
                notifyTaskEnd(options, i);
        }
    }
}

// Acts on the signals received; true when the whole step is to be killed now.
bool handleSignals(int signalFd, const std::vector<Task> &tasks)
{
    bool killAll = false;
    signalfd_siginfo info;
    while (::read(signalFd, &info, sizeof(info)) == sizeof(info)) {
        const int sig = static_cast<int>(info.ssi_signo);
        const bool queued = info.ssi_code == SI_QUEUE;
        if (sig == SIGCHLD)
            continue; // reaped by the caller
        if (sig == SIGUSR1 && queued && info.ssi_int == kKillStepValue)
            killAll = true;
        else if (sig == SIGHUP && !queued)
            killAll = true;
        else if (sig == SIGTERM)
            signalDescendants(SIGTERM);
        else
            signalTasks(tasks, sig);
    }
    return killAll;
}

// Every signal we act on goes through a signalfd, back to its default action first: one the
// shell left ignored (`trap '' HUP` before srun) would be dropped before the signalfd sees it.
int takeSignals()
{
    sigset_t handled;
    sigemptyset(&handled);
    for (int sig : kHandledSignals)
        sigaddset(&handled, sig);
    ::sigprocmask(SIG_BLOCK, &handled, nullptr);
    for (int sig : kHandledSignals)
        ::signal(sig, SIG_DFL);
    // A reader that went away (`srun ... | head -1`) must not kill us before the step is over.
    ::signal(SIGPIPE, SIG_IGN);
    return ::signalfd(-1, &handled, SFD_CLOEXEC | SFD_NONBLOCK);
}

// Ends this process as the worst task did.
int endAsWorst(const std::vector<Task> &tasks)
{
    const int worst = worstStatus(tasks);
    if (WIFSIGNALED(worst)) {
        // Only that signal is unblocked: another one still pending (the client's second kill
        // order, say) must not end us first, under its own name.
        ::signal(WTERMSIG(worst), SIG_DFL);
        sigset_t only;
        sigemptyset(&only);
        sigaddset(&only, WTERMSIG(worst));
        ::sigprocmask(SIG_UNBLOCK, &only, nullptr);
        ::raise(WTERMSIG(worst));
    }
    return WEXITSTATUS(worst);
}

} // namespace

int runTasks(int argc, char **argv)
{
    // Taken first thing: if the client dies before PR_SET_PDEATHSIG is set, our parent changes.
    const pid_t client = ::getppid();
    TasksOptions options = parseTasksOptions(argc, argv);
    const int signalFd = takeSignals();
    if (signalFd < 0) {
        std::perror("schedlab-stepd: signalfd");
        return 1;
    }
    if (!becomeSubreaper(client))
        return 1;
    const bool shared = sameOutputs();
    for (std::size_t i = 0; i < options.tasks.size(); ++i)
        options.tasks[i].pid = startTask(options, i, options.tasks[i], shared);
    OutputGate gate(options.tasks);
    std::size_t left = options.tasks.size();
    bool killAll = false;
    while (left > 0 && !killAll) {
        std::vector<pollfd> fds{{signalFd, POLLIN, 0}};
        std::vector<OutputGate::Source> sources;
        gate.collect(fds, sources);
        if (::poll(fds.data(), fds.size(), -1) < 0 && errno != EINTR)
            break;
        for (std::size_t k = 1; k < fds.size(); ++k) {
            if (!fds[k].revents)
                continue;
            Task &task = options.tasks[sources[k - 1].task];
            int &fd = sources[k - 1].isErr ? task.errFd : task.outFd;
            if (fd >= 0)
                gate.readFrom(sources[k - 1].task, fd, sources[k - 1].isErr);
        }
        killAll = handleSignals(signalFd, options.tasks);
        reapChildren(options, gate, left, true);
    }
    // The step ends with its tasks: nothing they started may outlive it.
    killEverything(signalFd, [&] { return reapChildren(options, gate, left, false); });
    reportFailures(options.tasks);
    return endAsWorst(options.tasks);
}
