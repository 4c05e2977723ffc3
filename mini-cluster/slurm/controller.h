// The mini-cluster's slurmctld: jobs, nodes and partitions as values, the schedulers, and
// every change as an event in virtual time. No I/O: payloads start through a launcher and
// records go to an accounting sink.
#pragma once

#include "decision.h"
#include "job.h"
#include "nodeusage.h"
#include "slurmconfig.h"
#include "users.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace schedlab::slurm {

class AccountingStore;

// Starts and signals the real processes of jobs that are not modeled.
class PayloadLauncher
{
public:
    virtual ~PayloadLauncher() = default;
    // Starts the batch script of `job` on its first node. Returns false when the output file
    // could not be opened (the job then fails as Slurm's does, 0:53).
    virtual bool launch(const Job &job) = 0;
    virtual void terminate(std::uint32_t jobId) = 0; // SIGCONT + SIGTERM to every process
    virtual void kill(std::uint32_t jobId) = 0;      // SIGKILL to every process
    // scancel --signal: to the batch shell alone, or to it and every process under it.
    virtual void sendSignal(std::uint32_t jobId, int signal, bool wholeJob) = 0;
    // Appends a line to the job's standard error file (slurmstepd's messages).
    virtual void appendToStderr(const Job &job, const QByteArray &line) = 0;
};

struct JobEvent
{
    enum class Kind { Submitted, Started, Completing, Ended, Updated, Purged };
    Kind kind;
    std::uint32_t jobId;
    qint64 time;
};

// A submission the controller checks against the cluster.
struct Submission
{
    JobRequest request;
    QString user;
    QString workDir;
    QString command; // the script's absolute path; empty for stdin and --wrap
    QByteArray script;
    QString defaultName; // "sommeil.sbatch", "sbatch" (stdin) or "wrap"
    QList<QPair<QString, QString>> environment;
    bool modeled = false;
    qint64 modeledRuntime = 0;
    int modeledExit = 0;
    bool interactive = false;   // srun / salloc: started at once when it can be
    QString interactiveCommand; // srun's command (its step 0); empty for salloc
};

struct SubmitResult
{
    bool ok = false;
    std::uint32_t jobId = 0;
    QString errorMessages; // lines for sbatch's stderr ("sbatch: error: ..."), when !ok
    QString testOnlyText;  // for --test-only
};

// Where the controller's periodic timers stand at t = 0: each periodic task runs at
// start + offset + k * period. A real slurmctld started before the scenario, so its timers
// have phases; scenarios default to 0 (specs/scenario.md).
struct PeriodicPhases
{
    qint64 backfill = 0;
    qint64 timeLimit = 0;
    qint64 schedInterval = 0;
    qint64 priorityCalc = 0;
};

class Controller
{
public:
    Controller(ClusterConfig config, UserDirectory *users, qint64 startEpoch);
    ~Controller();

    const ClusterConfig &config() const { return config_; }
    UserDirectory &users() { return *users_; }
    const UserDirectory &users() const { return *users_; }
    qint64 now() const { return now_; }
    qint64 startEpoch() const { return startEpoch_; }

    void setLauncher(PayloadLauncher *launcher) { launcher_ = launcher; }
    void setPhases(const PeriodicPhases &phases) { phases_ = phases; }
    void setAccounting(AccountingStore *store);
    AccountingStore *accounting() const { return accounting_; }
    void setEventListener(std::function<void(const JobEvent &)> listener);
    // Resetting keeps the job-id counter (so sommeil-17.out is never overwritten).
    std::uint32_t nextJobId() const { return nextJobId_; }
    void setNextJobId(std::uint32_t id) { nextJobId_ = std::max(nextJobId_, id); }

    // --- commands ---------------------------------------------------------------------
    SubmitResult submit(const Submission &submission);
    enum class CancelResult { Ok, InvalidId, AlreadyDone, PermissionDenied, NotRunning };
    CancelResult cancel(std::uint32_t jobId, const QString &byUser);
    // scancel A_T: one task of an array, running or still pending.
    CancelResult cancelTask(std::uint32_t arrayJobId, std::uint32_t taskId, const QString &byUser);
    // scancel --signal: which processes of a running job get it (no state change). Without
    // -b or -f it goes to the job's steps only, so a batch job without srun steps gets none.
    enum class SignalScope { Steps, BatchShell, WholeJob };
    CancelResult signal(std::uint32_t jobId, int signal, SignalScope scope, const QString &byUser);
    enum class UpdateResult { Ok, InvalidId, PermissionDenied, AlreadyDone, InvalidValue };
    UpdateResult setPriority(std::uint32_t jobId, std::uint32_t priority, const QString &byUser);
    UpdateResult setTimeLimit(std::uint32_t jobId, std::uint32_t minutes, const QString &byUser);
    UpdateResult setNice(std::uint32_t jobId, int nice, const QString &byUser);
    UpdateResult hold(std::uint32_t jobId, const QString &byUser);
    UpdateResult release(std::uint32_t jobId, const QString &byUser);
    UpdateResult requeue(std::uint32_t jobId, const QString &byUser);
    UpdateResult setPartitionOverTime(const QString &partition, int minutes);

    // --- time -------------------------------------------------------------------------
    // The next moment something is due (event, periodic pass); INT64_MAX when none.
    qint64 nextEventTime() const;
    // Runs everything due up to and including `t`, in the order of specs/scenario.md.
    void advanceTo(qint64 t);
    // Runs what is due at the current instant after a step or a modeled submission (the
    // submission-triggered pass on a quiet controller).
    void settle();
    // A real payload ended with a raw wait status.
    void payloadExited(std::uint32_t jobId, int rawStatus);
    // A real payload could not open its output file.
    void payloadLaunchFailed(std::uint32_t jobId);
    // Steps of a running job (srun inside an allocation): returns the new step's id.
    // `nodes` are those its tasks use (all the job's when empty), `tasks` how many there are.
    QString beginStep(std::uint32_t jobId, const QString &name, const QStringList &nodes = {},
                      int tasks = 1);
    void endStep(std::uint32_t jobId, const QString &stepId, int rawStatus);
    // The payload's memory went above its limit: the launcher killed its largest process,
    // as the cgroup OOM killer does; the job will end OUT_OF_MEMORY.
    void outOfMemory(std::uint32_t jobId);

    // --- queries ----------------------------------------------------------------------
    const Job *job(std::uint32_t id) const;
    // Jobs slurmctld still holds (active, or finished less than MinJobAge ago), by id.
    QList<const Job *> jobs() const;
    const NodeUsage &usage() const { return usage_; }
    const Decision *lastDecision(std::uint32_t jobId) const;
    // Dependency= of scontrol and %E of squeue: what is left of the job's dependencies, each
    // "(unfulfilled)" or "(failed)"; "(null)" once none is left or the job runs.
    QString dependencyStatus(const Job &job) const;
    QList<Decision> decisions(std::uint32_t jobId) const;
    // Priority factors (for sprio), each in [0,1], and the weighted total.
    struct PriorityFactors
    {
        double age = 0, fairshare = 0, jobSize = 0, partition = 0, qos = 0, assoc = 0;
        int nice = 0;
        std::uint32_t total = 0;
    };
    // Factors as the last priority calculation stored them (what sprio shows).
    PriorityFactors storedFactors(const Job &job) const;
    PriorityFactors priorityFactors(const Job &job) const;
    double fairshareFactor(const QString &user, const QString &account) const;
    int totalCpus() const { return totalCpus_; }
    int weightAge() const;
    int weightFairshare() const;

private:
    struct TimedEvent
    {
        enum class Kind { ModeledEnd, KillDeadline, Purge, BeginTime, SubmitPass };
        Kind kind;
        std::uint32_t jobId;
    };

    // submission
    SubmitResult reject(const QString &lines) const;
    QString checkAgainstCluster(const Job &job, const PartitionConfig &part) const;
    Reason limitReason(const Job &job) const;
    void resolveResources(Job &job) const;
    void resolveFiles(Job &job) const;
    std::uint32_t newPriority(const Job &job);
    bool isTopPriority(const Job &job) const;
    void expandArray(Job &master, const Submission &submission);

    // scheduling
    void mainPass(bool full);
    void backfillPass();
    bool eligible(Job &job, bool setReason, bool fromBackfill = false);
    bool checkEligible(Job &job, bool setReason, bool fromBackfill);
    void recordWait(const Job &job);
    std::optional<QList<NodeShare>> placeNow(const Job &job, const NodeMask &excluded) const;
    // The nodes of a partition as a mask, for telling whether a job's node is in it.
    const NodeMask &partitionMask(const QString &partition) const;
    void startJob(Job &job, const QList<NodeShare> &allocation, bool byBackfill);
    Job &takeRunnable(Job &job);
    std::pair<qint64, QList<NodeShare>> estimateStart(const Job &job) const;
    // preemption.cpp
    PreemptMode preemptModeOf(const Job &job) const;
    bool tryPreempt(Job &preemptor);
    void preemptionDone(std::uint32_t victimId);
    QSet<std::uint32_t> killForDependency_;           // --kill-on-invalid-dep=yes jobs to cancel
    QHash<std::uint32_t, int> preemptionsFor_;        // preemptor -> victims still dying
    QHash<std::uint32_t, std::uint32_t> preemptedBy_; // victim -> preemptor
    QList<Job *> pendingInOrder();
    void recordDecision(const Decision &decision);

    // lifecycle
    void endJob(Job &job, JobState state, Reason reason, int exitCode, int exitSignal,
                qint64 batchEnd, JobState batchState, int batchExit, int batchSignal);
    void beginKill(Job &job, JobState finalState, Reason reason, const QString &why);
    void finishCompleting(Job &job, int rawStatus);
    void closeRequeuedRun(const Job &job, bool preempted, int rawStatus);
    void timeLimitCheck();
    void priorityRecalc();
    void accrueUsage(qint64 until);
    void schedule(qint64 at, TimedEvent::Kind kind, std::uint32_t jobId);
    void emitEvent(JobEvent::Kind kind, const Job &job);
    void notifyPendingChanges();
    // What the partition's nodes lack now for one task of the job ("cpu", "mem", "gpu").
    QStringList shortagesIn(const Job &job, const PartitionConfig &part) const;
    bool dependenciesChanged(); // true when a job's dependencies got met

    // Indexed lookups: the configuration's own are linear, and schedulers call them a lot.
    const NodeConfig *nodeConfig(const QString &name) const { return nodeIndex_.value(name); }
    const PartitionConfig *partitionConfig(const QString &name) const
    {
        return partitionIndex_.value(name);
    }
    const QList<const NodeConfig *> &partitionNodes(const QString &partition) const;

    qint64 periodicNext(qint64 period, qint64 phase) const;
    bool periodicDue(qint64 period, qint64 phase) const;
    qint64 tickAtOrAfter(qint64 t, qint64 period, qint64 phase) const;

    ClusterConfig config_;
    UserDirectory *users_;
    PayloadLauncher *launcher_ = nullptr;
    AccountingStore *accounting_ = nullptr;
    std::function<void(const JobEvent &)> listener_;
    // What listeners last heard of each waiting job, and a count of scheduling passes.
    struct PendingView
    {
        Reason reason = Reason::None;
        QString stateDesc;
        qint64 startTime = -1;
        QString scheduler;
        QStringList schedNodes;
        bool operator==(const PendingView &) const = default;
    };
    QHash<std::uint32_t, PendingView> pendingSeen_;
    quint64 passes_ = 0;
    NodeUsage usage_;
    NodeUsage idle_; // the cluster with nothing running: can a request ever be satisfied?
    qint64 startEpoch_;
    qint64 now_;
    std::uint32_t nextJobId_;
    std::uint32_t basicPriorityNext_ = 0xffff0000u;
    int totalCpus_ = 0;
    int totalNodes_ = 0;

    std::map<std::uint32_t, Job> jobs_;
    std::set<std::uint32_t> pending_;
    std::set<std::uint32_t> running_; // running or completing
    std::multimap<qint64, TimedEvent> timed_;
    QHash<std::uint32_t, QList<Decision>> decisions_;

    qint64 lastMainPass_ = -1000000;
    qint64 lastEarlierPass_ = -1000000; // the last pass at an instant before lastMainPass_
    bool submitPassWanted_ = false;
    qint64 lastUsageAccrual_ = 0;
    QHash<QString, double> usageByUser_; // decayed CPU-seconds, per "account/user"
    struct EndedUsage
    {
        QString key;
        qint64 from;
        qint64 to;
        int cpus;
    };
    QList<EndedUsage> endedSinceAccrual_; // counted at the next calculation, as slurmdbd does
    QHash<std::uint32_t, PriorityFactors> factors_;
    // Fair Tree factors of every association, computed once per usage change.
    mutable QHash<QString, double> fairshareCache_;
    mutable bool fairshareValid_ = false;
    QHash<QString, double> computeFairshare() const;
    // Running jobs by the moment their limit (plus OverTimeLimit) is exceeded; entries whose
    // job ended or changed limit are skipped when they come up.
    std::multimap<qint64, std::uint32_t> limitQueue_;
    qint64 limitDeadline(const Job &job) const;
    PeriodicPhases phases_;
    QHash<QString, const NodeConfig *> nodeIndex_;
    QHash<QString, const PartitionConfig *> partitionIndex_;
    QHash<QString, QList<const NodeConfig *>> partitionNodes_;
    QHash<QString, NodeMask> partitionMasks_;
};

} // namespace schedlab::slurm
