// The main scheduler (job_scheduler.c's _schedule): pending jobs in priority order per
// partition; the first that cannot start blocks its partition, and every job after it in
// that partition waits with reason Priority.
#include "controller.h"

#include <QSet>

#include <algorithm>
#include <climits>

namespace schedlab::slurm {

namespace {

void addTo(NodeMask &mask, const NodeMask &more)
{
    for (std::size_t i = 0; i < more.size() && i < mask.size(); ++i)
        if (more[i])
            mask[i] = true;
}

} // namespace

QList<Job *> Controller::pendingInOrder()
{
    // The sort key of each job is computed once: the queue can hold tens of thousands of jobs
    // and is ordered at every pass.
    struct Entry
    {
        int tier;
        std::uint32_t priority;
        qint64 submitTime;
        std::uint32_t id;
        Job *job;
    };
    std::vector<Entry> entries;
    entries.reserve(pending_.size());
    for (std::uint32_t id : pending_) {
        Job &job = jobs_.at(id);
        const PartitionConfig *p = partitionConfig(job.partition);
        entries.push_back({p ? p->priorityTier : 0, job.priority, job.submitTime, id, &job});
    }
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        if (a.tier != b.tier)
            return a.tier > b.tier;
        if (a.priority != b.priority)
            return a.priority > b.priority;
        if (a.submitTime != b.submitTime)
            return a.submitTime < b.submitTime;
        return a.id < b.id;
    });
    QList<Job *> list;
    list.reserve(qsizetype(entries.size()));
    for (const Entry &e : entries)
        list << e.job;
    return list;
}

QString Controller::dependencyStatus(const Job &job) const
{
    if (job.state != JobState::Pending || job.request.dependencies.isEmpty())
        return QStringLiteral("(null)");
    static const char *names[] = {"after",     "afterany",  "afterok",         "afternotok",
                                  "singleton", "aftercorr", "afterburstbuffer"};
    QStringList parts;
    for (const Dependency &dep : job.request.dependencies) {
        const QString type = QLatin1String(names[int(dep.type)]);
        if (dep.type == DependencyType::Singleton) {
            bool waiting = false;
            for (const auto &[id, other] : jobs_)
                if (id < job.id && other.user == job.user && other.name == job.name &&
                    !isFinished(other.state))
                    waiting = true;
            if (waiting)
                parts << QStringLiteral("singleton(unfulfilled)");
            continue;
        }
        for (std::uint32_t target : dep.jobIds) {
            const Job *t = this->job(target);
            if (!t)
                continue; // unknown or purged: nothing to wait for
            const bool done = isFinished(t->state) && !t->completing;
            bool satisfied = false, failed = false;
            switch (dep.type) {
            case DependencyType::After:
                satisfied = t->state != JobState::Pending;
                break;
            case DependencyType::AfterOk:
                satisfied = done && t->state == JobState::Completed;
                failed = done && t->state != JobState::Completed;
                break;
            case DependencyType::AfterNotOk:
                satisfied = done && t->state != JobState::Completed;
                failed = done && t->state == JobState::Completed;
                break;
            default:
                satisfied = done;
                break;
            }
            if (!satisfied)
                parts << QStringLiteral("%1:%2(%3)")
                             .arg(type)
                             .arg(target)
                             .arg(failed ? QStringLiteral("failed")
                                         : QStringLiteral("unfulfilled"));
        }
    }
    return parts.isEmpty()
               ? QStringLiteral("(null)")
               : parts.join(job.request.dependencyAny ? QLatin1Char('?') : QLatin1Char(','));
}

// Whether a job may be considered at all; sets the reason that holds it back and, for
// schedlab-explain, records it as a decision.
bool Controller::eligible(Job &job, bool setReason, bool fromBackfill)
{
    const bool ok = checkEligible(job, setReason, fromBackfill);
    if (!ok && setReason)
        recordWait(job);
    return ok;
}

void Controller::recordWait(const Job &job)
{
    Decision d;
    d.time = now_;
    d.jobId = job.id;
    switch (job.reason) {
    case Reason::JobHeldUser:
    case Reason::JobHeldAdmin:
        d.kind = Decision::Kind::Held;
        break;
    case Reason::BeginTime:
        d.kind = Decision::Kind::WaitsBeginTime;
        d.expectedStart = job.beginTime;
        break;
    case Reason::Dependency:
    case Reason::DependencyNeverSatisfied:
        d.kind = job.reason == Reason::Dependency ? Decision::Kind::WaitsDependency
                                                  : Decision::Kind::DependencyNever;
        d.detail = dependencyStatus(job);
        break;
    case Reason::PartitionTimeLimit:
    case Reason::PartitionNodeLimit:
    case Reason::PartitionConfig:
        d.kind = limitReason(job) == Reason::PartitionNodeLimit ? Decision::Kind::WaitsNodeLimit
                                                                : Decision::Kind::WaitsTimeLimit;
        break;
    case Reason::JobArrayTaskLimit:
        d.kind = Decision::Kind::WaitsArrayLimit;
        break;
    default:
        return;
    }
    recordDecision(d);
}

bool Controller::checkEligible(Job &job, bool setReason, bool fromBackfill)
{
    if (job.heldByAdmin || job.heldByUser)
        return false;
    if (job.beginTime > now_) {
        job.reason = Reason::BeginTime;
        return false;
    }
    if (!job.request.dependencies.isEmpty()) {
        bool anySatisfied = false, allSatisfied = true, never = false;
        for (const Dependency &dep : job.request.dependencies) {
            bool satisfied = true;
            if (dep.type == DependencyType::Singleton) {
                for (const auto &[id, other] : jobs_)
                    if (id != job.id && other.user == job.user && other.name == job.name &&
                        !isFinished(other.state) && other.submitTime <= job.submitTime &&
                        id < job.id)
                        satisfied = false;
            }
            for (std::uint32_t target : dep.jobIds) {
                const Job *t = this->job(target);
                if (!t)
                    continue; // purged long ago: slurmctld no longer waits for it
                const bool done = isFinished(t->state) && !t->completing;
                switch (dep.type) {
                case DependencyType::After:
                    satisfied = satisfied && t->state != JobState::Pending;
                    break;
                case DependencyType::AfterAny:
                case DependencyType::AfterCorr:
                case DependencyType::AfterBurstBuffer:
                    satisfied = satisfied && done;
                    break;
                case DependencyType::AfterOk:
                    if (done && t->state != JobState::Completed)
                        never = true;
                    satisfied = satisfied && done && t->state == JobState::Completed;
                    break;
                case DependencyType::AfterNotOk:
                    if (done && t->state == JobState::Completed)
                        never = true;
                    satisfied = satisfied && done && t->state != JobState::Completed;
                    break;
                case DependencyType::Singleton:
                    break;
                }
            }
            anySatisfied = anySatisfied || satisfied;
            allSatisfied = allSatisfied && satisfied;
        }
        // Met dependencies count once slurmctld has noted them (after the pass that ended
        // the job they waited for): eligibleTime says so.
        const bool ok =
            (job.request.dependencyAny ? anySatisfied : allSatisfied) && job.eligibleTime;
        if (!ok) {
            if (setReason)
                job.reason = never && !job.request.dependencyAny ? Reason::DependencyNeverSatisfied
                                                                 : Reason::Dependency;
            if (never && job.request.killOnInvalidDep)
                killForDependency_.insert(job.id);
            if (setReason && job.reason != Reason::DependencyNeverSatisfied)
                job.reason = Reason::Dependency;
            return false;
        }
        if (job.reason == Reason::Dependency)
            job.reason = Reason::None;
    }
    const Reason limit = limitReason(job);
    if (limit != Reason::None) {
        // The submission marks PartitionConfig; the backfill (or, without it, the main
        // scheduler) later names the exact limit.
        const bool namesLimit = fromBackfill || config_.scheduler == SchedulerKind::Builtin;
        if (job.reason != Reason::PartitionConfig || namesLimit)
            job.reason = limit;
        return false;
    }
    if (job.arrayMaxRunning > 0 && job.isArrayMaster()) {
        int runningTasks = 0;
        for (std::uint32_t id : running_)
            if (jobs_.at(id).arrayJobId == job.arrayJobId)
                ++runningTasks;
        if (runningTasks >= job.arrayMaxRunning) {
            job.reason = Reason::JobArrayTaskLimit;
            return false;
        }
    }
    return true;
}

std::optional<QList<NodeShare>> Controller::placeNow(const Job &job, const NodeMask &excluded) const
{
    return usage_.placeNow(job, partitionNodes(job.partition), excluded);
}

// An array's pending tasks start one by one, each under a new job id; the last one keeps
// the array's own record.
Job &Controller::takeRunnable(Job &job)
{
    if (!job.isArrayMaster())
        return job;
    if (job.pendingTasks.size() == 1) {
        job.arrayTaskId = job.pendingTasks.takeFirst();
        return job;
    }
    Job task = job;
    task.id = nextJobId_++;
    task.arrayTaskId = job.pendingTasks.takeFirst();
    task.pendingTasks.clear();
    const std::uint32_t id = task.id;
    jobs_.emplace(id, std::move(task));
    return jobs_.at(id);
}

QStringList Controller::shortagesIn(const Job &job, const PartitionConfig &part) const
{
    QStringList lacking;
    for (const NodeConfig *node : partitionNodes(part.name))
        for (const QString &what : NodeUsage::shortages(job, *node, usage_.load(node->index)))
            if (!lacking.contains(what))
                lacking << what;
    return lacking;
}

void Controller::mainPass(bool full)
{
    ++passes_;
    if (now_ > lastMainPass_) {
        lastEarlierPass_ = lastMainPass_;
        lastMainPass_ = now_;
    }
    submitPassWanted_ = false;
    QSet<QString> failedParts;
    QHash<QString, std::uint32_t> blocker;
    NodeMask unavailable(std::size_t(usage_.nodeCount()), false);
    const int depth = full ? INT_MAX : config_.schedParams.defaultQueueDepth;
    int tested = 0;
    for (Job *job : pendingInOrder()) {
        if (!eligible(*job, true))
            continue;
        if (tested++ >= depth)
            break;
        job->lastSchedEval = now_;
        if (failedParts.contains(job->partition)) {
            if (job->reason == Reason::None || job->reason == Reason::Resources)
                job->reason = Reason::Priority;
            Decision d;
            d.kind = Decision::Kind::WaitsPriority;
            d.time = now_;
            d.jobId = job->id;
            d.blockingJobId = blocker.value(job->partition);
            recordDecision(d);
            continue;
        }
        if (auto allocation = placeNow(*job, unavailable)) {
            // An array starts as many tasks as fit (and as its %limit allows).
            while (allocation) {
                Job &runnable = takeRunnable(*job);
                startJob(runnable, *allocation, false);
                if (&runnable == job || !eligible(*job, true))
                    break;
                allocation = placeNow(*job, unavailable);
            }
            if (job->state != JobState::Pending || job->reason == Reason::JobArrayTaskLimit)
                continue;
        }
        job->reason = Reason::Resources;
        if (tryPreempt(*job)) {
            // Its victims are being killed; it keeps its place and starts once they are gone.
            failedParts.insert(job->partition);
            blocker.insert(job->partition, job->id);
            addTo(unavailable, partitionMask(job->partition));
            continue;
        }
        Decision d;
        d.kind = Decision::Kind::WaitsResources;
        d.time = now_;
        d.jobId = job->id;
        d.nodesWanted = job->minNodes;
        if (const PartitionConfig *part = partitionConfig(job->partition)) {
            for (const NodeConfig *node : partitionNodes(part->name))
                if (NodeUsage::taskCapacity(*job, *node, usage_.load(node->index), nullptr) > 0)
                    ++d.nodesFree;
            // When no node can take it, say what they lack: "none is free" would be wrong
            // for a GPU job while the GPU node still has idle CPUs.
            if (d.nodesFree == 0)
                d.detail = shortagesIn(*job, *part).join(u',');
        }
        // The running job whose limit frees the first node it could use.
        qint64 best = LLONG_MAX;
        for (std::uint32_t id : running_) {
            const Job &r = jobs_.at(id);
            if (r.partition == job->partition || true) {
                if (r.endTime < best) {
                    best = r.endTime;
                    d.blockingJobId = r.id;
                    d.blockingUntil = r.endTime;
                    d.nodes = r.nodeNames();
                }
            }
        }
        recordDecision(d);
        failedParts.insert(job->partition);
        blocker.insert(job->partition, job->id);
        addTo(unavailable, partitionMask(job->partition));
    }
}

} // namespace schedlab::slurm
