// sbatch 22.05's reading of its command line, batch script, #SBATCH directives and SBATCH_*
// variables, with glibc getopt_long's behaviour and Slurm's own messages.
#include "sbatchparser.h"

#include <QSet>

#include <algorithm>
#include <array>
#include <climits>
#include <map>
#include <optional>

namespace schedlab::slurm {

namespace {

// Everything is handled as bytes, as sbatch handles C strings: a script need not be UTF-8.
using Bytes = QByteArray;

constexpr int kExitGetopt = 255; // exit(-1) in slurm_process_option_or_exit()
constexpr std::uint32_t kNoVal = 0xFFFFFFFEu;
constexpr qint64 kNoVal64 = -2;          // our marker for str_to_mbytes()'s NO_VAL64
constexpr int kNiceLimit = 2147483645;   // NICE_OFFSET - 3
constexpr int kMaxArraySize = 1001;      // MaxArraySize's default
constexpr qint64 kAnyEpoch = 1700000000; // a clock for checks whose answer does not depend on it

// sbatch logs through Slurm's log.c: these are its levels, so that -Q silences info lines.
enum LogLevel { LogQuiet = 0, LogFatal = 1, LogError = 2, LogInfo = 3 };

bool cIsSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}
bool cIsBlank(char c)
{
    return c == ' ' || c == '\t';
}
bool cIsDigit(char c)
{
    return c >= '0' && c <= '9';
}
char cLower(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

// A C string: bytes up to the first NUL, as every Slurm function sees its argument.
Bytes cString(const QString &text)
{
    Bytes b = text.toUtf8();
    const qsizetype nul = b.indexOf('\0');
    if (nul >= 0)
        b.truncate(nul);
    return b;
}

QString show(const Bytes &b)
{
    return QString::fromUtf8(b);
}

// Reads b[i] with C's terminating NUL past the end (Slurm's parsers look one byte ahead).
char at(const Bytes &b, qsizetype i)
{
    return (i >= 0 && i < b.size()) ? b.at(i) : '\0';
}

bool caseEqual(const Bytes &a, const char *b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}
bool casePrefix(const Bytes &a, qsizetype pos, const char *word)
{
    const qsizetype n = qstrlen(word);
    for (qsizetype i = 0; i < n; ++i) {
        if (cLower(at(a, pos + i)) != word[i])
            return false;
    }
    return true;
}
bool caseContains(const Bytes &hay, const char *needle)
{
    return hay.toLower().contains(Bytes(needle).toLower());
}

// strtol()/strtoll() on a 64-bit Linux: leading spaces, a sign, decimal digits, clamping on
// overflow. `end` is the index of the first byte not used (0 when no digits).
struct CNumber
{
    qint64 value = 0;
    qsizetype end = 0;
    bool overflow = false;
};
CNumber cStrtol(const Bytes &s, qsizetype from = 0)
{
    CNumber r;
    r.end = from;
    qsizetype i = from;
    while (cIsSpace(at(s, i)))
        ++i;
    bool negative = false;
    if (at(s, i) == '+' || at(s, i) == '-') {
        negative = at(s, i) == '-';
        ++i;
    }
    if (!cIsDigit(at(s, i)))
        return r;
    quint64 magnitude = 0;
    const quint64 limit = negative ? quint64(LLONG_MAX) + 1 : quint64(LLONG_MAX);
    for (; cIsDigit(at(s, i)); ++i) {
        const int d = at(s, i) - '0';
        if (!r.overflow && magnitude > (limit - quint64(d)) / 10)
            r.overflow = true;
        if (!r.overflow)
            magnitude = magnitude * 10 + quint64(d);
    }
    r.end = i;
    if (r.overflow)
        r.value = negative ? LLONG_MIN : LLONG_MAX;
    else
        r.value = negative ? qint64(0 - magnitude) : qint64(magnitude);
    return r;
}
// atoi(): strtol truncated to int.
int cAtoi(const Bytes &s)
{
    return int(cStrtol(s).value);
}

// ---------------------------------------------------------------------------------------
// The option table: sbatch's entries of slurm_opt.c's common_options[], in its order, which
// is the order glibc lists an ambiguous abbreviation's possibilities in.

enum class Arg : quint8 { None, Required, Optional };

enum class Opt : int {
    Account,
    AcctgFreq,
    Array,
    Batch,
    Begin,
    Bb,
    Bbf,
    ClusterConstraint,
    Chdir,
    Cluster,
    Clusters,
    Comment,
    Container,
    Context,
    Contiguous,
    Constraint,
    CoreSpec,
    CoresPerSocket,
    CpuFreq,
    CpusPerGpu,
    CpusPerTask,
    Deadline,
    DelayBoot,
    Dependency,
    Distribution,
    Error,
    Exclude,
    Exclusive,
    Export,
    ExportFile,
    ExtraNodeInfo,
    GetUserEnv,
    Gid,
    GpuBind,
    GpuFreq,
    Gpus,
    GpusPerNode,
    GpusPerSocket,
    GpusPerTask,
    Gres,
    GresFlags,
    Help,
    Hint,
    Hold,
    IgnorePbs,
    Input,
    JobName,
    KillOnInvalidDep,
    Licenses,
    MailType,
    MailUser,
    McsLabel,
    Mem,
    MemBind,
    MemPerCpu,
    MemPerGpu,
    Mincpus,
    Network,
    Nice,
    NoKill,
    NoRequeue,
    Nodefile,
    Nodelist,
    Nodes,
    Ntasks,
    NtasksPerCore,
    NtasksPerGpu,
    NtasksPerNode,
    NtasksPerSocket,
    NtasksPerTres,
    OpenMode,
    Output,
    Overcommit,
    Oversubscribe,
    Parsable,
    Partition,
    Power,
    Prefer,
    Priority,
    Profile,
    Propagate,
    Qos,
    Quiet,
    Reboot,
    Requeue,
    Reservation,
    Signal,
    SocketsPerNode,
    SpreadJob,
    SwitchReq,
    SwitchWait,
    Switches,
    TasksPerNode,
    TestOnly,
    ThreadSpec,
    ThreadsPerCore,
    Time,
    TimeMin,
    Tmp,
    Uid,
    UseMinNodes,
    Verbose,
    Version,
    Usage,
    Wait,
    WaitAllNodes,
    Wckey,
    Wrap,
    Count
};
constexpr int kOptCount = int(Opt::Count);

struct OptionSpec
{
    const char *name; // nullptr: only an environment variable sets it
    Arg arg;
    char shortName; // 0: long only
    bool early;     // handled in sbatch's first pass only
    Opt id;
};

constexpr OptionSpec kOptions[] = {
    {"account", Arg::Required, 'A', false, Opt::Account},
    {"acctg-freq", Arg::Required, 0, false, Opt::AcctgFreq},
    {"array", Arg::Required, 'a', false, Opt::Array},
    {"batch", Arg::Required, 0, false, Opt::Batch},
    {"begin", Arg::Required, 'b', false, Opt::Begin},
    {"bb", Arg::Required, 0, false, Opt::Bb},
    {"bbf", Arg::Required, 0, false, Opt::Bbf},
    {"cluster-constraint", Arg::Required, 0, false, Opt::ClusterConstraint},
    {"chdir", Arg::Required, 'D', false, Opt::Chdir},
    {"cluster", Arg::Required, 0, false, Opt::Cluster},
    {"clusters", Arg::Required, 'M', false, Opt::Clusters},
    {"comment", Arg::Required, 0, false, Opt::Comment},
    {"container", Arg::Required, 0, false, Opt::Container},
    {"context", Arg::Required, 0, false, Opt::Context},
    {"contiguous", Arg::None, 0, false, Opt::Contiguous},
    {"constraint", Arg::Required, 'C', false, Opt::Constraint},
    {"core-spec", Arg::Required, 'S', false, Opt::CoreSpec},
    {"cores-per-socket", Arg::Required, 0, false, Opt::CoresPerSocket},
    {"cpu-freq", Arg::Required, 0, false, Opt::CpuFreq},
    {"cpus-per-gpu", Arg::Required, 0, false, Opt::CpusPerGpu},
    {"cpus-per-task", Arg::Required, 'c', false, Opt::CpusPerTask},
    {"deadline", Arg::Required, 0, false, Opt::Deadline},
    {"delay-boot", Arg::Required, 0, false, Opt::DelayBoot},
    {"dependency", Arg::Required, 'd', false, Opt::Dependency},
    {"distribution", Arg::Required, 'm', false, Opt::Distribution},
    {"error", Arg::Required, 'e', false, Opt::Error},
    {"exclude", Arg::Required, 'x', false, Opt::Exclude},
    {"exclusive", Arg::Optional, 0, false, Opt::Exclusive},
    {"export", Arg::Required, 0, false, Opt::Export},
    {"export-file", Arg::Required, 0, false, Opt::ExportFile},
    {"extra-node-info", Arg::Required, 'B', false, Opt::ExtraNodeInfo},
    {"get-user-env", Arg::Optional, 0, false, Opt::GetUserEnv},
    {"gid", Arg::Required, 0, false, Opt::Gid},
    {"gpu-bind", Arg::Required, 0, false, Opt::GpuBind},
    {"gpu-freq", Arg::Required, 0, false, Opt::GpuFreq},
    {"gpus", Arg::Required, 'G', false, Opt::Gpus},
    {"gpus-per-node", Arg::Required, 0, false, Opt::GpusPerNode},
    {"gpus-per-socket", Arg::Required, 0, false, Opt::GpusPerSocket},
    {"gpus-per-task", Arg::Required, 0, false, Opt::GpusPerTask},
    {"gres", Arg::Required, 0, false, Opt::Gres},
    {"gres-flags", Arg::Required, 0, false, Opt::GresFlags},
    {"help", Arg::None, 'h', true, Opt::Help},
    {"hint", Arg::Required, 0, false, Opt::Hint},
    {"hold", Arg::None, 'H', false, Opt::Hold},
    {"ignore-pbs", Arg::None, 0, false, Opt::IgnorePbs},
    {"input", Arg::Required, 'i', false, Opt::Input},
    {"job-name", Arg::Required, 'J', false, Opt::JobName},
    {"kill-on-invalid-dep", Arg::Required, 0, false, Opt::KillOnInvalidDep},
    {"licenses", Arg::Required, 'L', false, Opt::Licenses},
    {"mail-type", Arg::Required, 0, false, Opt::MailType},
    {"mail-user", Arg::Required, 0, false, Opt::MailUser},
    {"mcs-label", Arg::Required, 0, false, Opt::McsLabel},
    {"mem", Arg::Required, 0, false, Opt::Mem},
    {"mem-bind", Arg::Required, 0, false, Opt::MemBind},
    {"mem-per-cpu", Arg::Required, 0, false, Opt::MemPerCpu},
    {"mem-per-gpu", Arg::Required, 0, false, Opt::MemPerGpu},
    {"mincpus", Arg::Required, 0, false, Opt::Mincpus},
    {"network", Arg::Required, 0, false, Opt::Network},
    {"nice", Arg::Optional, 0, false, Opt::Nice},
    {"no-kill", Arg::Optional, 'k', false, Opt::NoKill},
    {"no-requeue", Arg::None, 0, false, Opt::NoRequeue},
    {"nodefile", Arg::Required, 'F', false, Opt::Nodefile},
    {"nodelist", Arg::Required, 'w', false, Opt::Nodelist},
    {"nodes", Arg::Required, 'N', false, Opt::Nodes},
    {"ntasks", Arg::Required, 'n', false, Opt::Ntasks},
    {"ntasks-per-core", Arg::Required, 0, false, Opt::NtasksPerCore},
    {"ntasks-per-gpu", Arg::Required, 0, false, Opt::NtasksPerGpu},
    {"ntasks-per-node", Arg::Required, 0, false, Opt::NtasksPerNode},
    {"ntasks-per-socket", Arg::Required, 0, false, Opt::NtasksPerSocket},
    {"ntasks-per-tres", Arg::Required, 0, false, Opt::NtasksPerTres},
    {"open-mode", Arg::Required, 0, false, Opt::OpenMode},
    {"output", Arg::Required, 'o', false, Opt::Output},
    {"overcommit", Arg::None, 'O', false, Opt::Overcommit},
    {"oversubscribe", Arg::None, 's', false, Opt::Oversubscribe},
    {"parsable", Arg::None, 0, false, Opt::Parsable},
    {"partition", Arg::Required, 'p', false, Opt::Partition},
    {"power", Arg::Required, 0, false, Opt::Power},
    {"prefer", Arg::Required, 0, false, Opt::Prefer},
    {"priority", Arg::Required, 0, false, Opt::Priority},
    {"profile", Arg::Required, 0, false, Opt::Profile},
    {"propagate", Arg::Optional, 0, false, Opt::Propagate},
    {"qos", Arg::Required, 'q', false, Opt::Qos},
    {"quiet", Arg::None, 'Q', true, Opt::Quiet},
    {"reboot", Arg::None, 0, false, Opt::Reboot},
    {"requeue", Arg::None, 0, false, Opt::Requeue},
    {"reservation", Arg::Required, 0, false, Opt::Reservation},
    {"signal", Arg::Required, 0, false, Opt::Signal},
    {"sockets-per-node", Arg::Required, 0, false, Opt::SocketsPerNode},
    {"spread-job", Arg::None, 0, false, Opt::SpreadJob},
    {nullptr, Arg::Required, 0, false, Opt::SwitchReq},
    {nullptr, Arg::Required, 0, false, Opt::SwitchWait},
    {"switches", Arg::Required, 0, false, Opt::Switches},
    {"tasks-per-node", Arg::Required, 0, false, Opt::TasksPerNode},
    {"test-only", Arg::None, 0, false, Opt::TestOnly},
    {"thread-spec", Arg::Required, 0, false, Opt::ThreadSpec},
    {"threads-per-core", Arg::Required, 0, false, Opt::ThreadsPerCore},
    {"time", Arg::Required, 't', false, Opt::Time},
    {"time-min", Arg::Required, 0, false, Opt::TimeMin},
    {"tmp", Arg::Required, 0, false, Opt::Tmp},
    {"uid", Arg::Required, 0, false, Opt::Uid},
    {"use-min-nodes", Arg::None, 0, false, Opt::UseMinNodes},
    {"verbose", Arg::None, 'v', true, Opt::Verbose},
    {"version", Arg::None, 'V', true, Opt::Version},
    {"usage", Arg::None, 0, true, Opt::Usage},
    {"wait", Arg::None, 'W', false, Opt::Wait},
    {"wait-all-nodes", Arg::Required, 0, false, Opt::WaitAllNodes},
    {"wckey", Arg::Required, 0, false, Opt::Wckey},
    {"wrap", Arg::Required, 0, true, Opt::Wrap},
};
static_assert(std::size(kOptions) == std::size_t(kOptCount), "one table entry per option");

const OptionSpec &spec(Opt id)
{
    for (const OptionSpec &s : kOptions) {
        if (s.id == id)
            return s;
    }
    return kOptions[0]; // unreachable: every id has an entry (checked above)
}

// getopt's `val`: two long options with the same val are not ambiguous with each other.
// --tasks-per-node is --ntasks-per-node's old name, and slurm_process_option() finds the
// option by val, so the newer entry is the one that acts.
int optionVal(const OptionSpec &s)
{
    if (s.shortName)
        return s.shortName;
    if (s.id == Opt::TasksPerNode)
        return 0x100 + int(Opt::NtasksPerNode);
    return 0x100 + int(s.id);
}
Opt canonical(Opt id)
{
    return id == Opt::TasksPerNode ? Opt::NtasksPerNode : id;
}

// The environment variables of src/sbatch/opt.c, in its order (which decides which error
// comes first).
struct EnvOption
{
    const char *name;
    Opt id;
};
constexpr EnvOption kEnvOptions[] = {
    {"SBATCH_ACCOUNT", Opt::Account},
    {"SBATCH_ARRAY_INX", Opt::Array},
    {"SBATCH_ACCTG_FREQ", Opt::AcctgFreq},
    {"SBATCH_BATCH", Opt::Batch},
    {"SBATCH_BURST_BUFFER", Opt::Bb},
    {"SBATCH_CLUSTER_CONSTRAINT", Opt::ClusterConstraint},
    {"SBATCH_CLUSTERS", Opt::Clusters},
    {"SLURM_CLUSTERS", Opt::Clusters},
    {"SBATCH_CONTAINER", Opt::Container},
    {"SBATCH_CONSTRAINT", Opt::Constraint},
    {"SBATCH_CORE_SPEC", Opt::CoreSpec},
    {"SBATCH_CPU_FREQ_REQ", Opt::CpuFreq},
    {"SBATCH_CPUS_PER_GPU", Opt::CpusPerGpu},
    {"SBATCH_DEBUG", Opt::Verbose},
    {"SBATCH_DELAY_BOOT", Opt::DelayBoot},
    {"SBATCH_DISTRIBUTION", Opt::Distribution},
    {"SBATCH_EXCLUSIVE", Opt::Exclusive},
    {"SBATCH_EXPORT", Opt::Export},
    {"SBATCH_GET_USER_ENV", Opt::GetUserEnv},
    {"SBATCH_GRES", Opt::Gres},
    {"SBATCH_GRES_FLAGS", Opt::GresFlags},
    {"SBATCH_GPUS", Opt::Gpus},
    {"SBATCH_GPU_BIND", Opt::GpuBind},
    {"SBATCH_GPU_FREQ", Opt::GpuFreq},
    {"SBATCH_GPUS_PER_NODE", Opt::GpusPerNode},
    {"SBATCH_GPUS_PER_SOCKET", Opt::GpusPerSocket},
    {"SBATCH_GPUS_PER_TASK", Opt::GpusPerTask},
    {"SLURM_HINT", Opt::Hint},
    {"SBATCH_HINT", Opt::Hint},
    {"SBATCH_JOB_NAME", Opt::JobName},
    {"SBATCH_MEM_BIND", Opt::MemBind},
    {"SBATCH_MEM_PER_CPU", Opt::MemPerCpu},
    {"SBATCH_MEM_PER_GPU", Opt::MemPerGpu},
    {"SBATCH_MEM_PER_NODE", Opt::Mem},
    {"SBATCH_NETWORK", Opt::Network},
    {"SBATCH_NO_KILL", Opt::NoKill},
    {"SBATCH_NO_REQUEUE", Opt::NoRequeue},
    {"SBATCH_OPEN_MODE", Opt::OpenMode},
    {"SBATCH_OVERCOMMIT", Opt::Overcommit},
    {"SBATCH_PARTITION", Opt::Partition},
    {"SBATCH_POWER", Opt::Power},
    {"SBATCH_PROFILE", Opt::Profile},
    {"SBATCH_QOS", Opt::Qos},
    {"SBATCH_REQ_SWITCH", Opt::SwitchReq},
    {"SBATCH_REQUEUE", Opt::Requeue},
    {"SBATCH_RESERVATION", Opt::Reservation},
    {"SBATCH_SIGNAL", Opt::Signal},
    {"SBATCH_SPREAD_JOB", Opt::SpreadJob},
    {"SBATCH_THREAD_SPEC", Opt::ThreadSpec},
    {"SBATCH_THREADS_PER_CORE", Opt::ThreadsPerCore},
    {"SBATCH_TIMELIMIT", Opt::Time},
    {"SBATCH_USE_MIN_NODES", Opt::UseMinNodes},
    {"SBATCH_WAIT", Opt::Wait},
    {"SBATCH_WAIT_ALL_NODES", Opt::WaitAllNodes},
    {"SBATCH_WAIT4SWITCH", Opt::SwitchWait},
    {"SBATCH_WCKEY", Opt::Wckey},
    {"SBATCH_ERROR", Opt::Error},
    {"SBATCH_INPUT", Opt::Input},
    {"SBATCH_OUTPUT", Opt::Output},
};

// ---------------------------------------------------------------------------------------
// glibc's getopt_long() with a "+" optstring (REQUIRE_ORDER): the scan stops at the first
// non-option, "--" ends the options, and the error messages are glibc's.

struct GetoptEvent
{
    enum Kind { Done, Option, Error } kind = Done;
    const OptionSpec *option = nullptr;
    std::optional<Bytes> optarg;
    QString message; // glibc's line(s), for Error
};

class Getopt
{
public:
    // argv[0] is the program name used in messages.
    explicit Getopt(QList<Bytes> argv)
        : argv_(std::move(argv))
    {}

    int optind() const { return optind_; }

    GetoptEvent next()
    {
        GetoptEvent ev;
        const int argc = int(argv_.size());
        if (nextchar_ < 0) {
            if (optind_ < argc && argv_[optind_] == "--") {
                // glibc skips "--" and leaves optind on the first argument after it.
                ++optind_;
                return ev;
            }
            if (optind_ >= argc)
                return ev;
            const Bytes &a = argv_[optind_];
            if (at(a, 0) != '-' || at(a, 1) == '\0')
                return ev; // a non-option: REQUIRE_ORDER stops here
            if (at(a, 1) == '-')
                return longOption(a.mid(2));
            nextchar_ = 1;
        }
        return shortOption();
    }

private:
    QString prog() const { return show(argv_.value(0)); }

    GetoptEvent error(const QString &line)
    {
        GetoptEvent ev;
        ev.kind = GetoptEvent::Error;
        ev.message = line + QLatin1Char('\n');
        return ev;
    }

    GetoptEvent longOption(const Bytes &text)
    {
        const qsizetype eq = text.indexOf('=');
        const Bytes name = eq < 0 ? text : text.left(eq);
        const OptionSpec *found = nullptr;
        for (const OptionSpec &s : kOptions) {
            if (s.name && name == s.name) {
                found = &s;
                break;
            }
        }
        if (!found) {
            QList<const OptionSpec *> ambiguous;
            for (const OptionSpec &s : kOptions) {
                if (!s.name || !Bytes(s.name).startsWith(name))
                    continue;
                if (!found) {
                    found = &s;
                } else if (found->arg != s.arg || optionVal(*found) != optionVal(s)) {
                    if (ambiguous.isEmpty())
                        ambiguous << found;
                    ambiguous << &s;
                }
            }
            if (!ambiguous.isEmpty()) {
                ++optind_;
                QString line = QStringLiteral("%1: option '--%2' is ambiguous; possibilities:")
                                   .arg(prog(), show(text));
                // glibc prints them in table order, whichever matched first.
                for (const OptionSpec &s : kOptions) {
                    if (ambiguous.contains(&s))
                        line += QStringLiteral(" '--%1'").arg(QLatin1String(s.name));
                }
                return error(line);
            }
        }
        ++optind_;
        if (!found)
            return error(QStringLiteral("%1: unrecognized option '--%2'").arg(prog(), show(text)));
        GetoptEvent ev;
        ev.kind = GetoptEvent::Option;
        ev.option = found;
        if (eq >= 0) {
            if (found->arg == Arg::None) {
                return error(QStringLiteral("%1: option '--%2' doesn't allow an argument")
                                 .arg(prog(), QLatin1String(found->name)));
            }
            ev.optarg = text.mid(eq + 1);
        } else if (found->arg == Arg::Required) {
            if (optind_ < int(argv_.size())) {
                ev.optarg = argv_[optind_++];
            } else {
                return error(QStringLiteral("%1: option '--%2' requires an argument")
                                 .arg(prog(), QLatin1String(found->name)));
            }
        }
        return ev;
    }

    GetoptEvent shortOption()
    {
        const Bytes &a = argv_[optind_];
        const char c = a.at(nextchar_++);
        const bool last = nextchar_ >= a.size();
        if (last)
            ++optind_;
        const OptionSpec *found = nullptr;
        for (const OptionSpec &s : kOptions) {
            if (s.shortName && s.shortName == c) {
                found = &s;
                break;
            }
        }
        if (!found) {
            nextchar_ = last ? -1 : nextchar_;
            return error(
                QStringLiteral("%1: invalid option -- '%2'").arg(prog(), show(Bytes(1, c))));
        }
        GetoptEvent ev;
        ev.kind = GetoptEvent::Option;
        ev.option = found;
        if (found->arg == Arg::None) {
            nextchar_ = last ? -1 : nextchar_;
            return ev;
        }
        if (!last) {
            ev.optarg = a.mid(nextchar_);
            ++optind_;
        } else if (found->arg == Arg::Required) {
            if (optind_ >= int(argv_.size())) {
                nextchar_ = -1;
                return error(QStringLiteral("%1: option requires an argument -- '%2'")
                                 .arg(prog(), show(Bytes(1, c))));
            }
            ev.optarg = argv_[optind_++];
        }
        nextchar_ = -1;
        return ev;
    }

    QList<Bytes> argv_;
    int optind_ = 1;
    qsizetype nextchar_ = -1; // position in argv_[optind_] of the next short option, or -1
};

// ---------------------------------------------------------------------------------------
// parse_time() of src/common/parse_time.c (--begin, --deadline), on a UTC clock.

struct BrokenDown
{
    int year = 0; // years since 1900, as struct tm
    int mon = 0;  // 0-11
    int mday = 1;
    int hour = 0;
    int min = 0;
    int sec = 0;
};

// slurmtime's calendar, in struct tm's terms.
BrokenDown utcBrokenDown(qint64 epoch)
{
    const UtcTime t = utcTime(epoch);
    BrokenDown tm;
    tm.year = int(t.year - 1900);
    tm.mon = t.month;
    tm.mday = t.mday;
    tm.hour = t.hour;
    tm.min = t.minute;
    tm.sec = t.second;
    return tm;
}

// mktime() in UTC: days past the month's end carry into the next month.
qint64 utcMktime(int year, int mon, int mday, int hour, int min, int sec)
{
    return (daysFromCivil(qint64(year) + 1900, mon + 1, 1) + mday - 1) * 86400 +
           qint64(hour) * 3600 + qint64(min) * 60 + sec;
}

// Far beyond any year glibc's localtime_r() can represent: treated as an invalid time.
constexpr qint64 kMaxRepresentable = 67767976233316800LL;

struct ParsedTime
{
    qint64 value = 0; // 0: invalid, as Slurm's return value
    QString rawLine;  // "Invalid time specification (pos=N): TEXT\n", printed without prefix
};

bool deltaUnit(const Bytes &s, qsizetype offset, qsizetype *len, qint64 *multiplier)
{
    static const struct
    {
        const char *name;
        qint64 multiplier;
    } units[] = {{"seconds", 1},    {"second", 1},   {"minutes", 60}, {"minute", 60},
                 {"hours", 3600},   {"hour", 3600},  {"days", 86400}, {"day", 86400},
                 {"weeks", 604800}, {"week", 604800}};
    for (const auto &u : units) {
        if (casePrefix(s, offset, u.name)) {
            *len = qstrlen(u.name);
            *multiplier = u.multiplier;
            return true;
        }
    }
    return false;
}

// "+N[unit]" after "now": -1 on error; *pos ends on the last byte used, as Slurm's.
int parseDelta(const Bytes &s, qsizetype *pos, qint64 *delta)
{
    quint64 count = 0; // C's long arithmetic, wrapping like the real one in practice
    int digits = 0;
    qsizetype offset = *pos + 1;
    for (; at(s, offset) != '\0' && at(s, offset) != '\n'; ++offset) {
        if (cIsSpace(at(s, offset)))
            continue;
        qsizetype len = 0;
        qint64 multiplier = 1;
        if (deltaUnit(s, offset, &len, &multiplier)) {
            offset += len;
            count *= quint64(multiplier);
            break;
        }
        if (cIsDigit(at(s, offset))) {
            count = count * 10 + quint64(at(s, offset) - '0');
            ++digits;
            continue;
        }
        *pos = offset - 1;
        return -1;
    }
    if (!digits)
        return -1;
    *pos = offset - 1;
    *delta = qint64(count);
    return 0;
}

// "HH:MM[:SS] [AM|PM]".
int parseClock(const Bytes &s, qsizetype *pos, int *hour, int *minute, int *second)
{
    qsizetype offset = *pos;
    int hr = 0;
    int min = 0;
    int sec = 0;
    auto fail = [&]() {
        *pos = offset;
        return -1;
    };
    if (!cIsDigit(at(s, offset)))
        return fail();
    hr = at(s, offset++) - '0';
    if (at(s, offset) != ':') {
        if (!cIsDigit(at(s, offset)))
            return fail();
        hr = hr * 10 + at(s, offset++) - '0';
    }
    if (hr > 23) {
        offset -= 2;
        return fail();
    }
    if (at(s, offset) != ':')
        return fail();
    ++offset;
    if (!cIsDigit(at(s, offset)))
        return fail();
    min = at(s, offset++) - '0';
    if (!cIsDigit(at(s, offset)))
        return fail();
    min = min * 10 + at(s, offset++) - '0';
    if (min > 59) {
        offset -= 2;
        return fail();
    }
    if (at(s, offset) == ':') {
        ++offset;
        if (!cIsDigit(at(s, offset)))
            return fail();
        sec = at(s, offset++) - '0';
        if (!cIsDigit(at(s, offset)))
            return fail();
        sec = sec * 10 + at(s, offset++) - '0';
        if (sec > 59) {
            offset -= 2;
            return fail();
        }
    }
    while (cIsSpace(at(s, offset)))
        ++offset;
    if (casePrefix(s, offset, "pm")) {
        hr += 12;
        if (hr > 23) {
            if (hr != 24)
                return fail();
            hr = 12;
        }
        offset += 2;
    } else if (casePrefix(s, offset, "am")) {
        if (hr > 11) {
            if (hr != 12)
                return fail();
            hr = 0;
        }
        offset += 2;
    }
    *pos = offset - 1;
    *hour = hr;
    *minute = min;
    *second = sec;
    return 0;
}

// "MMDD[YY]", "MM/DD[/YY]", "MM.DD[.YY]" or "YYYY-MM-DD".
int parseDate(const Bytes &s, qsizetype *pos, int *month, int *mday, int *year)
{
    qsizetype offset = *pos;
    auto fail = [&]() {
        *pos = offset;
        return -1;
    };
    auto digitAt = [&](qsizetype i) { return cIsDigit(at(s, i)); };
    int mon = 0;
    int day = 0;
    if (s.size() >= offset + 7 && at(s, offset + 4) == '-' && at(s, offset + 7) == '-') {
        int yr = 0;
        for (int k = 0; k < 4; ++k) {
            if (!digitAt(offset))
                return fail();
            yr = yr * 10 + at(s, offset++) - '0';
        }
        ++offset; // the '-'
        mon = at(s, offset++) - '0';
        if (digitAt(offset))
            mon = mon * 10 + at(s, offset++) - '0';
        if (mon < 1 || mon > 12) {
            offset -= 2;
            return fail();
        }
        ++offset; // the '-'
        if (!digitAt(offset))
            return fail();
        day = at(s, offset++) - '0';
        if (digitAt(offset))
            day = day * 10 + at(s, offset++) - '0';
        if (day < 1 || day > 31) {
            offset -= 2;
            return fail();
        }
        *pos = offset - 1;
        *month = mon - 1;
        *mday = day;
        *year = yr - 1900;
        return 0;
    }
    mon = at(s, offset++) - '0';
    if (digitAt(offset))
        mon = mon * 10 + at(s, offset++) - '0';
    if (mon < 1 || mon > 12) {
        offset -= 2;
        return fail();
    }
    if (at(s, offset) == '.' || at(s, offset) == '/')
        ++offset;
    if (!digitAt(offset))
        return fail();
    day = at(s, offset++) - '0';
    if (digitAt(offset))
        day = day * 10 + at(s, offset++) - '0';
    if (day < 1 || day > 31) {
        offset -= 2;
        return fail();
    }
    if (at(s, offset) == '.' || at(s, offset) == '/')
        ++offset;
    int yr = 0;
    if (digitAt(offset)) {
        yr = at(s, offset++) - '0';
        if (!digitAt(offset))
            return fail();
        yr = yr * 10 + at(s, offset++) - '0';
    }
    *pos = offset - 1;
    *month = mon - 1;
    *mday = day;
    if (yr)
        *year = yr + 100;
    return 0;
}

ParsedTime parseSlurmTime(const Bytes &s, qint64 now, bool past = false)
{
    ParsedTime result;
    qsizetype pos = 0;
    auto problem = [&]() {
        result.value = 0;
        result.rawLine =
            QStringLiteral("Invalid time specification (pos=%1): %2\n").arg(pos).arg(show(s));
        return result;
    };
    if (casePrefix(s, 0, "uts")) {
        const CNumber n = cStrtol(s, 3);
        if (n.value < 1000000 || n.value == LLONG_MAX || n.end != s.size() || n.end == 3)
            return problem();
        result.value = n.value;
        return result;
    }
    const BrokenDown nowTm = utcBrokenDown(now);
    int hour = -1;
    int minute = -1;
    int second = 0;
    int month = -1;
    int mday = -1;
    int year = -1;
    for (pos = 0; at(s, pos) != '\0' && at(s, pos) != '\n'; ++pos) {
        const char c = at(s, pos);
        if (cIsBlank(c) || c == '-' || c == 'T')
            continue;
        if (casePrefix(s, pos, "today")) {
            month = nowTm.mon;
            mday = nowTm.mday;
            year = nowTm.year;
            pos += 4;
            continue;
        }
        if (casePrefix(s, pos, "tomorrow")) {
            const BrokenDown later = utcBrokenDown(now + 86400);
            month = later.mon;
            mday = later.mday;
            year = later.year;
            pos += 7;
            continue;
        }
        struct Named
        {
            const char *word;
            int hour;
        };
        static const Named named[] = {{"midnight", 0}, {"noon", 12}, {"fika", 15}, {"teatime", 16}};
        bool matched = false;
        for (const Named &n : named) {
            if (casePrefix(s, pos, n.word)) {
                hour = n.hour;
                minute = 0;
                second = 0;
                pos += qstrlen(n.word) - 1;
                matched = true;
                break;
            }
        }
        if (matched)
            continue;
        if (casePrefix(s, pos, "now")) {
            qint64 delta = 0;
            // Slurm adds the absolute index to pos (pos += i): harmless when "now" comes
            // first, odd otherwise; kept, bytes past the end read as NUL.
            for (qsizetype i = pos + 3;; ++i) {
                const char d = at(s, i);
                if (d == '+' || d == '-') {
                    pos += i;
                    if (parseDelta(s, &pos, &delta))
                        return problem();
                    if (d == '-')
                        delta = qint64(0 - quint64(delta));
                    break;
                }
                if (cIsBlank(d))
                    continue;
                if (d == '\0' || d == '\n') {
                    pos += i - 1;
                    break;
                }
                pos += i;
                return problem();
            }
            const qint64 later = qint64(quint64(now) + quint64(delta));
            if (later > kMaxRepresentable || later < -kMaxRepresentable)
                return problem();
            const BrokenDown tm = utcBrokenDown(later);
            month = tm.mon;
            mday = tm.mday;
            year = tm.year;
            hour = tm.hour;
            minute = tm.min;
            second = tm.sec;
            continue;
        }
        if (!cIsDigit(c))
            return problem();
        if (at(s, pos + 1) == ':' || at(s, pos + 2) == ':') {
            if (parseClock(s, &pos, &hour, &minute, &second))
                return problem();
            continue;
        }
        if (parseDate(s, &pos, &month, &mday, &year))
            return problem();
    }

    if (hour == -1 && month == -1)
        return result; // nothing given: 0, without a message
    if (hour == -1 && month != -1) {
        hour = 0;
        minute = 0;
    } else if (hour != -1 && month == -1) {
        // A time alone means its next occurrence, or today for a time in the past (sacct).
        if (past || hour > nowTm.hour || (hour == nowTm.hour && minute > nowTm.min)) {
            month = nowTm.mon;
            mday = nowTm.mday;
            year = nowTm.year;
        } else {
            const BrokenDown later = utcBrokenDown(now + 86400);
            month = later.mon;
            mday = later.mday;
            year = later.year;
        }
    }
    if (year == -1 && past) {
        // sacct's dates are in the past: a month after this one is last year's.
        year = month > nowTm.mon ? nowTm.year - 1 : nowTm.year;
    } else if (year == -1) {
        const bool thisYear =
            month > nowTm.mon || (month == nowTm.mon && mday > nowTm.mday) ||
            (month == nowTm.mon && mday == nowTm.mday && hour > nowTm.hour) ||
            (month == nowTm.mon && mday == nowTm.mday && hour == nowTm.hour && minute > nowTm.min);
        year = thisYear ? nowTm.year : nowTm.year + 1;
    }
    const qint64 t = utcMktime(year, month, mday, hour, minute, second);
    if (t == -1)
        return problem();
    result.value = t;
    return result;
}

// ---------------------------------------------------------------------------------------
// Other value parsers of src/common.

// str_to_mbytes(): kNoVal64 when invalid.
qint64 toMegabytes(const Bytes &arg)
{
    const CNumber n = cStrtol(arg);
    if (n.overflow || n.end == 0)
        return kNoVal64;
    // strtoll skips leading spaces: "no digits" is judged on the end position.
    qsizetype i = 0;
    while (cIsSpace(at(arg, i)))
        ++i;
    if (at(arg, i) == '+' || at(arg, i) == '-')
        ++i;
    if (!cIsDigit(at(arg, i)))
        return kNoVal64;
    qint64 result = n.value;
    if (result < 0)
        return kNoVal64;
    const char unit = at(arg, n.end);
    auto endsOnByte = [&]() {
        const char next = at(arg, n.end + 1);
        return next == '\0' || ((next == 'B' || next == 'b') && at(arg, n.end + 2) == '\0' &&
                                n.end + 2 == arg.size());
    };
    if (n.end == arg.size())
        return result;
    if ((unit == 'k' || unit == 'K') && endsOnByte())
        return (result + 1023) / 1024;
    if ((unit == 'm' || unit == 'M') && endsOnByte())
        return result;
    if ((unit == 'g' || unit == 'G') && endsOnByte())
        return qint64(quint64(result) * 1024);
    if ((unit == 't' || unit == 'T') && endsOnByte())
        return qint64(quint64(result) * 1024 * 1024);
    return kNoVal64;
}

// _str_to_nodes(): a count with an optional k/m multiplier; *leftover is what follows.
int toNodeCount(const Bytes &text, Bytes *leftover)
{
    const CNumber n = cStrtol(text);
    if (n.end == 0) {
        *leftover = text;
        return -1;
    }
    qint64 num = n.value;
    qsizetype end = n.end;
    if (at(text, end) == 'k' || at(text, end) == 'K') {
        num = qint64(quint64(num) * 1024);
        ++end;
    }
    if (at(text, end) == 'm' || at(text, end) == 'M') {
        num = qint64(quint64(num) * 1024 * 1024);
        ++end;
    }
    *leftover = text.mid(end);
    return int(num); // Slurm casts its long to int
}

bool isWhitespace(const Bytes &b)
{
    return std::all_of(b.begin(), b.end(), [](char c) { return cIsSpace(c); });
}

int signalNumber(const Bytes &name)
{
    const CNumber n = cStrtol(name);
    if (n.end != 0)
        return isWhitespace(name.mid(n.end)) ? int(n.value) : 0;
    qsizetype i = 0;
    while (cIsSpace(at(name, i)))
        ++i;
    if (casePrefix(name, i, "sig"))
        i += 3;
    static const struct
    {
        const char *name;
        int number;
    } signals[] = {{"hup", 1},   {"int", 2},   {"quit", 3},  {"abrt", 6},
                   {"kill", 9},  {"alrm", 14}, {"term", 15}, {"usr1", 10},
                   {"usr2", 12}, {"urg", 23},  {"cont", 18}, {"stop", 19},
                   {"tstp", 20}, {"ttin", 21}, {"ttou", 22}, {"xcpu", 24}};
    for (const auto &sig : signals) {
        if (casePrefix(name, i, sig.name) && isWhitespace(name.mid(i + qstrlen(sig.name))))
            return sig.number;
    }
    return 0;
}

// Slurm's mail type bits, only to tell a valid list from an invalid one.
int mailTypeBits(const Bytes &arg)
{
    int bits = 0;
    bool none = false;
    for (const Bytes &tok : arg.split(',')) {
        if (tok.isEmpty())
            continue;
        if (caseEqual(tok, "NONE")) {
            bits = 0;
            none = true;
            break;
        }
        static const struct
        {
            const char *name;
            int bits;
        } types[] = {{"ARRAY_TASKS", 0x40},
                     {"BEGIN", 0x1},
                     {"END", 0x2},
                     {"FAIL", 0x4},
                     {"INVALID_DEPEND", 0x400},
                     {"REQUEUE", 0x8},
                     {"ALL", 0x1 | 0x2 | 0x4 | 0x8 | 0x400 | 0x200},
                     {"STAGE_OUT", 0x200},
                     {"TIME_LIMIT", 0x10},
                     {"TIME_LIMIT_90", 0x20},
                     {"TIME_LIMIT_80", 0x80},
                     {"TIME_LIMIT_50", 0x100}};
        for (const auto &t : types) {
            if (caseEqual(tok, t.name)) {
                bits |= t.bits;
                break;
            }
        }
    }
    if (!bits && !none)
        return 0xFFFF; // INFINITE16: invalid
    return bits;
}

// ---------------------------------------------------------------------------------------
// Small hostlist counter for -w (sbatch counts the distinct names to raise the node count).
// Past this many names the count is not taken (no cluster of ours has that many nodes).
constexpr qsizetype kMaxHostNames = 65536;

std::optional<int> distinctHostCount(const Bytes &expression)
{
    QSet<Bytes> names;
    QList<Bytes> items;
    Bytes current;
    int depth = 0;
    for (char c : expression) {
        if (c == '[')
            ++depth;
        else if (c == ']')
            depth = std::max(0, depth - 1);
        if (depth == 0 && (c == ',' || cIsSpace(c))) {
            if (!current.isEmpty())
                items << current;
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.isEmpty())
        items << current;
    for (const Bytes &item : std::as_const(items)) {
        QList<Bytes> expanded{Bytes()};
        qsizetype i = 0;
        while (i < item.size()) {
            const qsizetype open = item.indexOf('[', i);
            if (open < 0) {
                for (Bytes &e : expanded)
                    e += item.mid(i);
                break;
            }
            const qsizetype close = item.indexOf(']', open);
            if (close < 0)
                return std::nullopt;
            for (Bytes &e : expanded)
                e += item.mid(i, open - i);
            QList<Bytes> next;
            for (const Bytes &range : item.mid(open + 1, close - open - 1).split(',')) {
                const qsizetype dash = range.indexOf('-');
                const Bytes lo = dash < 0 ? range : range.left(dash);
                const Bytes hi = dash < 0 ? range : range.mid(dash + 1);
                bool ok1 = false;
                bool ok2 = false;
                const qint64 a = lo.toLongLong(&ok1);
                const qint64 b = hi.toLongLong(&ok2);
                if (!ok1 || !ok2 || b < a || b - a > 65536)
                    return std::nullopt;
                for (qint64 v = a; v <= b; ++v) {
                    const Bytes num = Bytes::number(v).rightJustified(lo.size(), '0');
                    for (const Bytes &e : std::as_const(expanded))
                        next << e + num;
                    if (next.size() > kMaxHostNames)
                        return std::nullopt;
                }
            }
            expanded = next;
            i = close + 1;
        }
        for (const Bytes &e : std::as_const(expanded))
            names.insert(e);
        if (names.size() > kMaxHostNames)
            return std::nullopt;
    }
    return int(names.size());
}

// ---------------------------------------------------------------------------------------
// The state of slurm_opt_t that sbatch's passes build up.

struct OptionState
{
    bool set = false;
    bool setByEnv = false;
};

enum class Dist { Unknown, Error, Plane, Arbitrary, Other };

struct Values
{
    std::array<OptionState, kOptCount> state{};
    std::map<Opt, Bytes> text; // string values, and the last argument of the others
    qint64 begin = 0;
    qint64 deadline = 0;
    std::uint32_t timeLimit = kNoVal;
    std::uint32_t timeMin = kNoVal;
    std::optional<int> nice;
    std::optional<std::uint32_t> priority;
    qint64 mem = kNoVal64;
    qint64 memPerCpu = kNoVal64;
    qint64 memPerGpu = kNoVal64;
    qint64 tmp = kNoVal64;
    int minNodes = 1;
    int maxNodes = 0;
    bool nodesSet = false;
    int ntasks = 1;
    bool ntasksSet = false;
    int cpusPerTask = 0;
    bool cpusSet = false;
    std::optional<int> ntasksPerNode;
    std::optional<int> ntasksPerCore;
    std::optional<int> ntasksPerSocket;
    std::optional<int> ntasksPerGpu;
    std::optional<int> ntasksPerTres;
    int pnMinCpus = -1;
    std::optional<int> socketsPerNode;
    std::optional<int> coresPerSocket;
    std::optional<int> threadsPerCore;
    bool extraSet = false;
    std::optional<int> cpusPerGpu;
    std::optional<int> coreSpec;
    bool threadSpec = false;
    JobRequest::Shared shared = JobRequest::Shared::Default;
    bool hold = false;
    bool contiguous = false;
    bool overcommit = false;
    bool reboot = false;
    bool parsable = false;
    bool testOnly = false;
    bool wait = false;
    bool ignorePbs = false;
    bool spreadJob = false;
    bool useMinNodes = false;
    bool noKill = false;
    std::optional<int> requeue;
    int quiet = 0;
    int verbose = 0;
    int mailType = 0;
    JobRequest::OpenMode openMode = JobRequest::OpenMode::Default;
    int warnSignal = 0;
    int warnTime = 0;
    bool warnBatch = false;
    bool warnResv = false;
    bool killInvDep = false;
    bool noKillInvDep = false;
    Dist distribution = Dist::Unknown;
    int planeSize = 0;
    int waitAllNodes = -1;
    int getUserEnvTime = -1;
    bool help = false;
    bool usage = false;
    bool version = false;
    std::optional<Bytes> wrap;
};

// The outcome of one step: sbatch goes on, or stops with this exit status.
struct Stop
{
    int exitCode = 0;
};

class Sbatch
{
public:
    Sbatch(const QHash<QString, QString> &environment, const QString &cwd, qint64 now)
        : env_(environment)
        , cwd_(cString(cwd))
        , now_(now)
    {
        const auto it = env_.constFind(QStringLiteral("SLURM_EXIT_ERROR"));
        if (it != env_.constEnd()) {
            const int value = cAtoi(cString(it.value()));
            if (value == 0)
                startupErrors_ = QStringLiteral("sbatch: error: SLURM_EXIT_ERROR has zero value\n");
            else
                errorExit_ = value & 0xFF;
        }
        err_ = startupErrors_;
    }

    Values v;
    QString err_; // everything sbatch wrote on stderr so far
    QString out_; // and on stdout (the helps)
    std::optional<Stop> stop_;
    int errorExit_ = 1;
    QString startupErrors_;
    qint64 level_ = LogInfo; // log.c adds -v and subtracts -Q: any integer
    Bytes chdirGiven;        // the last -D as written
    const Bytes &cwdBytes() const { return cwd_; }
    bool packjobLogged = false; // Slurm warns once per run

    bool stopped() const { return stop_.has_value(); }

    std::optional<Bytes> envValue(const char *name) const
    {
        const auto it = env_.constFind(QLatin1String(name));
        if (it == env_.constEnd())
            return std::nullopt;
        return cString(it.value());
    }

    // --- messages, as log.c and the few raw fprintf()s print them ---------------------
    void raw(const QString &text) { err_ += text; }
    void error(const QString &msg)
    {
        if (level_ >= LogError)
            err_ += QStringLiteral("sbatch: error: ") + msg + QLatin1Char('\n');
    }
    void info(const QString &msg)
    {
        if (level_ >= LogInfo)
            err_ += QStringLiteral("sbatch: ") + msg + QLatin1Char('\n');
    }
    bool fatal(const QString &msg)
    {
        if (level_ >= LogFatal)
            err_ += QStringLiteral("sbatch: fatal: ") + msg + QLatin1Char('\n');
        return exitWith(1);
    }
    bool exitWith(int code)
    {
        stop_ = Stop{code & 0xFF};
        return false;
    }
    bool fail(const QString &msg) // error() then exit(-1)
    {
        error(msg);
        return exitWith(kExitGetopt);
    }

    // parse_int(): exits 1 on a bad value.
    std::optional<int> parseInt(const char *name, const Bytes &val, bool positive)
    {
        const CNumber n = cStrtol(val);
        // Without digits strtol() ends where it began: "" passes (as 0), "abc" does not.
        if (n.end != val.size() || n.value < 0 || (positive && n.value <= 0)) {
            error(QStringLiteral("Invalid numeric value \"%1\" for %2.")
                      .arg(show(val), QLatin1String(name)));
            exitWith(1);
            return std::nullopt;
        }
        if (n.value == LLONG_MAX) {
            error(QStringLiteral("Numeric argument (%1) to big for %2.")
                      .arg(n.value)
                      .arg(QLatin1String(name)));
            exitWith(1);
            return std::nullopt;
        }
        return int(n.value);
    }

    // --- slurm_process_option() ---------------------------------------------------------
    bool process(Opt id, const std::optional<Bytes> &arg, bool setByEnv, bool earlyPass)
    {
        id = canonical(id);
        const OptionSpec &s = spec(id);
        if (!setByEnv) {
            if (earlyPass != s.early)
                return true; // the other pass handles it
        }
        std::optional<Bytes> setArg = arg;
        bool set = true;
        if (arg) {
            if (s.arg == Arg::None) {
                const CNumber n = cStrtol(*arg);
                set = arg->isEmpty() || caseEqual(*arg, "yes") ||
                      (n.value != 0 && n.end == arg->size());
            } else if (s.arg == Arg::Optional && arg->isEmpty()) {
                setArg.reset();
            }
        }
        OptionState &st = v.state[std::size_t(id)];
        if (!set) {
            reset(id);
            st = OptionState{};
            return true;
        }
        if (!apply(id, setArg))
            return false;
        st.set = true;
        st.setByEnv = setByEnv;
        return true;
    }

    void reset(Opt id)
    {
        v.text.erase(id);
        switch (id) {
        case Opt::Begin:
            v.begin = 0;
            break;
        case Opt::Contiguous:
            v.contiguous = false;
            break;
        case Opt::Deadline:
            v.deadline = 0;
            break;
        case Opt::Exclusive:
        case Opt::Oversubscribe:
            v.shared = JobRequest::Shared::Default;
            break;
        case Opt::ExtraNodeInfo:
            v.socketsPerNode.reset();
            v.coresPerSocket.reset();
            v.threadsPerCore.reset();
            v.extraSet = false;
            break;
        case Opt::Hold:
            v.hold = false;
            break;
        case Opt::IgnorePbs:
            v.ignorePbs = false;
            break;
        case Opt::Mem:
            v.mem = kNoVal64;
            break;
        case Opt::MemPerCpu:
            v.memPerCpu = kNoVal64;
            break;
        case Opt::MemPerGpu:
            v.memPerGpu = kNoVal64;
            break;
        case Opt::NoRequeue:
        case Opt::Requeue:
            v.requeue.reset();
            break;
        case Opt::NtasksPerCore:
            v.ntasksPerCore.reset();
            break;
        case Opt::NtasksPerGpu:
            v.ntasksPerGpu.reset();
            break;
        case Opt::NtasksPerTres:
            v.ntasksPerTres.reset();
            break;
        case Opt::Overcommit:
            v.overcommit = false;
            break;
        case Opt::Parsable:
            v.parsable = false;
            break;
        case Opt::Quiet:
            v.quiet = 0;
            break;
        case Opt::Reboot:
            v.reboot = false;
            break;
        case Opt::SpreadJob:
            v.spreadJob = false;
            break;
        case Opt::TestOnly:
            v.testOnly = false;
            break;
        case Opt::ThreadsPerCore:
            v.threadsPerCore.reset();
            break;
        case Opt::UseMinNodes:
            v.useMinNodes = false;
            break;
        case Opt::Verbose:
            v.verbose = 0;
            break;
        case Opt::Wait:
            v.wait = false;
            break;
        case Opt::GetUserEnv:
            v.getUserEnvTime = -1;
            break;
        default:
            break;
        }
    }

    bool setTime(const Bytes &arg, std::uint32_t *target, const char *what)
    {
        const std::optional<std::uint32_t> minutes = parseTimeLimit(QString::fromUtf8(arg));
        if (!minutes)
            return fail(QStringLiteral("Invalid %1 specification").arg(QLatin1String(what)));
        *target = *minutes;
        return true;
    }

    bool setWhen(const Bytes &arg, qint64 *target, const char *what)
    {
        const ParsedTime t = parseSlurmTime(arg, now_);
        raw(t.rawLine);
        *target = t.value;
        if (!t.value)
            return fail(QStringLiteral("Invalid %1 specification").arg(QLatin1String(what)));
        return true;
    }

    bool setMegabytes(const Bytes &arg, qint64 *target, const char *what)
    {
        *target = toMegabytes(arg);
        if (*target == kNoVal64)
            return fail(QStringLiteral("Invalid %1 specification").arg(QLatin1String(what)));
        return true;
    }

    bool setInt(const char *name, const Bytes &arg, bool positive, std::optional<int> *target)
    {
        const std::optional<int> value = parseInt(name, arg, positive);
        if (!value)
            return false;
        *target = *value;
        return true;
    }

    bool setNodes(const Bytes &arg)
    {
        v.nodesSet = false;
        Bytes leftover;
        const qsizetype dash = arg.indexOf('-');
        if (dash >= 0) {
            const Bytes minText = arg.left(dash);
            v.minNodes = toNodeCount(minText, &leftover);
            if (!isWhitespace(leftover))
                return fail(QStringLiteral("\"%1\" is not a valid node count").arg(show(minText)));
            if (v.minNodes < 0)
                v.minNodes = 1;
            const Bytes maxText = arg.mid(dash + 1);
            v.maxNodes = toNodeCount(maxText, &leftover);
            if (!isWhitespace(leftover))
                return fail(QStringLiteral("\"%1\" is not a valid node count").arg(show(maxText)));
        } else {
            v.minNodes = v.maxNodes = toNodeCount(arg, &leftover);
            if (!isWhitespace(leftover) || v.minNodes < 0)
                return fail(QStringLiteral("\"%1\" is not a valid node count").arg(show(arg)));
        }
        if (v.maxNodes != 0 && v.maxNodes < v.minNodes) {
            return fail(QStringLiteral("Maximum node count %1 is less than minimum node count %2")
                            .arg(v.maxNodes)
                            .arg(v.minNodes));
        }
        v.nodesSet = true;
        return true;
    }

    // get_resource_arg_range() for -B: exits 1 on a bad field.
    bool resourceRange(const Bytes &field, const char *what, std::optional<int> *minOut)
    {
        if (field.isEmpty() || field.at(0) == '*') {
            minOut->reset(); // the whole range: NO_VAL
            return true;
        }
        auto bad = [&]() {
            error(QStringLiteral("Invalid numeric value \"%1\" for %2.")
                      .arg(show(field), QLatin1String(what)));
            return exitWith(1);
        };
        auto tooBig = [&](qint64 value) {
            error(QStringLiteral("Numeric argument (%1) to big for %2.")
                      .arg(value)
                      .arg(QLatin1String(what)));
            return exitWith(1);
        };
        // C's long arithmetic wraps in practice; unsigned arithmetic keeps it defined here.
        auto scaled = [](qint64 value, quint64 factor) { return qint64(quint64(value) * factor); };
        CNumber n = cStrtol(field);
        qint64 result = n.value;
        qsizetype p = n.end;
        if (at(field, p) == 'k' || at(field, p) == 'K') {
            result = scaled(result, 1024);
            ++p;
        } else if (at(field, p) == 'm' || at(field, p) == 'M') {
            result = scaled(result, 1048576);
            ++p;
        }
        if ((at(field, p) != '\0' && at(field, p) != '-') || result < 0)
            return bad();
        if (result > INT_MAX)
            return tooBig(result);
        const int minimum = int(result);
        if (at(field, p) == '-') {
            n = cStrtol(field, p + 1);
            result = n.value;
            p = n.end == p + 1 ? p + 1 : n.end;
            if (at(field, p) == 'k' || at(field, p) == 'K') {
                result = scaled(result, 1024);
                ++p;
            } else if (at(field, p) == 'm' || at(field, p) == 'M') {
                result = scaled(result, 1048576);
                ++p;
            }
            if ((at(field, p) != '\0' && at(field, p) != '-') || result <= 0)
                return bad();
            if (result > INT_MAX)
                return tooBig(result);
            if (minimum == 1 && result == INT_MAX) {
                minOut->reset();
                return true;
            }
        }
        *minOut = minimum;
        return true;
    }

    bool setExtraNodeInfo(const Bytes &arg)
    {
        std::array<Bytes, 3> fields;
        qsizetype p = 0;
        for (int j = 0; j < 3; ++j) {
            for (int i = 0; i < 47 && p < arg.size() && arg.at(p) != ':'; ++i)
                fields[std::size_t(j)] += arg.at(p++);
            if (p >= arg.size())
                break;
            if (arg.at(p) == ':')
                ++p;
        }
        if (!resourceRange(fields[0], "first arg of -B", &v.socketsPerNode))
            return false;
        if (!resourceRange(fields[1], "second arg of -B", &v.coresPerSocket))
            return false;
        if (!resourceRange(fields[2], "third arg of -B", &v.threadsPerCore))
            return false;
        v.extraSet = true;
        return true;
    }

    bool setDistribution(const Bytes &arg)
    {
        if (casePrefix(arg, 0, "plane")) {
            std::optional<Bytes> sizeText;
            const qsizetype eq = arg.indexOf('=');
            if (eq >= 0)
                sizeText = arg.mid(eq + 1);
            else
                sizeText = envValue("SLURM_DIST_PLANESIZE");
            bool ok = false;
            if (sizeText && !sizeText->isEmpty()) {
                const CNumber n = cStrtol(*sizeText);
                ok = n.end != 0 && n.end == sizeText->size() && n.value > 0 && n.value <= INT_MAX;
                if (ok)
                    v.planeSize = int(n.value);
            }
            if (!ok) {
                error(QStringLiteral("Invalid plane size or size not specified"));
                v.distribution = Dist::Error;
                return fail(QStringLiteral("Invalid --distribution specification"));
            }
            v.distribution = Dist::Plane;
            return true;
        }
        auto invalid = [&]() {
            v.distribution = Dist::Error;
            return fail(QStringLiteral("Invalid --distribution specification"));
        };
        if (arg.isEmpty() || arg.at(0) == ',')
            return invalid();
        const qsizetype comma = arg.indexOf(',');
        const Bytes base = comma < 0 ? arg : arg.left(comma);
        const Bytes flags = comma < 0 ? Bytes() : arg.mid(comma + 1);
        QList<Bytes> parts;
        for (const Bytes &tok : base.split(':')) {
            if (!tok.isEmpty())
                parts << tok;
        }
        if (parts.isEmpty() || parts.size() > 3)
            return invalid();
        Bytes socketDist;
        Bytes joined;
        for (int i = 0; i < parts.size(); ++i) {
            if (i > 0)
                joined += ':';
            if (parts[i] == "*") {
                const Bytes dflt = i == 0 ? Bytes("block") : i == 1 ? Bytes("cyclic") : socketDist;
                if (i == 1)
                    socketDist = "cyclic";
                joined += dflt;
            } else {
                joined += parts[i];
                if (i == 1)
                    socketDist = parts[i];
            }
        }
        const Bytes lower = joined.toLower();
        static const char *const known[] = {"cyclic",
                                            "block",
                                            "cyclic:cyclic",
                                            "cyclic:block",
                                            "block:block",
                                            "block:cyclic",
                                            "block:fcyclic",
                                            "cyclic:fcyclic",
                                            "cyclic:cyclic:cyclic",
                                            "cyclic:cyclic:block",
                                            "cyclic:cyclic:fcyclic",
                                            "cyclic:block:cyclic",
                                            "cyclic:block:block",
                                            "cyclic:block:fcyclic",
                                            "cyclic:fcyclic:cyclic",
                                            "cyclic:fcyclic:block",
                                            "cyclic:fcyclic:fcyclic",
                                            "block:cyclic:cyclic",
                                            "block:cyclic:block",
                                            "block:cyclic:fcyclic",
                                            "block:block:cyclic",
                                            "block:block:block",
                                            "block:block:fcyclic",
                                            "block:fcyclic:cyclic",
                                            "block:fcyclic:block",
                                            "block:fcyclic:fcyclic"};
        Dist result = Dist::Error;
        if (lower == "arbitrary" || lower == "hostfile") {
            result = Dist::Arbitrary;
        } else if (std::any_of(std::begin(known), std::end(known),
                               [&](const char *k) { return lower == k; })) {
            result = Dist::Other;
        } else if (lower == "pack" || lower == "nopack") {
            result = Dist::Unknown; // a flag alone keeps the default distribution
        }
        if (result != Dist::Error && !flags.isEmpty()) {
            if (!caseEqual(flags, "pack") && !caseEqual(flags, "nopack"))
                result = Dist::Error;
        }
        if (result == Dist::Error)
            return invalid();
        v.distribution = result;
        return true;
    }

    bool setSignal(const Bytes &arg)
    {
        qsizetype p = 0;
        bool resv = false;
        bool batch = false;
        if (cLower(at(arg, p)) == 'r') {
            resv = true;
            ++p;
        }
        if (cLower(at(arg, p)) == 'b') { // sbatch also takes "B" and "BR"
            batch = true;
            ++p;
        }
        if (cLower(at(arg, p)) == 'r') {
            resv = true;
            ++p;
        }
        if (at(arg, p) == ':')
            ++p;
        const Bytes rest = arg.mid(p);
        const qsizetype atSign = rest.indexOf('@');
        const int number = quint16(signalNumber(atSign < 0 ? rest : rest.left(atSign)));
        auto invalid = [&]() { return fail(QStringLiteral("Invalid --signal specification")); };
        // Flags set before a failure stay set in Slurm; they do not matter once sbatch exits.
        if (number < 1)
            return invalid();
        int when = 60;
        if (atSign >= 0) {
            const Bytes timeText = rest.mid(atSign + 1);
            const CNumber n = cStrtol(timeText);
            if (n.value < 0 || n.value > 0xFFFF || n.end != timeText.size())
                return invalid();
            when = int(n.value);
        }
        v.warnSignal = number;
        v.warnTime = when;
        v.warnBatch = v.warnBatch || batch;
        v.warnResv = v.warnResv || resv;
        return true;
    }

    bool setAcctgFreq(const Bytes &arg)
    {
        bool ok = true;
        for (const Bytes &tok : arg.split(',')) {
            if (tok.isEmpty())
                continue;
            auto intAfter = [&](const char *key) {
                const qsizetype i = tok.toLower().indexOf(Bytes(key));
                return i >= 0 && cStrtol(tok, i + qstrlen(key)).end != i + qsizetype(qstrlen(key));
            };
            const bool valid = intAfter("energy=") || cStrtol(tok).end != 0 || intAfter("task=") ||
                               intAfter("filesystem=") || intAfter("network=");
            if (!valid) {
                error(QStringLiteral("Invalid --acctg-freq specification: %1").arg(show(tok)));
                ok = false;
            }
        }
        return ok ? true : exitWith(kExitGetopt);
    }

    // slurm_verify_mem_bind() (the lists of map_mem/mask_mem are not checked further).
    bool setMemBind(const Bytes &arg)
    {
        Bytes buf = arg;
        for (qsizetype i = 0; i < buf.size(); ++i) {
            const char next = at(buf, i + 1);
            const bool value = cIsDigit(next) || (next == '0' && cLower(at(buf, i + 2)) == 'x');
            if (buf[i] == ',' && !value)
                buf[i] = ';';
        }
        for (const Bytes &tok : buf.split(';')) {
            if (caseEqual(tok, "help")) {
                out_ += QString::fromLatin1(kMemBindHelp);
                return exitWith(kExitGetopt);
            }
            static const char *const words[] = {"p", "prefer",  "nosort", "sort", "q",    "quiet",
                                                "v", "verbose", "no",     "none", "rank", "local"};
            if (std::any_of(std::begin(words), std::end(words),
                            [&](const char *w) { return caseEqual(tok, w); }))
                continue;
            const bool map = casePrefix(tok, 0, "map_mem") || casePrefix(tok, 0, "mapmem");
            const bool mask = casePrefix(tok, 0, "mask_mem") || casePrefix(tok, 0, "maskmem");
            if (map || mask) {
                const QList<Bytes> parts = tok.split(':');
                const QList<Bytes> parts2 = parts.size() > 1 ? parts : tok.split('=');
                if (parts2.size() < 2 || parts2[1].isEmpty()) {
                    return fail(
                        QStringLiteral("missing list for \"--mem-bind=%1:<list>\"")
                            .arg(map ? QStringLiteral("map_mem") : QStringLiteral("mask_mem")));
                }
                continue;
            }
            return fail(QStringLiteral("unrecognized --mem-bind argument \"%1\"").arg(show(tok)));
        }
        return true;
    }

    // cpu_freq_verify_cmdline(): p1[-p2[:governor]], against the default CpuFreqGovernors
    // (OnDemand, Performance, UserSpace).
    bool setCpuFreq(const Bytes &arg)
    {
        constexpr std::uint32_t kRange = 0x80000000u;
        auto governor = [](const Bytes &g) -> std::uint32_t {
            static const struct
            {
                const char *prefix;
                std::uint32_t value;
            } govs[] = {{"co", 0x88000000u},   {"perf", 0x82000000u}, {"pow", 0x81000000u},
                        {"user", 0x80800000u}, {"onde", 0x84000000u}, {"sche", 0x80400000u}};
            for (const auto &gov : govs) {
                if (casePrefix(g, 0, gov.prefix))
                    return gov.value;
            }
            return 0;
        };
        auto frequency = [this](const Bytes &f) -> std::uint32_t {
            if (casePrefix(f, 0, "lo"))
                return 0x80000001u;
            if (casePrefix(f, 0, "him1") || casePrefix(f, 0, "highm1"))
                return 0x80000004u;
            if (casePrefix(f, 0, "hi"))
                return 0x80000003u;
            if (casePrefix(f, 0, "med"))
                return 0x80000002u;
            const CNumber n = cStrtol(f);
            if (n.value != 0)
                return std::uint32_t(n.value);
            error(QStringLiteral("unrecognized --cpu-freq argument \"%1\"").arg(show(f)));
            return 0;
        };
        const qsizetype colon = arg.indexOf(':');
        const qsizetype dash = arg.indexOf('-');
        std::optional<Bytes> p2;
        std::optional<Bytes> p3;
        if (colon >= 0)
            p3 = arg.mid(colon + 1);
        Bytes p1;
        if (dash >= 0) {
            p1 = arg.left(dash);
            p2 = colon >= 0 ? arg.mid(dash + 1, colon - dash - 1) : arg.mid(dash + 1);
        } else {
            p1 = colon >= 0 ? arg.left(colon) : arg;
        }
        std::uint32_t gov = 0;
        std::uint32_t minimum = 0;
        std::uint32_t maximum = 0;
        bool ok = true;
        if (const std::uint32_t g = governor(p1)) {
            if (p3) {
                error(QStringLiteral("governor cannot be specified twice %1{-}:%2 in --cpu-freq")
                          .arg(show(p1), show(*p3)));
                ok = false;
            }
            gov = g;
        } else if (!(maximum = frequency(p1))) {
            ok = false;
        }
        if (ok && p2) {
            const std::uint32_t f = frequency(*p2);
            if (!f) {
                ok = false;
            } else {
                minimum = maximum;
                maximum = f;
                if (maximum < minimum) {
                    error(QStringLiteral("min cpu-frec (%1) must be < max cpu-freq (%2)")
                              .arg(show(p1), show(*p2)));
                    ok = false;
                }
            }
        }
        if (ok && p3) {
            if (!p2) {
                error(QStringLiteral("gov on cpu-frec (%1) illegal without max").arg(show(*p3)));
                ok = false;
            } else if (!(gov = governor(*p3))) {
                error(QStringLiteral("illegal governor: %1 on --cpu-freq").arg(show(*p3)));
                ok = false;
            }
        }
        const std::uint32_t allowed = 0x84000000u | 0x82000000u | 0x80800000u;
        if (gov && ((gov & allowed) & ~kRange) == 0) {
            error(QStringLiteral("governor of %1 is not allowed in slurm.conf").arg(show(arg)));
            ok = false;
        }
        if (!ok)
            return fail(QStringLiteral("Invalid --cpu-freq argument"));
        return true;
    }

    // The set functions of slurm_opt.c, sbatch's side.
    bool apply(Opt id, const std::optional<Bytes> &argument)
    {
        const Bytes arg = argument.value_or(Bytes());
        if (argument)
            v.text[id] = arg;
        else
            v.text[id] = Bytes();
        switch (id) {
        case Opt::AcctgFreq:
            return setAcctgFreq(arg);
        case Opt::Begin:
            return setWhen(arg, &v.begin, "--begin");
        case Opt::Deadline:
            return setWhen(arg, &v.deadline, "--deadline");
        case Opt::Chdir:
            // make_full_path(): the current directory, a '/', the argument (not normalised).
            chdirGiven = arg;
            v.text[id] = (arg.startsWith('/') || cwd_.isEmpty()) ? arg : cwd_ + '/' + arg;
            return true;
        case Opt::Contiguous:
            v.contiguous = true;
            return true;
        case Opt::CoreSpec: {
            const std::optional<int> n = parseInt("--core-spec", arg, false);
            if (!n)
                return false;
            v.coreSpec = *n;
            v.threadSpec = false;
            return true;
        }
        case Opt::CoresPerSocket:
            return setInt("--cores-per-socket", arg, true, &v.coresPerSocket);
        case Opt::CpusPerGpu:
            return setInt("--cpus-per-gpu", arg, true, &v.cpusPerGpu);
        case Opt::CpusPerTask: {
            const std::optional<int> n = parseInt("--cpus-per-task", arg, true);
            if (!n)
                return false;
            v.cpusPerTask = *n;
            v.cpusSet = true;
            return true;
        }
        case Opt::DelayBoot:
            if (!parseDurationSeconds(QString::fromUtf8(arg)))
                return fail(QStringLiteral("Invalid --delay-boot specification"));
            return true;
        case Opt::Distribution:
            return setDistribution(arg);
        case Opt::Error:
        case Opt::Input:
        case Opt::Output:
            if (caseEqual(arg, "none"))
                v.text[id] = "/dev/null";
            return true;
        case Opt::Exclusive:
            if (!argument || caseEqual(arg, "exclusive"))
                v.shared = JobRequest::Shared::Exclusive;
            else if (caseEqual(arg, "oversubscribe"))
                v.shared = JobRequest::Shared::OverSubscribe;
            else if (caseEqual(arg, "user"))
                v.shared = JobRequest::Shared::User;
            else if (caseEqual(arg, "mcs"))
                v.shared = JobRequest::Shared::Mcs;
            else
                return fail(QStringLiteral("Invalid --exclusive specification"));
            return true;
        case Opt::ExtraNodeInfo:
            return setExtraNodeInfo(arg);
        case Opt::GetUserEnv: {
            v.getUserEnvTime = 0;
            if (!argument)
                return true;
            const CNumber n = cStrtol(arg);
            v.getUserEnvTime = int(n.value);
            const char unit = at(arg, n.end);
            if (unit == '\0' || unit == 's' || unit == 'S' || unit == 'l' || unit == 'L')
                return true;
            return fail(QStringLiteral("Invalid --get-user-env specification"));
        }
        case Opt::Gid:
            return fail(QStringLiteral("--gid only permitted by root user"));
        case Opt::Uid:
            return fail(QStringLiteral("--uid only permitted by root user"));
        case Opt::Gres:
            if (caseEqual(arg, "help") || caseEqual(arg, "list")) {
                out_ += QStringLiteral("Valid gres options are:\n");
                return exitWith(0);
            }
            return true;
        case Opt::GresFlags:
            if (!caseEqual(arg, "disable-binding") && !caseEqual(arg, "enforce-binding"))
                return fail(QStringLiteral("Invalid --gres-flags specification"));
            return true;
        case Opt::Help:
            v.help = true;
            return exitWith(0);
        case Opt::Usage:
            v.usage = true;
            return exitWith(0);
        case Opt::Version:
            v.version = true;
            return exitWith(0);
        case Opt::Hold:
            v.hold = true;
            return true;
        case Opt::IgnorePbs:
            v.ignorePbs = true;
            return true;
        case Opt::KillOnInvalidDep:
            if (caseEqual(arg, "yes"))
                v.killInvDep = true;
            else if (caseEqual(arg, "no"))
                v.noKillInvDep = true;
            else
                return fail(QStringLiteral("Invalid --kill-on-invalid-dep specification"));
            return true;
        case Opt::MailType:
            v.mailType |= mailTypeBits(arg);
            if (v.mailType == 0xFFFF)
                return fail(QStringLiteral("Invalid --mail-type specification"));
            return true;
        case Opt::Mem:
            return setMegabytes(arg, &v.mem, "--mem");
        case Opt::MemPerCpu:
            return setMegabytes(arg, &v.memPerCpu, "--mem-per-cpu");
        case Opt::MemPerGpu:
            return setMegabytes(arg, &v.memPerGpu, "--mem-per-gpu");
        case Opt::Tmp:
            return setMegabytes(arg, &v.tmp, "--tmp");
        case Opt::MemBind:
            return setMemBind(arg);
        case Opt::CpuFreq:
            return setCpuFreq(arg);
        case Opt::Power:
            // power_flags_id(): only "level" is known; the rest is reported and ignored.
            for (const Bytes &tok : arg.split(',')) {
                if (!tok.isEmpty() && !caseEqual(tok, "level"))
                    error(QStringLiteral("Ignoring unrecognized power option (%1)").arg(show(tok)));
            }
            return true;
        case Opt::Mincpus: {
            std::optional<int> n;
            if (!setInt("--mincpus", arg, true, &n))
                return false;
            v.pnMinCpus = *n;
            return true;
        }
        case Opt::Nice: {
            const qint64 nice = argument ? cStrtol(arg).value : 100;
            if (nice > kNiceLimit || nice < -qint64(kNiceLimit)) {
                return fail(
                    QStringLiteral("Invalid --nice value, out of range (+/- %1)").arg(kNiceLimit));
            }
            v.nice = int(nice);
            return true;
        }
        case Opt::NoKill:
            if (!argument || caseEqual(arg, "set"))
                v.noKill = true;
            else if (caseEqual(arg, "off") || caseEqual(arg, "no"))
                v.noKill = false;
            else
                return fail(QStringLiteral("Invalid --no-kill specification"));
            return true;
        case Opt::NoRequeue:
            v.requeue = 0;
            return true;
        case Opt::Requeue:
            v.requeue = 1;
            return true;
        case Opt::Nodefile:
            v.text.erase(Opt::Nodelist);
            return true;
        case Opt::Nodelist:
            v.text.erase(Opt::Nodefile);
            return true;
        case Opt::Nodes:
            return setNodes(arg);
        case Opt::Ntasks: {
            const std::optional<int> n = parseInt("--ntasks", arg, true);
            if (!n)
                return false;
            v.ntasks = *n;
            v.ntasksSet = true;
            return true;
        }
        case Opt::NtasksPerCore:
            return setInt("--ntasks-per-core", arg, true, &v.ntasksPerCore);
        case Opt::NtasksPerGpu:
            return setInt("--ntasks-per-gpu", arg, true, &v.ntasksPerGpu);
        case Opt::NtasksPerNode:
            return setInt("--ntasks-per-node", arg, true, &v.ntasksPerNode);
        case Opt::NtasksPerSocket:
            return setInt("--ntasks-per-socket", arg, true, &v.ntasksPerSocket);
        case Opt::NtasksPerTres:
            return setInt("--ntasks-per-tres", arg, true, &v.ntasksPerTres);
        case Opt::OpenMode:
            if (cLower(at(arg, 0)) == 'a')
                v.openMode = JobRequest::OpenMode::Append;
            else if (cLower(at(arg, 0)) == 't')
                v.openMode = JobRequest::OpenMode::Truncate;
            else
                return fail(QStringLiteral("Invalid --open-mode specification"));
            return true;
        case Opt::Overcommit:
            v.overcommit = true;
            return true;
        case Opt::Oversubscribe:
            v.shared = JobRequest::Shared::OverSubscribe;
            return true;
        case Opt::Parsable:
            v.parsable = true;
            return true;
        case Opt::Priority: {
            if (caseEqual(arg, "TOP")) {
                v.priority = kNoVal - 1;
                return true;
            }
            const qint64 p = cStrtol(arg).value;
            if (p < 0)
                return fail(QStringLiteral("Priority must be >= 0"));
            if (p >= qint64(kNoVal))
                return fail(QStringLiteral("Priority must be < %1").arg(kNoVal));
            v.priority = std::uint32_t(p);
            return true;
        }
        case Opt::Profile: {
            static const char *const words[] = {"none", "all",    "energy",
                                                "task", "lustre", "network"};
            if (!std::any_of(std::begin(words), std::end(words),
                             [&](const char *w) { return caseContains(arg, w); })) {
                return fail(QStringLiteral("invalid --profile=%1 option").arg(show(arg)));
            }
            return true;
        }
        case Opt::Propagate:
            if (!argument)
                v.text[id] = "ALL";
            return true;
        case Opt::Quiet:
            ++v.quiet;
            return true;
        case Opt::Verbose:
            if (!argument) {
                ++v.verbose;
                return true;
            }
            {
                const std::optional<int> n = parseInt("--verbose", arg, false);
                if (!n)
                    return false;
                v.verbose = *n;
            }
            return true;
        case Opt::Reboot:
            v.reboot = true;
            return true;
        case Opt::Signal:
            return setSignal(arg);
        case Opt::SocketsPerNode:
            return setInt("--sockets-per-node", arg, true, &v.socketsPerNode);
        case Opt::SpreadJob:
            v.spreadJob = true;
            return true;
        case Opt::SwitchReq: {
            std::optional<int> n;
            return setInt("--switches", arg, true, &n);
        }
        case Opt::Switches: {
            std::optional<int> n;
            const qsizetype atSign = arg.indexOf('@');
            return setInt("--switches", atSign < 0 ? arg : arg.left(atSign), true, &n);
        }
        case Opt::TestOnly:
            v.testOnly = true;
            return true;
        case Opt::ThreadSpec: {
            const std::optional<int> n = parseInt("--thread-spec", arg, true);
            if (!n)
                return false;
            v.coreSpec = *n;
            v.threadSpec = true;
            return true;
        }
        case Opt::ThreadsPerCore:
            return setInt("--threads-per-core", arg, true, &v.threadsPerCore);
        case Opt::Time:
            return setTime(arg, &v.timeLimit, "--time");
        case Opt::TimeMin:
            return setTime(arg, &v.timeMin, "--time-min");
        case Opt::UseMinNodes:
            v.useMinNodes = true;
            return true;
        case Opt::Wait:
            v.wait = true;
            return true;
        case Opt::WaitAllNodes: {
            const std::optional<int> n = parseInt("--wait-all-nodes", arg, false);
            if (!n)
                return false;
            if (quint16(*n) > 1)
                return fail(QStringLiteral("Invalid --wait-all-nodes specification"));
            v.waitAllNodes = quint16(*n);
            return true;
        }
        case Opt::Wrap:
            v.wrap = arg;
            return true;
        default:
            return true; // a string kept in v.text
        }
    }

    // getopt over argv (argv[0] the program name); *optind receives where it stopped.
    bool runGetopt(const QList<Bytes> &argv, bool setByEnv, bool earlyPass, int *optind)
    {
        Getopt g(argv);
        while (true) {
            const GetoptEvent ev = g.next();
            if (ev.kind == GetoptEvent::Done)
                break;
            if (ev.kind == GetoptEvent::Error) {
                raw(ev.message);
                raw(QStringLiteral("Try \"sbatch --help\" for more information\n"));
                *optind = g.optind();
                return exitWith(kExitGetopt);
            }
            if (!process(ev.option->id, ev.optarg, setByEnv, earlyPass)) {
                *optind = g.optind();
                return false;
            }
        }
        *optind = g.optind();
        return true;
    }

    static const char kMemBindHelp[];

private:
    QHash<QString, QString> env_;
    Bytes cwd_;
    qint64 now_ = 0;
};

const char Sbatch::kMemBindHelp[] =
    "Memory bind options:\n"
    "    --mem-bind=         Bind memory to locality domains (ldom)\n"
    "        nosort          avoid sorting pages at startup\n"
    "        sort            sort pages at startup\n"
    "        q[uiet]         quietly bind before task runs (default)\n"
    "        v[erbose]       verbosely report binding before task runs\n"
    "        no[ne]          don't bind tasks to memory (default)\n"
    "        rank            bind by task rank\n"
    "        local           bind to memory local to processor\n"
    "        map_mem:<list>  specify a memory binding for each task\n"
    "                        where <list> is <cpuid1>,<cpuid2>,...<cpuidN>\n"
    "        mask_mem:<list> specify a memory binding mask for each tasks\n"
    "                        where <list> is <mask1>,<mask2>,...<maskN>\n"
    "        help            show this help message\n";

const char kHintHelp[] =
    "Application hint options:\n"
    "    --hint=             Bind tasks according to application hints\n"
    "        compute_bound   use all cores in each socket\n"
    "        memory_bound    use only one core in each socket\n"
    "        [no]multithread [don't] use extra threads with in-core multi-threading\n"
    "        help            show this help message\n";

// sbatch --help (TaskPlugin without "affinity", no SPANK plugin) and --usage of 22.05.8.
const char kHelpText[] =
    R"sbatch(Usage: sbatch [OPTIONS(0)...] [ : [OPTIONS(N)...]] script(0) [args(0)...]

Parallel run options:
  -a, --array=indexes         job array index values
  -A, --account=name          charge job to specified account
      --bb=<spec>             burst buffer specifications
      --bbf=<file_name>       burst buffer specification file
  -b, --begin=time            defer job until HH:MM MM/DD/YY
      --comment=name          arbitrary comment
      --cpu-freq=min[-max[:gov]] requested cpu frequency (and governor)
  -c, --cpus-per-task=ncpus   number of cpus required per task
  -d, --dependency=type:jobid[:time] defer job until condition on jobid is satisfied
      --deadline=time         remove the job if no ending possible before
                              this deadline (start > (deadline - time[-min]))
      --delay-boot=mins       delay boot for desired node features
  -D, --chdir=directory       set working directory for batch script
  -e, --error=err             file for batch script's standard error
      --export[=names]        specify environment variables to export
      --export-file=file|fd   specify environment variables file or file
                              descriptor to export
      --get-user-env          load environment from local cluster
      --gid=group_id          group ID to run job as (user root only)
      --gres=list             required generic resources
      --gres-flags=opts       flags related to GRES management
  -H, --hold                  submit job in held state
      --ignore-pbs            Ignore #PBS and #BSUB options in the batch script
  -i, --input=in              file for batch script's standard input
  -J, --job-name=jobname      name of job
  -k, --no-kill               do not kill job on node failure
  -L, --licenses=names        required license, comma separated
  -M, --clusters=names        Comma separated list of clusters to issue
                              commands to.  Default is current cluster.
                              Name of 'all' will submit to run on all clusters.
                              NOTE: SlurmDBD must up.
      --container             Path to OCI container bundle
  -m, --distribution=type     distribution method for processes to nodes
                              (type = block|cyclic|arbitrary)
      --mail-type=type        notify on state change: BEGIN, END, FAIL or ALL
      --mail-user=user        who to send email notification for job state
                              changes
      --mcs-label=mcs         mcs label if mcs plugin mcs/group is used
  -n, --ntasks=ntasks         number of tasks to run
      --nice[=value]          decrease scheduling priority by value
      --no-requeue            if set, do not permit the job to be requeued
      --ntasks-per-node=n     number of tasks to invoke on each node
  -N, --nodes=N               number of nodes on which to run (N = min[-max])
  -o, --output=out            file for batch script's standard output
  -O, --overcommit            overcommit resources
  -p, --partition=partition   partition requested
      --parsable              outputs only the jobid and cluster name (if present),
                              separated by semicolon, only on successful submission.
      --power=flags           power management options
      --priority=value        set the priority of the job to value
      --profile=value         enable acct_gather_profile for detailed data
                              value is all or none or any combination of
                              energy, lustre, network or task
      --propagate[=rlimits]   propagate all [or specific list of] rlimits
  -q, --qos=qos               quality of service
  -Q, --quiet                 quiet mode (suppress informational messages)
      --reboot                reboot compute nodes before starting job
      --requeue               if set, permit the job to be requeued
  -s, --oversubscribe         over subscribe resources with other jobs
  -S, --core-spec=cores       count of reserved cores
      --signal=[[R][B]:]num[@time] send signal when time limit within time seconds
      --spread-job            spread job across as many nodes as possible
      --switches=max-switches{@max-time-to-wait}
                              Optimum switches and max time to wait for optimum
      --thread-spec=threads   count of reserved threads
  -t, --time=minutes          time limit
      --time-min=minutes      minimum time limit (if distinct)
      --uid=user_id           user ID to run job as (user root only)
      --use-min-nodes         if a range of node counts is given, prefer the
                              smaller count
  -v, --verbose               verbose mode (multiple -v's increase verbosity)
  -W, --wait                  wait for completion of submitted job
      --wckey=wckey           wckey to run job under
      --wrap[=command string] wrap command string in a sh script and submit

Constraint options:
      --cluster-constraint=[!]list specify a list of cluster constraints
      --contiguous            demand a contiguous range of nodes
  -C, --constraint=list       specify a list of constraints
  -F, --nodefile=filename     request a specific list of hosts
      --mem=MB                minimum amount of real memory
      --mincpus=n             minimum number of logical processors (threads)
                              per node
      --reservation=name      allocate resources from named reservation
      --tmp=MB                minimum amount of temporary disk
  -w, --nodelist=hosts...     request a specific list of hosts
  -x, --exclude=hosts...      exclude a specific list of hosts

Consumable resources related options:
      --exclusive[=user]      allocate nodes in exclusive mode when
                              cpu consumable resource is enabled
      --exclusive[=mcs]       allocate nodes in exclusive mode when
                              cpu consumable resource is enabled
                              and mcs plugin is enabled
      --mem-per-cpu=MB        maximum amount of real memory per allocated
                              cpu required by the job.
                              --mem >= --mem-per-cpu if --mem is specified.

Affinity/Multi-core options: (when the task/affinity plugin is enabled)
                              For the following 4 options, you are
                              specifying the minimum resources available for
                              the node(s) allocated to the job.
      --sockets-per-node=S    number of sockets per node to allocate
      --cores-per-socket=C    number of cores per socket to allocate
      --threads-per-core=T    number of threads per core to allocate
  -B  --extra-node-info=S[:C[:T]]  combine request of sockets per node,
                              cores per socket and threads per core.
                              Specify an asterisk (*) as a placeholder,
                              a minimum value, or a min-max range.

      --ntasks-per-core=n     number of tasks to invoke on each core
      --ntasks-per-socket=n   number of tasks to invoke on each socket

GPU scheduling options:
      --cpus-per-gpu=n        number of CPUs required per allocated GPU
  -G, --gpus=n                count of GPUs required for the job
      --gpu-bind=...          task to gpu binding options
      --gpu-freq=...          frequency and voltage of GPUs
      --gpus-per-node=n       number of GPUs required per allocated node
      --gpus-per-socket=n     number of GPUs required per allocated socket
      --gpus-per-task=n       number of GPUs required per spawned task
      --mem-per-gpu=n         real memory required per allocated GPU

Help options:
  -h, --help                  show this help message
      --usage                 display brief usage message

Other options:
  -V, --version               output version information and exit

)sbatch";

const char kUsageText[] = R"sbatch(Usage: sbatch [-N nnodes] [-n ntasks]
              [-c ncpus] [-r n] [-p partition] [--hold] [--parsable] [-t minutes]
              [-D path] [--no-kill] [--overcommit]
              [--input file] [--output file] [--error file]
              [--time-min=minutes] [--licenses=names] [--clusters=cluster_names]
              [--chdir=directory] [--oversubscribe] [-m dist] [-J jobname]
              [--verbose] [--gid=group] [--uid=user]
              [--contiguous] [--mincpus=n] [--mem=MB] [--tmp=MB] [-C list]
              [--account=name] [--dependency=type:jobid[+time]] [--comment=name]
              [--mail-type=type] [--mail-user=user] [--nice[=value]] [--wait]
              [--requeue] [--no-requeue] [--ntasks-per-node=n] [--propagate]
              [--nodefile=file] [--nodelist=hosts] [--exclude=hosts]
              [--network=type] [--mem-per-cpu=MB] [--qos=qos] [--gres=list]
              [--mem-bind=...] [--reservation=name] [--mcs-label=mcs]
              [--cpu-freq=min[-max[:gov]]] [--power=flags] [--gres-flags=opts]
              [--switches=max-switches{@max-time-to-wait}] [--reboot]
              [--core-spec=cores] [--thread-spec=threads]
              [--bb=burst_buffer_spec] [--bbf=burst_buffer_file]
              [--array=index_values] [--profile=...] [--ignore-pbs] [--spread-job]
              [--export[=names]] [--export-file=file|fd] [--delay-boot=mins]
              [--use-min-nodes]
              [--cpus-per-gpu=n] [--gpus=n] [--gpu-bind=...] [--gpu-freq=...]
              [--gpus-per-node=n] [--gpus-per-socket=n] [--gpus-per-task=n]
              [--mem-per-gpu=MB]
              executable [args...]
)sbatch";

// ---------------------------------------------------------------------------------------
// The batch script.

// _get_script_buffer()'s checks; an empty string when the script is acceptable.
QString scriptProblem(const Bytes &script)
{
    QStringList lines;
    // xstring_is_whitespace() reads a C string: it stops at the first NUL.
    const qsizetype nul = script.indexOf('\0');
    const Bytes cText = nul < 0 ? script : script.left(nul);
    if (script.isEmpty()) {
        lines << QStringLiteral("Batch script is empty!");
    } else if (isWhitespace(cText)) {
        lines << QStringLiteral("Batch script contains only whitespace!");
    } else if (!script.startsWith("#!")) {
        lines << QStringLiteral("This does not look like a batch script.  The first")
              << QStringLiteral("line must start with #! followed by the path to an interpreter.")
              << QStringLiteral("For instance: #!/bin/sh");
    } else if (nul >= 0) {
        lines << QStringLiteral("The Slurm controller does not allow scripts that")
              << QStringLiteral("contain a NULL character '\\0'.");
    } else if (script.contains("\r\n")) {
        lines << QStringLiteral("Batch script contains DOS line breaks (\\r\\n)")
              << QStringLiteral("instead of expected UNIX line breaks (\\n).");
    }
    QString text;
    for (const QString &line : std::as_const(lines))
        text += QStringLiteral("sbatch: error: ") + line + QLatin1Char('\n');
    return text;
}

// next_line(): lines split on '\n'; a final line without '\n' counts, an empty tail does not.
QList<Bytes> scriptLines(const Bytes &script)
{
    QList<Bytes> lines = script.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

bool isSeparatorWord(const Bytes &line, qsizetype p, const char *word)
{
    const qsizetype n = qstrlen(word);
    return casePrefix(line, p, word) && (at(line, p + n) == '\0' || cIsSpace(at(line, p + n)));
}

// get_argument(): the next word of a directive from position p, or nullopt. `line` is
// modified as Slurm modifies it (a "hetjob" word is blanked out). A fatal error fills
// *fatal with the text after "sbatch: fatal: ".
struct Word
{
    std::optional<Bytes> text;
    qsizetype end = 0;                // where the scan stopped
    bool deprecatedSeparator = false; // a "packjob" was blanked out
};
Word nextWord(Bytes &line, qsizetype start, const QString &file, int lineno, QString *fatal)
{
    Word w;
    qsizetype p = start;
    while (cIsSpace(at(line, p)))
        ++p;
    if (isSeparatorWord(line, p, "packjob")) {
        w.deprecatedSeparator = true;
        line.replace(p, 7, "       ");
    } else if (isSeparatorWord(line, p, "hetjob")) {
        line.replace(p, 6, "      ");
    }
    if (at(line, p) == ':') {
        *fatal = QStringLiteral("%1: line %2: Unexpected `:` in [%3]")
                     .arg(file)
                     .arg(lineno)
                     .arg(show(line.mid(start)));
        return w;
    }
    if (at(line, p) == '\0')
        return w;
    Bytes word;
    bool any = false;
    bool escape = false;
    bool quoted = false;
    char quote = 0;
    while ((quoted || !cIsSpace(at(line, p))) && at(line, p) != '\n' && at(line, p) != '\0') {
        const char c = at(line, p);
        if (escape) {
            escape = false;
        } else if (c == '\\') {
            escape = true;
            ++p;
            continue;
        } else if (quoted) {
            if (c == quote) {
                quoted = false;
                ++p;
                continue;
            }
        } else if (c == '"' || c == '\'') {
            quoted = true;
            quote = c;
            ++p;
            continue;
        } else if (c == '#') {
            break; // the rest of the line is a comment
        }
        word += c;
        any = true;
        ++p;
    }
    if (quoted) {
        *fatal = QStringLiteral("%1: line %2: Unmatched `%3` in [%4]")
                     .arg(file)
                     .arg(lineno)
                     .arg(QLatin1Char(quote))
                     .arg(show(line.mid(start)));
        return w;
    }
    w.end = p;
    // Slurm only allocates the word on its first byte: "" yields no word and ends the line.
    if (any)
        w.text = word;
    return w;
}

enum class LineKind { Directive, SlurmDirective, Blank, Comment, Command };

LineKind classify(const Bytes &line)
{
    if (line.startsWith("#SBATCH"))
        return LineKind::Directive;
    if (line.startsWith("#SLURM"))
        return LineKind::SlurmDirective;
    for (char c : line) {
        if (cIsSpace(c))
            continue;
        return c == '#' ? LineKind::Comment : LineKind::Command;
    }
    return LineKind::Blank;
}

struct DirectiveWords
{
    QList<Bytes> words;
    QList<int> lineOfWord; // 1-based line of each word
};

// _opt_batch_script()'s reading for one component of the job: the words of its #SBATCH and
// #SLURM lines before the first command. Components are separated by "hetjob" lines; *more
// tells whether another follows. Stops with a fatal message on a bad quote or ':'.
DirectiveWords readDirectives(const Bytes &script, const QString &file, int component, bool *more,
                              Sbatch *sb)
{
    DirectiveWords d;
    bool warned = false;
    int lineno = 0;
    int scanned = 0;
    *more = false;
    for (Bytes line : scriptLines(script)) {
        ++lineno;
        const LineKind kind = classify(line);
        if (kind == LineKind::Command)
            break;
        if (kind != LineKind::Directive && kind != LineKind::SlurmDirective)
            continue;
        qsizetype p = kind == LineKind::Directive ? 7 : 6;
        if (kind == LineKind::SlurmDirective && !warned) {
            sb->error(QStringLiteral("Change from #SLURM to #SBATCH in your script and verify "
                                     "the options are valid in sbatch"));
            warned = true;
        }
        while (cIsSpace(at(line, p)))
            ++p;
        if (isSeparatorWord(line, p, "packjob") || isSeparatorWord(line, p, "hetjob"))
            ++scanned;
        if (scanned < component)
            continue;
        if (scanned > component) {
            *more = true;
            break;
        }
        while (true) {
            QString fatal;
            const Word w = nextWord(line, p, file, lineno, &fatal);
            if (w.deprecatedSeparator && !sb->packjobLogged) {
                sb->info(QStringLiteral("Warning: the \"packjob\" component separator is being "
                                        "deprecated. Please, use \"hetjob\" instead."));
                sb->packjobLogged = true;
            }
            if (!fatal.isEmpty()) {
                sb->fatal(fatal);
                return d;
            }
            if (!w.text)
                break;
            d.words << *w.text;
            d.lineOfWord << lineno;
            p = w.end;
        }
    }
    return d;
}

// ---------------------------------------------------------------------------------------
// Dependencies, arrays and GRES: sbatch passes them as text and slurmctld reads them; these
// follow slurmctld's reading closely enough to tell valid from invalid.

bool parseJobIdList(const Bytes &list, bool allowDelay, Dependency *dep)
{
    if (list.isEmpty())
        return false;
    for (const Bytes &item : list.split(':')) {
        Bytes id = item;
        std::uint32_t delay = 0;
        const qsizetype plus = item.indexOf('+');
        if (plus >= 0) {
            if (!allowDelay)
                return false;
            bool ok = false;
            const uint minutes = item.mid(plus + 1).toUInt(&ok);
            if (!ok)
                return false;
            delay = minutes;
            id = item.left(plus);
        }
        bool ok = false;
        const uint jobId = id.toUInt(&ok);
        if (!ok || jobId == 0 || id.startsWith('+'))
            return false;
        dep->jobIds << jobId;
        dep->delayMinutes << delay;
    }
    return true;
}

bool parseDependencies(const Bytes &text, JobRequest *r)
{
    const bool hasAnd = text.contains(',');
    const bool hasOr = text.contains('?');
    if (text.isEmpty() || (hasAnd && hasOr))
        return false;
    r->dependencyAny = hasOr;
    for (const Bytes &token : text.split(hasOr ? '?' : ',')) {
        Dependency dep;
        dep.text = show(token);
        const qsizetype colon = token.indexOf(':');
        const Bytes type = (colon < 0 ? token : token.left(colon)).toLower();
        if (colon < 0) {
            if (type == "singleton") {
                dep.type = DependencyType::Singleton;
            } else {
                // A bare job id is the old form of afterany.
                dep.type = DependencyType::AfterAny;
                if (!parseJobIdList(token, false, &dep))
                    return false;
            }
            r->dependencies << dep;
            continue;
        }
        static const struct
        {
            const char *name;
            DependencyType type;
        } types[] = {{"after", DependencyType::After},
                     {"afterany", DependencyType::AfterAny},
                     {"afterok", DependencyType::AfterOk},
                     {"afternotok", DependencyType::AfterNotOk},
                     {"aftercorr", DependencyType::AfterCorr},
                     {"afterburstbuffer", DependencyType::AfterBurstBuffer}};
        bool known = false;
        for (const auto &t : types) {
            if (type == t.name) {
                dep.type = t.type;
                known = true;
            }
        }
        if (!known ||
            !parseJobIdList(token.mid(colon + 1), dep.type == DependencyType::After, &dep))
            return false;
        r->dependencies << dep;
    }
    return true;
}

std::optional<ArraySpec> parseArray(const Bytes &text)
{
    std::array<bool, kMaxArraySize> ids{};
    bool any = false;
    for (const Bytes &rawToken : text.split(',')) {
        if (rawToken.isEmpty())
            continue; // strtok_r() skips empty fields
        any = true;
        Bytes tok = rawToken;
        if (tok.startsWith('['))
            tok = tok.mid(1);
        CNumber n = cStrtol(tok);
        const qint64 first = n.value;
        qsizetype p = n.end;
        if (at(tok, p) == ']')
            ++p;
        if (first < 0)
            return std::nullopt;
        qint64 last = first;
        qint64 step = 1;
        auto endsOk = [&]() { return at(tok, p) == '\0' || at(tok, p) == '%'; };
        if (at(tok, p) == '-') {
            n = cStrtol(tok, p + 1);
            last = n.value;
            p = n.end == p + 1 ? p + 1 : n.end;
            if (at(tok, p) == ']')
                ++p;
            if (at(tok, p) == ':') {
                n = cStrtol(tok, p + 1);
                step = n.value;
                p = n.end == p + 1 ? p + 1 : n.end;
                if (at(tok, p) == ']')
                    ++p;
                if (!endsOk() || step <= 0 || step >= kMaxArraySize)
                    return std::nullopt;
            } else if (!endsOk()) {
                return std::nullopt;
            }
            if (last < first)
                return std::nullopt;
        } else if (!endsOk()) {
            return std::nullopt;
        }
        if (last >= kMaxArraySize)
            return std::nullopt;
        for (qint64 i = first; i <= last; i += step)
            ids[std::size_t(i)] = true;
    }
    if (!any)
        return std::nullopt;
    ArraySpec spec;
    spec.text = show(text);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (ids[i])
            spec.taskIds << std::uint32_t(i);
    }
    const qsizetype percent = text.indexOf('%');
    if (percent >= 0)
        spec.maxRunning = std::max(0, cAtoi(text.mid(percent + 1)));
    return spec;
}

bool parseGresCount(const Bytes &text, int *count)
{
    const CNumber n = cStrtol(text);
    if (n.end == 0 || n.value < 0 || !cIsDigit(at(text, 0)))
        return false;
    qint64 value = n.value;
    if (value > INT_MAX)
        return false;
    const Bytes suffix = text.mid(n.end).toLower();
    if (suffix == "k")
        value *= 1024;
    else if (suffix == "m")
        value *= 1024 * 1024;
    else if (suffix == "g")
        value *= qint64(1024) * 1024 * 1024;
    else if (!suffix.isEmpty())
        return false;
    if (value > INT_MAX)
        return false;
    *count = int(value);
    return true;
}

std::optional<QList<GresRequest>> parseGres(const Bytes &text)
{
    QList<GresRequest> list;
    if (caseEqual(text, "none"))
        return list;
    for (Bytes item : text.split(',')) {
        if (item.startsWith("gres:"))
            item = item.mid(5);
        const QList<Bytes> fields = item.split(':');
        GresRequest g;
        if (fields.isEmpty() || fields.size() > 3 || fields[0].isEmpty())
            return std::nullopt;
        for (char c : fields[0]) {
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'))
                return std::nullopt;
        }
        g.name = show(fields[0]);
        if (fields.size() == 2) {
            if (cIsDigit(at(fields[1], 0))) {
                if (!parseGresCount(fields[1], &g.count))
                    return std::nullopt;
            } else if (!fields[1].isEmpty()) {
                g.type = show(fields[1]);
            } else {
                return std::nullopt;
            }
        } else if (fields.size() == 3) {
            if (fields[1].isEmpty() || !parseGresCount(fields[2], &g.count))
                return std::nullopt;
            g.type = show(fields[1]);
        }
        list << g;
    }
    return list;
}

// ---------------------------------------------------------------------------------------
// The passes.

QList<Bytes> programArgv(const QList<Bytes> &args)
{
    QList<Bytes> argv{Bytes("sbatch")};
    argv += args;
    return argv;
}

QList<Bytes> toBytes(const QStringList &list)
{
    QList<Bytes> out;
    out.reserve(list.size());
    for (const QString &s : list)
        out << cString(s);
    return out;
}

struct FirstPass
{
    SbatchCommandLine commandLine;
    bool ok = false;
};

// process_options_first_pass(): every command-line option is evaluated (as if it came from
// the environment, so bad values fail here already); help, usage, version, quiet, verbose
// and wrap only act here. Returns false when sbatch stops.
bool firstPass(Sbatch &sb, const QStringList &args, SbatchCommandLine *cl)
{
    cl->arguments = args;
    cl->errorExit = sb.errorExit_;
    cl->startupErrors = sb.startupErrors_;
    if (const std::optional<Bytes> v = sb.envValue("SBATCH_IGNORE_PBS")) {
        if (!sb.process(Opt::IgnorePbs, *v, true, true))
            return false;
    }
    // A ':' separates the components of a heterogeneous job; the first pass drops them.
    QList<Bytes> local;
    for (const QString &a : args) {
        if (a != QLatin1String(":"))
            local << cString(a);
    }
    int optind = 1;
    const bool ok = sb.runGetopt(programArgv(local), true, true, &optind);
    cl->wantsHelp = sb.v.help;
    cl->wantsUsage = sb.v.usage;
    cl->wantsVersion = sb.v.version;
    if (!ok)
        return false;
    const qsizetype firstLeft = optind - 1;
    if (firstLeft < local.size() && sb.v.wrap) {
        sb.error(QStringLiteral("Script arguments not permitted with --wrap option"));
        return sb.exitWith(sb.errorExit_);
    }
    QStringList leftover;
    for (qsizetype i = firstLeft; i < local.size(); ++i)
        leftover << show(local[i]);
    if (!leftover.isEmpty()) {
        cl->hasScript = true;
        cl->scriptPath = leftover.takeFirst();
        cl->scriptArgs = leftover;
    }
    // The second pass reads argv minus as many words as the script and its arguments.
    const qsizetype scriptWords = cl->hasScript ? 1 + cl->scriptArgs.size() : 0;
    cl->options = args.mid(0, std::max<qsizetype>(0, args.size() - scriptWords));
    cl->hasWrap = sb.v.wrap.has_value();
    cl->quiet = sb.v.quiet > 0;
    const auto chdir = sb.v.text.find(Opt::Chdir);
    if (chdir != sb.v.text.end() && sb.v.state[std::size_t(Opt::Chdir)].set)
        cl->chdir = show(sb.chdirGiven);
    // Non-fatal lines of the first pass ("Ignoring unrecognized power option") come first.
    cl->startupErrors = sb.err_;
    return true;
}

ToolFailure failureOf(const Sbatch &sb)
{
    ToolFailure f;
    f.stderrText = sb.err_;
    f.stdoutText = sb.out_;
    f.exitCode = sb.stop_ ? sb.stop_->exitCode : 1;
    return f;
}

} // namespace

namespace {

// C's int arithmetic as it behaves in practice: two's complement wrap-around.
int wrappingMul(int a, int b)
{
    return int(std::uint32_t(a) * std::uint32_t(b));
}

bool setByCli(const Sbatch &sb, Opt id)
{
    const OptionState &st = sb.v.state[std::size_t(id)];
    return st.set && !st.setByEnv;
}
bool setByEnv(const Sbatch &sb, Opt id)
{
    return sb.v.state[std::size_t(id)].setByEnv;
}
bool isSet(const Sbatch &sb, Opt id)
{
    return sb.v.state[std::size_t(id)].set;
}

void resetOption(Sbatch &sb, Opt id)
{
    sb.reset(id);
    sb.v.state[std::size_t(id)] = OptionState{};
}

// validate_options_salloc_sbatch_srun(): the checks across options, fatal in Slurm.
bool validateAcrossOptions(Sbatch &sb)
{
    Values &v = sb.v;
    const bool tres = setByCli(sb, Opt::NtasksPerTres);
    const bool gpu = setByCli(sb, Opt::NtasksPerGpu);
    const bool tresEnv = setByEnv(sb, Opt::NtasksPerTres);
    const bool gpuEnv = setByEnv(sb, Opt::NtasksPerGpu);
    if (tres || gpu || tresEnv || gpuEnv) {
        if (gpu && tres) {
            if (v.ntasksPerGpu != v.ntasksPerTres) {
                return sb.fatal(QStringLiteral("Inconsistent values set to --ntasks-per-gpu=%1 "
                                               "and --ntasks-per-tres=%2 ")
                                    .arg(v.ntasksPerGpu.value_or(int(kNoVal)))
                                    .arg(v.ntasksPerTres.value_or(int(kNoVal))));
            }
        } else if (gpu && tresEnv) {
            resetOption(sb, Opt::NtasksPerTres);
        } else if (tres && gpuEnv) {
            resetOption(sb, Opt::NtasksPerGpu);
        } else if (gpuEnv && tresEnv && v.ntasksPerGpu != v.ntasksPerTres) {
            return sb.fatal(QStringLiteral("Inconsistent values set by environment variables "
                                           "SLURM_NTASKS_PER_GPU=%1 and SLURM_NTASKS_PER_TRES=%2 ")
                                .arg(v.ntasksPerGpu.value_or(int(kNoVal)))
                                .arg(v.ntasksPerTres.value_or(int(kNoVal))));
        }
        const QString tail = QStringLiteral(" is mutually exclusive with --ntasks-per-gpu and "
                                            "SLURM_NTASKS_PER_GPU");
        if (setByCli(sb, Opt::GpusPerTask))
            return sb.fatal(QStringLiteral("--gpus-per-task") + tail);
        if (setByEnv(sb, Opt::GpusPerTask))
            return sb.fatal(QStringLiteral("SLURM_GPUS_PER_TASK") + tail);
        if (setByCli(sb, Opt::GpusPerSocket))
            return sb.fatal(QStringLiteral("--gpus-per-socket") + tail);
        if (setByEnv(sb, Opt::GpusPerSocket))
            return sb.fatal(QStringLiteral("SLURM_GPUS_PER_SOCKET") + tail);
        if (setByCli(sb, Opt::NtasksPerNode))
            return sb.fatal(QStringLiteral("--ntasks-per-node") + tail);
        if (setByEnv(sb, Opt::NtasksPerNode))
            return sb.fatal(QStringLiteral("SLURM_NTASKS_PER_NODE") + tail);
    }

    if (isSet(sb, Opt::ThreadSpec) || isSet(sb, Opt::CoreSpec)) {
        const int cli = int(setByCli(sb, Opt::CoreSpec)) + int(setByCli(sb, Opt::ThreadSpec));
        const int env = int(setByEnv(sb, Opt::CoreSpec)) + int(setByEnv(sb, Opt::ThreadSpec));
        if (cli > 1)
            return sb.fatal(
                QStringLiteral("-S/--core-spec and --thred-spec options are mutually exclusive"));
        if (env > 1 && cli == 0)
            return sb.fatal(QStringLiteral("Both --core-spec and --thread-spec set using "
                                           "environment variables. Those options are mutually "
                                           "exclusive."));
        // AllowSpecResourcesUsage defaults to No.
        sb.error(QStringLiteral("Ignoring %1 since it's not allowed by configuration "
                                "(AllowSpecResourcesUsage = No)")
                     .arg(v.threadSpec ? QStringLiteral("--thread-spec") : QStringLiteral("-S")));
    }

    const int memCli = int(setByCli(sb, Opt::Mem)) + int(setByCli(sb, Opt::MemPerCpu)) +
                       int(setByCli(sb, Opt::MemPerGpu));
    if (memCli > 1) {
        return sb.fatal(
            QStringLiteral("--mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive."));
    } else if (setByCli(sb, Opt::Mem)) {
        resetOption(sb, Opt::MemPerCpu);
        resetOption(sb, Opt::MemPerGpu);
    } else if (setByCli(sb, Opt::MemPerCpu)) {
        resetOption(sb, Opt::Mem);
        resetOption(sb, Opt::MemPerGpu);
    } else if (setByCli(sb, Opt::MemPerGpu)) {
        resetOption(sb, Opt::Mem);
        resetOption(sb, Opt::MemPerCpu);
    } else if (int(setByEnv(sb, Opt::Mem)) + int(setByEnv(sb, Opt::MemPerCpu)) +
                   int(setByEnv(sb, Opt::MemPerGpu)) >
               1) {
        return sb.fatal(QStringLiteral("SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and "
                                       "SLURM_MEM_PER_NODE are mutually exclusive."));
    }
    return true;
}

// validate_hint_option(): true when --hint is to be applied.
bool hintApplies(Sbatch &sb)
{
    const bool others = setByCli(sb, Opt::NtasksPerCore) || setByCli(sb, Opt::ThreadsPerCore) ||
                        setByCli(sb, Opt::ExtraNodeInfo);
    if (setByCli(sb, Opt::Hint) && others) {
        resetOption(sb, Opt::Hint);
        return false;
    }
    if (setByCli(sb, Opt::Hint)) {
        resetOption(sb, Opt::NtasksPerCore);
        resetOption(sb, Opt::ThreadsPerCore);
        resetOption(sb, Opt::ExtraNodeInfo);
        return true;
    }
    if (others) {
        resetOption(sb, Opt::Hint);
        return false;
    }
    if (setByEnv(sb, Opt::Hint) &&
        (setByEnv(sb, Opt::NtasksPerCore) || setByEnv(sb, Opt::ThreadsPerCore) ||
         setByEnv(sb, Opt::ExtraNodeInfo))) {
        resetOption(sb, Opt::Hint);
        return false;
    }
    return true;
}

// verify_hint().
bool applyHint(Sbatch &sb, const Bytes &hint)
{
    Bytes buf = hint;
    for (qsizetype i = 0; i < buf.size(); ++i) {
        if (buf[i] == ',' && !cIsDigit(at(buf, i + 1)))
            buf[i] = ';';
    }
    for (const Bytes &tok : buf.split(';')) {
        if (caseEqual(tok, "help")) {
            sb.out_ += QString::fromLatin1(kHintHelp);
            return sb.exitWith(sb.errorExit_);
        }
        if (caseEqual(tok, "compute_bound")) {
            sb.v.socketsPerNode.reset();
            sb.v.coresPerSocket.reset();
            sb.v.threadsPerCore = 1;
        } else if (caseEqual(tok, "memory_bound")) {
            sb.v.coresPerSocket = 1;
            sb.v.threadsPerCore = 1;
        } else if (caseEqual(tok, "multithread")) {
            sb.v.threadsPerCore.reset();
            sb.v.ntasksPerCore = 0xFFFF;
        } else if (caseEqual(tok, "nomultithread")) {
            sb.v.threadsPerCore = 1;
        } else {
            sb.error(QStringLiteral("unrecognized --hint argument \"%1\", see --hint=help")
                         .arg(show(tok)));
            return sb.exitWith(sb.errorExit_);
        }
    }
    return true;
}

// _opt_verify() and the checks of slurm_opt_create_job_desc() that need no cluster.
bool verify(Sbatch &sb)
{
    Values &v = sb.v;
    if (!validateAcrossOptions(sb))
        return false;
    bool verified = true;
    if (v.quiet && v.verbose) {
        sb.error(QStringLiteral("don't specify both --verbose (-v) and --quiet (-Q)"));
        verified = false;
    }
    if (isSet(sb, Opt::Bb) && isSet(sb, Opt::Bbf)) {
        sb.error(QStringLiteral("Cannot specify both --burst-buffer and --bbf"));
        return sb.exitWith(sb.errorExit_);
    }
    if (isSet(sb, Opt::Hint) && hintApplies(sb)) {
        if (!applyHint(sb, v.text[Opt::Hint]))
            return false;
    }
    // _fullpath(): relative file names hang off the job's working directory.
    const auto chdir = v.text.find(Opt::Chdir);
    const Bytes workDir = chdir != v.text.end() ? chdir->second : sb.cwdBytes();
    for (Opt id : {Opt::Error, Opt::Input, Opt::Output}) {
        auto it = v.text.find(id);
        if (it != v.text.end() && !it->second.startsWith('/') && !workDir.isEmpty())
            it->second = workDir + '/' + it->second;
    }
    std::optional<int> hostCount;
    if (const auto nodelist = v.text.find(Opt::Nodelist); nodelist != v.text.end()) {
        hostCount = distinctHostCount(nodelist->second);
        if (hostCount) {
            v.minNodes = v.nodesSet ? std::max(*hostCount, v.minNodes) : *hostCount;
            v.nodesSet = true;
        }
    }
    if (v.ntasksPerNode && *v.ntasksPerNode > 0 && !v.ntasksSet &&
        (v.maxNodes == 0 || v.minNodes == v.maxNodes)) {
        v.ntasks = wrappingMul(v.minNodes, *v.ntasksPerNode);
        v.ntasksSet = true;
    }
    if (v.cpusSet && v.pnMinCpus < v.cpusPerTask)
        v.pnMinCpus = v.cpusPerTask;
    if (v.ntasks < 0) {
        sb.error(QStringLiteral("invalid number of tasks (-n %1)").arg(v.ntasks));
        verified = false;
    }
    if (v.cpusSet && v.cpusPerTask <= 0) {
        sb.error(QStringLiteral("invalid number of cpus per task (-c %1)").arg(v.cpusPerTask));
        verified = false;
    }
    if (v.minNodes < 0 || v.maxNodes < 0 || (v.maxNodes && v.minNodes > v.maxNodes)) {
        sb.error(
            QStringLiteral("invalid number of nodes (-N %1-%2)").arg(v.minNodes).arg(v.maxNodes));
        verified = false;
    }
    if (v.distribution == Dist::Plane && v.planeSize) {
        if ((v.minNodes <= 0 || v.ntasks / v.planeSize < v.minNodes) &&
            (qint64(v.minNodes) - 1) * v.planeSize >= v.ntasks) {
            sb.error(
                QStringLiteral("Too few processes for the requested {plane,node} distribution"));
            return sb.exitWith(sb.errorExit_);
        }
    }
    if ((v.nodesSet || v.extraSet) && (v.minNodes == v.maxNodes || v.maxNodes == 0) &&
        !v.ntasksSet) {
        v.ntasks = std::max(v.minNodes, 1);
        for (const std::optional<int> &factor :
             {v.socketsPerNode, v.coresPerSocket, v.threadsPerCore}) {
            if (factor) {
                v.ntasks = wrappingMul(v.ntasks, *factor);
                v.ntasksSet = true;
            }
        }
    } else if (v.nodesSet && v.ntasksSet) {
        if (v.ntasks < v.maxNodes)
            v.maxNodes = v.ntasks;
        if (v.ntasks < v.minNodes) {
            sb.info(
                QStringLiteral("Warning: can't run %1 processes on %2 nodes, setting nnodes to %3")
                    .arg(v.ntasks)
                    .arg(v.minNodes)
                    .arg(v.ntasks));
            v.minNodes = v.maxNodes = v.ntasks;
        }
    }
    if (v.distribution == Dist::Arbitrary && hostCount && (!v.nodesSet || !v.ntasksSet)) {
        if (!v.ntasksSet) {
            v.ntasksSet = true;
            v.ntasks = *hostCount;
        }
        if (!v.nodesSet) {
            v.nodesSet = true;
            v.minNodes = v.maxNodes = *hostCount;
        }
    }
    if (v.deadline && v.begin && v.deadline < v.begin) {
        sb.error(QStringLiteral("Incompatible begin and deadline time specification"));
        return sb.exitWith(sb.errorExit_);
    }
    if (!verified)
        return sb.exitWith(sb.errorExit_);
    if (v.distribution == Dist::Arbitrary && !isSet(sb, Opt::Nodelist)) {
        sb.error(QStringLiteral("With Arbitrary distribution you need to specify a nodelist or "
                                "hostfile with the -w option"));
        return sb.exitWith(sb.errorExit_);
    }
    return true;
}

// _set_rlimit_env() in sbatch's main(): --propagate names resource limits (without
// --get-user-env, which makes slurmd read them instead).
bool checkPropagate(Sbatch &sb)
{
    const auto it = sb.v.text.find(Opt::Propagate);
    if (!isSet(sb, Opt::Propagate) || it == sb.v.text.end() || sb.v.getUserEnvTime >= 0)
        return true;
    const Bytes &text = it->second;
    if (text == "NONE" || text == "ALL")
        return true;
    static const char *const names[] = {"CPU", "FSIZE", "DATA",   "STACK",   "CORE",
                                        "RSS", "NPROC", "NOFILE", "MEMLOCK", "AS"};
    Bytes normalized = text;
    for (char &c : normalized) {
        if (c == '\t' || c == '\n')
            c = ' ';
        if (c == ',')
            c = ' ';
    }
    for (const Bytes &token : normalized.split(' ')) {
        if (token.isEmpty())
            continue;
        Bytes t = token;
        bool found = false;
        // Slurm strips "RLIMIT_" again before each comparison.
        for (const char *name : names) {
            if (t.startsWith("RLIMIT_"))
                t = t.mid(7);
            if (t == name) {
                found = true;
                break;
            }
        }
        if (!found) {
            sb.error(QStringLiteral("Bad rlimit name: %1").arg(show(t)));
            sb.error(QStringLiteral("--propagate=%1 is not valid.").arg(show(text)));
            return sb.exitWith(sb.errorExit_);
        }
    }
    return true;
}

QString textOf(const Values &v, Opt id)
{
    const auto it = v.text.find(id);
    return it == v.text.end() ? QString() : show(it->second);
}

JobRequest buildRequest(const Sbatch &sb, const SbatchCommandLine &cl)
{
    const Values &v = sb.v;
    JobRequest r;
    r.jobName = textOf(v, Opt::JobName);
    r.output = textOf(v, Opt::Output);
    r.error = textOf(v, Opt::Error);
    r.input = textOf(v, Opt::Input);
    r.chdir = textOf(v, Opt::Chdir);
    r.partition = textOf(v, Opt::Partition);
    r.account = textOf(v, Opt::Account);
    r.comment = textOf(v, Opt::Comment);
    r.timeLimitMinutes = v.timeLimit;
    r.timeMinMinutes = v.timeMin;
    if (v.cpusSet)
        r.cpusPerTask = v.cpusPerTask;
    if (v.mem != kNoVal64)
        r.memPerNodeMb = v.mem;
    if (v.memPerCpu != kNoVal64)
        r.memPerCpuMb = v.memPerCpu;
    if (v.memPerGpu != kNoVal64)
        r.memPerGpuMb = v.memPerGpu;
    if (v.tmp != kNoVal64)
        r.tmpDiskMb = v.tmp;
    if (v.nodesSet) {
        r.minNodes = v.minNodes;
        if (v.maxNodes)
            r.maxNodes = v.maxNodes;
    }
    if (v.ntasksSet)
        r.ntasks = v.ntasks;
    r.ntasksPerNode = v.ntasksPerNode;
    r.ntasksPerCore = v.ntasksPerCore;
    r.ntasksPerSocket = v.ntasksPerSocket;
    r.ntasksPerGpu = v.ntasksPerTres ? v.ntasksPerTres : v.ntasksPerGpu;
    if (v.pnMinCpus > -1 && isSet(sb, Opt::Mincpus))
        r.minCpusPerNode = v.pnMinCpus;
    r.socketsPerNode = v.socketsPerNode;
    r.coresPerSocket = v.coresPerSocket;
    r.threadsPerCore = v.threadsPerCore;
    r.cpusPerGpu = v.cpusPerGpu;

    r.gresText = textOf(v, Opt::Gres);
    r.gpus = textOf(v, Opt::Gpus);
    r.gpusPerNode = textOf(v, Opt::GpusPerNode);
    r.gpusPerTask = textOf(v, Opt::GpusPerTask);
    r.gpusPerSocket = textOf(v, Opt::GpusPerSocket);
    if (!r.gresText.isEmpty()) {
        if (const auto gres = parseGres(cString(r.gresText)))
            r.gres = *gres;
        else
            r.gresInvalid = true;
    }
    if (!r.gpusPerNode.isEmpty()) {
        // --gpus-per-node=[type:]N is a per-node gpu request, as --gres=gpu[:type]:N.
        if (const auto gres = parseGres("gpu:" + cString(r.gpusPerNode));
            gres && gres->size() == 1) {
            r.gres.erase(
                std::remove_if(r.gres.begin(), r.gres.end(),
                               [](const GresRequest &g) { return g.name == QLatin1String("gpu"); }),
                r.gres.end());
            r.gres << gres->first();
        } else {
            r.gresInvalid = true;
        }
    }
    for (const QString *gpus : {&r.gpus, &r.gpusPerTask, &r.gpusPerSocket}) {
        // Sent as "gres:gpu:<value>": its syntax is a GRES count's, with an optional type.
        if (!gpus->isEmpty() && !parseGres("gpu:" + cString(*gpus)))
            r.gresInvalid = true;
    }
    r.shared = v.shared;
    r.exclusive = v.shared == JobRequest::Shared::Exclusive;

    if (v.requeue)
        r.requeue = *v.requeue != 0;
    if (v.nice)
        r.nice = *v.nice;
    r.priority = v.priority;
    if (v.begin)
        r.beginEpoch = v.begin;
    if (v.deadline)
        r.deadlineEpoch = v.deadline;
    r.dependencyText = textOf(v, Opt::Dependency);
    if (!r.dependencyText.isEmpty() && !parseDependencies(cString(r.dependencyText), &r)) {
        r.dependencies.clear();
        r.dependencyAny = false;
        r.dependencyInvalid = true;
    }
    const QString arrayText = textOf(v, Opt::Array);
    if (!arrayText.isEmpty()) {
        r.array = parseArray(cString(arrayText));
        if (!r.array) {
            r.arrayInvalid = true;
            ArraySpec given;
            given.text = arrayText;
            r.array = given;
        }
    }
    r.hold = v.hold;
    r.wrap = v.wrap ? show(*v.wrap) : QString();
    r.parsable = v.parsable;
    r.testOnly = v.testOnly;
    r.quiet = cl.quiet;
    r.scriptArgs = cl.scriptArgs;

    r.qos = textOf(v, Opt::Qos);
    r.reservation = textOf(v, Opt::Reservation);
    r.constraint = textOf(v, Opt::Constraint);
    r.nodeList = textOf(v, Opt::Nodelist);
    r.excludeNodes = textOf(v, Opt::Exclude);
    r.licenses = textOf(v, Opt::Licenses);
    r.mailUser = textOf(v, Opt::MailUser);
    r.mailType = textOf(v, Opt::MailType);
    r.wckey = textOf(v, Opt::Wckey);
    r.exportEnv = textOf(v, Opt::Export);
    r.distribution = textOf(v, Opt::Distribution);
    r.overcommit = v.overcommit;
    r.contiguous = v.contiguous;
    r.noKill = v.noKill;
    r.wait = v.wait;
    r.spreadJob = v.spreadJob;
    r.useMinNodes = v.useMinNodes;
    r.reboot = v.reboot;
    r.killOnInvalidDep = v.killInvDep;
    r.noKillOnInvalidDep = v.noKillInvDep;
    r.openMode = v.openMode;
    r.warnSignal = v.warnSignal;
    r.warnTime = v.warnTime;
    r.warnBatchOnly = v.warnBatch;
    r.warnReservation = v.warnResv;

    static const QSet<Opt> kMapped = {Opt::Account,
                                      Opt::Array,
                                      Opt::Begin,
                                      Opt::Chdir,
                                      Opt::Comment,
                                      Opt::Constraint,
                                      Opt::Contiguous,
                                      Opt::CoresPerSocket,
                                      Opt::CpusPerGpu,
                                      Opt::CpusPerTask,
                                      Opt::Deadline,
                                      Opt::Dependency,
                                      Opt::Distribution,
                                      Opt::Error,
                                      Opt::Exclude,
                                      Opt::Exclusive,
                                      Opt::Export,
                                      Opt::ExtraNodeInfo,
                                      Opt::Gpus,
                                      Opt::GpusPerNode,
                                      Opt::GpusPerSocket,
                                      Opt::GpusPerTask,
                                      Opt::Gres,
                                      Opt::Help,
                                      Opt::Hold,
                                      Opt::Input,
                                      Opt::JobName,
                                      Opt::KillOnInvalidDep,
                                      Opt::Licenses,
                                      Opt::MailType,
                                      Opt::MailUser,
                                      Opt::Mem,
                                      Opt::MemPerCpu,
                                      Opt::MemPerGpu,
                                      Opt::Mincpus,
                                      Opt::Nice,
                                      Opt::NoKill,
                                      Opt::NoRequeue,
                                      Opt::Nodelist,
                                      Opt::Nodes,
                                      Opt::Ntasks,
                                      Opt::NtasksPerCore,
                                      Opt::NtasksPerGpu,
                                      Opt::NtasksPerNode,
                                      Opt::NtasksPerSocket,
                                      Opt::NtasksPerTres,
                                      Opt::OpenMode,
                                      Opt::Output,
                                      Opt::Overcommit,
                                      Opt::Oversubscribe,
                                      Opt::Parsable,
                                      Opt::Partition,
                                      Opt::Priority,
                                      Opt::Qos,
                                      Opt::Quiet,
                                      Opt::Reboot,
                                      Opt::Requeue,
                                      Opt::Reservation,
                                      Opt::Signal,
                                      Opt::SocketsPerNode,
                                      Opt::SpreadJob,
                                      Opt::TestOnly,
                                      Opt::ThreadsPerCore,
                                      Opt::Time,
                                      Opt::TimeMin,
                                      Opt::Tmp,
                                      Opt::Usage,
                                      Opt::UseMinNodes,
                                      Opt::Version,
                                      Opt::Wait,
                                      Opt::Wckey,
                                      Opt::Wrap};
    for (const OptionSpec &s : kOptions) {
        if (!s.name || kMapped.contains(s.id) || s.id == Opt::TasksPerNode)
            continue;
        if (sb.v.state[std::size_t(s.id)].set)
            r.otherOptions.insert(QLatin1String(s.name), textOf(v, s.id));
    }
    return r;
}

// ---------------------------------------------------------------------------------------
// Diagnostics for the editor.

ScriptDiagnostic diagnostic(ScriptDiagnostic::Kind kind, int line, const QString &option,
                            const QString &message)
{
    ScriptDiagnostic d;
    d.kind = kind;
    d.line = line;
    d.option = option;
    d.message = message;
    return d;
}

bool looksLikeShellVariable(const Bytes &word)
{
    for (qsizetype i = 0; i + 1 < word.size(); ++i) {
        const char c = word.at(i + 1);
        if (word.at(i) == '$' &&
            (c == '{' || c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
            return true;
    }
    return false;
}

// --time values with seconds: sbatch rounds them up to the next minute.
std::optional<ScriptDiagnostic> timeRounding(const Bytes &value, int line)
{
    const QString text = show(value);
    const std::optional<qint64> secs = parseDurationSeconds(text);
    const std::optional<std::uint32_t> minutes = parseTimeLimit(text);
    if (!secs || !minutes || *secs <= 0 || *secs % 60 == 0)
        return std::nullopt;
    return diagnostic(ScriptDiagnostic::Kind::TimeRounded, line, QStringLiteral("--time"),
                      QStringLiteral("--time=%1 has seconds: sbatch rounds it up to %2 minute(s)")
                          .arg(text)
                          .arg(*minutes));
}

// Where sbatch ignores a directive-looking comment, and why.
std::optional<ScriptDiagnostic> commentDiagnostic(const Bytes &line, int lineno)
{
    qsizetype p = 0;
    while (cIsSpace(at(line, p)))
        ++p;
    const Bytes rest = line.mid(p);
    const bool exactPrefix = rest.startsWith("#SBATCH") || rest.startsWith("#SLURM");
    if (exactPrefix && p > 0) {
        return diagnostic(ScriptDiagnostic::Kind::IndentedDirective, lineno, show(rest.left(7)),
                          QStringLiteral("line %1: an indented #SBATCH is a comment for sbatch: "
                                         "the directive must start the line")
                              .arg(lineno));
    }
    qsizetype q = 0;
    while (at(rest, q) == '#' || cIsSpace(at(rest, q)))
        ++q;
    if (casePrefix(rest, q, "sbatch") && !exactPrefix) {
        return diagnostic(ScriptDiagnostic::Kind::LowercaseDirective, lineno,
                          show(rest.left(q + 6)),
                          QStringLiteral("line %1: sbatch only reads \"#SBATCH\" written exactly "
                                         "so, at the start of the line")
                              .arg(lineno));
    }
    return std::nullopt;
}

constexpr int kMaxLateDirectiveDiagnostics = 1000; // a bound for the editor, not sbatch's

// The remarks on a script sbatch accepts (no errors: those stop sbatch).
QList<ScriptDiagnostic> remarks(const Bytes &script, const QString &file)
{
    QList<ScriptDiagnostic> out;
    bool afterCommand = false;
    int late = 0;
    int lineno = 0;
    for (Bytes line : scriptLines(script)) {
        ++lineno;
        const LineKind kind = classify(line);
        if (kind == LineKind::Command) {
            afterCommand = true;
            continue;
        }
        if (kind == LineKind::Comment && !afterCommand) {
            if (const auto d = commentDiagnostic(line, lineno))
                out << *d;
            continue;
        }
        if (kind != LineKind::Directive && kind != LineKind::SlurmDirective)
            continue;
        if (afterCommand) {
            if (++late > kMaxLateDirectiveDiagnostics)
                continue;
            out << diagnostic(ScriptDiagnostic::Kind::DirectiveAfterCommand, lineno,
                              show(line.trimmed()),
                              QStringLiteral("line %1: sbatch ignores #SBATCH lines after the "
                                             "first command")
                                  .arg(lineno));
            continue;
        }
        if (kind == LineKind::SlurmDirective) {
            out << diagnostic(ScriptDiagnostic::Kind::SlurmPrefix, lineno, QStringLiteral("#SLURM"),
                              QStringLiteral("line %1: #SLURM is read, with an error line: write "
                                             "#SBATCH")
                                  .arg(lineno));
        }
        qsizetype p = kind == LineKind::Directive ? 7 : 6;
        Bytes previous;
        while (true) {
            QString fatal;
            const Word w = nextWord(line, p, file, lineno, &fatal);
            if (!fatal.isEmpty() || !w.text)
                break;
            if (looksLikeShellVariable(*w.text)) {
                out << diagnostic(ScriptDiagnostic::Kind::ShellVariable, lineno, show(*w.text),
                                  QStringLiteral("line %1: %2 is not expanded: #SBATCH lines are "
                                                 "not read by a shell")
                                      .arg(lineno)
                                      .arg(show(*w.text)));
            }
            Bytes value;
            if (w.text->startsWith("--time=") ||
                (w.text->startsWith("--t") && w.text->contains('=') &&
                 Bytes("--time").startsWith(w.text->left(w.text->indexOf('=')))))
                value = w.text->mid(w.text->indexOf('=') + 1);
            else if (w.text->startsWith("-t") && w.text->size() > 2 && !w.text->startsWith("--"))
                value = w.text->mid(2);
            else if (previous == "-t" || previous == "--time")
                value = *w.text;
            if (!value.isEmpty()) {
                if (const auto d = timeRounding(value, lineno))
                    out << *d;
            }
            previous = *w.text;
            p = w.end;
        }
    }
    return out;
}

// Rebuilds the first pass of a command line the caller may have built by hand.
QStringList argumentsOf(const SbatchCommandLine &cl)
{
    if (!cl.arguments.isEmpty())
        return cl.arguments;
    QStringList args = cl.options;
    if (cl.hasScript || !cl.scriptPath.isEmpty())
        args << cl.scriptPath << cl.scriptArgs;
    return args;
}

QString baseName(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? path : path.mid(slash + 1);
}

} // namespace

// =======================================================================================

std::variant<SbatchCommandLine, ToolFailure> parseSbatchCommandLine(const QStringList &args)
{
    return parseSbatchCommandLine(args, {});
}

std::variant<SbatchCommandLine, ToolFailure>
parseSbatchCommandLine(const QStringList &args, const QHash<QString, QString> &environment)
{
    // The first pass only needs to know whether a --begin is valid, not when it falls: any
    // clock will do (the engine never reads the wall clock), parseSbatch() uses the real one.
    Sbatch sb(environment, QString(), kAnyEpoch);
    SbatchCommandLine cl;
    if (firstPass(sb, args, &cl))
        return cl;
    if (cl.wantsHelp || cl.wantsUsage || cl.wantsVersion)
        return cl; // the caller prints the text and exits 0
    return failureOf(sb);
}

ToolFailure sbatchOpenFailure(const SbatchCommandLine &commandLine, const QString &name)
{
    ToolFailure f;
    f.stderrText = commandLine.startupErrors +
                   QStringLiteral("sbatch: error: Unable to open file %1\n").arg(name);
    f.exitCode = commandLine.errorExit;
    return f;
}

std::variant<SbatchParse, ToolFailure> parseSbatch(const SbatchInput &input)
{
    Sbatch sb(input.environment, input.cwd, input.submitEpoch);
    SbatchCommandLine cl;
    if (!firstPass(sb, argumentsOf(input.commandLine), &cl)) {
        ToolFailure f = failureOf(sb);
        if (cl.wantsHelp)
            f.stdoutText = sbatchHelpText();
        else if (cl.wantsUsage)
            f.stdoutText = sbatchUsageText();
        else if (cl.wantsVersion)
            f.stdoutText = sbatchVersionText();
        return f;
    }
    // log_alter(): -v and -Q of the command line move the level of what sbatch prints.
    sb.level_ = qint64(LogInfo) + sb.v.verbose - sb.v.quiet;

    SbatchParse result;
    Bytes script;
    if (sb.v.wrap) {
        script = "#!/bin/sh\n# This script was created by sbatch --wrap.\n\n" + *sb.v.wrap + '\n';
    } else {
        const QString problem = scriptProblem(input.script);
        if (!problem.isEmpty()) {
            ToolFailure f;
            f.stderrText = sb.err_ + problem;
            f.exitCode = sb.errorExit_;
            return f;
        }
        script = input.script;
    }

    // Second pass, once per component of a heterogeneous job: directives, then SBATCH_*
    // variables, then the command line again, then the checks across options. Only the first
    // component's request is kept, but the others can still make sbatch fail.
    const QString file =
        input.scriptName.isEmpty() ? QStringLiteral("stdin") : baseName(input.scriptName);
    const QList<Bytes> secondArgv = programArgv(toBytes(cl.options));
    QList<Bytes> componentArgv = secondArgv;
    for (int component = 0;; ++component) {
        sb.reset(Opt::ExtraNodeInfo); // the options Slurm resets at each pass
        sb.v.state[std::size_t(Opt::ExtraNodeInfo)].set = false;
        bool more = false;
        if (!sb.v.wrap) {
            const DirectiveWords d = readDirectives(script, file, component, &more, &sb);
            if (sb.stopped())
                return failureOf(sb);
            int optind = 1;
            const QList<Bytes> argv = programArgv(d.words);
            if (!sb.runGetopt(argv, false, false, &optind))
                return failureOf(sb);
            if (optind < argv.size()) {
                sb.fail(QStringLiteral("Invalid directive found in batch script: %1")
                            .arg(show(argv[optind])));
                return failureOf(sb);
            }
        }
        for (const EnvOption &e : kEnvOptions) {
            if (const std::optional<Bytes> value = sb.envValue(e.name)) {
                if (!sb.process(e.id, *value, true, false))
                    return failureOf(sb);
            }
        }
        int optind = 1;
        if (!sb.runGetopt(componentArgv, false, false, &optind))
            return failureOf(sb);
        bool last = !more;
        if (optind < componentArgv.size() && componentArgv[optind] == ":") {
            componentArgv = componentArgv.mid(optind); // the ':' takes argv[0]'s place
            last = false;
        }
        if (!verify(sb) || !checkPropagate(sb))
            return failureOf(sb);
        if (component == 0)
            result.request = buildRequest(sb, cl);
        if (last)
            break;
        result.heterogeneous = true;
    }

    result.script = script;
    result.warnings = sb.err_;
    if (!sb.v.wrap)
        result.diagnostics = remarks(script, file);
    // A --time from the environment or the command line is rounded the same way (line 0).
    if (const std::optional<Bytes> env = sb.envValue("SBATCH_TIMELIMIT")) {
        if (const auto d = timeRounding(*env, 0))
            result.diagnostics << *d;
    }
    Getopt times(secondArgv);
    for (GetoptEvent ev = times.next(); ev.kind == GetoptEvent::Option; ev = times.next()) {
        if (ev.option->id == Opt::Time && ev.optarg) {
            if (const auto d = timeRounding(*ev.optarg, 0))
                result.diagnostics << *d;
        }
    }
    return result;
}

DirectiveScan scanDirectives(const QByteArray &script)
{
    DirectiveScan scan;
    const QString file = QStringLiteral("script");
    // Lines and words as sbatch reads them, each word remembering its line.
    QList<Bytes> words;
    QList<int> lineOfWord;
    int lineno = 0;
    for (Bytes line : scriptLines(script)) {
        ++lineno;
        const LineKind kind = classify(line);
        if (kind == LineKind::Command) {
            if (!scan.firstCommandLine)
                scan.firstCommandLine = lineno;
            continue;
        }
        if (scan.firstCommandLine ||
            (kind != LineKind::Directive && kind != LineKind::SlurmDirective))
            continue;
        qsizetype p = kind == LineKind::Directive ? 7 : 6;
        while (cIsSpace(at(line, p)))
            ++p;
        if (isSeparatorWord(line, p, "packjob") || isSeparatorWord(line, p, "hetjob"))
            continue; // a component separator, not options
        DirectiveScan::Directive directive{lineno, {}};
        while (true) {
            QString fatal;
            const Word w = nextWord(line, p, file, lineno, &fatal);
            if (!fatal.isEmpty()) {
                // Slurm's text without its "script: line N: " part: the line is in the field.
                const qsizetype cut = fatal.indexOf(QStringLiteral(": ")) + 2;
                const qsizetype cut2 = fatal.indexOf(QStringLiteral(": "), cut) + 2;
                scan.diagnostics << diagnostic(ScriptDiagnostic::Kind::Rejected, lineno, QString(),
                                               QStringLiteral("sbatch: fatal: ") + fatal.mid(cut2));
                break;
            }
            if (!w.text)
                break;
            directive.words << show(*w.text);
            words << *w.text;
            lineOfWord << lineno;
            p = w.end;
        }
        scan.directives << directive;
    }

    // The words through getopt, as sbatch's second pass reads them; after an error the scan
    // goes on with the next line, so that the editor sees every faulty line.
    qsizetype start = 0;
    while (start < words.size()) {
        Sbatch sb({}, QString(), kAnyEpoch);
        const QList<Bytes> argv = programArgv(words.mid(start));
        Getopt g(argv);
        int failedAt = -1; // index in `words` of the faulty word
        while (true) {
            const int before = g.optind();
            const GetoptEvent ev = g.next();
            if (ev.kind == GetoptEvent::Done) {
                if (g.optind() < argv.size()) {
                    failedAt = int(start) + g.optind() - 1;
                    sb.error(QStringLiteral("Invalid directive found in batch script: %1")
                                 .arg(show(argv[g.optind()])));
                }
                break;
            }
            if (ev.kind == GetoptEvent::Error) {
                failedAt = int(start) + std::min(before, int(argv.size()) - 1) - 1;
                sb.raw(ev.message);
                sb.raw(QStringLiteral("Try \"sbatch --help\" for more information\n"));
                break;
            }
            if (!sb.process(ev.option->id, ev.optarg, false, false)) {
                failedAt = int(start) + std::min(before, int(argv.size()) - 1) - 1;
                break;
            }
        }
        if (failedAt < 0)
            break;
        failedAt = std::clamp(failedAt, 0, int(words.size()) - 1);
        const int line = lineOfWord[failedAt];
        scan.diagnostics << diagnostic(ScriptDiagnostic::Kind::Rejected, line,
                                       show(words[failedAt]), sb.err_.trimmed());
        start = failedAt + 1;
        while (start < words.size() && lineOfWord[start] == line)
            ++start;
    }
    scan.diagnostics << remarks(script, file);
    std::stable_sort(
        scan.diagnostics.begin(), scan.diagnostics.end(),
        [](const ScriptDiagnostic &a, const ScriptDiagnostic &b) { return a.line < b.line; });
    return scan;
}

QString sbatchHelpText()
{
    return QString::fromLatin1(kHelpText);
}

QList<SbatchOptionName> sbatchOptionNames()
{
    QList<SbatchOptionName> names;
    for (const OptionSpec &spec : kOptions)
        if (spec.name)
            names.append({QString::fromLatin1(spec.name), spec.arg == Arg::Required,
                          spec.shortName ? QChar::fromLatin1(spec.shortName) : QChar()});
    std::sort(names.begin(), names.end(),
              [](const SbatchOptionName &a, const SbatchOptionName &b) { return a.name < b.name; });
    return names;
}

QString sbatchUsageText()
{
    return QString::fromLatin1(kUsageText);
}

QString sbatchVersionText()
{
    return QStringLiteral("slurm-wlm 22.05.8\n");
}

SlurmTimeSpec parseSlurmTimeSpec(const QString &text, qint64 now, bool past)
{
    const ParsedTime t = parseSlurmTime(cString(text), now, past);
    return {t.value, t.rawLine};
}

} // namespace schedlab::slurm
