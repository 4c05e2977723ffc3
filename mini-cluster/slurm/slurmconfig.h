// The subset of slurm.conf and gres.conf the mini-cluster reads, as plain values.
#pragma once

#include "slurmtime.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace schedlab::slurm {

struct GresDevice
{
    QString name;      // "gpu"
    QString type;      // "l4" (may be empty)
    QStringList files; // "/dev/nvidia0", "/dev/nvidia1" (expanded)
};

struct NodeConfig
{
    QString name;
    int cpus = 1;
    int sockets = 1;
    int coresPerSocket = 1;
    int threadsPerCore = 1;
    qint64 realMemoryMb = 1;
    QString gresSpec; // as written: "gpu:l4:2"
    struct Gres
    {
        QString name;
        QString type;
        int count = 0;
    };
    QList<Gres> gres;                          // parsed gresSpec
    QList<GresDevice> devices;                 // from gres.conf (file list per GPU index)
    QString state = QStringLiteral("UNKNOWN"); // UNKNOWN, IDLE, DOWN, DRAIN, FAIL, FUTURE, CLOUD...
    int weight = 1;
    int boards = 1;
    int line = 0;   // where the NodeName line starts (after any offset), for later messages
    int index = -1; // position in ClusterConfig::nodes (set by the controller), for fast lookups
};

enum class PreemptMode { Off, Cancel, Requeue, Suspend, Gang };

struct PartitionConfig
{
    QString name;
    QStringList nodes; // expanded, in NodeName order, each once (Slurm's node bitmap)
    QString nodesSpec; // as written (for scontrol show partition)
    bool isDefault = false;
    bool hidden = false;
    bool up = true; // State=UP (DOWN/INACTIVE/DRAIN map to false with stateText)
    QString stateText = QStringLiteral("UP");
    std::uint32_t maxTimeMinutes = kInfiniteMinutes;
    std::uint32_t defaultTimeMinutes = kNoValMinutes; // NONE
    int priorityTier = 1;
    int priorityJobFactor = 1;
    std::optional<PreemptMode> preemptMode;    // unset: the cluster's
    std::uint32_t maxNodes = kInfiniteMinutes; // UNLIMITED
    std::optional<int> overTimeLimitMinutes;   // unset: NONE (the cluster's)
    std::uint32_t graceTimeSeconds = 0;
    bool preemptModeGang = false; // PreemptMode=...,GANG
    int line = 0;                 // where the PartitionName line starts
};

struct SchedulerParameters
{
    int bfInterval = 30;
    int bfWindowMinutes = 1440;
    int bfResolution = 60;
    int bfMaxJobTest = 500;
    int schedInterval = 60;
    int defaultQueueDepth = 100;
    int batchSchedDelay = 3;
    int schedMinIntervalUs = 2;
    QString text; // as written, for scontrol show config
};

enum class SchedulerKind { Backfill, Builtin };
enum class PriorityKind { Basic, Multifactor };
enum class PreemptKind { None, PartitionPrio, Qos };
enum class EnforcePartLimits { No, Any, All };

struct ClusterConfig
{
    QString clusterName = QStringLiteral("cluster");
    std::uint32_t firstJobId = 1;
    SchedulerKind scheduler = SchedulerKind::Backfill;
    SchedulerParameters schedParams;
    bool accountingEnabled = false; // AccountingStorageType != none
    QString accountingStorageType = QStringLiteral("accounting_storage/none");
    QString selectType = QStringLiteral("select/cons_tres");
    QString selectTypeParameters = QStringLiteral("CR_Core_Memory");
    PriorityKind priority = PriorityKind::Multifactor;
    int weightAge = 0;
    int weightFairshare = 0;
    int weightJobSize = 0;
    int weightPartition = 0;
    int weightQos = 0;
    int weightAssoc = 0;
    qint64 priorityMaxAgeSecs = 7 * 86400;
    qint64 priorityDecayHalfLifeSecs = 7 * 86400;
    qint64 priorityCalcPeriodSecs = 300;
    bool priorityFavorSmall = false;
    PreemptKind preemptType = PreemptKind::None;
    PreemptMode preemptMode = PreemptMode::Off; // Gang when GANG is alone
    bool preemptModeGang = false;               // GANG next to another mode
    int killWait = 30;
    int overTimeLimitMinutes = 0; // -1: UNLIMITED (also for PartitionConfig's)
    EnforcePartLimits enforcePartLimits = EnforcePartLimits::No;
    int minJobAge = 300;
    qint64 defMemPerCpu = 0;  // 0: unset
    qint64 defMemPerNode = 0; // 0: unset (UNLIMITED)
    bool jobRequeue = true;
    bool prologContain = false; // PrologFlags=Contain
    QString prologFlagsText;    // as written
    QString prologFlagsDisplay; // as scontrol show config: "Alloc,Contain"; empty: (null)
    QStringList gresTypes;
    QList<NodeConfig> nodes;
    QList<PartitionConfig> partitions;

    const NodeConfig *node(const QString &name) const;
    const PartitionConfig *partition(const QString &name) const;
    const PartitionConfig *defaultPartition() const;
};

struct ConfigMessage
{
    QString file; // "slurm.conf", "gres.conf" or the scenario file
    int line = 0; // 1-based, offset included; 0 (or the offset) for the file as a whole
    QString text;
    bool isError = false;
    QString toString() const; // "slurm.conf:12: error: ..." / "...: warning: ..."
};

struct ConfigParseResult
{
    ClusterConfig config;
    QList<ConfigMessage> messages; // errors and warnings, in line order
    bool ok() const;               // no error
};

// Parses slurm.conf text (and optional gres.conf text). `fileName` names the source in
// messages; `lineOffset` is added to line numbers (for a config embedded in a scenario).
// Follows Slurm 22.05's parser (comments, "\" continuation, quoting, case-insensitive keys,
// DEFAULT lines, value checks) except where the mini-cluster is more lenient on purpose:
// several global Key=Value pairs on one line are read (with a warning: real Slurm stops), a
// missing ClusterName is a warning, and keys Slurm knows but the mini-cluster does not model
// are warnings. Unknown keys and bad values are errors naming the line.
ConfigParseResult parseClusterConfig(const QString &slurmConf, const QString &gresConf = {},
                                     const QString &fileName = QStringLiteral("slurm.conf"),
                                     int lineOffset = 0,
                                     const QString &gresFileName = QStringLiteral("gres.conf"),
                                     int gresLineOffset = 0);

// Slurm's preempt_mode_string(): "OFF", "CANCEL", "GANG", "GANG,SUSPEND"...
QString preemptModeString(PreemptMode mode, bool gang);

// The built-in default cluster of specs/scenario.md (slurm.conf and gres.conf text).
QString defaultSlurmConf();
QString defaultGresConf();

} // namespace schedlab::slurm
