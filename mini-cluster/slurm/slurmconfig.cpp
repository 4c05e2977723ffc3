// Reads slurm.conf and gres.conf text into a ClusterConfig, with Slurm 22.05's syntax, key
// tables and value checks, and messages that name the file and line.
#include "slurmconfig.h"

#include "hostlist.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>

namespace schedlab::slurm {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("schedlab::slurm::SlurmConfig", text);
}

// ---- the key tables of Slurm 22.05 (src/common/read_config.c, gres.c) ----------------------

enum class Type { String, U16, U32, U64, Bool };

// What the mini-cluster does with a key Slurm knows.
enum class Use {
    Used,    // read
    Ignored, // valid in Slurm, not modelled: warning
    Silent,  // valid and harmless to ignore without a word (NodeAddr...)
    Removed, // Slurm 22.05 accepts the key then stops with a fatal error
    Defunct, // Slurm prints "The option ... is defunct" and goes on
    Line,    // starts a record line (NodeName=, PartitionName=...)
};

struct Option
{
    const char *name;
    Type type;
    Use use;
};

constexpr Option kGlobalOptions[] = {
    {"AccountingStorageTRES", Type::String, Use::Ignored},
    {"AccountingStorageEnforce", Type::String, Use::Ignored},
    {"AccountingStorageExternalHost", Type::String, Use::Ignored},
    {"AccountingStorageHost", Type::String, Use::Ignored},
    {"AccountingStorageBackupHost", Type::String, Use::Ignored},
    {"AccountingStorageLoc", Type::String, Use::Removed},
    {"AccountingStorageParameters", Type::String, Use::Ignored},
    {"AccountingStoragePass", Type::String, Use::Ignored},
    {"AccountingStoragePort", Type::U16, Use::Ignored},
    {"AccountingStorageType", Type::String, Use::Used},
    {"AccountingStorageUser", Type::String, Use::Ignored},
    {"AccountingStoreFlags", Type::String, Use::Ignored},
    {"AccountingStoreJobComment", Type::Bool, Use::Removed},
    {"AcctGatherEnergyType", Type::String, Use::Ignored},
    {"AcctGatherNodeFreq", Type::U16, Use::Ignored},
    {"AcctGatherProfileType", Type::String, Use::Ignored},
    {"AcctGatherInterconnectType", Type::String, Use::Ignored},
    {"AcctGatherInfinibandType", Type::String, Use::Ignored},
    {"AcctGatherFilesystemType", Type::String, Use::Ignored},
    {"AllowSpecResourcesUsage", Type::Bool, Use::Ignored},
    {"AuthAltTypes", Type::String, Use::Ignored},
    {"AuthAltParameters", Type::String, Use::Ignored},
    {"AuthInfo", Type::String, Use::Ignored},
    {"AuthType", Type::String, Use::Ignored},
    {"BackupAddr", Type::String, Use::Ignored},
    {"BackupController", Type::String, Use::Ignored},
    {"BatchStartTimeout", Type::U16, Use::Ignored},
    {"BcastExclude", Type::String, Use::Ignored},
    {"BcastParameters", Type::String, Use::Ignored},
    {"BurstBufferParameters", Type::String, Use::Ignored},
    {"BurstBufferType", Type::String, Use::Ignored},
    {"CoreSpecPlugin", Type::String, Use::Ignored},
    {"CliFilterPlugins", Type::String, Use::Ignored},
    {"ClusterName", Type::String, Use::Used},
    {"CommunicationParameters", Type::String, Use::Ignored},
    {"CompleteWait", Type::U16, Use::Ignored},
    {"ControlAddr", Type::String, Use::Ignored},
    {"ControlMachine", Type::String, Use::Ignored},
    {"CpuFreqDef", Type::String, Use::Ignored},
    {"CpuFreqGovernors", Type::String, Use::Ignored},
    {"CredType", Type::String, Use::Ignored},
    {"CryptoType", Type::String, Use::Ignored},
    {"DebugFlags", Type::String, Use::Ignored},
    {"DefCPUPerGPU", Type::U64, Use::Ignored},
    {"DefMemPerCPU", Type::U64, Use::Used},
    {"DefMemPerGPU", Type::U64, Use::Ignored},
    {"DefMemPerNode", Type::U64, Use::Used},
    {"DependencyParameters", Type::String, Use::Ignored},
    {"DisableRootJobs", Type::Bool, Use::Ignored},
    {"EioTimeout", Type::U16, Use::Ignored},
    {"EnforcePartLimits", Type::String, Use::Used},
    {"Epilog", Type::String, Use::Ignored},
    {"EpilogMsgTime", Type::U32, Use::Ignored},
    {"EpilogSlurmctld", Type::String, Use::Ignored},
    {"ExtSensorsType", Type::String, Use::Ignored},
    {"ExtSensorsFreq", Type::U16, Use::Ignored},
    {"FairShareDampeningFactor", Type::U16, Use::Ignored},
    {"FastSchedule", Type::U16, Use::Used},
    {"FederationParameters", Type::String, Use::Ignored},
    {"FirstJobId", Type::U32, Use::Used},
    {"GetEnvTimeout", Type::U16, Use::Ignored},
    {"GresTypes", Type::String, Use::Used},
    {"GroupUpdateForce", Type::U16, Use::Ignored},
    {"GroupUpdateTime", Type::U16, Use::Ignored},
    {"GpuFreqDef", Type::String, Use::Ignored},
    {"HealthCheckInterval", Type::U16, Use::Ignored},
    {"HealthCheckNodeState", Type::String, Use::Ignored},
    {"HealthCheckProgram", Type::String, Use::Ignored},
    {"InteractiveStepOptions", Type::String, Use::Ignored},
    {"InactiveLimit", Type::U16, Use::Ignored},
    {"JobAcctGatherType", Type::String, Use::Ignored},
    {"JobAcctGatherFrequency", Type::String, Use::Ignored},
    {"JobAcctGatherParams", Type::String, Use::Ignored},
    {"JobCompHost", Type::String, Use::Ignored},
    {"JobCompLoc", Type::String, Use::Ignored},
    {"JobCompParams", Type::String, Use::Ignored},
    {"JobCompPass", Type::String, Use::Ignored},
    {"JobCompPort", Type::U32, Use::Ignored},
    {"JobCompType", Type::String, Use::Ignored},
    {"JobContainerType", Type::String, Use::Ignored},
    {"JobCompUser", Type::String, Use::Ignored},
    {"JobCredentialPrivateKey", Type::String, Use::Ignored},
    {"JobCredentialPublicCertificate", Type::String, Use::Ignored},
    {"JobFileAppend", Type::U16, Use::Ignored},
    {"JobRequeue", Type::U16, Use::Used},
    {"JobSubmitPlugins", Type::String, Use::Ignored},
    {"KeepAliveTime", Type::U32, Use::Ignored},
    {"KillOnBadExit", Type::U16, Use::Ignored},
    {"KillWait", Type::U16, Use::Used},
    {"LaunchParameters", Type::String, Use::Ignored},
    {"LaunchType", Type::String, Use::Ignored},
    {"Licenses", Type::String, Use::Ignored},
    {"LogTimeFormat", Type::String, Use::Ignored},
    {"MailDomain", Type::String, Use::Ignored},
    {"MailProg", Type::String, Use::Ignored},
    {"MaxArraySize", Type::U32, Use::Ignored},
    {"MaxDBDMsgs", Type::U32, Use::Ignored},
    {"MaxJobCount", Type::U32, Use::Ignored},
    {"MaxNodeCount", Type::U32, Use::Ignored},
    {"MaxJobId", Type::U32, Use::Ignored},
    {"MaxMemPerCPU", Type::U64, Use::Ignored},
    {"MaxMemPerNode", Type::U64, Use::Ignored},
    {"MaxStepCount", Type::U32, Use::Ignored},
    {"MaxTasksPerNode", Type::U16, Use::Ignored},
    {"MCSParameters", Type::String, Use::Ignored},
    {"MCSPlugin", Type::String, Use::Ignored},
    {"MessageTimeout", Type::U16, Use::Ignored},
    {"MinJobAge", Type::U32, Use::Used},
    {"MpiDefault", Type::String, Use::Ignored},
    {"MpiParams", Type::String, Use::Ignored},
    {"NodeFeaturesPlugins", Type::String, Use::Ignored},
    {"OverTimeLimit", Type::U16, Use::Used},
    {"PluginDir", Type::String, Use::Ignored},
    {"PlugStackConfig", Type::String, Use::Ignored},
    {"PowerParameters", Type::String, Use::Ignored},
    {"PowerPlugin", Type::String, Use::Ignored},
    {"PreemptMode", Type::String, Use::Used},
    {"PreemptType", Type::String, Use::Used},
    {"PreemptExemptTime", Type::String, Use::Ignored},
    {"PrEpParameters", Type::String, Use::Ignored},
    {"PrEpPlugins", Type::String, Use::Ignored},
    {"PriorityDecayHalfLife", Type::String, Use::Used},
    {"PriorityCalcPeriod", Type::String, Use::Used},
    {"PriorityFavorSmall", Type::Bool, Use::Used},
    {"PriorityMaxAge", Type::String, Use::Used},
    {"PriorityParameters", Type::String, Use::Ignored},
    {"PriorityUsageResetPeriod", Type::String, Use::Used},
    {"PriorityType", Type::String, Use::Used},
    {"PriorityFlags", Type::String, Use::Ignored},
    {"PrioritySiteFactorParameters", Type::String, Use::Ignored},
    {"PrioritySiteFactorPlugin", Type::String, Use::Ignored},
    {"PriorityWeightAge", Type::U32, Use::Used},
    {"PriorityWeightAssoc", Type::U32, Use::Used},
    {"PriorityWeightFairshare", Type::U32, Use::Used},
    {"PriorityWeightJobSize", Type::U32, Use::Used},
    {"PriorityWeightPartition", Type::U32, Use::Used},
    {"PriorityWeightQOS", Type::U32, Use::Used},
    {"PriorityWeightTRES", Type::String, Use::Ignored},
    {"PrivateData", Type::String, Use::Ignored},
    {"ProctrackType", Type::String, Use::Ignored},
    {"Prolog", Type::String, Use::Ignored},
    {"PrologSlurmctld", Type::String, Use::Ignored},
    {"PrologEpilogTimeout", Type::U16, Use::Ignored},
    {"PrologFlags", Type::String, Use::Used},
    {"PropagatePrioProcess", Type::U16, Use::Ignored},
    {"PropagateResourceLimitsExcept", Type::String, Use::Ignored},
    {"PropagateResourceLimits", Type::String, Use::Ignored},
    {"RebootProgram", Type::String, Use::Ignored},
    {"ReconfigFlags", Type::String, Use::Ignored},
    {"RequeueExit", Type::String, Use::Ignored},
    {"RequeueExitHold", Type::String, Use::Ignored},
    {"ResumeFailProgram", Type::String, Use::Ignored},
    {"ResumeProgram", Type::String, Use::Ignored},
    {"ResumeRate", Type::U16, Use::Ignored},
    {"ResumeTimeout", Type::U16, Use::Ignored},
    {"ResvEpilog", Type::String, Use::Ignored},
    {"ResvOverRun", Type::U16, Use::Ignored},
    {"ResvProlog", Type::String, Use::Ignored},
    {"ReturnToService", Type::U16, Use::Ignored},
    {"RoutePlugin", Type::String, Use::Ignored},
    {"SallocDefaultCommand", Type::String, Use::Ignored},
    {"SbcastParameters", Type::String, Use::Ignored},
    {"SchedulerAuth", Type::String, Use::Defunct},
    {"SchedulerParameters", Type::String, Use::Used},
    {"SchedulerTimeSlice", Type::U16, Use::Ignored},
    {"SchedulerType", Type::String, Use::Used},
    {"ScronParameters", Type::String, Use::Ignored},
    {"SelectType", Type::String, Use::Used},
    {"SelectTypeParameters", Type::String, Use::Used},
    {"SlurmUser", Type::String, Use::Ignored},
    {"SlurmdUser", Type::String, Use::Ignored},
    {"SlurmctldAddr", Type::String, Use::Ignored},
    {"SlurmctldDebug", Type::String, Use::Ignored},
    {"SlurmctldLogFile", Type::String, Use::Ignored},
    {"SlurmctldPidFile", Type::String, Use::Ignored},
    {"SlurmctldPlugstack", Type::String, Use::Ignored},
    {"SlurmctldPort", Type::String, Use::Ignored},
    {"SlurmctldPrimaryOffProg", Type::String, Use::Ignored},
    {"SlurmctldPrimaryOnProg", Type::String, Use::Ignored},
    {"SlurmctldSyslogDebug", Type::String, Use::Ignored},
    {"SlurmctldTimeout", Type::U16, Use::Ignored},
    {"SlurmctldParameters", Type::String, Use::Ignored},
    {"SlurmdDebug", Type::String, Use::Ignored},
    {"SlurmdLogFile", Type::String, Use::Ignored},
    {"SlurmdParameters", Type::String, Use::Ignored},
    {"SlurmdPidFile", Type::String, Use::Ignored},
    {"SlurmdPort", Type::U32, Use::Ignored},
    {"SlurmdSpoolDir", Type::String, Use::Ignored},
    {"SlurmdSyslogDebug", Type::String, Use::Ignored},
    {"SlurmdTimeout", Type::U16, Use::Ignored},
    {"SlurmSchedLogFile", Type::String, Use::Ignored},
    {"SlurmSchedLogLevel", Type::U16, Use::Ignored},
    {"SrunEpilog", Type::String, Use::Ignored},
    {"SrunProlog", Type::String, Use::Ignored},
    {"SrunPortRange", Type::String, Use::Ignored},
    {"StateSaveLocation", Type::String, Use::Ignored},
    {"SuspendExcNodes", Type::String, Use::Ignored},
    {"SuspendExcParts", Type::String, Use::Ignored},
    {"SuspendProgram", Type::String, Use::Ignored},
    {"SuspendRate", Type::U16, Use::Ignored},
    {"SuspendTime", Type::String, Use::Ignored},
    {"SuspendTimeout", Type::U16, Use::Ignored},
    {"SwitchParameters", Type::String, Use::Ignored},
    {"SwitchType", Type::String, Use::Ignored},
    {"TaskEpilog", Type::String, Use::Ignored},
    {"TaskProlog", Type::String, Use::Ignored},
    {"TaskPlugin", Type::String, Use::Ignored},
    {"TaskPluginParam", Type::String, Use::Ignored},
    {"TCPTimeout", Type::U16, Use::Ignored},
    {"TmpFS", Type::String, Use::Ignored},
    {"TopologyParam", Type::String, Use::Ignored},
    {"TopologyPlugin", Type::String, Use::Ignored},
    {"TrackWCKey", Type::Bool, Use::Ignored},
    {"TreeWidth", Type::U16, Use::Ignored},
    {"UnkillableStepProgram", Type::String, Use::Ignored},
    {"UnkillableStepTimeout", Type::U16, Use::Ignored},
    {"UsePAM", Type::Bool, Use::Ignored},
    {"VSizeFactor", Type::U16, Use::Ignored},
    {"WaitTime", Type::U16, Use::Ignored},
    {"X11Parameters", Type::String, Use::Ignored},
    {"DownNodes", Type::String, Use::Line},
    {"FrontendName", Type::String, Use::Line},
    {"NodeName", Type::String, Use::Line},
    {"NodeSet", Type::String, Use::Line},
    {"PartitionName", Type::String, Use::Line},
    {"SlurmctldHost", Type::String, Use::Line},
};

constexpr Option kNodeOptions[] = {
    {"BcastAddr", Type::String, Use::Ignored},
    {"Boards", Type::U16, Use::Used},
    {"CoreSpecCount", Type::U16, Use::Ignored},
    {"CoresPerSocket", Type::U16, Use::Used},
    {"CPUs", Type::U16, Use::Used},
    {"CPUSpecList", Type::String, Use::Ignored},
    {"CpuBind", Type::String, Use::Ignored},
    {"Feature", Type::String, Use::Ignored},
    {"Features", Type::String, Use::Ignored},
    {"Gres", Type::String, Use::Used},
    {"MemSpecLimit", Type::U64, Use::Ignored},
    {"NodeAddr", Type::String, Use::Silent},
    {"NodeHostname", Type::String, Use::Silent},
    {"Port", Type::String, Use::Silent},
    {"Procs", Type::U16, Use::Used},
    {"RealMemory", Type::U64, Use::Used},
    {"Reason", Type::String, Use::Ignored},
    {"Sockets", Type::U16, Use::Used},
    {"SocketsPerBoard", Type::U16, Use::Used},
    {"State", Type::String, Use::Used},
    {"ThreadsPerCore", Type::U16, Use::Used},
    {"TmpDisk", Type::U32, Use::Ignored},
    {"TRESWeights", Type::String, Use::Ignored},
    {"Weight", Type::U32, Use::Used},
};

constexpr Option kPartitionOptions[] = {
    {"AllocNodes", Type::String, Use::Ignored},
    {"AllowAccounts", Type::String, Use::Ignored},
    {"AllowGroups", Type::String, Use::Ignored},
    {"AllowQos", Type::String, Use::Ignored},
    {"Alternate", Type::String, Use::Ignored},
    {"CpuBind", Type::String, Use::Ignored},
    {"DefCPUPerGPU", Type::U64, Use::Ignored},
    {"DefMemPerCPU", Type::U64, Use::Ignored},
    {"DefMemPerGPU", Type::U64, Use::Ignored},
    {"DefMemPerNode", Type::U64, Use::Ignored},
    {"Default", Type::Bool, Use::Used},
    {"DefaultTime", Type::String, Use::Used},
    {"DenyAccounts", Type::String, Use::Ignored},
    {"DenyQos", Type::String, Use::Ignored},
    {"DisableRootJobs", Type::Bool, Use::Ignored},
    {"ExclusiveUser", Type::Bool, Use::Ignored},
    {"GraceTime", Type::U32, Use::Used},
    {"Hidden", Type::Bool, Use::Used},
    {"LLN", Type::Bool, Use::Ignored},
    {"MaxCPUsPerNode", Type::U32, Use::Ignored},
    {"MaxMemPerCPU", Type::U64, Use::Ignored},
    {"MaxMemPerNode", Type::U64, Use::Ignored},
    {"MaxTime", Type::String, Use::Used},
    {"MaxNodes", Type::U32, Use::Used},
    {"MinNodes", Type::U32, Use::Ignored},
    {"Nodes", Type::String, Use::Used},
    {"OverSubscribe", Type::String, Use::Ignored},
    {"OverTimeLimit", Type::String, Use::Used},
    {"PreemptMode", Type::String, Use::Used},
    {"Priority", Type::U16, Use::Used},
    {"PriorityJobFactor", Type::U16, Use::Used},
    {"PriorityTier", Type::U16, Use::Used},
    {"QOS", Type::String, Use::Ignored},
    {"RootOnly", Type::Bool, Use::Ignored},
    {"ReqResv", Type::Bool, Use::Ignored},
    {"ResumeTimeout", Type::U16, Use::Ignored},
    {"SelectTypeParameters", Type::String, Use::Ignored},
    {"Shared", Type::String, Use::Ignored},
    {"State", Type::String, Use::Used},
    {"SuspendTime", Type::U32, Use::Ignored},
    {"SuspendTimeout", Type::U16, Use::Ignored},
    {"TRESBillingWeights", Type::String, Use::Ignored},
};

constexpr Option kDownNodesOptions[] = {
    {"Reason", Type::String, Use::Silent},
    {"State", Type::String, Use::Silent},
};

constexpr Option kNodeSetOptions[] = {
    {"Feature", Type::String, Use::Silent},
    {"Nodes", Type::String, Use::Silent},
};

constexpr Option kFrontendOptions[] = {
    {"AllowGroups", Type::String, Use::Silent},  {"AllowUsers", Type::String, Use::Silent},
    {"DenyGroups", Type::String, Use::Silent},   {"DenyUsers", Type::String, Use::Silent},
    {"FrontendAddr", Type::String, Use::Silent}, {"Port", Type::U16, Use::Silent},
    {"Reason", Type::String, Use::Silent},       {"State", Type::String, Use::Silent},
};

constexpr Option kGresOptions[] = {
    {"AutoDetect", Type::String, Use::Used}, {"Count", Type::String, Use::Used},
    {"CPUs", Type::String, Use::Ignored},    {"Cores", Type::String, Use::Ignored},
    {"File", Type::String, Use::Used},       {"Files", Type::String, Use::Used},
    {"Flags", Type::String, Use::Ignored},   {"Link", Type::String, Use::Ignored},
    {"Links", Type::String, Use::Ignored},   {"Name", Type::String, Use::Used},
    {"NodeName", Type::String, Use::Used},   {"Type", Type::String, Use::Used},
};

using OptionTable = std::span<const Option>;

const Option *findOption(OptionTable table, QStringView key)
{
    for (const Option &o : table) {
        if (key.compare(QLatin1String(o.name), Qt::CaseInsensitive) == 0)
            return &o;
    }
    return nullptr;
}

// ---- lines and key=value pairs, as parse_config.c reads them --------------------------------

bool isCSpace(QChar c)
{
    const char16_t u = c.unicode();
    return u == ' ' || u == '\t' || u == '\n' || u == '\v' || u == '\f' || u == '\r';
}

bool isAsciiDigit(QChar c)
{
    return c.unicode() >= '0' && c.unicode() <= '9';
}

bool isBlank(QStringView s)
{
    return std::all_of(s.begin(), s.end(), isCSpace);
}

struct LogicalLine
{
    int line = 0; // first physical line, 1-based, before any offset
    QString text;
};

// Everything after a '#' preceded by an even number of backslashes is a comment.
void stripComment(QString &line)
{
    int backslashes = 0;
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (line[i] == QLatin1Char('#') && backslashes % 2 == 0) {
            line.truncate(i);
            return;
        }
        if (line[i] == QLatin1Char('\\'))
            ++backslashes;
        else
            backslashes = 0;
    }
}

// An odd run of backslashes at the end (whitespace after it allowed) continues the line; the
// last backslash and what follows it go.
bool stripContinuation(QString &line)
{
    int backslashes = 0;
    qsizetype i = line.size() - 1;
    for (; i >= 0; --i) {
        if (line[i] == QLatin1Char('\\'))
            ++backslashes;
        else if (isCSpace(line[i]) && backslashes == 0)
            continue;
        else
            break;
    }
    if (backslashes % 2 == 1) {
        line.truncate(i + backslashes);
        return true;
    }
    return false;
}

// "\x" stands for "x": the escape that protects '#' and '\'.
QString stripEscapes(const QString &s)
{
    QString out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i] == QLatin1Char('\\')) {
            ++i;
            if (i >= s.size())
                break;
        }
        out += s[i];
    }
    return out;
}

QList<LogicalLine> readLines(const QString &text)
{
    QList<LogicalLine> lines;
    const QList<QStringView> physical = QStringView(text).split(QLatin1Char('\n'));
    LogicalLine current;
    bool continuing = false;
    for (qsizetype n = 0; n < physical.size(); ++n) {
        QString line = physical[n].toString();
        stripComment(line);
        if (!continuing) {
            current.line = int(n) + 1;
            current.text.clear();
        }
        continuing = stripContinuation(line);
        current.text += line;
        if (!continuing)
            lines.push_back({current.line, stripEscapes(current.text)});
    }
    if (continuing)
        lines.push_back({current.line, stripEscapes(current.text)});
    return lines;
}

struct Pair
{
    QString key;
    QString value;
    QChar op; // "+=" and friends: scontrol syntax, not slurm.conf's
};

bool isKeyChar(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' ||
           u == '.';
}

// One match of parse_config.c's key=value expression at `pos`:
//   ^\s*([[:alnum:]_.]+)\s*([-*+/]?)=\s*("([^"]*)"|[^\s]+)(\s|$)
bool nextPair(QStringView line, qsizetype &pos, Pair &out)
{
    qsizetype i = pos;
    const qsizetype n = line.size();
    while (i < n && isCSpace(line[i]))
        ++i;
    const qsizetype keyStart = i;
    while (i < n && isKeyChar(line[i]))
        ++i;
    if (i == keyStart)
        return false;
    out.key = line.mid(keyStart, i - keyStart).toString();
    while (i < n && isCSpace(line[i]))
        ++i;
    out.op = QChar();
    if (i < n && QStringView(u"-*+/").contains(line[i])) {
        out.op = line[i];
        ++i;
    }
    if (i >= n || line[i] != QLatin1Char('='))
        return false;
    ++i;
    while (i < n && isCSpace(line[i]))
        ++i;
    if (i >= n)
        return false;
    if (line[i] == QLatin1Char('"')) {
        const qsizetype close = line.indexOf(QLatin1Char('"'), i + 1);
        if (close >= 0 && (close + 1 == n || isCSpace(line[close + 1]))) {
            out.value = line.mid(i + 1, close - i - 1).toString();
            pos = close + 1;
            return true;
        }
    }
    const qsizetype valueStart = i;
    while (i < n && !isCSpace(line[i]))
        ++i;
    out.value = line.mid(valueStart, i - valueStart).toString();
    pos = i;
    return true;
}

// ---- values ----------------------------------------------------------------------------------

// strtoul(value, &end, 0): C's base detection (0x.., 0..), a sign, saturation on overflow.
struct CULong
{
    std::uint64_t value = 0;
    qsizetype end = 0;
    bool overflow = false;
};

int digitValue(QChar c)
{
    const char16_t u = c.unicode();
    if (u >= '0' && u <= '9')
        return u - '0';
    if (u >= 'a' && u <= 'z')
        return u - 'a' + 10;
    if (u >= 'A' && u <= 'Z')
        return u - 'A' + 10;
    return 99;
}

CULong strToULong(QStringView s, int base)
{
    CULong r;
    qsizetype i = 0;
    while (i < s.size() && isCSpace(s[i]))
        ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == QLatin1Char('+') || s[i] == QLatin1Char('-'))) {
        negative = s[i] == QLatin1Char('-');
        ++i;
    }
    if (base == 0) {
        if (i + 1 < s.size() && s[i] == QLatin1Char('0') &&
            (s[i + 1] == QLatin1Char('x') || s[i + 1] == QLatin1Char('X')) && i + 2 < s.size() &&
            digitValue(s[i + 2]) < 16) {
            base = 16;
            i += 2;
        } else if (i < s.size() && s[i] == QLatin1Char('0')) {
            base = 8;
        } else {
            base = 10;
        }
    }
    const qsizetype start = i;
    std::uint64_t v = 0;
    while (i < s.size() && digitValue(s[i]) < base) {
        const std::uint64_t d = std::uint64_t(digitValue(s[i]));
        if (!r.overflow) {
            if (v > (UINT64_MAX - d) / std::uint64_t(base))
                r.overflow = true;
            else
                v = v * std::uint64_t(base) + d;
        }
        ++i;
    }
    if (i == start) {
        r.end = 0;
        return r;
    }
    r.end = i;
    r.value = r.overflow ? UINT64_MAX : (negative ? std::uint64_t(0) - v : v);
    return r;
}

// (int) strtol(s, NULL, 10): saturating long, then the low 32 bits.
std::int32_t strToInt(QStringView s)
{
    qsizetype i = 0;
    while (i < s.size() && isCSpace(s[i]))
        ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == QLatin1Char('+') || s[i] == QLatin1Char('-'))) {
        negative = s[i] == QLatin1Char('-');
        ++i;
    }
    const std::uint64_t limit =
        negative ? (std::uint64_t(1) << 63) : ((std::uint64_t(1) << 63) - 1);
    std::uint64_t v = 0;
    while (i < s.size() && isAsciiDigit(s[i])) {
        const std::uint64_t d = s[i].unicode() - '0';
        v = v > (limit - d) / 10 ? limit : v * 10 + d;
        ++i;
    }
    const std::uint64_t asLong = negative ? std::uint64_t(0) - v : v;
    return std::int32_t(std::uint32_t(asLong));
}

bool isUnlimitedWord(QStringView v)
{
    return v.compare(u"UNLIMITED", Qt::CaseInsensitive) == 0 ||
           v.compare(u"INFINITE", Qt::CaseInsensitive) == 0;
}

// s_p_handle_uint16/32/64: base-0 numbers, a 'k' suffix for 32/64 bits, UNLIMITED/INFINITE
// as the all-ones value, and Slurm's error texts.
std::optional<std::uint64_t> parseUnsigned(const QString &key, const QString &value, Type type,
                                           QString *error)
{
    const std::uint64_t max = type == Type::U16   ? 0xFFFFu
                              : type == Type::U32 ? 0xFFFFFFFFu
                                                  : UINT64_MAX;
    CULong r = strToULong(value, 0);
    qsizetype end = r.end;
    std::uint64_t num = r.value;
    if (type != Type::U16 && end > 0 && end < value.size() &&
        (value[end] == QLatin1Char('k') || value[end] == QLatin1Char('K'))) {
        num *= 1024;
        ++end;
    }
    if (end != value.size()) {
        if (isUnlimitedWord(value))
            return max;
        *error = tr("%1 value \"%2\" is not a valid number").arg(key, value);
        return std::nullopt;
    }
    if (r.overflow) {
        *error = tr("%1 value (%2) is out of range").arg(key, value);
        return std::nullopt;
    }
    if (value.startsWith(QLatin1Char('-'))) {
        *error = tr("%1 value (%2) is less than zero").arg(key, value);
        return std::nullopt;
    }
    if (num > max) {
        *error = tr("%1 value (%2) is greater than %3").arg(key, value).arg(max);
        return std::nullopt;
    }
    return num;
}

std::optional<bool> parseBool(QStringView v)
{
    for (const char *yes : {"yes", "up", "true", "1"}) {
        if (v.compare(QLatin1String(yes), Qt::CaseInsensitive) == 0)
            return true;
    }
    for (const char *no : {"no", "down", "false", "0"}) {
        if (v.compare(QLatin1String(no), Qt::CaseInsensitive) == 0)
            return false;
    }
    return std::nullopt;
}

int clampToInt(std::uint64_t v)
{
    return int(std::min<std::uint64_t>(v, std::uint64_t(std::numeric_limits<int>::max())));
}

qint64 clampToInt64(std::uint64_t v)
{
    return qint64(std::min<std::uint64_t>(v, std::uint64_t(std::numeric_limits<qint64>::max())));
}

// preempt_mode_num(): one of OFF/CANCEL/REQUEUE/SUSPEND (CLUSTER, ON as aliases) plus GANG.
struct PreemptParse
{
    bool ok = false;
    bool hasMode = false;
    PreemptMode mode = PreemptMode::Off;
    bool gang = false;
};

PreemptParse parsePreemptMode(const QString &text)
{
    PreemptParse r;
    int modes = 0;
    for (const QString &tok : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (tok.compare(u"gang", Qt::CaseInsensitive) == 0) {
            r.gang = true;
        } else if (tok.compare(u"off", Qt::CaseInsensitive) == 0 ||
                   tok.compare(u"cluster", Qt::CaseInsensitive) == 0) {
            r.mode = PreemptMode::Off;
            ++modes;
        } else if (tok.compare(u"cancel", Qt::CaseInsensitive) == 0) {
            r.mode = PreemptMode::Cancel;
            ++modes;
        } else if (tok.compare(u"requeue", Qt::CaseInsensitive) == 0) {
            r.mode = PreemptMode::Requeue;
            ++modes;
        } else if (tok.compare(u"on", Qt::CaseInsensitive) == 0 ||
                   tok.compare(u"suspend", Qt::CaseInsensitive) == 0) {
            r.mode = PreemptMode::Suspend;
            ++modes;
        } else {
            return r;
        }
    }
    if (modes > 1)
        return r;
    r.ok = true;
    r.hasMode = modes == 1;
    if (!r.hasMode && r.gang) {
        r.mode = PreemptMode::Gang;
        r.gang = false;
    }
    return r;
}

// ---- the parser ------------------------------------------------------------------------------

struct Value
{
    QString text;
    int line = 0;
};

// Keyed by the option's canonical name, so that the spelling in the file does not matter.
using ValueMap = QHash<QString, Value>;

struct RecordLine
{
    int line = 0;
    QString name; // NodeName= / PartitionName= value
    ValueMap values;
};

struct SchedParamSpec
{
    const char *name;
    int SchedulerParameters::*field;
    int minimum;
};

constexpr SchedParamSpec kSchedParams[] = {
    {"bf_interval", &SchedulerParameters::bfInterval, 1},
    {"bf_window", &SchedulerParameters::bfWindowMinutes, 1},
    {"bf_resolution", &SchedulerParameters::bfResolution, 1},
    {"bf_max_job_test", &SchedulerParameters::bfMaxJobTest, 1},
    {"sched_interval", &SchedulerParameters::schedInterval, 0},
    {"default_queue_depth", &SchedulerParameters::defaultQueueDepth, 0},
    {"batch_sched_delay", &SchedulerParameters::batchSchedDelay, 0},
    {"sched_min_interval", &SchedulerParameters::schedMinIntervalUs, 0},
};

// Limits of ours that keep a typo (or a fuzzer) from exhausting memory.
constexpr int kMaxNodes = 65536;
constexpr qsizetype kMaxPartitionNodeRefs = 1 << 21;

class Parser
{
public:
    Parser(QString fileName, int lineOffset, QString gresFileName, int gresLineOffset)
        : fileName_(std::move(fileName))
        , lineOffset_(lineOffset)
        , gresFileName_(std::move(gresFileName))
        , gresLineOffset_(gresLineOffset)
    {}

    ConfigParseResult run(const QString &slurmConf, const QString &gresConf);

private:
    // Messages carry the raw line; the offset is added when they are stored.
    void error(int line, const QString &text) { add(0, line, text, true); }
    void warning(int line, const QString &text) { add(0, line, text, false); }
    void gresError(int line, const QString &text) { add(1, line, text, true); }
    void gresWarning(int line, const QString &text) { add(1, line, text, false); }
    void add(int file, int line, const QString &text, bool isError)
    {
        ConfigMessage m;
        m.file = file == 0 ? fileName_ : gresFileName_;
        const int offset = file == 0 ? lineOffset_ : gresLineOffset_;
        m.line = line > 0 ? line + offset : offset;
        m.text = text;
        m.isError = isError;
        messages_.push_back({file, m});
    }

    void readSlurmConf(const QString &text);
    bool takePair(const Pair &p, OptionTable table, ValueMap &into, int line,
                  const QString &context, bool gres = false);
    void readRecordRest(QStringView text, qsizetype &pos, OptionTable table, ValueMap &into,
                        int line, const QString &context);
    void buildGlobals();
    void buildNodes();
    void buildPartitions();
    void readGresConf(const QString &text);
    void checkGresCounts();

    std::optional<QString> global(const char *name, int *line = nullptr) const
    {
        auto it = globals_.constFind(QLatin1String(name));
        if (it == globals_.cend())
            return std::nullopt;
        if (line)
            *line = it->line;
        return it->text;
    }
    // The line's own value, or the DEFAULT line's in force when it was read.
    static std::optional<Value> recordValue(const RecordLine &r, const char *name)
    {
        auto it = r.values.constFind(QLatin1String(name));
        if (it != r.values.cend())
            return *it;
        return std::nullopt;
    }
    static std::uint64_t number(const Value &v, Type type)
    {
        QString ignored;
        return parseUnsigned(QString(), v.text, type, &ignored).value_or(0);
    }

    QString fileName_;
    int lineOffset_;
    QString gresFileName_;
    int gresLineOffset_;
    QList<QPair<int, ConfigMessage>> messages_;

    ValueMap globals_;
    QList<RecordLine> nodeLines_;
    QList<RecordLine> partitionLines_;
    ValueMap nodeDefaults_;
    ValueMap partitionDefaults_;
    ClusterConfig cluster_;
    QHash<QString, int> nodeIndex_;
};

bool Parser::takePair(const Pair &p, OptionTable table, ValueMap &into, int line,
                      const QString &context, bool gres)
{
    auto fail = [&](const QString &text) {
        if (gres)
            gresError(line, text);
        else
            error(line, text);
    };
    const Option *opt = findOption(table, p.key);
    if (!opt) {
        fail(context.isEmpty() ? tr("unknown key '%1'").arg(p.key)
                               : tr("unknown key '%1' in a %2 line").arg(p.key, context));
        return false;
    }
    if (!p.op.isNull()) {
        fail(tr("'%1%2=' is not slurm.conf syntax: write %1=value").arg(p.key, p.op));
        return false;
    }
    QString why;
    if (opt->type == Type::U16 || opt->type == Type::U32 || opt->type == Type::U64) {
        if (!parseUnsigned(QLatin1String(opt->name), p.value, opt->type, &why)) {
            fail(why);
            return false;
        }
    } else if (opt->type == Type::Bool && !parseBool(p.value)) {
        fail(tr("\"%1\" is not a valid option for \"%2\"").arg(p.value, QLatin1String(opt->name)));
        return false;
    }
    const QString name = QLatin1String(opt->name);
    switch (opt->use) {
    case Use::Ignored:
        if (gres)
            gresWarning(line, tr("%1 is ignored by the mini-cluster").arg(name));
        else
            warning(line, tr("%1 is ignored by the mini-cluster").arg(name));
        break;
    case Use::Removed:
        fail(tr("the %1 option has been removed from Slurm 22.05").arg(name));
        return false;
    case Use::Defunct:
        warning(line, tr("the option \"%1\" is defunct, see man slurm.conf").arg(name));
        break;
    default:
        break;
    }
    into.insert(name, {p.value, line});
    return true;
}

void Parser::readRecordRest(QStringView text, qsizetype &pos, OptionTable table, ValueMap &into,
                            int line, const QString &context)
{
    Pair p;
    while (nextPair(text, pos, p))
        takePair(p, table, into, line, context);
}

void Parser::readSlurmConf(const QString &text)
{
    for (const LogicalLine &ll : readLines(text)) {
        const QStringView line(ll.text);
        if (isBlank(line))
            continue;
        // "Include file" is the one line that is not Key=Value.
        {
            const QStringView trimmed = line.trimmed();
            if (trimmed.size() > 7 &&
                trimmed.left(7).compare(u"include", Qt::CaseInsensitive) == 0 &&
                isCSpace(trimmed[7])) {
                error(ll.line, tr("Include is not supported: put the included text in place"));
                continue;
            }
        }
        qsizetype pos = 0;
        Pair first;
        if (!nextPair(line, pos, first)) {
            error(ll.line, tr("cannot read \"%1\" (Key=Value expected)").arg(line.trimmed()));
            continue;
        }
        const Option *opt = findOption(kGlobalOptions, first.key);
        if (opt && opt->use == Use::Line) {
            const QString kind = QLatin1String(opt->name);
            RecordLine rec;
            rec.line = ll.line;
            rec.name = first.value;
            if (kind == u"NodeName") {
                readRecordRest(line, pos, kNodeOptions, rec.values, ll.line, kind);
                if (first.value.compare(u"DEFAULT", Qt::CaseInsensitive) == 0) {
                    bool ok = true;
                    for (const char *forbidden : {"NodeHostname", "BcastAddr", "NodeAddr"}) {
                        if (rec.values.contains(QLatin1String(forbidden))) {
                            error(ll.line, tr("%1 not allowed with NodeName=DEFAULT")
                                               .arg(QLatin1String(forbidden)));
                            ok = false;
                        }
                    }
                    if (ok)
                        nodeDefaults_.insert(rec.values);
                } else {
                    // Slurm reads the DEFAULT values in force at this line, not later ones.
                    for (auto it = nodeDefaults_.cbegin(); it != nodeDefaults_.cend(); ++it) {
                        if (!rec.values.contains(it.key()))
                            rec.values.insert(it.key(), it.value());
                    }
                    nodeLines_.push_back(rec);
                }
            } else if (kind == u"PartitionName") {
                readRecordRest(line, pos, kPartitionOptions, rec.values, ll.line, kind);
                if (first.value.compare(u"DEFAULT", Qt::CaseInsensitive) == 0) {
                    partitionDefaults_.insert(rec.values);
                } else {
                    for (auto it = partitionDefaults_.cbegin(); it != partitionDefaults_.cend();
                         ++it) {
                        if (!rec.values.contains(it.key()))
                            rec.values.insert(it.key(), it.value());
                    }
                    partitionLines_.push_back(rec);
                }
            } else if (kind == u"FrontendName") {
                readRecordRest(line, pos, kFrontendOptions, rec.values, ll.line, kind);
                error(ll.line, tr("FrontendName needs a Slurm built with --enable-front-end, "
                                  "which the mini-cluster is not"));
            } else {
                const OptionTable table = kind == u"DownNodes" ? OptionTable(kDownNodesOptions)
                                          : kind == u"NodeSet" ? OptionTable(kNodeSetOptions)
                                                               : OptionTable();
                readRecordRest(line, pos, table, rec.values, ll.line, kind);
                warning(ll.line, tr("%1 is ignored by the mini-cluster").arg(kind));
            }
        } else {
            takePair(first, kGlobalOptions, globals_, ll.line, QString());
            // Real Slurm reads one parameter per line here and rejects the rest of the line;
            // reading them all is kinder, but say so.
            Pair more;
            bool warned = false;
            while (nextPair(line, pos, more)) {
                const Option *o = findOption(kGlobalOptions, more.key);
                if (o && o->use == Use::Line) {
                    error(ll.line, tr("%1= must start its own line").arg(QLatin1String(o->name)));
                    // Its own parameters follow; skip them.
                    Pair skipped;
                    while (nextPair(line, pos, skipped)) {
                    }
                    break;
                }
                if (!warned) {
                    warning(ll.line, tr("several parameters on one line: real Slurm 22.05 "
                                        "reads only the first (\"Parse error\")"));
                    warned = true;
                }
                takePair(more, kGlobalOptions, globals_, ll.line, QString());
            }
        }
        if (!isBlank(line.mid(pos)))
            error(ll.line,
                  tr("cannot read \"%1\" (Key=Value expected)").arg(line.mid(pos).trimmed()));
    }
}

void Parser::buildGlobals()
{
    ClusterConfig &c = cluster_;
    int line = 0;

    if (auto v = global("ClusterName", &line); v && !v->isEmpty()) {
        // Slurm lowers the name, for the sake of case-sensitive databases.
        QString lowered;
        for (QChar ch : *v)
            lowered += (ch.unicode() < 128) ? ch.toLower() : ch;
        c.clusterName = lowered;
    } else {
        warning(line, tr("ClusterName is not set: real Slurm 22.05 stops with \"ClusterName "
                         "needs to be specified\"; the mini-cluster uses \"%1\"")
                          .arg(c.clusterName));
    }

    std::uint64_t maxJobId = 0x03ff0000; // DEFAULT_MAX_JOB_ID
    if (auto v = global("MaxJobId", &line))
        maxJobId = std::min<std::uint64_t>(number({*v, line}, Type::U32), 0x03ffffff);
    if (auto v = global("FirstJobId", &line)) {
        const std::uint64_t id = number({*v, line}, Type::U32);
        if (id == 0)
            error(line, tr("FirstJobId cannot be zero"));
        else if (id > maxJobId)
            error(line, tr("FirstJobId > MaxJobId"));
        else
            c.firstJobId = std::uint32_t(id);
    }

    if (auto v = global("SchedulerType", &line)) {
        if (*v == u"sched/backfill")
            c.scheduler = SchedulerKind::Backfill;
        else if (*v == u"sched/builtin")
            c.scheduler = SchedulerKind::Builtin;
        else
            error(line, tr("SchedulerType=%1 is not a scheduler plugin the mini-cluster has "
                           "(sched/backfill, sched/builtin)")
                            .arg(*v));
    }

    if (auto v = global("SchedulerParameters", &line)) {
        c.schedParams.text = *v;
        for (const QString &item : v->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString key = item.section(QLatin1Char('='), 0, 0);
            const SchedParamSpec *spec = nullptr;
            for (const SchedParamSpec &s : kSchedParams) {
                if (key.compare(QLatin1String(s.name), Qt::CaseInsensitive) == 0)
                    spec = &s;
            }
            if (!spec) {
                warning(line,
                        tr("SchedulerParameters: %1 is ignored by the mini-cluster").arg(key));
                continue;
            }
            bool ok = false;
            const int value = item.section(QLatin1Char('='), 1).toInt(&ok);
            if (!item.contains(QLatin1Char('=')) || !ok || value < spec->minimum) {
                warning(line, tr("Invalid SchedulerParameters %1, the default is kept").arg(item));
                continue;
            }
            c.schedParams.*(spec->field) = value;
        }
    }

    if (auto v = global("AccountingStorageType", &line)) {
        if (*v == u"accounting_storage/none") {
            c.accountingEnabled = false;
            c.accountingStorageType = *v;
        } else if (*v == u"accounting_storage/slurmdbd") {
            c.accountingEnabled = true;
            c.accountingStorageType = *v;
        } else if (v->contains(u"mysql", Qt::CaseInsensitive)) {
            error(line, tr("AccountingStorageType=accounting_storage/mysql only permitted in "
                           "SlurmDBD"));
        } else {
            error(line, tr("AccountingStorageType=%1 is not a plugin the mini-cluster has "
                           "(accounting_storage/none, accounting_storage/slurmdbd)")
                            .arg(*v));
        }
    }

    if (auto v = global("SelectType", &line)) {
        if (*v == u"select/cons_tres" || *v == u"select/cons_res" || *v == u"select/linear")
            c.selectType = *v;
        else
            error(line, tr("SelectType=%1 is not a plugin the mini-cluster has "
                           "(select/cons_tres, select/cons_res, select/linear)")
                            .arg(*v));
    }

    if (auto v = global("SelectTypeParameters", &line)) {
        // parse_select_type_param(): known words, at most one CR_ resource kind.
        static const char *const kResource[] = {
            "CR_Socket", "CR_Socket_Memory", "CR_Core",   "CR_Core_Memory",
            "CR_CPU",    "CR_CPU_Memory",    "CR_Memory", "CR_Board"};
        static const char *const kFlags[] = {"OTHER_CONS_RES",
                                             "OTHER_CONS_TRES",
                                             "NHC_ABSOLUTELY_NO",
                                             "NHC_NO_STEPS",
                                             "NHC_NO",
                                             "CR_ONE_TASK_PER_CORE",
                                             "CR_Pack_Nodes",
                                             "LL_SHARED_GRES",
                                             "CR_CORE_DEFAULT_DIST_BLOCK",
                                             "CR_LLN",
                                             "MULTIPLE_SHARING_GRES_PJ",
                                             "ENFORCE_BINDING_GRES",
                                             "ONE_TASK_PER_SHARING_GRES"};
        int resources = 0;
        bool ok = true;
        for (const QString &tok : v->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            bool known = false;
            for (const char *r : kResource) {
                if (tok.compare(QLatin1String(r), Qt::CaseInsensitive) == 0) {
                    known = true;
                    ++resources;
                }
            }
            for (const char *f : kFlags) {
                if (tok.compare(QLatin1String(f), Qt::CaseInsensitive) == 0)
                    known = true;
            }
            if (!known) {
                error(line, tr("Bad SelectTypeParameter: %1").arg(tok));
                ok = false;
            }
        }
        if (resources > 1) {
            error(line,
                  tr("SelectTypeParameters=%1: only one CR_ resource kind may be given").arg(*v));
            ok = false;
        }
        if (ok)
            c.selectTypeParameters = *v;
    }

    if (auto v = global("PriorityType", &line)) {
        if (*v == u"priority/basic")
            c.priority = PriorityKind::Basic;
        else if (*v == u"priority/multifactor")
            c.priority = PriorityKind::Multifactor;
        else
            error(line, tr("PriorityType=%1 is not a plugin the mini-cluster has "
                           "(priority/basic, priority/multifactor)")
                            .arg(*v));
    }

    struct Weight
    {
        const char *name;
        int ClusterConfig::*field;
    };
    const Weight weights[] = {{"PriorityWeightAge", &ClusterConfig::weightAge},
                              {"PriorityWeightFairshare", &ClusterConfig::weightFairshare},
                              {"PriorityWeightJobSize", &ClusterConfig::weightJobSize},
                              {"PriorityWeightPartition", &ClusterConfig::weightPartition},
                              {"PriorityWeightQOS", &ClusterConfig::weightQos},
                              {"PriorityWeightAssoc", &ClusterConfig::weightAssoc}};
    std::uint64_t totalWeight = 0;
    int lastWeightLine = 0;
    for (const Weight &w : weights) {
        if (auto v = global(w.name, &line)) {
            const std::uint64_t value = number({*v, line}, Type::U32);
            totalWeight += value;
            lastWeightLine = std::max(lastWeightLine, line);
            if (value > std::uint64_t(std::numeric_limits<int>::max()))
                warning(line, tr("%1=%2 is more than the mini-cluster handles; %3 is used")
                                  .arg(QLatin1String(w.name), *v)
                                  .arg(std::numeric_limits<int>::max()));
            c.*(w.field) = clampToInt(value);
        }
    }
    if (totalWeight > 0xFFFFFFFFull)
        warning(lastWeightLine, tr("PriorityWeight values too high, job priority value may "
                                   "overflow"));

    // Durations in minutes, as time_str2mins reads them; INFINITE keeps Slurm's uint32 wrap.
    auto minutesSetting = [&](const char *name, qint64 ClusterConfig::*field) {
        if (auto v = global(name, &line)) {
            const std::optional<std::int32_t> m = parseMinutes(*v);
            if (!m || (*m < 0 && *m != -1)) {
                error(line, tr("Bad value \"%1\" for %2").arg(*v, QLatin1String(name)));
                return;
            }
            c.*field = qint64(std::uint32_t(std::uint32_t(*m) * 60u));
        }
    };
    minutesSetting("PriorityDecayHalfLife", &ClusterConfig::priorityDecayHalfLifeSecs);
    minutesSetting("PriorityMaxAge", &ClusterConfig::priorityMaxAgeSecs);
    if (auto v = global("PriorityCalcPeriod", &line)) {
        const std::optional<std::int32_t> m = parseMinutes(*v);
        if (!m || *m < 1)
            error(line, tr("Bad value \"%1\" for PriorityCalcPeriod").arg(*v));
        else
            c.priorityCalcPeriodSecs = qint64(*m) * 60;
    }
    int resetLine = 0;
    if (auto v = global("PriorityUsageResetPeriod", &resetLine)) {
        static const char *const kPeriods[] = {"none",    "now",       "daily", "weekly",
                                               "monthly", "quarterly", "yearly"};
        bool known = false;
        for (const char *p : kPeriods)
            known = known || v->compare(QLatin1String(p), Qt::CaseInsensitive) == 0;
        if (!known)
            error(resetLine, tr("Bad value \"%1\" for PriorityUsageResetPeriod").arg(*v));
        else if (v->compare(u"none", Qt::CaseInsensitive) != 0)
            warning(resetLine, tr("PriorityUsageResetPeriod is ignored by the mini-cluster"));
    } else if (c.priorityDecayHalfLifeSecs == 0) {
        int hlLine = 0;
        global("PriorityDecayHalfLife", &hlLine);
        error(hlLine, tr("You have to either have PriorityDecayHalfLife != 0 or "
                         "PriorityUsageResetPeriod set to something or the priority plugin "
                         "will result in rolling over."));
    }
    if (auto v = global("PriorityFavorSmall"))
        c.priorityFavorSmall = parseBool(*v).value_or(false);

    if (auto v = global("PreemptMode", &line)) {
        const PreemptParse p = parsePreemptMode(*v);
        if (!p.ok) {
            error(line, tr("PreemptMode=%1 invalid").arg(*v));
        } else if (p.hasMode && p.mode == PreemptMode::Suspend && !p.gang) {
            error(line, tr("PreemptMode=SUSPEND requires GANG too"));
        } else {
            c.preemptMode = p.mode;
            c.preemptModeGang = p.gang;
        }
    }
    int preemptTypeLine = 0;
    if (auto v = global("PreemptType", &preemptTypeLine)) {
        if (*v == u"preempt/none")
            c.preemptType = PreemptKind::None;
        else if (*v == u"preempt/partition_prio")
            c.preemptType = PreemptKind::PartitionPrio;
        else if (*v == u"preempt/qos")
            c.preemptType = PreemptKind::Qos;
        else
            error(preemptTypeLine, tr("PreemptType=%1 is not a plugin the mini-cluster has "
                                      "(preempt/none, preempt/partition_prio, preempt/qos)")
                                       .arg(*v));
    }
    {
        // The mode without GANG must be OFF exactly when nothing preempts.
        const bool modeOff =
            c.preemptMode == PreemptMode::Off || c.preemptMode == PreemptMode::Gang;
        const bool typeNone = c.preemptType == PreemptKind::None;
        if (modeOff != typeNone) {
            int modeLine = 0;
            global("PreemptMode", &modeLine);
            error(std::max(modeLine, preemptTypeLine),
                  tr("PreemptType and PreemptMode values incompatible"));
        }
    }

    if (auto v = global("KillWait", &line))
        c.killWait = int(number({*v, line}, Type::U16));
    if (auto v = global("OverTimeLimit", &line)) {
        const std::uint64_t m = number({*v, line}, Type::U16);
        c.overTimeLimitMinutes = m == 0xFFFF ? -1 : int(m);
    }
    if (auto v = global("EnforcePartLimits", &line)) {
        // parse_part_enforce_type(): YES and its synonyms mean ANY.
        const QString s = v->toLower();
        if (s == u"yes" || s == u"up" || s == u"true" || s == u"1" || s == u"any")
            c.enforcePartLimits = EnforcePartLimits::Any;
        else if (s == u"no" || s == u"down" || s == u"false" || s == u"0")
            c.enforcePartLimits = EnforcePartLimits::No;
        else if (s == u"all")
            c.enforcePartLimits = EnforcePartLimits::All;
        else
            error(line, tr("Bad EnforcePartLimits: %1").arg(*v));
    }
    if (auto v = global("MinJobAge", &line)) {
        const std::uint64_t age = number({*v, line}, Type::U32);
        if (age < 2) {
            warning(line, tr("MinJobAge must be at least 2"));
            c.minJobAge = 2;
        } else {
            c.minJobAge = clampToInt(age);
        }
    }
    int perNodeLine = 0;
    if (auto v = global("DefMemPerNode", &perNodeLine)) {
        const std::uint64_t mb = number({*v, perNodeLine}, Type::U64);
        c.defMemPerNode = mb == UINT64_MAX ? 0 : clampToInt64(mb);
        if (global("DefMemPerCPU", &line))
            warning(line, tr("DefMemPerCPU ignored, since it's mutually exclusive with "
                             "DefMemPerNode"));
    } else if (auto cpu = global("DefMemPerCPU", &line)) {
        const std::uint64_t mb = number({*cpu, line}, Type::U64);
        c.defMemPerCpu = mb == UINT64_MAX ? 0 : clampToInt64(mb);
    }
    if (auto v = global("JobRequeue", &line))
        c.jobRequeue = number({*v, line}, Type::U16) >= 1;

    if (auto v = global("PrologFlags", &line)) {
        c.prologFlagsText = *v;
        // prolog_str2flags(): Contain and X11 imply Alloc; ForceRequeueOnFail too.
        bool alloc = false, contain = false, deferBatch = false, noHold = false;
        bool forceRequeue = false, serial = false, x11 = false, ok = true;
        for (const QString &tok : v->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString t = tok.toLower();
            if (t == u"alloc")
                alloc = true;
            else if (t == u"contain")
                alloc = contain = true;
            else if (t == u"deferbatch")
                deferBatch = true;
            else if (t == u"nohold")
                noHold = true;
            else if (t == u"forcerequeueonfail")
                alloc = forceRequeue = true;
            else if (t == u"serial")
                serial = true;
            else if (t == u"x11")
                alloc = contain = x11 = true;
            else {
                error(line, tr("Invalid PrologFlag: %1").arg(tok));
                ok = false;
            }
        }
        if (ok && noHold && contain) {
            error(line, tr("PrologFlags invalid combination: NoHold cannot be combined with "
                           "Contain and/or X11"));
            ok = false;
        }
        if (ok) {
            c.prologContain = contain;
            QStringList shown;
            if (alloc)
                shown << QStringLiteral("Alloc");
            if (contain)
                shown << QStringLiteral("Contain");
            if (deferBatch)
                shown << QStringLiteral("DeferBatch");
            if (noHold)
                shown << QStringLiteral("NoHold");
            if (forceRequeue)
                shown << QStringLiteral("ForceRequeueOnFail");
            if (serial)
                shown << QStringLiteral("Serial");
            if (x11)
                shown << QStringLiteral("X11");
            c.prologFlagsDisplay = shown.join(QLatin1Char(','));
        }
    }

    if (auto v = global("GresTypes"))
        c.gresTypes = v->split(QLatin1Char(','), Qt::SkipEmptyParts);

    if (auto v = global("FastSchedule", &line)) {
        const std::uint64_t fs = number({*v, line}, Type::U16);
        if (fs == 1)
            warning(line, tr("Ignoring obsolete FastSchedule=1 option. Please remove from your "
                             "configuration."));
        else
            error(line, tr("The FastSchedule option has been removed. Please update your "
                           "configuration."));
    }
}

// Node state names state_str2int() accepts in slurm.conf, canonical spelling first.
std::optional<QString> canonicalNodeState(const QString &text)
{
    static const char *const kBase[] = {"UNKNOWN", "DOWN",  "IDLE",  "ALLOCATED",
                                        "ERROR",   "MIXED", "FUTURE"};
    for (const char *s : kBase) {
        if (text.compare(QLatin1String(s), Qt::CaseInsensitive) == 0)
            return QString::fromLatin1(s);
    }
    for (const char *prefix : {"CLOUD", "DRAIN", "FAIL"}) {
        if (text.startsWith(QLatin1String(prefix), Qt::CaseInsensitive))
            return QString::fromLatin1(prefix);
    }
    return std::nullopt;
}

// A count with Slurm's suffixes (k, m, g, t, p are powers of 1024).
std::optional<std::uint64_t> parseGresCount(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    qsizetype end = 0;
    std::uint64_t v = 0;
    while (end < text.size() && isAsciiDigit(text[end])) {
        const std::uint64_t d = text[end].unicode() - '0';
        if (v > (UINT64_MAX - d) / 10)
            return std::nullopt;
        v = v * 10 + d;
        ++end;
    }
    if (end == 0)
        return std::nullopt;
    if (end == text.size())
        return v;
    if (end + 1 != text.size())
        return std::nullopt;
    const char16_t s = text[end].toLower().unicode();
    int shift = s == 'k' ? 10 : s == 'm' ? 20 : s == 'g' ? 30 : s == 't' ? 40 : s == 'p' ? 50 : -1;
    if (shift < 0 || v > (UINT64_MAX >> shift))
        return std::nullopt;
    return v << shift;
}

// "gpu:l4:2,mps:100": name[:type][:count], a "(S:0-1)" socket suffix allowed and ignored.
bool parseNodeGres(const QString &spec, QList<NodeConfig::Gres> &out, QString *why)
{
    for (QString item : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype paren = item.indexOf(QLatin1Char('('));
        if (paren >= 0) {
            if (!item.endsWith(QLatin1Char(')'))) {
                *why = item;
                return false;
            }
            item.truncate(paren);
        }
        const QStringList fields = item.split(QLatin1Char(':'));
        NodeConfig::Gres g;
        g.name = fields.value(0);
        g.count = 1;
        if (g.name.isEmpty() || fields.size() > 3) {
            *why = item;
            return false;
        }
        if (fields.size() == 2) {
            if (auto n = parseGresCount(fields[1]))
                g.count = clampToInt(*n);
            else
                g.type = fields[1];
        } else if (fields.size() == 3) {
            g.type = fields[1];
            const auto n = parseGresCount(fields[2]);
            if (!n || g.type.isEmpty()) {
                *why = item;
                return false;
            }
            g.count = clampToInt(*n);
        }
        out.push_back(g);
    }
    return true;
}

void Parser::buildNodes()
{
    for (const RecordLine &rec : nodeLines_) {
        const int line = rec.line;
        if (rec.name.compare(u"ALL", Qt::CaseInsensitive) == 0) {
            error(line, tr("'ALL' is a reserved word disallowed for use with NodeName"));
            continue;
        }
        const std::optional<QStringList> names = expandHostlist(rec.name);
        if (!names) {
            error(line, tr("NodeName=%1 is not a valid hostlist").arg(rec.name));
            continue;
        }
        if (names->isEmpty()) {
            error(line, tr("NodeName= names no node"));
            continue;
        }
        auto get = [&](const char *name) { return recordValue(rec, name); };
        auto u = [&](const char *name, Type type) -> std::optional<std::uint64_t> {
            if (auto v = get(name))
                return number(*v, type);
            return std::nullopt;
        };

        // _parse_nodename(): the same inference of sockets and CPUs, in uint16 arithmetic.
        std::uint16_t boards = std::uint16_t(u("Boards", Type::U16).value_or(1));
        std::uint16_t cores = std::uint16_t(u("CoresPerSocket", Type::U16).value_or(1));
        std::uint16_t threads = std::uint16_t(u("ThreadsPerCore", Type::U16).value_or(1));
        std::optional<std::uint64_t> cpusOpt = u("CPUs", Type::U16);
        if (!cpusOpt)
            cpusOpt = u("Procs", Type::U16);
        const bool noCpus = !cpusOpt;
        std::uint16_t cpus = std::uint16_t(cpusOpt.value_or(1));
        const std::optional<std::uint64_t> socketsOpt = u("Sockets", Type::U16);
        bool noSockets = !socketsOpt;
        std::uint16_t sockets = std::uint16_t(socketsOpt.value_or(1));
        const std::optional<std::uint64_t> spbOpt = u("SocketsPerBoard", Type::U16);
        const bool noSocketsPerBoard = !spbOpt;
        std::uint16_t socketsPerBoard = std::uint16_t(spbOpt.value_or(1));

        const QString what = QStringLiteral("NodeNames=%1").arg(rec.name);
        if (cores == 0) {
            warning(line, tr("%1 CoresPerSocket=0 is invalid, reset to 1").arg(what));
            cores = 1;
        }
        if (cpus == 0) {
            warning(line, tr("%1 CPUs=0 is invalid, reset to 1").arg(what));
            cpus = 1;
        }
        if (threads == 0) {
            warning(line, tr("%1 ThreadsPerCore=0 is invalid, reset to 1").arg(what));
            threads = 1;
        }
        if (socketsPerBoard == 0) {
            warning(line, tr("%1 SocketsPerBoards=0 is invalid, reset to 1").arg(what));
            socketsPerBoard = 1;
        }
        if (sockets == 0) {
            warning(line, tr("%1 Sockets=0 is invalid, reset to 1").arg(what));
            sockets = 1;
        }
        if (!noSocketsPerBoard && !noSockets) {
            warning(line, tr("%1 Sockets=# and SocketsPerBoard=# is invalid, using "
                             "SocketsPerBoard")
                              .arg(what));
            noSockets = true;
        }
        if (boards == 0) {
            warning(line, tr("%1 Boards=0 is invalid, reset to 1").arg(what));
            boards = 1;
        }
        if (noSockets) {
            const int perSocket = int(cores) * int(threads);
            if (!noSocketsPerBoard)
                sockets = std::uint16_t(boards * socketsPerBoard);
            else if (!noCpus && (cpus / perSocket) && !(cpus % perSocket))
                sockets = std::uint16_t(cpus / perSocket);
            else
                sockets = boards;
        }
        if (noCpus)
            cpus = std::uint16_t(sockets * cores * threads);
        if (sockets < boards) {
            warning(line, tr("%1 Sockets(%2) < Boards(%3) resetting Boards=1")
                              .arg(what)
                              .arg(sockets)
                              .arg(boards));
            boards = 1;
        }
        if (cpus != sockets && cpus != std::uint16_t(sockets * cores) &&
            cpus != std::uint16_t(sockets * cores * threads)) {
            warning(line, tr("%1 CPUs=%2 match no Sockets, Sockets*CoresPerSocket or "
                             "Sockets*CoresPerSocket*ThreadsPerCore. Resetting CPUs.")
                              .arg(what)
                              .arg(cpus));
            cpus = std::uint16_t(sockets * cores * threads);
        }

        NodeConfig proto;
        proto.line = line + lineOffset_;
        proto.cpus = cpus;
        proto.sockets = sockets;
        proto.coresPerSocket = cores;
        proto.threadsPerCore = threads;
        proto.boards = boards;
        proto.realMemoryMb = clampToInt64(u("RealMemory", Type::U64).value_or(1));
        if (auto w = u("Weight", Type::U32)) {
            // Slurm keeps INFINITE for itself: Weight=INFINITE becomes INFINITE-1.
            proto.weight = clampToInt(*w == 0xFFFFFFFFu ? *w - 1 : *w);
        }
        if (auto s = get("State")) {
            if (auto canon = canonicalNodeState(s->text))
                proto.state = *canon;
            else
                error(line, tr("node %1 has invalid state %2").arg(rec.name, s->text));
        }
        if (auto g = get("Gres")) {
            proto.gresSpec = g->text;
            QString bad;
            if (!parseNodeGres(g->text, proto.gres, &bad)) {
                error(line, tr("Invalid GRES specification \"%1\" for %2").arg(bad, rec.name));
                proto.gres.clear();
            }
            for (const NodeConfig::Gres &gr : std::as_const(proto.gres)) {
                if (!cluster_.gresTypes.contains(gr.name, Qt::CaseInsensitive))
                    error(line,
                          tr("Gres %1 on %2 is not listed in GresTypes").arg(gr.name, rec.name));
            }
        }

        for (const QString &name : *names) {
            if (nodeIndex_.contains(name)) {
                error(line, tr("Duplicated NodeName %1 in the config file").arg(name));
                continue;
            }
            if (cluster_.nodes.size() >= kMaxNodes) {
                error(line, tr("more than %1 nodes: the mini-cluster stops here").arg(kMaxNodes));
                return;
            }
            NodeConfig node = proto;
            node.name = name;
            nodeIndex_.insert(name, int(cluster_.nodes.size()));
            cluster_.nodes.push_back(std::move(node));
        }
    }
}

void Parser::buildPartitions()
{
    qsizetype nodeRefs = 0;
    int defaultIndex = -1;
    for (const RecordLine &rec : partitionLines_) {
        const int line = rec.line;
        if (cluster_.partition(rec.name)) {
            error(line, tr("duplicate entry for partition %1").arg(rec.name));
            continue;
        }
        auto get = [&](const char *name) { return recordValue(rec, name); };
        PartitionConfig p;
        p.name = rec.name;
        p.line = line + lineOffset_;
        bool ok = true;

        if (auto v = get("Nodes")) {
            // Slurm turns whitespace inside the value into commas.
            QString spec = v->text;
            for (QChar &ch : spec) {
                if (isCSpace(ch))
                    ch = QLatin1Char(',');
            }
            p.nodesSpec = spec;
            QList<int> indexes;
            if (spec.compare(u"ALL", Qt::CaseInsensitive) == 0) {
                for (int i = 0; i < cluster_.nodes.size(); ++i)
                    indexes << i;
            } else if (const std::optional<QStringList> names = expandHostlist(spec)) {
                QStringList unknown;
                QSet<int> seen;
                for (const QString &n : *names) {
                    const int idx = nodeIndex_.value(n, -1);
                    if (idx < 0)
                        unknown << n;
                    else if (!seen.contains(idx)) {
                        seen.insert(idx);
                        indexes << idx;
                    }
                }
                if (!unknown.isEmpty()) {
                    error(line, tr("partition %1: invalid node name %2")
                                    .arg(rec.name, compressHostlist(unknown)));
                    ok = false;
                }
            } else {
                error(line,
                      tr("partition %1: Nodes=%2 is not a valid hostlist").arg(rec.name, spec));
                ok = false;
            }
            // A partition's nodes are a bitmap in Slurm: node-table order, once each.
            std::sort(indexes.begin(), indexes.end());
            nodeRefs += indexes.size();
            if (nodeRefs > kMaxPartitionNodeRefs) {
                error(line, tr("too many partition nodes: the mini-cluster stops here"));
                return;
            }
            for (int i : std::as_const(indexes))
                p.nodes << cluster_.nodes.at(i).name;
        }

        if (auto v = get("Default"); v && parseBool(v->text).value_or(false)) {
            if (defaultIndex >= 0)
                warning(line, tr("changing default partition from %1 to %2")
                                  .arg(cluster_.partitions.at(defaultIndex).name, rec.name));
            p.isDefault = true;
        }
        if (auto v = get("Hidden"))
            p.hidden = parseBool(v->text).value_or(false);

        auto minutes = [&](const char *name, std::uint32_t &field) {
            if (auto v = get(name)) {
                const std::optional<std::int32_t> m = parseMinutes(v->text);
                if (!m || (*m < 0 && *m != -1)) {
                    error(line, tr("Bad value \"%1\" for %2").arg(v->text, QLatin1String(name)));
                    ok = false;
                } else {
                    field = std::uint32_t(*m);
                }
            }
        };
        minutes("MaxTime", p.maxTimeMinutes);
        minutes("DefaultTime", p.defaultTimeMinutes);

        if (auto v = get("GraceTime"))
            p.graceTimeSeconds = std::uint32_t(number(*v, Type::U32));
        if (auto v = get("MaxNodes"))
            p.maxNodes = std::uint32_t(number(*v, Type::U32));
        if (auto v = get("OverTimeLimit")) {
            if (isUnlimitedWord(v->text)) {
                p.overTimeLimitMinutes = -1;
            } else {
                // int i = strtol(value, NULL, 10): garbage reads as 0, as in Slurm.
                const std::int32_t value = strToInt(v->text);
                if (value < 0)
                    warning(line, tr("Ignoring bad OverTimeLimit value: %1").arg(v->text));
                else
                    p.overTimeLimitMinutes = value > 0xfffe ? -1 : int(value);
            }
        }
        if (auto v = get("PreemptMode")) {
            const PreemptParse pm = parsePreemptMode(v->text);
            if (!pm.ok) {
                error(line, tr("Bad value \"%1\" for PreemptMode").arg(v->text));
                ok = false;
            } else {
                p.preemptMode = pm.mode;
                p.preemptModeGang = pm.gang;
            }
        }
        if (auto v = get("PriorityJobFactor"))
            p.priorityJobFactor = int(number(*v, Type::U16));
        if (auto v = get("PriorityTier"))
            p.priorityTier = int(number(*v, Type::U16));
        if (auto v = get("Priority")) {
            // The old single knob sets both.
            p.priorityJobFactor = p.priorityTier = int(number(*v, Type::U16));
        }
        if (auto v = get("State")) {
            // Slurm compares prefixes: "UPxyz" is UP.
            const QString s = v->text;
            if (s.startsWith(u"DOWN", Qt::CaseInsensitive))
                p.stateText = QStringLiteral("DOWN");
            else if (s.startsWith(u"UP", Qt::CaseInsensitive))
                p.stateText = QStringLiteral("UP");
            else if (s.startsWith(u"DRAIN", Qt::CaseInsensitive))
                p.stateText = QStringLiteral("DRAIN");
            else if (s.startsWith(u"INACTIVE", Qt::CaseInsensitive))
                p.stateText = QStringLiteral("INACTIVE");
            else {
                error(line, tr("Bad value \"%1\" for State").arg(s));
                ok = false;
            }
            p.up = p.stateText == u"UP";
        }
        if (!ok)
            continue;
        if (p.isDefault) {
            if (defaultIndex >= 0)
                cluster_.partitions[defaultIndex].isDefault = false;
            defaultIndex = int(cluster_.partitions.size());
        }
        cluster_.partitions.push_back(std::move(p));
    }
}

void Parser::readGresConf(const QString &text)
{
    for (const LogicalLine &ll : readLines(text)) {
        const QStringView line(ll.text);
        if (isBlank(line))
            continue;
        qsizetype pos = 0;
        Pair first;
        if (!nextPair(line, pos, first)) {
            gresError(ll.line, tr("cannot read \"%1\" (Key=Value expected)").arg(line.trimmed()));
            continue;
        }
        const Option *opt = findOption(kGresOptions, first.key);
        if (!opt ||
            !(QLatin1String(opt->name) == u"NodeName" || QLatin1String(opt->name) == u"Name" ||
              QLatin1String(opt->name) == u"AutoDetect")) {
            gresError(ll.line, tr("unknown key '%1' at the start of a gres.conf line (NodeName=, "
                                  "Name= or AutoDetect= expected)")
                                   .arg(first.key));
            continue;
        }
        ValueMap values;
        takePair(first, kGresOptions, values, ll.line, QString(), true);
        Pair p;
        while (nextPair(line, pos, p))
            takePair(p, kGresOptions, values, ll.line, QString(), true);
        if (!isBlank(line.mid(pos))) {
            gresError(ll.line,
                      tr("cannot read \"%1\" (Key=Value expected)").arg(line.mid(pos).trimmed()));
            continue;
        }
        auto get = [&](const char *name) -> std::optional<QString> {
            auto it = values.constFind(QLatin1String(name));
            if (it == values.cend())
                return std::nullopt;
            return it->text;
        };
        if (auto ad = get("AutoDetect"); ad && ad->compare(u"off", Qt::CaseInsensitive) != 0)
            gresWarning(ll.line, tr("AutoDetect=%1 is ignored: the mini-cluster has no devices "
                                    "to detect")
                                     .arg(*ad));
        const std::optional<QString> name = get("Name");
        if (!name) {
            if (get("NodeName"))
                gresError(ll.line, tr("Invalid GRES data, no type name (Name=)"));
            continue;
        }
        if (!cluster_.gresTypes.contains(*name, Qt::CaseInsensitive)) {
            gresError(ll.line, tr("Gres %1 is not listed in GresTypes").arg(*name));
            continue;
        }
        GresDevice dev;
        dev.name = *name;
        dev.type = get("Type").value_or(QString());
        std::optional<QString> fileSpec = get("File");
        if (!fileSpec)
            fileSpec = get("Files");
        if (fileSpec) {
            const std::optional<QStringList> files = expandHostlist(*fileSpec);
            if (!files || files->isEmpty()) {
                gresError(ll.line, tr("File=%1 is not a valid list of files").arg(*fileSpec));
                continue;
            }
            dev.files = *files;
        }
        if (auto count = get("Count")) {
            const std::optional<std::uint64_t> n = parseGresCount(*count);
            if (!n) {
                gresError(ll.line,
                          tr("Invalid GRES record for %1, invalid Count=%2").arg(*name, *count));
                continue;
            }
            if (fileSpec && *n != std::uint64_t(dev.files.size())) {
                gresError(ll.line, tr("Invalid GRES record for %1, count does not match File "
                                      "value")
                                       .arg(*name));
                continue;
            }
        }
        if (dev.files.isEmpty())
            continue; // a count alone adds nothing to slurm.conf's Gres=

        QList<int> targets;
        if (auto nodeSpec = get("NodeName")) {
            const std::optional<QStringList> names = expandHostlist(*nodeSpec);
            if (!names) {
                gresError(ll.line, tr("NodeName=%1 is not a valid hostlist").arg(*nodeSpec));
                continue;
            }
            QStringList unknown;
            for (const QString &n : *names) {
                const int idx = nodeIndex_.value(n, -1);
                if (idx < 0)
                    unknown << n;
                else if (!targets.contains(idx))
                    targets << idx;
            }
            if (!unknown.isEmpty())
                gresWarning(ll.line, tr("%1 is not a node of slurm.conf; its line is ignored")
                                         .arg(compressHostlist(unknown)));
        } else {
            // No NodeName: every node that has this GRES in slurm.conf reads the line.
            for (int i = 0; i < cluster_.nodes.size(); ++i) {
                for (const NodeConfig::Gres &g : std::as_const(cluster_.nodes.at(i).gres)) {
                    if (g.name.compare(*name, Qt::CaseInsensitive) == 0) {
                        targets << i;
                        break;
                    }
                }
            }
        }
        for (int i : std::as_const(targets))
            cluster_.nodes[i].devices.push_back(dev);
    }
}

void Parser::checkGresCounts()
{
    for (const NodeConfig &node : std::as_const(cluster_.nodes)) {
        if (node.devices.isEmpty())
            continue;
        for (const NodeConfig::Gres &g : node.gres) {
            qsizetype files = 0;
            bool any = false;
            for (const GresDevice &d : node.devices) {
                if (d.name.compare(g.name, Qt::CaseInsensitive) != 0)
                    continue;
                if (!g.type.isEmpty() && d.type.compare(g.type, Qt::CaseInsensitive) != 0)
                    continue;
                any = true;
                files += d.files.size();
            }
            if (any && files != g.count) {
                const QString gres = g.type.isEmpty() ? g.name : g.name + QLatin1Char(':') + g.type;
                gresWarning(0, tr("gres/%1: %2 has %3 File= entries in gres.conf but a count of "
                                  "%4 in slurm.conf")
                                   .arg(gres, node.name)
                                   .arg(files)
                                   .arg(g.count));
            }
        }
        for (const GresDevice &d : node.devices) {
            bool matched = false;
            for (const NodeConfig::Gres &g : node.gres) {
                if (d.name.compare(g.name, Qt::CaseInsensitive) == 0 &&
                    (g.type.isEmpty() || d.type.compare(g.type, Qt::CaseInsensitive) == 0))
                    matched = true;
            }
            if (!matched) {
                const QString gres = d.type.isEmpty() ? d.name : d.name + QLatin1Char(':') + d.type;
                gresWarning(0, tr("gres.conf gives %1 devices to %2, whose Gres= in slurm.conf "
                                  "does not have them")
                                   .arg(gres, node.name));
            }
        }
    }
}

ConfigParseResult Parser::run(const QString &slurmConf, const QString &gresConf)
{
    readSlurmConf(slurmConf);
    buildGlobals();
    buildNodes();
    buildPartitions();
    if (cluster_.nodes.isEmpty())
        error(0, tr("no nodes: at least one NodeName= line is needed"));
    if (!gresConf.isEmpty()) {
        readGresConf(gresConf);
        checkGresCounts();
    }

    ConfigParseResult result;
    // slurm.conf first, then gres.conf, each in line order.
    std::stable_sort(messages_.begin(), messages_.end(), [](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first < b.first;
        return a.second.line < b.second.line;
    });
    for (const auto &m : std::as_const(messages_))
        result.messages.push_back(m.second);
    result.config = std::move(cluster_);
    return result;
}

} // namespace

const NodeConfig *ClusterConfig::node(const QString &name) const
{
    for (const NodeConfig &n : nodes) {
        if (n.name == name)
            return &n;
    }
    return nullptr;
}

const PartitionConfig *ClusterConfig::partition(const QString &name) const
{
    for (const PartitionConfig &p : partitions) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

const PartitionConfig *ClusterConfig::defaultPartition() const
{
    for (const PartitionConfig &p : partitions) {
        if (p.isDefault)
            return &p;
    }
    return nullptr;
}

QString ConfigMessage::toString() const
{
    const QString kind = isError ? QStringLiteral("error") : QStringLiteral("warning");
    if (line > 0)
        return QStringLiteral("%1:%2: %3: %4").arg(file).arg(line).arg(kind, text);
    return QStringLiteral("%1: %2: %3").arg(file, kind, text);
}

bool ConfigParseResult::ok() const
{
    return std::none_of(messages.cbegin(), messages.cend(),
                        [](const ConfigMessage &m) { return m.isError; });
}

ConfigParseResult parseClusterConfig(const QString &slurmConf, const QString &gresConf,
                                     const QString &fileName, int lineOffset,
                                     const QString &gresFileName, int gresLineOffset)
{
    Parser parser(fileName, lineOffset, gresFileName, gresLineOffset);
    return parser.run(slurmConf, gresConf);
}

QString preemptModeString(PreemptMode mode, bool gang)
{
    switch (mode) {
    case PreemptMode::Off:
        return gang ? QStringLiteral("GANG") : QStringLiteral("OFF");
    case PreemptMode::Gang:
        return QStringLiteral("GANG");
    case PreemptMode::Cancel:
        return gang ? QStringLiteral("GANG,CANCEL") : QStringLiteral("CANCEL");
    case PreemptMode::Requeue:
        return gang ? QStringLiteral("GANG,REQUEUE") : QStringLiteral("REQUEUE");
    case PreemptMode::Suspend:
        return gang ? QStringLiteral("GANG,SUSPEND") : QStringLiteral("SUSPEND");
    }
    return QStringLiteral("OFF");
}

QString defaultSlurmConf()
{
    return QStringLiteral("ClusterName=mini\n"
                          "SchedulerType=sched/backfill\n"
                          "SelectType=select/cons_tres\n"
                          "SelectTypeParameters=CR_Core_Memory\n"
                          "PriorityType=priority/multifactor\n"
                          "PriorityWeightAge=1000\n"
                          "PriorityWeightFairshare=10000\n"
                          "PriorityWeightPartition=1000\n"
                          "PriorityDecayHalfLife=7-0\n"
                          "PreemptType=preempt/none\n"
                          "DefMemPerCPU=1000\n"
                          "KillWait=30\n"
                          "MinJobAge=300\n"
                          "GresTypes=gpu\n"
                          "NodeName=cpu[01-02] CPUs=8 RealMemory=16000 State=UNKNOWN\n"
                          "NodeName=gpu01 CPUs=16 RealMemory=64000 Gres=gpu:l4:2 State=UNKNOWN\n"
                          "PartitionName=court Nodes=cpu[01-02] Default=YES MaxTime=01:00:00 "
                          "State=UP\n"
                          "PartitionName=long Nodes=cpu[01-02] MaxTime=1-00:00:00 State=UP\n"
                          "PartitionName=gpu Nodes=gpu01 MaxTime=04:00:00 State=UP\n");
}

QString defaultGresConf()
{
    return QStringLiteral("NodeName=gpu01 Name=gpu Type=l4 File=/dev/nvidia[0-1]\n");
}

} // namespace schedlab::slurm
