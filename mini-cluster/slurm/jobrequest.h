// What a user asks for when submitting a job: sbatch's options once parsed, before the
// controller checks them against the cluster.
#pragma once

#include "slurmtime.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace schedlab::slurm {

struct GresRequest
{
    QString name;  // "gpu"
    QString type;  // "l4" or empty
    int count = 1; // per node
};

enum class DependencyType {
    After,
    AfterAny,
    AfterOk,
    AfterNotOk,
    Singleton,
    AfterCorr,       // array task by array task
    AfterBurstBuffer // after the burst buffer stage-out of the job(s)
};

struct Dependency
{
    DependencyType type = DependencyType::AfterAny;
    QList<std::uint32_t> jobIds; // empty for singleton
    QString text;                // as given, e.g. "afterok:17"
    // "after:17+5": start 5 minutes after job 17 started (one value per id, 0 = none).
    QList<std::uint32_t> delayMinutes;
};

struct ArraySpec
{
    QList<std::uint32_t> taskIds; // sorted, unique
    int maxRunning = 0;           // the "%N" throttle; 0 = none
    QString text;                 // as given ("0-15%4")
};

struct JobRequest
{
    // Identity and files
    QString jobName;   // empty: default (script basename, "sbatch" for stdin, "wrap")
    QString output;    // as given (pattern); empty: default slurm-%j.out / slurm-%A_%a.out
    QString error;     // empty: same file as output
    QString input;     // empty: /dev/null
    QString chdir;     // empty: the submission directory
    QString partition; // empty: default partition
    QString account;   // empty: the user's default account
    QString comment;

    // Resources
    std::uint32_t timeLimitMinutes = kNoValMinutes; // NO_VAL: not given
    std::optional<int> cpusPerTask;
    std::optional<qint64> memPerNodeMb; // --mem (0 = all the node's memory)
    std::optional<qint64> memPerCpuMb;  // --mem-per-cpu
    std::optional<int> minNodes;        // --nodes=N or N-M
    std::optional<int> maxNodes;
    std::optional<int> ntasks;
    std::optional<int> ntasksPerNode;
    QList<GresRequest> gres;
    QString gresText; // as given
    bool exclusive = false;

    // Scheduling
    std::optional<bool> requeue; // --requeue / --no-requeue
    int nice = 0;
    std::optional<std::uint32_t> priority; // --priority (operators only)
    std::optional<qint64> beginEpoch;      // --begin, resolved against the submission time
    QList<Dependency> dependencies;
    bool dependencyAny = false; // '?' separated: any of them suffices
    QString dependencyText;
    std::optional<ArraySpec> array;
    bool hold = false;

    // Submission behaviour
    QString wrap; // --wrap command
    bool parsable = false;
    bool testOnly = false;
    bool quiet = false;
    QStringList scriptArgs; // arguments after the script name

    // --- Additions: everything else sbatch 22.05 sends, as sbatch leaves it. ---
    // sbatch itself does not check these three: slurmctld does, and answers "Job dependency
    // problem", "Invalid job array specification" or "Invalid generic resource (gres)
    // specification" (the last one needs the cluster's GresTypes, so sbatch's own check is
    // the controller's here).
    bool dependencyInvalid = false; // dependencyText given but not understood
    bool arrayInvalid = false;      // array text given but not valid for MaxArraySize 1001
    bool gresInvalid = false;       // gresText (or --gpus*) not of the gres syntax

    enum class Shared { Default, Exclusive, OverSubscribe, User, Mcs };
    Shared shared = Shared::Default;              // --exclusive[=user|mcs|oversubscribe], -s
    std::uint32_t timeMinMinutes = kNoValMinutes; // --time-min
    std::optional<qint64> deadlineEpoch;          // --deadline
    std::optional<qint64> memPerGpuMb;            // --mem-per-gpu
    std::optional<qint64> tmpDiskMb;              // --tmp
    std::optional<int> minCpusPerNode;            // --mincpus
    std::optional<int> ntasksPerCore;
    std::optional<int> ntasksPerSocket;
    std::optional<int> ntasksPerGpu;   // --ntasks-per-gpu / --ntasks-per-tres
    std::optional<int> socketsPerNode; // --sockets-per-node, -B
    std::optional<int> coresPerSocket;
    std::optional<int> threadsPerCore;
    std::optional<int> cpusPerGpu;
    QString gpus; // --gpus / -G, as given ("2", "l4:1")
    QString gpusPerNode;
    QString gpusPerTask;
    QString gpusPerSocket;
    QString qos;
    QString reservation;
    QString constraint;   // -C
    QString nodeList;     // -w, as given (a hostlist)
    QString excludeNodes; // -x
    QString licenses;     // -L
    QString mailUser;
    QString mailType; // last --mail-type as given (sbatch ORs them)
    QString wckey;
    QString exportEnv;       // --export; empty: ALL
    QString distribution;    // -m as given
    bool overcommit = false; // -O
    bool contiguous = false;
    bool noKill = false; // -k
    bool wait = false;   // -W: sbatch waits for the job to end
    bool spreadJob = false;
    bool useMinNodes = false;
    bool reboot = false;
    bool killOnInvalidDep = false;   // --kill-on-invalid-dep=yes
    bool noKillOnInvalidDep = false; // --kill-on-invalid-dep=no
    enum class OpenMode { Default, Append, Truncate };
    OpenMode openMode = OpenMode::Default; // --open-mode for the output files
    // --signal=[{R|B}:]sig[@time]: warnSignal 0 = none; warnTime seconds (60 by default).
    int warnSignal = 0;
    int warnTime = 0;
    bool warnBatchOnly = false;   // the "B" flag: signal the batch shell only
    bool warnReservation = false; // the "R" flag
    // The other options sbatch accepts and the mini-cluster does not act on, by long name
    // ("mcs-label", "cpu-freq", ...), with the last value given ("" for a flag).
    QHash<QString, QString> otherOptions;
};

} // namespace schedlab::slurm
