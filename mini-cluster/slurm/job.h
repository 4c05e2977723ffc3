// A job as the controller holds it: plain values, changed only by the controller.
#pragma once

#include "jobrequest.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace schedlab::slurm {

enum class JobState {
    Pending,
    Running,
    Suspended,
    Completed,
    Cancelled,
    Failed,
    Timeout,
    NodeFail,
    Preempted,
    BootFail,
    Deadline,
    OutOfMemory
};

// Why a job waits (or why it ended), as job_reason_string() names them.
enum class Reason {
    None,
    Priority,
    Resources,
    Dependency,
    DependencyNeverSatisfied,
    BeginTime,
    PartitionConfig,
    PartitionTimeLimit,
    PartitionNodeLimit,
    PartitionDown,
    PartitionInactive,
    JobHeldUser,
    JobHeldAdmin,
    JobArrayTaskLimit,
    ReqNodeNotAvail,
    TimeLimit,
    NonZeroExitCode,
    JobLaunchFailure,
    OutOfMemory,
    InvalidAccount,
};

QString stateName(JobState state);    // "PENDING"
QString stateCompact(JobState state); // "PD"
QString reasonName(Reason reason);    // "Priority"
bool isFinished(JobState state);      // neither pending, running nor suspended

// What one node gives a job.
struct NodeShare
{
    QString node;
    int cpus = 0;
    qint64 memMb = 0;
    QList<int> gpuIndices; // indices into the node's GPUs
    int nodeIndex = -1;    // the node's NodeConfig::index, when known
};

// A step as accounting keeps it: "batch", "extern", "0", "1", ...
struct StepRecord
{
    QString id;   // "batch", "extern", "0"
    QString name; // "batch", "extern", or the command for srun steps
    JobState state = JobState::Running;
    int exitCode = 0;   // the "exit" part of ExitCode
    int exitSignal = 0; // the "signal" part
    qint64 start = 0;
    qint64 end = 0;
    int cpus = 0;
    QString nodes;     // compressed hostlist
    qint64 memMb = 0;  // on all its nodes, for sacct's AllocTRES
    int nodeCount = 1; // the nodes it runs on
    int tasks = 1;     // sacct's NTasks
};

struct Job
{
    std::uint32_t id = 0;
    QString name;
    QString user;
    int uid = 0;
    int gid = 0;
    QString account;
    QString partition;
    QString qos = QStringLiteral("normal");
    JobRequest request;

    // State
    JobState state = JobState::Pending;
    bool completing = false; // CG: ended, processes still being killed
    Reason reason = Reason::None;
    QString stateDesc; // replaces the reason when set
    std::uint32_t priority = 0;
    bool priorityFixed = false; // set by --priority or scontrol update
    int nice = 0;
    bool heldByUser = false;
    bool heldByAdmin = false;
    int restarts = 0;
    bool requeue = true;
    int requid = -1;                         // who cancelled it
    std::uint32_t timeLimit = kNoValMinutes; // minutes, resolved against the partition

    // Times (virtual epoch seconds; 0 = unknown)
    qint64 submitTime = 0;
    qint64 eligibleTime = 0;
    qint64 accrueTime = 0;
    qint64 startTime = 0; // actual, or the backfill's expected start while pending
    qint64 endTime = 0;   // actual, or expected (start + limit)
    qint64 lastSchedEval = 0;
    qint64 beginTime = 0; // --begin
    QString scheduler;    // "Main", "Backfill", "Backfill:*" (pending, estimated)

    // Resources asked
    int minNodes = 1;
    int maxNodes = 1;    // -N N-M; without -N, as many as the tasks may need
    int cpusPerNode = 1; // the least a node gives: one task's CPUs, or ntasks-per-node's
    int ntasks = 1;
    int ntasksPerNode = 0; // 0: tasks spread as they fit
    int cpusPerTask = 1;
    int totalCpus() const { return ntasks * cpusPerTask; }
    qint64 memPerNodeMb = -1; // per node; -1: the whole node's memory
    qint64 memPerCpuMb = 0;   // > 0: memory is counted per allocated CPU instead
    bool exclusive = false;
    QList<GresRequest> gres;

    // Allocation
    QList<NodeShare> allocation;
    QStringList schedNodes; // the backfill's planned nodes while pending

    // Files and payload
    QString workDir;
    QString command; // the script's absolute path, or "(null)" for stdin / wrap
    QString stdoutPattern, stderrPattern, stdinPath;
    QString stdoutPath, stderrPath; // expanded
    QByteArray script;
    QStringList scriptArgs;
    QList<QPair<QString, QString>> environment; // exported to the payload
    bool modeled = false;                       // a scenario job: no process runs
    bool interactive = false;   // srun or salloc: the caller's own process is the payload
    QString interactiveCommand; // for srun's step 0 name
    qint64 modeledRuntime = 0;
    int modeledExit = 0;

    // Outcome
    int exitCode = 0; // ExitCode=exit:signal of the job
    int exitSignal = 0;
    int derivedExitCode = 0;
    QList<StepRecord> steps;

    // Arrays
    std::uint32_t arrayJobId = 0; // the master's id (0: not an array job)
    std::uint32_t arrayTaskId = kNoTask;
    QList<std::uint32_t> pendingTasks; // for the master record: tasks not started yet
    int arrayMaxRunning = 0;
    static constexpr std::uint32_t kNoTask = 0xFFFFFFFEu;

    bool oomEvent = false; // the cgroup's OOM killer struck a process of the job

    // Kill sequence
    qint64 killDeadline = 0; // when SIGKILL follows SIGTERM
    bool signalled = false;

    bool isArrayMaster() const { return arrayJobId == id && !pendingTasks.isEmpty(); }
    int nodeCount() const { return allocation.isEmpty() ? minNodes : int(allocation.size()); }
    int allocatedCpus() const;
    QStringList nodeNames() const;
};

} // namespace schedlab::slurm
