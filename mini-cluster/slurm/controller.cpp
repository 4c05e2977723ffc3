// slurmctld's bookkeeping: submission checks, job lifecycle, kills and time limits.
// The two schedulers live in mainscheduler.cpp and backfill.cpp, priorities in priority.cpp.
#include "controller.h"
#include "jobfields.h"

#include "accounting.h"
#include "hostlist.h"

#include <algorithm>
#include <climits>
#include <csignal>

namespace schedlab::slurm {

namespace {
constexpr qint64 kTimeLimitPeriod = 30; // PERIODIC_TIMEOUT in slurmctld
constexpr qint64 kRequeueDelay = 121;   // cred expiry window + 1
} // namespace

namespace {

ClusterConfig withNodeIndices(ClusterConfig config)
{
    for (qsizetype i = 0; i < config.nodes.size(); ++i)
        config.nodes[i].index = int(i);
    return config;
}

// The memory of all its nodes, for the AllocTRES of the job's steps.
qint64 allocatedMem(const Job &job)
{
    qint64 mem = 0;
    for (const NodeShare &share : job.allocation)
        mem += share.memMb;
    return mem;
}

} // namespace

Controller::Controller(ClusterConfig config, UserDirectory *users, qint64 startEpoch)
    : config_(withNodeIndices(std::move(config)))
    , users_(users)
    , usage_(config_)
    , idle_(config_)
    , startEpoch_(startEpoch)
    , now_(startEpoch)
    , nextJobId_(config_.firstJobId)
    , lastUsageAccrual_(startEpoch)
{
    for (const NodeConfig &node : config_.nodes) {
        totalCpus_ += node.cpus;
        ++totalNodes_;
        nodeIndex_.insert(node.name, &node);
    }
    for (const PartitionConfig &part : config_.partitions) {
        partitionIndex_.insert(part.name, &part);
        QList<const NodeConfig *> &list = partitionNodes_[part.name];
        NodeMask &mask = partitionMasks_[part.name];
        mask.assign(config_.nodes.size(), false);
        for (const QString &name : part.nodes) {
            if (const NodeConfig *node = nodeIndex_.value(name)) {
                list << node;
                mask[std::size_t(node->index)] = true;
            }
        }
    }
}

const NodeMask &Controller::partitionMask(const QString &partition) const
{
    static const NodeMask none;
    auto it = partitionMasks_.constFind(partition);
    return it == partitionMasks_.constEnd() ? none : *it;
}

const QList<const NodeConfig *> &Controller::partitionNodes(const QString &partition) const
{
    static const QList<const NodeConfig *> none;
    auto it = partitionNodes_.constFind(partition);
    return it == partitionNodes_.constEnd() ? none : *it;
}

Controller::~Controller() = default;

void Controller::setAccounting(AccountingStore *store)
{
    accounting_ = store;
    if (store)
        nextJobId_ = std::max(nextJobId_, store->maxJobId() + 1);
}

void Controller::setEventListener(std::function<void(const JobEvent &)> listener)
{
    listener_ = std::move(listener);
}

const Job *Controller::job(std::uint32_t id) const
{
    auto it = jobs_.find(id);
    return it == jobs_.end() ? nullptr : &it->second;
}

QList<const Job *> Controller::jobs() const
{
    QList<const Job *> list;
    list.reserve(int(jobs_.size()));
    for (const auto &[id, job] : jobs_)
        list << &job;
    return list;
}

const Decision *Controller::lastDecision(std::uint32_t jobId) const
{
    auto it = decisions_.constFind(jobId);
    return it == decisions_.constEnd() || it->isEmpty() ? nullptr : &it->last();
}

QList<Decision> Controller::decisions(std::uint32_t jobId) const
{
    return decisions_.value(jobId);
}

void Controller::recordDecision(const Decision &decision)
{
    QList<Decision> &list = decisions_[decision.jobId];
    // A job waiting for hours gets the same verdict at every pass: keep one of each run.
    if (!list.isEmpty()) {
        Decision &last = list.last();
        if (last.kind == decision.kind && last.blockingJobId == decision.blockingJobId &&
            last.expectedStart == decision.expectedStart) {
            last = decision;
            return;
        }
    }
    list << decision;
    if (list.size() > 50)
        list.removeFirst();
}

void Controller::emitEvent(JobEvent::Kind kind, const Job &job)
{
    if (accounting_ && kind != JobEvent::Kind::Purged)
        accounting_->record(job);
    if (listener_)
        listener_({kind, job.id, now_});
}

void Controller::schedule(qint64 at, TimedEvent::Kind kind, std::uint32_t jobId)
{
    timed_.insert({at, TimedEvent{kind, jobId}});
}

// --- submission ------------------------------------------------------------------------

SubmitResult Controller::reject(const QString &lines) const
{
    SubmitResult result;
    result.errorMessages = lines;
    return result;
}

void Controller::resolveResources(Job &job) const
{
    const JobRequest &r = job.request;
    job.minNodes = r.minNodes.value_or(1);
    job.cpusPerTask = r.cpusPerTask.value_or(1);
    job.ntasksPerNode = r.ntasksPerNode.value_or(0);
    if (r.ntasks)
        job.ntasks = *r.ntasks;
    else if (job.ntasksPerNode > 0)
        job.ntasks = job.ntasksPerNode * job.minNodes;
    else
        job.ntasks = job.minNodes; // one task per node asked for
    job.ntasks = std::max(job.ntasks, 1);
    // Without -N, tasks may spread over as many nodes as there are tasks.
    job.maxNodes = r.maxNodes ? *r.maxNodes : (r.minNodes ? job.minNodes : std::max(job.ntasks, 1));
    if (job.ntasksPerNode > 0 && !r.maxNodes && !r.minNodes)
        job.minNodes = (job.ntasks + job.ntasksPerNode - 1) / job.ntasksPerNode;
    job.maxNodes = std::max(job.maxNodes, job.minNodes);
    job.cpusPerNode = std::max(1, job.ntasksPerNode) * job.cpusPerTask;
    job.exclusive = r.exclusive;
    job.gres = r.gres;
    if (r.memPerCpuMb) {
        job.memPerCpuMb = *r.memPerCpuMb;
        job.memPerNodeMb = 0;
    } else if (r.memPerNodeMb) {
        job.memPerNodeMb = *r.memPerNodeMb == 0 ? -1 : *r.memPerNodeMb;
    } else if (config_.defMemPerCpu > 0) {
        job.memPerCpuMb = config_.defMemPerCpu;
        job.memPerNodeMb = 0;
    } else if (config_.defMemPerNode > 0) {
        job.memPerNodeMb = config_.defMemPerNode;
    } else {
        job.memPerNodeMb = -1; // CR_Core_Memory without a default: the whole node
    }
}

// fname.c: %% %j %J %A %a %x %u %N %n %t %s, with an optional width (zero padded).
static QString expandFilePattern(const QString &pattern, const Job &job, const QString &node)
{
    if (pattern.contains(QLatin1Char('\\')))
        return QString(pattern).remove(QLatin1Char('\\'));
    QString out;
    for (int i = 0; i < pattern.size(); ++i) {
        QChar c = pattern[i];
        if (c != QLatin1Char('%') || i + 1 >= pattern.size()) {
            out += c;
            continue;
        }
        int j = i + 1;
        int width = 0;
        while (j < pattern.size() && pattern[j].isDigit())
            width = std::min(10, width * 10 + pattern[j++].digitValue());
        if (j >= pattern.size()) {
            out += pattern.mid(i);
            break;
        }
        QChar key = pattern[j];
        auto num = [&](qint64 v) {
            return QStringLiteral("%1").arg(v, width, 10, QLatin1Char('0'));
        };
        const std::uint32_t arrayId = job.arrayJobId ? job.arrayJobId : job.id;
        switch (key.unicode()) {
        case '%':
            out += QLatin1Char('%');
            break;
        case 'j':
        case 'J':
            out += num(job.id);
            break;
        case 'A':
            out += num(arrayId);
            break;
        case 'a':
            out += num(job.arrayTaskId == Job::kNoTask ? 4294967294LL : job.arrayTaskId);
            break;
        case 'x':
            out += job.name;
            break;
        case 'u':
            out += job.user;
            break;
        case 'N':
            out += node;
            break;
        case 'n':
        case 't':
            out += num(0);
            break;
        case 's':
            out += QStringLiteral("batch");
            break;
        default:
            out += pattern.mid(i, j - i + 1);
            break;
        }
        i = j;
    }
    return out;
}

void Controller::resolveFiles(Job &job) const
{
    const QString node = job.allocation.isEmpty() ? QString() : job.allocation.first().node;
    auto absolute = [&](const QString &path) {
        if (path.startsWith(QLatin1Char('/')))
            return path;
        return job.workDir + QLatin1Char('/') + path;
    };
    QString outPattern = job.stdoutPattern;
    if (outPattern.isEmpty())
        outPattern =
            job.arrayJobId ? QStringLiteral("slurm-%A_%a.out") : QStringLiteral("slurm-%j.out");
    job.stdoutPath = absolute(expandFilePattern(outPattern, job, node));
    job.stderrPath = job.stderrPattern.isEmpty()
                         ? job.stdoutPath
                         : absolute(expandFilePattern(job.stderrPattern, job, node));
}

QString Controller::checkAgainstCluster(const Job &job, const PartitionConfig &part) const
{
    const QString failed = QStringLiteral("sbatch: error: Batch job submission failed: Requested "
                                          "node configuration is not available\n");
    qint64 maxMem = 0;
    int maxCpus = 0;
    for (const NodeConfig *node : partitionNodes(part.name)) {
        maxMem = std::max(maxMem, node->realMemoryMb);
        maxCpus = std::max(maxCpus, node->cpus);
    }
    // slurmctld names the first thing no node of the partition can give.
    if (job.memPerCpuMb == 0 && job.memPerNodeMb > maxMem)
        return QStringLiteral("sbatch: error: Memory specification can not be satisfied\n") +
               failed;
    if (job.cpusPerNode > maxCpus)
        return QStringLiteral("sbatch: error: CPU count per node can not be satisfied\n") + failed;
    // Could the job run on the partition if it were empty? (More nodes than the partition
    // has is a PartitionNodeLimit wait, not a refusal.)
    Job probe = job;
    const int partitionSize = int(partitionNodes(part.name).size());
    if (probe.minNodes > partitionSize) {
        probe.minNodes = partitionSize;
        probe.ntasks = std::min(probe.ntasks, partitionSize * std::max(1, probe.ntasksPerNode));
    }
    probe.maxNodes = std::max(probe.maxNodes, probe.minNodes);
    // The idle loads know each node's GPUs: a request for gpu:1 fits an idle GPU node.
    if (!NodeUsage::place(probe, partitionNodes(part.name),
                          [this](int index) -> const NodeLoad & { return idle_.load(index); }))
        return failed;
    return {};
}

// The partition limits a job breaks, as the backfill names them (PartitionConfig at submit).
Reason Controller::limitReason(const Job &job) const
{
    const PartitionConfig *part = partitionConfig(job.partition);
    if (!part)
        return Reason::None;
    if (job.timeLimit != kNoValMinutes && part->maxTimeMinutes != kInfiniteMinutes &&
        (job.timeLimit == kInfiniteMinutes || job.timeLimit > part->maxTimeMinutes))
        return Reason::PartitionTimeLimit;
    const int limit =
        int(std::min<std::uint32_t>(part->maxNodes, std::uint32_t(part->nodes.size())));
    if (job.minNodes > limit)
        return Reason::PartitionNodeLimit;
    if (!part->up)
        return part->stateText == QLatin1String("INACTIVE") ? Reason::PartitionInactive
                                                            : Reason::PartitionDown;
    return Reason::None;
}

bool Controller::isTopPriority(const Job &job) const
{
    for (std::uint32_t id : pending_) {
        const Job &other = jobs_.at(id);
        if (other.id != job.id && other.partition == job.partition &&
            other.priority > job.priority && !other.heldByUser && !other.heldByAdmin)
            return false;
    }
    return true;
}

SubmitResult Controller::submit(const Submission &s)
{
    users_->addUser(s.user);
    Job job;
    job.request = s.request;
    job.user = s.user;
    job.uid = users_->uid(s.user);
    job.gid = users_->gid(s.user);
    job.name = s.request.jobName.isEmpty() ? s.defaultName : s.request.jobName;
    job.workDir = s.request.chdir.isEmpty()
                      ? s.workDir
                      : (s.request.chdir.startsWith(QLatin1Char('/'))
                             ? s.request.chdir
                             : s.workDir + QLatin1Char('/') + s.request.chdir);
    job.command = s.command.isEmpty() ? QStringLiteral("(null)") : s.command;
    job.script = s.script;
    job.scriptArgs = s.request.scriptArgs;
    job.environment = s.environment;
    job.stdoutPattern = s.request.output;
    job.stderrPattern = s.request.error;
    job.stdinPath = s.request.input.isEmpty() ? QStringLiteral("/dev/null") : s.request.input;
    job.modeled = s.modeled;
    job.modeledRuntime = s.modeledRuntime;
    job.modeledExit = s.modeledExit;
    job.interactive = s.interactive;
    job.interactiveCommand = s.interactiveCommand;
    job.nice = s.request.nice;
    job.requeue = s.request.requeue.value_or(config_.jobRequeue);

    // What sbatch leaves to slurmctld to refuse, before any job is created.
    if (!overlongField(job).isEmpty())
        return reject(QStringLiteral("sbatch: error: Batch job submission failed: Pathname of a "
                                     "file, directory or other parameter too long\n"));
    if (s.request.dependencyInvalid)
        return reject(
            QStringLiteral("sbatch: error: Batch job submission failed: Job dependency problem\n"));
    if (s.request.arrayInvalid)
        return reject(QStringLiteral(
            "sbatch: error: Batch job submission failed: Invalid job array specification\n"));
    if (s.request.gresInvalid)
        return reject(
            QStringLiteral("sbatch: error: Invalid generic resource (gres) specification\n"));
    if (s.request.nice < 0 && !users_->isOperator(s.user))
        return reject(
            QStringLiteral("sbatch: error: Batch job submission failed: Invalid --nice value\n"));
    for (const GresRequest &g : s.request.gres)
        if (!config_.gresTypes.contains(g.name))
            return reject(
                QStringLiteral("sbatch: error: Invalid generic resource (gres) specification\n"));
    const PartitionConfig *part = s.request.partition.isEmpty()
                                      ? config_.defaultPartition()
                                      : partitionConfig(s.request.partition);
    if (!part) {
        if (s.request.partition.isEmpty())
            return reject(QStringLiteral("sbatch: error: Batch job submission failed: "
                                         "No partition specified or system default partition\n"));
        return reject(QStringLiteral("sbatch: error: invalid partition specified: %1\n"
                                     "sbatch: error: Batch job submission failed: Invalid "
                                     "partition name specified\n")
                          .arg(s.request.partition));
    }
    job.partition = part->name;
    job.account = s.request.account.isEmpty() ? users_->defaultAccount(s.user) : s.request.account;
    if (!s.request.account.isEmpty() && !users_->isMember(s.user, s.request.account) &&
        !users_->isOperator(s.user))
        return reject(QStringLiteral("sbatch: error: Batch job submission failed: Invalid account "
                                     "or account/partition combination specified\n"));
    resolveResources(job);
    if (QString err = checkAgainstCluster(job, *part); !err.isEmpty()) {
        // slurmctld had already created the job: its id is spent and accounting keeps it,
        // FAILED, with nothing assigned.
        job.id = nextJobId_++;
        job.submitTime = job.eligibleTime = job.startTime = job.endTime = now_;
        job.state = JobState::Failed;
        job.exitCode = 1;
        job.timeLimit = s.request.timeLimitMinutes;
        if (accounting_)
            accounting_->record(job);
        return reject(err);
    }

    job.timeLimit = s.request.timeLimitMinutes;
    if (job.timeLimit == kNoValMinutes && part->defaultTimeMinutes != kNoValMinutes)
        job.timeLimit = part->defaultTimeMinutes;
    const Reason limit = limitReason(job);
    if (limit != Reason::None && config_.enforcePartLimits != EnforcePartLimits::No) {
        if (limit == Reason::PartitionTimeLimit)
            return reject(
                QStringLiteral("sbatch: error: Batch job submission failed: Requested "
                               "time limit is invalid (missing or exceeds some limit)\n"));
        if (limit == Reason::PartitionNodeLimit)
            return reject(QStringLiteral("sbatch: error: Batch job submission failed: Node count "
                                         "specification invalid\n"));
    }
    if (job.minNodes > totalNodes_ && config_.enforcePartLimits != EnforcePartLimits::No)
        return reject(QStringLiteral("sbatch: error: Batch job submission failed: Node count "
                                     "specification invalid\n"));

    SubmitResult result;
    if (s.request.testOnly) {
        // slurmctld spends a job id on the test, as on a real submission.
        job.id = nextJobId_++;
        const auto [start, allocation] = estimateStart(job);
        int cpus = 0;
        QStringList nodes;
        for (const NodeShare &share : allocation) {
            cpus += share.cpus;
            nodes << share.node;
        }
        result.ok = true;
        result.testOnlyText = QStringLiteral("sbatch: Job %1 to start at %2 using %3 processors on "
                                             "nodes %4 in partition %5\n")
                                  .arg(job.id)
                                  .arg(formatTimestamp(start))
                                  .arg(cpus)
                                  .arg(compressHostlistSorted(nodes), job.partition);
        return result;
    }

    job.id = nextJobId_++;
    job.submitTime = now_;
    // Eligible (and accruing age) from now, unless held or waiting for its dependencies.
    job.eligibleTime = s.request.hold ? 0 : now_;
    job.accrueTime = now_;
    if (s.request.beginEpoch && *s.request.beginEpoch > now_) {
        job.beginTime = *s.request.beginEpoch;
        job.eligibleTime = job.beginTime;
        job.reason = Reason::BeginTime;
        schedule(job.beginTime, TimedEvent::Kind::BeginTime, job.id);
    }
    if (s.request.array) {
        job.arrayJobId = job.id;
        job.pendingTasks = s.request.array->taskIds;
        job.arrayMaxRunning = s.request.array->maxRunning;
    }
    job.priority = newPriority(job);
    if (s.request.priority) {
        job.priority = *s.request.priority;
        job.priorityFixed = true;
    }
    if (s.request.hold) {
        job.heldByUser = true;
        job.priority = 0;
        job.reason = Reason::JobHeldUser;
    } else if (limit != Reason::None) {
        job.reason = Reason::PartitionConfig;
    } else if (!s.request.dependencies.isEmpty() &&
               dependencyStatus(job) != QLatin1String("(null)")) {
        job.reason = Reason::Dependency;
        job.eligibleTime = 0;
    } else if (job.reason == Reason::None && !isTopPriority(job)) {
        job.reason = Reason::Priority;
    }
    resolveFiles(job);
    const std::uint32_t id = job.id;
    jobs_.emplace(id, std::move(job));
    pending_.insert(id);
    submitPassWanted_ = true;
    Decision d;
    d.kind = Decision::Kind::NotYetConsidered;
    d.time = now_;
    d.jobId = id;
    recordDecision(d);
    emitEvent(JobEvent::Kind::Submitted, jobs_.at(id));
    if (s.interactive) {
        // An allocation request is tried inside the RPC, unlike a batch job.
        Job &j = jobs_.at(id);
        if (j.reason == Reason::None && eligible(j, true) && isTopPriority(j))
            if (auto allocation = placeNow(j, {}))
                startJob(j, *allocation, false);
    }
    result.ok = true;
    result.jobId = id;
    return result;
}

// When and where a job could start if nothing else were submitted: now, or once enough
// running jobs reach their limits (what sbatch --test-only reports).
std::pair<qint64, QList<NodeShare>> Controller::estimateStart(const Job &job) const
{
    if (auto allocation = placeNow(job, {}))
        return {now_, *allocation};
    std::vector<const Job *> byEnd;
    for (std::uint32_t id : running_)
        byEnd.push_back(&jobs_.at(id));
    std::sort(byEnd.begin(), byEnd.end(),
              [](const Job *a, const Job *b) { return a->endTime < b->endTime; });
    LoadOverlay future(usage_);
    for (const Job *r : byEnd) {
        future.remove(*r);
        auto allocation = NodeUsage::place(job, partitionNodes(job.partition), future.loadOf());
        if (allocation)
            return {std::max(now_, r->endTime), *allocation};
    }
    return {now_, {}};
}

QString Controller::beginStep(std::uint32_t jobId, const QString &name, const QStringList &nodes,
                              int tasks)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end() || it->second.state != JobState::Running || it->second.completing)
        return {};
    Job &job = it->second;
    int next = 0;
    for (const StepRecord &st : job.steps) {
        bool ok = false;
        const int n = st.id.toInt(&ok);
        if (ok)
            next = std::max(next, n + 1);
    }
    StepRecord step;
    step.id = QString::number(next);
    step.name = name;
    step.start = now_;
    // The step holds what the job has on the nodes it uses: srun -n1 in a two-node job
    // shows one node's CPUs and memory in sacct.
    const QStringList used = nodes.isEmpty() ? job.nodeNames() : nodes;
    for (const NodeShare &share : job.allocation) {
        if (used.contains(share.node)) {
            step.cpus += share.cpus;
            step.memMb += share.memMb;
        }
    }
    step.nodes = compressHostlistSorted(used);
    step.nodeCount = int(used.size());
    step.tasks = tasks;
    job.steps << step;
    emitEvent(JobEvent::Kind::Updated, job);
    return step.id;
}

void Controller::endStep(std::uint32_t jobId, const QString &stepId, int rawStatus)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return;
    Job &job = it->second;
    for (StepRecord &st : job.steps) {
        if (st.id != stepId || st.end != 0)
            continue;
        st.end = now_;
        if (WIFSIGNALED(rawStatus)) {
            st.state = JobState::Cancelled;
            st.exitSignal = WTERMSIG(rawStatus);
        } else {
            st.exitCode = WEXITSTATUS(rawStatus);
            st.state = st.exitCode == 0 ? JobState::Completed : JobState::Failed;
        }
    }
    // A step killed with its allocation may end after the job's own record was written.
    if (accounting_ && isFinished(job.state) && !job.completing)
        accounting_->record(job);
    emitEvent(JobEvent::Kind::Updated, job);
}

// --- cancellation and updates ----------------------------------------------------------

Controller::CancelResult Controller::cancel(std::uint32_t jobId, const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return CancelResult::InvalidId;
    Job &job = it->second;
    if (job.user != byUser && !users_->isOperator(byUser))
        return CancelResult::PermissionDenied;
    if (isFinished(job.state) || job.completing)
        return CancelResult::AlreadyDone;
    job.requid = users_->uid(byUser);
    if (job.state == JobState::Pending) {
        pending_.erase(job.id);
        // A queue position is no reason once cancelled; a broken limit still is.
        if (job.reason == Reason::Priority || job.reason == Reason::Resources)
            job.reason = Reason::None;
        job.state = JobState::Cancelled;
        job.startTime = now_; // slurmctld's start = end for a job cancelled while pending
        job.endTime = now_;
        job.schedNodes.clear();
        schedule(now_ + config_.minJobAge, TimedEvent::Kind::Purge, job.id);
        emitEvent(JobEvent::Kind::Ended, job);
        return CancelResult::Ok;
    }
    beginKill(job, JobState::Cancelled, job.reason, QString());
    return CancelResult::Ok;
}

Controller::CancelResult Controller::cancelTask(std::uint32_t arrayJobId, std::uint32_t taskId,
                                                const QString &byUser)
{
    for (auto &[id, job] : jobs_) {
        if (job.arrayJobId != arrayJobId)
            continue;
        if (job.arrayTaskId == taskId && !job.isArrayMaster())
            return cancel(id, byUser);
        if (job.isArrayMaster() && job.pendingTasks.contains(taskId)) {
            if (job.user != byUser && !users_->isOperator(byUser))
                return CancelResult::PermissionDenied;
            if (job.pendingTasks.size() == 1) {
                job.arrayTaskId = taskId;
                job.pendingTasks.clear();
                return cancel(id, byUser);
            }
            // A pending task leaves the array without a trace, as in slurmctld.
            job.pendingTasks.removeAll(taskId);
            emitEvent(JobEvent::Kind::Updated, job);
            return CancelResult::Ok;
        }
    }
    return CancelResult::InvalidId;
}

Controller::CancelResult Controller::signal(std::uint32_t jobId, int sig, SignalScope scope,
                                            const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return CancelResult::InvalidId;
    Job &job = it->second;
    if (job.user != byUser && !users_->isOperator(byUser))
        return CancelResult::PermissionDenied;
    if (isFinished(job.state) || job.completing)
        return CancelResult::AlreadyDone;
    if (job.state == JobState::Pending)
        return CancelResult::NotRunning; // slurmctld keeps retrying, then gives up
    if (job.modeled || !launcher_ || scope == SignalScope::Steps)
        return CancelResult::Ok;
    launcher_->sendSignal(job.id, sig, scope == SignalScope::WholeJob);
    return CancelResult::Ok;
}

Controller::UpdateResult Controller::setPriority(std::uint32_t jobId, std::uint32_t priority,
                                                 const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return UpdateResult::InvalidId;
    if (!users_->isOperator(byUser))
        return UpdateResult::PermissionDenied;
    Job &job = it->second;
    if (isFinished(job.state))
        return UpdateResult::AlreadyDone;
    job.priority = priority;
    job.priorityFixed = true;
    if (job.state == JobState::Pending && !job.heldByUser && !job.heldByAdmin)
        job.reason = Reason::None; // until the next pass looks at it again
    if (priority == 0) {
        job.heldByAdmin = true;
        job.reason = Reason::JobHeldAdmin;
    }
    emitEvent(JobEvent::Kind::Updated, job);
    return UpdateResult::Ok;
}

Controller::UpdateResult Controller::setTimeLimit(std::uint32_t jobId, std::uint32_t minutes,
                                                  const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return UpdateResult::InvalidId;
    Job &job = it->second;
    if (isFinished(job.state))
        return UpdateResult::AlreadyDone;
    // Users may lower their own limits; only an operator may raise one.
    const bool lowering = job.timeLimit != kInfiniteMinutes && job.timeLimit != kNoValMinutes &&
                          minutes <= job.timeLimit;
    if (!users_->isOperator(byUser) && (job.user != byUser || !lowering))
        return UpdateResult::PermissionDenied;
    job.timeLimit = minutes;
    if (job.state == JobState::Pending && !job.heldByUser && !job.heldByAdmin)
        job.reason = Reason::None;
    if (job.state == JobState::Running) {
        job.endTime = minutes == kInfiniteMinutes ? job.startTime + 365 * 86400
                                                  : job.startTime + qint64(minutes) * 60;
        if (const qint64 deadline = limitDeadline(job); deadline != LLONG_MAX)
            limitQueue_.insert({deadline, job.id});
    }
    emitEvent(JobEvent::Kind::Updated, job);
    return UpdateResult::Ok;
}

Controller::UpdateResult Controller::setNice(std::uint32_t jobId, int nice, const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return UpdateResult::InvalidId;
    Job &job = it->second;
    if (job.user != byUser && !users_->isOperator(byUser))
        return UpdateResult::PermissionDenied;
    if (nice < 0 && !users_->isOperator(byUser))
        return UpdateResult::PermissionDenied;
    if (job.state != JobState::Pending)
        return UpdateResult::AlreadyDone;
    job.nice = nice;
    if (!job.priorityFixed)
        job.priority = newPriority(job);
    if (!job.heldByUser && !job.heldByAdmin)
        job.reason = Reason::None;
    emitEvent(JobEvent::Kind::Updated, job);
    return UpdateResult::Ok;
}

Controller::UpdateResult Controller::hold(std::uint32_t jobId, const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return UpdateResult::InvalidId;
    Job &job = it->second;
    if (job.user != byUser && !users_->isOperator(byUser))
        return UpdateResult::PermissionDenied;
    if (isFinished(job.state) || job.completing)
        return UpdateResult::AlreadyDone;
    if (job.state == JobState::Running) {
        // Holding a running job only zeroes its priority (for a later requeue).
        job.priority = 0;
        job.priorityFixed = true;
        emitEvent(JobEvent::Kind::Updated, job);
        return UpdateResult::Ok;
    }
    if (users_->isOperator(byUser)) {
        job.heldByAdmin = true;
        job.reason = Reason::JobHeldAdmin;
    } else {
        job.heldByUser = true;
        job.reason = Reason::JobHeldUser;
    }
    job.priority = 0;
    job.startTime = 0;
    job.schedNodes.clear();
    emitEvent(JobEvent::Kind::Updated, job);
    return UpdateResult::Ok;
}

Controller::UpdateResult Controller::release(std::uint32_t jobId, const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return UpdateResult::InvalidId;
    Job &job = it->second;
    if (job.user != byUser && !users_->isOperator(byUser))
        return UpdateResult::PermissionDenied;
    if (job.heldByAdmin && !users_->isOperator(byUser))
        return UpdateResult::PermissionDenied;
    if (job.state != JobState::Pending)
        return UpdateResult::AlreadyDone;
    job.heldByUser = job.heldByAdmin = false;
    if (!job.eligibleTime &&
        (job.request.dependencies.isEmpty() || dependencyStatus(job) == QLatin1String("(null)")))
        job.eligibleTime = now_;
    job.priorityFixed = job.request.priority.has_value();
    job.priority = job.priorityFixed ? *job.request.priority : newPriority(job);
    job.reason = Reason::None;
    submitPassWanted_ = true;
    emitEvent(JobEvent::Kind::Updated, job);
    return UpdateResult::Ok;
}

Controller::UpdateResult Controller::requeue(std::uint32_t jobId, const QString &byUser)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return UpdateResult::InvalidId;
    Job &job = it->second;
    if (job.user != byUser && !users_->isOperator(byUser))
        return UpdateResult::PermissionDenied;
    if (job.state != JobState::Running || job.completing)
        return UpdateResult::AlreadyDone;
    beginKill(job, JobState::Pending, Reason::BeginTime, QStringLiteral(" DUE TO JOB REQUEUE"));
    return UpdateResult::Ok;
}

Controller::UpdateResult Controller::setPartitionOverTime(const QString &partition, int minutes)
{
    for (PartitionConfig &p : config_.partitions) {
        if (p.name == partition) {
            p.overTimeLimitMinutes = minutes;
            for (std::uint32_t id : running_) // deadlines moved
                if (const qint64 d = limitDeadline(jobs_.at(id)); d != LLONG_MAX)
                    limitQueue_.insert({d, id});
            return UpdateResult::Ok;
        }
    }
    return UpdateResult::InvalidValue;
}

// --- running and ending ----------------------------------------------------------------

void Controller::startJob(Job &job, const QList<NodeShare> &allocation, bool byBackfill)
{
    pending_.erase(job.id);
    job.allocation = allocation;
    usage_.take(allocation, job.exclusive);
    running_.insert(job.id);
    job.state = JobState::Running;
    job.reason = Reason::None;
    job.stateDesc.clear();
    job.schedNodes.clear();
    job.startTime = now_;
    job.lastSchedEval = now_;
    job.scheduler = byBackfill ? QStringLiteral("Backfill") : QStringLiteral("Main");
    if (job.timeLimit == kNoValMinutes) {
        const PartitionConfig *part = partitionConfig(job.partition);
        job.timeLimit = part ? part->maxTimeMinutes : kInfiniteMinutes;
    }
    job.endTime =
        job.timeLimit == kInfiniteMinutes ? now_ + 365 * 86400 : now_ + qint64(job.timeLimit) * 60;
    if (const qint64 deadline = limitDeadline(job); deadline != LLONG_MAX)
        limitQueue_.insert({deadline, job.id});
    resolveFiles(job);
    const QString nodes = compressHostlistSorted(job.nodeNames());
    if (config_.prologContain) {
        StepRecord ext;
        ext.id = ext.name = QStringLiteral("extern");
        ext.start = now_;
        ext.cpus = job.allocatedCpus();
        ext.nodes = nodes;
        ext.memMb = allocatedMem(job);
        ext.nodeCount = int(job.allocation.size());
        job.steps << ext;
    }
    StepRecord batch;
    batch.id = batch.name = QStringLiteral("batch");
    batch.start = now_;
    batch.cpus = job.allocation.isEmpty() ? 0 : job.allocation.first().cpus;
    batch.nodes = job.allocation.isEmpty() ? QString() : job.allocation.first().node;
    batch.memMb = job.allocation.isEmpty() ? 0 : job.allocation.first().memMb;
    if (job.interactive) {
        batch.id = QStringLiteral("0");
        batch.name = job.interactiveCommand;
        batch.cpus = job.allocatedCpus();
        batch.nodes = nodes;
        batch.memMb = allocatedMem(job);
        batch.nodeCount = int(job.allocation.size());
        batch.tasks = job.ntasks;
    }
    if (!job.interactive || !job.interactiveCommand.isEmpty())
        job.steps << batch;
    Decision d;
    d.kind = byBackfill ? Decision::Kind::StartedBackfill : Decision::Kind::StartedMain;
    d.time = now_;
    d.jobId = job.id;
    d.nodes = job.nodeNames();
    recordDecision(d);
    emitEvent(JobEvent::Kind::Started, job);

    if (job.modeled) {
        schedule(now_ + std::max<qint64>(0, job.modeledRuntime), TimedEvent::Kind::ModeledEnd,
                 job.id);
    } else if (launcher_ && !launcher_->launch(job)) {
        payloadLaunchFailed(job.id);
    }
}

void Controller::endJob(Job &job, JobState state, Reason reason, int exitCode, int exitSignal,
                        qint64 batchEnd, JobState batchState, int batchExit, int batchSignal)
{
    if (!job.completing)
        job.endTime = now_;
    job.completing = false;
    job.state = state;
    job.reason = reason;
    job.exitCode = exitCode;
    job.exitSignal = exitSignal;
    // The payload's own step: srun's command is step 0; salloc's shell has none.
    const QString payloadStep = !job.interactive                   ? QStringLiteral("batch")
                                : job.interactiveCommand.isEmpty() ? QString()
                                                                   : QStringLiteral("0");
    for (StepRecord &step : job.steps) {
        if (!payloadStep.isEmpty() && step.id == payloadStep) {
            step.state = batchState;
            step.exitCode = batchExit;
            step.exitSignal = batchSignal;
            step.end = batchEnd;
        } else if (step.end == 0) {
            step.state = JobState::Completed;
            step.end = batchEnd;
        }
    }
    if (running_.erase(job.id)) {
        usage_.release(job.allocation, job.exclusive);
        endedSinceAccrual_.append({job.account + QLatin1Char('/') + job.user,
                                   std::max(job.startTime, lastUsageAccrual_), now_,
                                   job.allocatedCpus()});
    }
    schedule(now_ + config_.minJobAge, TimedEvent::Kind::Purge, job.id);
    emitEvent(JobEvent::Kind::Ended, job);
    // A job ending triggers a pass at once, unless it ended in the very second it started:
    // then, as slurmctld's deferred scheduling does under a stream of short jobs, the pass
    // waits for batch_sched_delay (1,000 jobs of 40 ms take minutes on 4 slots).
    if (job.startTime < now_ || job.startTime == 0) {
        mainPass(false);
    } else {
        submitPassWanted_ = true;
        const qint64 at = std::max(lastMainPass_ + config_.schedParams.batchSchedDelay, now_ + 1);
        bool already = false;
        for (auto it = timed_.lower_bound(at); it != timed_.end() && it->first == at; ++it)
            already = already || it->second.kind == TimedEvent::Kind::SubmitPass;
        if (!already)
            schedule(at, TimedEvent::Kind::SubmitPass, 0);
    }
    // Jobs waiting on this one learn it after that pass, and start at the next one
    // (slurmctld updates dependencies after the end-of-job pass).
    if (dependenciesChanged()) {
        submitPassWanted_ = true;
        schedule(now_ + config_.schedParams.batchSchedDelay, TimedEvent::Kind::SubmitPass, 0);
    }
}

void Controller::beginKill(Job &job, JobState finalState, Reason reason, const QString &why)
{
    const QString node = job.allocation.isEmpty() ? QString() : job.allocation.first().node;
    job.completing = true;
    job.state = finalState;
    job.reason = reason;
    job.endTime = now_;
    if (launcher_ && !job.modeled) {
        const QString line =
            QStringLiteral("slurmstepd: error: *** JOB %1 ON %2 CANCELLED AT %3%4 ***\n")
                .arg(job.id)
                .arg(node, formatTimestamp(now_), why);
        launcher_->appendToStderr(job, line.toUtf8());
    }
    emitEvent(JobEvent::Kind::Completing, job);
    if (job.modeled || !launcher_) {
        finishCompleting(job, SIGTERM);
        return;
    }
    job.killDeadline = now_ + std::max(config_.killWait, 5);
    schedule(job.killDeadline, TimedEvent::Kind::KillDeadline, job.id);
    launcher_->terminate(job.id);
}

// slurmdbd keeps the run a requeue ends as a record of its own (PREEMPTED, or REQUEUED for
// scontrol requeue), with its steps as they ended; sacct -D shows it.
void Controller::closeRequeuedRun(const Job &job, bool preempted, int rawStatus)
{
    if (!accounting_)
        return;
    Job ended = job;
    for (StepRecord &step : ended.steps) {
        if (step.end != 0)
            continue;
        step.end = now_;
        step.state = JobState::Cancelled;
        step.exitSignal = WIFSIGNALED(rawStatus) ? WTERMSIG(rawStatus) : SIGTERM;
    }
    accounting_->closeRun(ended, preempted);
}

// The processes of a job that was being killed are gone.
void Controller::finishCompleting(Job &job, int rawStatus)
{
    const bool preempted = preemptedBy_.contains(job.id);
    preemptionDone(job.id);
    const int sig = WIFSIGNALED(rawStatus) ? WTERMSIG(rawStatus) : 0;
    const int code = WIFEXITED(rawStatus) ? WEXITSTATUS(rawStatus) : 0;
    if (job.state == JobState::Pending) { // requeue
        if (running_.erase(job.id))
            usage_.release(job.allocation, job.exclusive);
        closeRequeuedRun(job, preempted, rawStatus);
        job.completing = false;
        job.submitTime = now_; // slurmctld resubmits it: sacct shows a new record from now
        job.restarts += 1;
        job.allocation.clear();
        job.steps.clear();
        job.startTime = 0;
        job.beginTime = now_ + kRequeueDelay;
        job.eligibleTime = job.accrueTime = job.beginTime;
        job.reason = Reason::BeginTime;
        schedule(job.beginTime, TimedEvent::Kind::BeginTime, job.id);
        pending_.insert(job.id);
        if (accounting_)
            accounting_->record(job);
        emitEvent(JobEvent::Kind::Updated, job);
        mainPass(false);
        return;
    }
    const qint64 killedAt = job.endTime;
    job.completing = true;
    const JobState finalState = job.state;
    now_ = std::max(now_, killedAt);
    // The batch step tells how the script itself ended: killed, or exiting by itself
    // (a script that traps SIGTERM and exits 7 is a FAILED step).
    const JobState batchState = sig    ? JobState::Cancelled
                                : code ? JobState::Failed
                                       : JobState::Completed;
    if (finalState == JobState::OutOfMemory) // SIG_OOM: 253 & 0x7f in sacct
        endJob(job, finalState, job.reason, 0, 125, now_, JobState::OutOfMemory, 0, 125);
    else
        endJob(job, finalState, job.reason, 0, 0, now_, batchState, code, sig);
    job.endTime = killedAt;
    if (accounting_)
        accounting_->record(job);
}

void Controller::payloadExited(std::uint32_t jobId, int rawStatus)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end() || (isFinished(it->second.state) && !it->second.completing))
        return;
    Job &job = it->second;
    if (job.completing) {
        finishCompleting(job, rawStatus);
        return;
    }
    if (job.oomEvent) { // SIG_OOM: 253 & 0x7f in sacct
        endJob(job, JobState::OutOfMemory, Reason::OutOfMemory, 0, 125, now_, JobState::OutOfMemory,
               0, 125);
        return;
    }
    if (WIFSIGNALED(rawStatus)) {
        const int sig = WTERMSIG(rawStatus);
        endJob(job, JobState::Failed, Reason::JobLaunchFailure, 0, sig, now_, JobState::Cancelled,
               0, sig);
        return;
    }
    const int code = WEXITSTATUS(rawStatus);
    if (code == 0) {
        endJob(job, JobState::Completed, Reason::None, 0, 0, now_, JobState::Completed, 0, 0);
    } else {
        endJob(job, JobState::Failed, Reason::NonZeroExitCode, code, 0, now_, JobState::Failed,
               code, 0);
    }
}

void Controller::outOfMemory(std::uint32_t jobId)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end() || it->second.state != JobState::Running || it->second.completing)
        return;
    // The kernel killed one process; the script goes on, but the job ends OUT_OF_MEMORY.
    Job &job = it->second;
    job.oomEvent = true;
    if (launcher_)
        launcher_->appendToStderr(
            job,
            QStringLiteral("slurmstepd: error: Detected 1 oom-kill event(s) in StepId=%1.batch. "
                           "Some of your processes may have been killed by the cgroup "
                           "out-of-memory handler.\n")
                .arg(job.id)
                .toUtf8());
}

void Controller::payloadLaunchFailed(std::uint32_t jobId)
{
    auto it = jobs_.find(jobId);
    if (it == jobs_.end())
        return;
    // What slurmstepd does when it cannot open the output file (0:53, seen on Slurm 22.05).
    endJob(it->second, JobState::Failed, Reason::JobLaunchFailure, 0, 53, now_, JobState::Cancelled,
           0, 53);
}

// When job_time_limit() would find the job over its limit: end_time <= now - OverTimeLimit.
qint64 Controller::limitDeadline(const Job &job) const
{
    if (job.timeLimit == kInfiniteMinutes || job.timeLimit == kNoValMinutes)
        return LLONG_MAX;
    int over = config_.overTimeLimitMinutes;
    if (const PartitionConfig *p = partitionConfig(job.partition); p && p->overTimeLimitMinutes)
        over = *p->overTimeLimitMinutes;
    if (over < 0)
        return LLONG_MAX; // UNLIMITED
    return job.startTime + qint64(job.timeLimit) * 60 + qint64(over) * 60;
}

void Controller::timeLimitCheck()
{
    std::vector<std::uint32_t> expired;
    while (!limitQueue_.empty() && limitQueue_.begin()->first <= now_) {
        const auto [deadline, id] = *limitQueue_.begin();
        limitQueue_.erase(limitQueue_.begin());
        auto it = jobs_.find(id);
        if (it == jobs_.end() || it->second.state != JobState::Running || it->second.completing)
            continue;
        const qint64 current = limitDeadline(it->second);
        if (current != deadline) { // the limit changed since: file it again
            if (current != LLONG_MAX)
                limitQueue_.insert({current, id});
            continue;
        }
        expired.push_back(id);
    }
    for (std::uint32_t id : expired)
        beginKill(jobs_.at(id), JobState::Timeout, Reason::TimeLimit,
                  QStringLiteral(" DUE TO TIME LIMIT"));
}

bool Controller::dependenciesChanged()
{
    bool freed = false;
    for (std::uint32_t id : pending_) {
        Job &job = jobs_.at(id);
        if (job.request.dependencies.isEmpty() || job.eligibleTime)
            continue;
        if (dependencyStatus(job) == QLatin1String("(null)")) {
            job.eligibleTime = job.accrueTime = now_; // its dependencies are met from now on
            job.reason = Reason::None;
            freed = true;
            if (accounting_)
                accounting_->record(job);
        } else {
            eligible(job, true); // names Dependency or DependencyNeverSatisfied
        }
    }
    // --kill-on-invalid-dep=yes: a dependency that can never be met cancels the job.
    const QSet<std::uint32_t> doomed = std::exchange(killForDependency_, {});
    for (std::uint32_t id : doomed) {
        auto it = jobs_.find(id);
        if (it == jobs_.end() || it->second.state != JobState::Pending)
            continue;
        const QString dependency = dependencyStatus(it->second);
        cancel(id, QStringLiteral("root"));
        it->second.reason = Reason::DependencyNeverSatisfied;
        it->second.requid = -1;
        it->second.request.dependencyText = dependency;
        emitEvent(JobEvent::Kind::Updated, it->second);
    }
    return freed;
}

// --- time ------------------------------------------------------------------------------

qint64 Controller::periodicNext(qint64 period, qint64 phase) const
{
    if (period <= 0)
        return LLONG_MAX;
    const qint64 origin = startEpoch_ + ((phase % period) + period) % period;
    qint64 t = now_ - origin;
    // floor division that also works before the origin
    const qint64 k = t >= 0 ? t / period + 1 : -((-t) / period) + ((-t) % period == 0 ? 1 : 0);
    return origin + k * period;
}

qint64 Controller::tickAtOrAfter(qint64 t, qint64 period, qint64 phase) const
{
    const qint64 origin = startEpoch_ + ((phase % period) + period) % period;
    const qint64 offset = (((t - origin) % period) + period) % period;
    return offset == 0 ? t : t + (period - offset);
}

bool Controller::periodicDue(qint64 period, qint64 phase) const
{
    if (period <= 0)
        return false;
    const qint64 origin = startEpoch_ + ((phase % period) + period) % period;
    return (((now_ - origin) % period) + period) % period == 0;
}

qint64 Controller::nextEventTime() const
{
    qint64 next = LLONG_MAX;
    if (!timed_.empty())
        next = std::min(next, timed_.begin()->first);
    // The 30 s limit check only matters at the first tick after a deadline.
    if (!limitQueue_.empty()) {
        const qint64 due = limitQueue_.begin()->first;
        next =
            std::min(next, due <= now_ ? periodicNext(kTimeLimitPeriod, phases_.timeLimit)
                                       : tickAtOrAfter(due, kTimeLimitPeriod, phases_.timeLimit));
    }
    if (!pending_.empty()) {
        if (config_.scheduler == SchedulerKind::Backfill)
            next = std::min(next, periodicNext(config_.schedParams.bfInterval, phases_.backfill));
        next =
            std::min(next, periodicNext(config_.schedParams.schedInterval, phases_.schedInterval));
    }
    if ((!pending_.empty() || !running_.empty()) && config_.priority == PriorityKind::Multifactor)
        next = std::min(next, periodicNext(config_.priorityCalcPeriodSecs, phases_.priorityCalc));
    return next;
}

void Controller::advanceTo(qint64 t)
{
    while (true) {
        const qint64 next = nextEventTime();
        if (next > t)
            break;
        now_ = std::max(now_, next);
        // 1. payload exits and their consequences, kill deadlines, begin times, purges
        bool mainWanted = false;
        while (!timed_.empty() && timed_.begin()->first <= now_) {
            const TimedEvent ev = timed_.begin()->second;
            timed_.erase(timed_.begin());
            if (ev.kind == TimedEvent::Kind::SubmitPass) {
                mainWanted = true;
                continue;
            }
            auto it = jobs_.find(ev.jobId);
            if (it == jobs_.end())
                continue;
            Job &job = it->second;
            switch (ev.kind) {
            case TimedEvent::Kind::ModeledEnd:
                if (job.state == JobState::Running && !job.completing)
                    payloadExited(job.id, job.modeledExit << 8);
                break;
            case TimedEvent::Kind::KillDeadline:
                if (job.completing && job.killDeadline == now_ && launcher_)
                    launcher_->kill(job.id);
                break;
            case TimedEvent::Kind::BeginTime:
                if (job.state == JobState::Pending && job.reason == Reason::BeginTime) {
                    job.reason = Reason::None;
                    mainWanted = true;
                }
                break;
            case TimedEvent::Kind::Purge:
                if (isFinished(job.state) && !job.completing) {
                    emitEvent(JobEvent::Kind::Purged, job);
                    decisions_.remove(job.id);
                    factors_.remove(job.id);
                    jobs_.erase(it);
                }
                break;
            case TimedEvent::Kind::SubmitPass:
                break;
            }
        }
        // 2. periodic work
        if (!limitQueue_.empty() && periodicDue(kTimeLimitPeriod, phases_.timeLimit))
            timeLimitCheck();
        if (config_.priority == PriorityKind::Multifactor &&
            periodicDue(config_.priorityCalcPeriodSecs, phases_.priorityCalc))
            priorityRecalc();
        if (!pending_.empty() && config_.scheduler == SchedulerKind::Backfill &&
            periodicDue(config_.schedParams.bfInterval, phases_.backfill))
            backfillPass();
        // 3. the main scheduler's pass due
        const bool full = periodicDue(config_.schedParams.schedInterval, phases_.schedInterval);
        const quint64 passesBefore = passes_;
        if (!pending_.empty() && (full || mainWanted))
            mainPass(full);
        else if (mainWanted && submitPassWanted_)
            mainPass(false);
        if (passes_ != passesBefore)
            notifyPendingChanges();
    }
    now_ = std::max(now_, t);
}

void Controller::notifyPendingChanges()
{
    // A pass changes a waiting job's reason and planned start without any other event:
    // listeners (the app's views) hear of it here, once per change. Called after passes
    // only, which already visit every pending job.
    if (!listener_)
        return;
    for (auto it = pendingSeen_.begin(); it != pendingSeen_.end();)
        it = pending_.count(it.key()) ? std::next(it) : pendingSeen_.erase(it);
    for (std::uint32_t id : pending_) {
        const Job &job = jobs_.at(id);
        const PendingView now{job.reason, job.stateDesc, job.startTime, job.scheduler,
                              job.schedNodes};
        PendingView &last = pendingSeen_[id];
        if (!(last == now)) {
            last = now;
            listener_({JobEvent::Kind::Updated, id, now_});
        }
    }
}

void Controller::settle()
{
    if (!submitPassWanted_)
        return;
    // Throttle against passes of earlier instants only: a burst typed within one second
    // is scheduled together, as slurmctld's one-second background loop does.
    const qint64 reference = lastMainPass_ < now_ ? lastMainPass_ : lastEarlierPass_;
    const int delay = config_.schedParams.batchSchedDelay;
    if (now_ - reference >= delay) {
        mainPass(false);
        notifyPendingChanges();
    } else {
        const qint64 at = reference + delay;
        bool already = false;
        for (auto it = timed_.lower_bound(at); it != timed_.end() && it->first == at; ++it)
            if (it->second.kind == TimedEvent::Kind::SubmitPass)
                already = true;
        if (!already)
            schedule(at, TimedEvent::Kind::SubmitPass, 0);
    }
}

} // namespace schedlab::slurm
