// schedlab-client: the program behind sbatch, squeue, ... and the sleep, date, hostname shims.
//
// It hands one command line to the SchedLab engine over its Unix socket and relays the answer.
// Plain C++ and POSIX with no Qt, so that `squeue` in a loop starts in a few milliseconds.
#include "../server/clientfiles.h"
#include "../server/protocol.h"
#include "../stepd/tasks.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace {

using namespace schedlab;

constexpr std::size_t kChunk = 64 * 1024;

std::string baseName(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

void printError(const std::string &command, const std::string &message)
{
    const std::string line = command + ": error: " + message + "\n";
    // Best effort: there is nowhere else to report a failing stderr.
    (void)!::write(STDERR_FILENO, line.data(), line.size());
}

// Writes everything, across partial writes and interrupted calls; false with errno set on error.
bool writeAll(int fd, const char *data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool writeAll(int fd, const std::string &data)
{
    return writeAll(fd, data.data(), data.size());
}

std::string callerName()
{
    for (const char *name : {"SCHEDLAB_USER", "USER"}) {
        const char *value = std::getenv(name);
        if (value && *value)
            return value;
    }
    if (const passwd *pw = ::getpwuid(::getuid()))
        return pw->pw_name;
    return std::to_string(::getuid());
}

std::string currentDirectory()
{
    std::vector<char> buffer(PATH_MAX);
    while (!::getcwd(buffer.data(), buffer.size())) {
        if (errno != ERANGE) {
            // The directory was removed under us: the shell's idea of it is the best we have.
            const char *pwd = std::getenv("PWD");
            return pwd ? pwd : "";
        }
        buffer.resize(buffer.size() * 2);
    }
    return buffer.data();
}

// What the real tool prints when slurmctld is down, so that a lesson about a missing
// controller reads as it would on the login node.
std::string slurmUnreachableLine(const std::string &command)
{
    const std::string failure = "Unable to contact slurm controller (connect failure)";
    if (command == "squeue" || command == "scontrol")
        return "slurm_load_jobs error: " + failure;
    if (command == "sinfo")
        return "slurm_load_partitions: " + failure;
    if (command == "sbatch")
        return "sbatch: error: Batch job submission failed: " + failure;
    if (command == "srun")
        return "srun: error: Unable to allocate resources: " + failure;
    if (command == "salloc")
        return "salloc: error: Job submit/allocate failed: " + failure;
    if (command == "sacct")
        return "sacct: error: Problem talking to the database: Connection refused";
    if (command == "scancel" || command == "sprio")
        return command + ": error: " + failure;
    if (command == "kubectl")
        return "The connection to the server localhost:8080 was refused - did you specify the "
               "right host or port?";
    return {};
}

// Connects to $SCHEDLAB_SOCKET; -1 with a reason ("SCHEDLAB_SOCKET is not set", "at PATH: ...").
int connectEngine(std::string &reason)
{
    const char *path = std::getenv("SCHEDLAB_SOCKET");
    if (!path || !*path) {
        reason = "(SCHEDLAB_SOCKET is not set)";
        return -1;
    }
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (std::strlen(path) >= sizeof(address.sun_path)) {
        reason = std::string("at ") + path + ": File name too long";
        return -1;
    }
    std::strcpy(address.sun_path, path);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        reason = std::string("at ") + path + ": " + std::strerror(errno);
        return -1;
    }
    // No handler is installed yet, so connect cannot be interrupted into a half-open state.
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof(address)) != 0) {
        reason = std::string("at ") + path + ": " + std::strerror(errno);
        ::close(fd);
        return -1;
    }
    return fd;
}

void reportUnreachable(const std::string &command, const std::string &reason)
{
    const std::string slurmLine = slurmUnreachableLine(command);
    if (!slurmLine.empty())
        (void)writeAll(STDERR_FILENO, slurmLine + "\n");
    printError(command, "cannot reach the SchedLab mini-cluster " + reason);
}

// Ctrl-C and friends are forwarded to the engine through this pipe, written by the handler.
int g_signalPipe[2] = {-1, -1};
constexpr int kForwardedSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction g_savedActions[3];
bool g_handlersInstalled = false;

void onSignal(int signal)
{
    const int savedErrno = errno;
    const unsigned char byte = static_cast<unsigned char>(signal);
    (void)!::write(g_signalPipe[1], &byte, 1);
    errno = savedErrno;
}

// SIGCHLD of a command started for srun/salloc arrives on the same pipe, as this byte.
constexpr unsigned char kChildMarker = 0xFF;

void onChild(int)
{
    const int savedErrno = errno;
    const unsigned char byte = kChildMarker;
    (void)!::write(g_signalPipe[1], &byte, 1);
    errno = savedErrno;
}

bool installSignalForwarding()
{
    if (::pipe2(g_signalPipe, O_NONBLOCK | O_CLOEXEC) != 0)
        return false;
    for (std::size_t i = 0; i < std::size(kForwardedSignals); ++i) {
        const int sig = kForwardedSignals[i];
        ::sigaction(sig, nullptr, &g_savedActions[i]);
        // A signal the shell told us to ignore (`cmd &` in a script) stays ignored, as it
        // would for the real tool.
        if (g_savedActions[i].sa_handler == SIG_IGN)
            continue;
        struct sigaction action = {};
        action.sa_handler = onSignal;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        ::sigaction(sig, &action, nullptr);
    }
    // A reader that went away (`squeue | head -1`) must not kill us before the exit status.
    ::signal(SIGPIPE, SIG_IGN);
    struct sigaction child = {};
    child.sa_handler = onChild;
    child.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigemptyset(&child.sa_mask);
    ::sigaction(SIGCHLD, &child, nullptr);
    g_handlersInstalled = true;
    return true;
}

void restoreSignals()
{
    if (!g_handlersInstalled)
        return;
    for (std::size_t i = 0; i < std::size(kForwardedSignals); ++i)
        ::sigaction(kForwardedSignals[i], &g_savedActions[i], nullptr);
    ::signal(SIGPIPE, SIG_DFL);
    g_handlersInstalled = false;
}

std::string buildRequest(const std::vector<std::string> &args)
{
    std::string payload;
    protocol::appendString(payload, protocol::kVersion);
    protocol::appendString(payload, currentDirectory());
    protocol::appendString(payload, callerName());
    protocol::appendString(payload, std::to_string(args.size()));
    for (const std::string &arg : args)
        protocol::appendString(payload, arg);
    std::vector<std::string> environment;
    for (char **entry = environ; entry && *entry; ++entry)
        environment.emplace_back(*entry);
    protocol::appendString(payload, std::to_string(environment.size()));
    for (const std::string &entry : environment)
        protocol::appendString(payload, entry);
    return protocol::frame(protocol::Request, payload);
}

// The command the engine asked us to run (srun, salloc), while it runs.
struct Child
{
    pid_t pid = -1;
    // schedlab-stepd --tasks, the supervisor of an srun step: it keeps the step's processes
    // in, and is told to kill them all through sigqueue (see tasks.h).
    bool isStep = false;
};

bool isStepSupervisor(const std::vector<std::string> &argv)
{
    return argv.size() > 1 && baseName(argv[0]) == "schedlab-stepd" && argv[1] == "--tasks";
}

// Runs the command the engine asks for (srun, salloc) as our child, with the engine's
// variables added to our environment. It keeps our process group, so the terminal's Ctrl-C
// reaches it directly, as it reaches a task started by the real srun.
Child launchChild(const std::string &payload, int socketFd)
{
    std::vector<std::string> strings;
    if (!protocol::splitStrings(payload, strings) || strings.empty())
        return {};
    std::size_t pos = 0;
    const std::size_t envc = std::strtoul(strings[pos++].c_str(), nullptr, 10);
    std::vector<std::string> environment(
        strings.begin() + long(pos), strings.begin() + long(std::min(strings.size(), pos + envc)));
    pos += envc;
    if (pos >= strings.size())
        return {};
    const std::size_t argc = std::strtoul(strings[pos++].c_str(), nullptr, 10);
    std::vector<std::string> argv(strings.begin() + long(pos),
                                  strings.begin() + long(std::min(strings.size(), pos + argc)));
    if (argv.empty())
        return {};
    const bool isStep = isStepSupervisor(argv);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid != 0)
        return {pid, isStep && pid > 0};
    // A step dies with us, whatever kills us (the parent-death signal survives the exec):
    // its supervisor then kills the whole step.
    if (isStep && (::prctl(PR_SET_PDEATHSIG, SIGHUP) != 0 || ::getppid() != parent))
        ::_exit(1);
    ::close(socketFd);
    ::close(g_signalPipe[0]);
    ::close(g_signalPipe[1]);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGQUIT})
        ::signal(sig, SIG_DFL);
    for (const std::string &entry : environment) {
        const std::size_t eq = entry.find('=');
        if (eq != std::string::npos)
            ::setenv(entry.substr(0, eq).c_str(), entry.substr(eq + 1).c_str(), 1);
    }
    std::vector<char *> args;
    for (std::string &a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    const int err = errno;
    std::string message =
        "slurmstepd: error: execve(): " + argv[0] + ": " + std::strerror(err) + "\n";
    (void)!::write(STDERR_FILENO, message.data(), message.size());
    ::_exit(err == ENOENT ? 127 : 126);
}

// The engine never opens what a command line names: it asks, and we read the file as our
// user, regular files only and within the per-command budget (clientfiles.h).
std::string answerNeedFile(const std::string &payload, std::size_t &budget)
{
    std::vector<std::string> strings;
    if (!protocol::splitStrings(payload, strings) || strings.size() < 2)
        return {};
    const std::vector<std::string> candidates(strings.begin() + 2, strings.end());
    const auto entries = protocol::readRequestedFile(candidates, strings[1], budget);
    return protocol::fileDataPayload(strings[0], entries);
}

// Passes the engine's signal on. A step's supervisor gets it queued, so that it can tell the
// engine's signals from the terminal's, and the engine's SIGKILL as the order to kill the
// whole step.
void signalChild(const Child &child, int signal)
{
    if (child.pid <= 0)
        return;
    if (!child.isStep) {
        ::kill(child.pid, signal);
        return;
    }
    sigval value = {};
    if (signal == SIGKILL) {
        signal = SIGUSR1;
        value.sival_int = kKillStepValue;
    }
    ::sigqueue(child.pid, signal, value);
}

// Kills the step, all of it, and waits until it is gone, so that nothing is left when we
// exit: the engine is gone, or it is done with the step (a reset).
void endStep(Child &child)
{
    if (child.pid <= 0 || !child.isStep)
        return;
    signalChild(child, SIGKILL);
    int status = 0;
    while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
    }
    child.pid = -1;
}

struct Outcome
{
    enum Kind { Exited, LostContact, Malformed } kind = LostContact;
    int status = 1;
    int lastSignal = 0; // the last signal we forwarded, to die the same way if asked to
};

// True when our standard output is a terminal that has hung up (its window closed): nobody is
// left to see a step, and no SIGHUP came if srun ran in the background of a shell that exited.
bool terminalHungUp(const pollfd &fd)
{
    return fd.fd >= 0 && (fd.revents & (POLLHUP | POLLERR));
}

// One conversation with the engine: our Request, then its frames until Exit, with our
// signals, standard input and the files it asks for going the other way.
class Conversation
{
public:
    Conversation(int socketFd, std::string *capture, Child &child)
        : socketFd_(socketFd)
        , capture_(capture)
        , child_(child)
        , onTerminal_(::isatty(STDOUT_FILENO) == 1)
    {}

    // Sends the Request for `args` and relays the answer until its Exit frame. With
    // `capture`, the standard output is collected there instead of written to fd 1.
    Outcome run(const std::vector<std::string> &args)
    {
        socketWritable_ = writeAll(socketFd_, buildRequest(args));
        for (;;) {
            pollfd fds[4] = {
                {socketFd_, POLLIN, 0}, {g_signalPipe[0], POLLIN, 0}, {-1, POLLIN, 0}, {-1, 0, 0}};
            const bool pollStdin = stdinWanted_ && !stdinDone_;
            if (pollStdin)
                fds[2].fd = STDIN_FILENO;
            if (child_.isStep && child_.pid > 0 && onTerminal_ && !hungUp_)
                fds[3].fd = STDOUT_FILENO;
            if (::poll(fds, 4, -1) < 0) {
                if (errno == EINTR)
                    continue;
                return outcome_;
            }
            if (terminalHungUp(fds[3])) {
                hungUp_ = true;
                signalChild(child_, SIGKILL);
            }
            if (fds[1].revents & POLLIN)
                relaySignals();
            if (pollStdin && fds[2].revents)
                relayStdin();
            if (fds[0].revents && !readFromEngine())
                return outcome_;
        }
    }

private:
    void send(protocol::FrameType type, const std::string &payload)
    {
        // When the engine has gone, whatever it already sent is still worth reading.
        if (socketWritable_)
            socketWritable_ = writeAll(socketFd_, protocol::frame(type, payload));
    }

    // The signals our handler queued in the pipe: the launched command's end, or a signal to
    // pass on to the engine.
    void relaySignals()
    {
        unsigned char signals[16];
        ssize_t n;
        while ((n = ::read(g_signalPipe[0], signals, sizeof(signals))) > 0) {
            for (ssize_t i = 0; i < n; ++i) {
                if (signals[i] == kChildMarker) {
                    int status = 0;
                    if (child_.pid > 0 && ::waitpid(child_.pid, &status, WNOHANG) == child_.pid) {
                        child_.pid = -1;
                        send(protocol::ChildExited, std::to_string(status));
                    }
                    continue;
                }
                // Real srun forces the step's termination when its terminal goes: the
                // supervisor kills it all, whether or not the engine still answers.
                if (signals[i] == SIGHUP && child_.isStep)
                    signalChild(child_, SIGKILL);
                outcome_.lastSignal = signals[i];
                send(protocol::Signal, std::to_string(signals[i]));
            }
        }
    }

    void relayStdin()
    {
        const ssize_t n = ::read(STDIN_FILENO, chunk_.data(), chunk_.size());
        if (n > 0) {
            send(protocol::StdinData, std::string(chunk_.data(), static_cast<std::size_t>(n)));
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            // End of file, or a stdin we cannot read (closed, a directory): both end it.
            stdinDone_ = true;
            send(protocol::StdinEof, {});
        }
    }

    // Reads what the engine sent and acts on every whole frame; false once the conversation
    // is over (Exit, the engine gone, a malformed frame), with outcome_ saying how.
    bool readFromEngine()
    {
        const ssize_t n = ::read(socketFd_, chunk_.data(), chunk_.size());
        if (n < 0)
            return errno == EINTR || errno == EAGAIN;
        if (n == 0)
            return false;
        buffer_.append(chunk_.data(), static_cast<std::size_t>(n));
        std::size_t pos = 0;
        while (buffer_.size() - pos >= 4) {
            const std::uint32_t length = protocol::readU32(buffer_.data() + pos);
            if (length == 0 || length > protocol::kMaxFrame) {
                outcome_.kind = Outcome::Malformed;
                return false;
            }
            if (buffer_.size() - pos - 4 < length)
                break;
            const char type = buffer_[pos + 4];
            const std::string_view payload(buffer_.data() + pos + 5, length - 1);
            pos += 4 + length;
            if (!handleFrame(type, payload))
                return false;
        }
        buffer_.erase(0, pos);
        return true;
    }

    // False when the frame ends the conversation (Exit).
    bool handleFrame(char type, std::string_view payload)
    {
        switch (type) {
        case protocol::Stdout:
            if (capture_)
                capture_->append(payload);
            else if (stdoutOpen_)
                stdoutOpen_ = writeAll(STDOUT_FILENO, payload.data(), payload.size());
            break;
        case protocol::Stderr:
            if (stderrOpen_)
                stderrOpen_ = writeAll(STDERR_FILENO, payload.data(), payload.size());
            break;
        case protocol::NeedStdin:
            stdinWanted_ = true;
            break;
        case protocol::NeedFile:
            send(protocol::FileData, answerNeedFile(std::string(payload), fileBudget_));
            break;
        case protocol::Launch:
            child_ = launchChild(std::string(payload), socketFd_);
            if (child_.pid < 0)
                send(protocol::ChildExited, std::to_string(127 << 8));
            break;
        case protocol::SignalChild:
            signalChild(child_, std::atoi(std::string(payload).c_str()));
            break;
        case protocol::Exit: {
            const std::string text(payload);
            char *end = nullptr;
            const long status = std::strtol(text.c_str(), &end, 10);
            outcome_.kind = Outcome::Exited;
            // An exit status the shell cannot hold must not turn into success (256 -> 0).
            outcome_.status = (end == text.c_str() || status < 0) ? 1
                              : status > 255                      ? 255
                                                                  : static_cast<int>(status);
            return false;
        }
        default:
            // A newer engine's frame we do not know: the version check guards the rest.
            break;
        }
        return true;
    }

    const int socketFd_;
    std::string *const capture_;
    Child &child_;
    const bool onTerminal_;
    Outcome outcome_;
    bool socketWritable_ = true;
    bool stdoutOpen_ = true, stderrOpen_ = true;
    bool stdinWanted_ = false, stdinDone_ = false;
    bool hungUp_ = false;
    std::string buffer_;
    std::vector<char> chunk_ = std::vector<char>(kChunk);
    std::size_t fileBudget_ = protocol::kMaxRequestBytes;
};

// The conversation, and then no step of ours is left running, however the conversation ended (the
// engine died, or reset the cluster under the step).
Outcome converse(int socketFd, const std::vector<std::string> &args, std::string *capture)
{
    Child child;
    const Outcome outcome = Conversation(socketFd, capture, child).run(args);
    endStep(child);
    return outcome;
}

// Runs one command through the engine and returns the exit status for main().
int runThroughEngine(const std::string &displayName, const std::vector<std::string> &args,
                     std::string *capture = nullptr)
{
    std::string reason;
    const int fd = connectEngine(reason);
    if (fd < 0) {
        reportUnreachable(displayName, reason);
        return 1;
    }
    if (!installSignalForwarding()) {
        printError(displayName, std::string("cannot create a pipe: ") + std::strerror(errno));
        return 1;
    }
    const Outcome outcome = converse(fd, args, capture);
    ::close(fd);
    switch (outcome.kind) {
    case Outcome::LostContact:
        printError(displayName, "lost contact with the SchedLab mini-cluster");
        return 1;
    case Outcome::Malformed:
        printError(displayName, "malformed answer from the SchedLab mini-cluster");
        return 1;
    case Outcome::Exited:
        break;
    }
    // A command the user interrupted ends as killed by that signal, as the real one would, so
    // that the shell stops a `while true; do squeue; done` loop on Ctrl-C.
    if (outcome.lastSignal > 0 && outcome.status == 128 + outcome.lastSignal) {
        restoreSignals();
        ::signal(outcome.lastSignal, SIG_DFL);
        ::raise(outcome.lastSignal);
    }
    return outcome.status;
}

// --- shims: finding the real program behind them ---

std::string realPath(const std::string &path)
{
    char resolved[PATH_MAX];
    return ::realpath(path.c_str(), resolved) ? std::string(resolved) : std::string();
}

bool isExecutableFile(const std::string &path)
{
    struct stat st = {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

std::vector<std::string> pathDirectories()
{
    std::vector<std::string> dirs;
    const char *path = std::getenv("PATH");
    std::string value = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    for (;;) {
        const auto colon = value.find(':', start);
        std::string dir = value.substr(start, colon == std::string::npos ? colon : colon - start);
        dirs.push_back(dir.empty() ? "." : dir);
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
    return dirs;
}

// The shims folder: the directory of the symlink we were started through (not of the
// client it points to), as the shell found it.
std::string shimDirectory(const std::string &argv0)
{
    std::string invoked = argv0;
    if (invoked.find('/') == std::string::npos) {
        invoked.clear();
        for (const std::string &dir : pathDirectories()) {
            if (isExecutableFile(dir + "/" + argv0)) {
                invoked = dir + "/" + argv0;
                break;
            }
        }
    }
    const auto slash = invoked.rfind('/');
    if (slash == std::string::npos)
        return {};
    return realPath(slash == 0 ? "/" : invoked.substr(0, slash));
}

std::string findRealProgram(const std::string &name, const std::string &argv0)
{
    const std::string shims = shimDirectory(argv0);
    // Also refuse anything that is this very binary, so a second copy of the shims folder on
    // PATH cannot make us exec ourselves forever.
    const std::string self = realPath("/proc/self/exe");
    auto acceptable = [&](const std::string &candidate) {
        return isExecutableFile(candidate) && (self.empty() || realPath(candidate) != self);
    };
    for (const std::string &dir : pathDirectories()) {
        if (!shims.empty() && realPath(dir) == shims)
            continue;
        const std::string candidate = dir + "/" + name;
        if (acceptable(candidate))
            return candidate;
    }
    for (const char *dir : {"/usr/bin", "/bin"}) {
        const std::string candidate = std::string(dir) + "/" + name;
        if (acceptable(candidate))
            return candidate;
    }
    return {};
}

[[noreturn]] void execRealProgram(const std::string &name, const std::string &argv0,
                                  const std::vector<std::string> &args)
{
    const std::string program = findRealProgram(name, argv0);
    if (program.empty()) {
        printError(name, "cannot find the system's " + name + " on PATH");
        std::exit(127);
    }
    std::vector<char *> argv;
    argv.push_back(const_cast<char *>(name.c_str()));
    for (std::size_t i = 1; i < args.size(); ++i)
        argv.push_back(const_cast<char *>(args[i].c_str()));
    argv.push_back(nullptr);
    restoreSignals();
    ::execv(program.c_str(), argv.data());
    printError(name, program + ": " + std::strerror(errno));
    std::exit(errno == ENOENT ? 127 : 126);
}

bool engineConfigured()
{
    const char *socket = std::getenv("SCHEDLAB_SOCKET");
    return socket && *socket;
}

// --- the shims ---

int sleepShim(const std::string &argv0, std::vector<std::string> args)
{
    if (!engineConfigured())
        execRealProgram("sleep", argv0, args);
    // The engine waits in virtual time and answers Exit once it has passed (or on a signal).
    args[0] = "sleep";
    return runThroughEngine("sleep", args);
}

// True when `date` is asked about another time than now (or to set the clock): the virtual
// clock has nothing to add then.
bool dateNamesItsOwnTime(const std::vector<std::string> &args)
{
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--")
            return false;
        if (arg.rfind("--", 0) == 0) {
            // getopt_long takes any prefix (--dat, --ref); an ambiguous one (--d) is an error
            // the real date reports better than we would.
            const std::string name = arg.substr(2, arg.find('=') - 2);
            for (const std::string option : {"date", "reference", "set", "file"}) {
                if (!name.empty() && option.rfind(name, 0) == 0)
                    return true;
            }
            continue;
        }
        if (arg.size() < 2 || arg[0] != '-')
            continue;
        for (std::size_t c = 1; c < arg.size(); ++c) {
            const char option = arg[c];
            if (option == 'd' || option == 'r' || option == 's' || option == 'f')
                return true;
            if (option == 'I')
                break; // -I takes the rest of the word as its argument (-Idate)
        }
    }
    return false;
}

int dateShim(const std::string &argv0, std::vector<std::string> args)
{
    if (!engineConfigured() || dateNamesItsOwnTime(args))
        execRealProgram("date", argv0, args);
    std::string answer;
    const int status = runThroughEngine("date", {"schedlab-time"}, &answer);
    if (status != 0)
        return status;
    char *end = nullptr;
    const long long epoch = std::strtoll(answer.c_str(), &end, 10);
    if (end == answer.c_str()) {
        printError("date", "the SchedLab mini-cluster gave no time: '" + answer + "'");
        return 1;
    }
    args.insert(args.begin() + 1, {"-d", "@" + std::to_string(epoch)});
    execRealProgram("date", argv0, args);
}

int hostnameShim(const std::string &argv0, const std::vector<std::string> &args)
{
    const char *virtualName = std::getenv("SCHEDLAB_HOSTNAME");
    if (!virtualName || !*virtualName)
        execRealProgram("hostname", argv0, args);
    const std::string name = virtualName;
    const auto dot = name.find('.');
    enum { Full, Short, Domain, Address } what = Full;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "-s" || arg == "--short")
            what = Short;
        else if (arg == "-f" || arg == "--fqdn" || arg == "--long" || arg == "-A" ||
                 arg == "--all-fqdns" || arg == "-a" || arg == "--alias")
            what = Full;
        else if (arg == "-d" || arg == "--domain")
            what = Domain;
        else if (arg == "-i" || arg == "--ip-address" || arg == "-I" || arg == "--all-ip-addresses")
            what = Address;
        else if (arg == "-h" || arg == "--help" || arg == "-V" || arg == "--version")
            execRealProgram("hostname", argv0, args);
        else if (arg.empty() || arg[0] != '-' || arg == "-F" || arg == "--file" || arg == "-b" ||
                 arg == "--boot") {
            // Never touch the real machine's name from inside a job, even as root.
            (void)writeAll(STDERR_FILENO, "hostname: you must be root to change the host name\n");
            return 1;
        } else {
            execRealProgram("hostname", argv0, args);
        }
    }
    std::string line;
    switch (what) {
    case Full:
        line = name;
        break;
    case Short:
        line = name.substr(0, dot);
        break;
    case Domain:
        line = dot == std::string::npos ? std::string() : name.substr(dot + 1);
        break;
    case Address:
        line = "127.0.1.1 ";
        break;
    }
    line += "\n";
    return writeAll(STDOUT_FILENO, line) ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    const std::string argv0 = argc > 0 ? argv[0] : "schedlab-client";
    std::vector<std::string> args(argv, argv + argc);
    if (args.empty())
        args.push_back(argv0);
    std::string command = baseName(argv0);

    // `schedlab-client squeue -u kim`: handy when the symlinks are not at hand.
    if (command == "schedlab-client") {
        if (args.size() < 2) {
            (void)writeAll(STDERR_FILENO,
                           "usage: schedlab-client COMMAND [ARGS...]  (or run it as squeue, "
                           "sbatch, ... through its symlinks)\n");
            return 2;
        }
        args.erase(args.begin());
        command = baseName(args[0]);
    }

    if (command == "sleep")
        return sleepShim(argv0, args);
    if (command == "date")
        return dateShim(argv0, args);
    if (command == "hostname")
        return hostnameShim(argv0, args);

    args[0] = command;
    return runThroughEngine(command, args);
}
