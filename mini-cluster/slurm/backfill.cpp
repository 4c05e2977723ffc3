// The backfill scheduler (plugins/sched/backfill), run every bf_interval.
//
// Jobs are taken in the main scheduler's order. For each one we look for the earliest start
// at which it fits, from the running jobs' *limits* (not their real run times, which no
// scheduler knows) and from the reservations already made in this pass for jobs above it.
// A job whose earliest start is now starts now: it delays nobody, because every job above
// it already holds a reservation it cannot overlap. Any other job gets a reservation of
// whole nodes, rounded down to bf_resolution, so that jobs below cannot take them.
//
// Worked example (the course's): node01 runs job 50 until its limit at 10:00; node02 is
// free; job 51 wants both nodes for an hour, job 52 one node for 40 minutes, job 53 one node
// for 30 minutes, in that priority order, at 09:36.
//   51: cannot start now; once 50's limit is reached both nodes are free: reserve
//       node[01-02] for [10:00, 11:00). Its expected start is 10:00.
//   52: node02 is free now, but [09:36, 10:16) overlaps 51's reservation: try again at the
//       end of that reservation, 11:00, when it fits on node02: reserve it there.
//   53: [09:37, 10:07) overlaps 51's reservation too: expected at 11:00 on node01.
// Had 53 asked for 20 minutes, [09:37, 09:57) would end before 10:00 and it would start now
// on node02: that is a backfilled job.
//
// Slurm's own will-run test first tries the job against the nodes as they are now, then
// takes running jobs away in order of their ends, in groups ending within 30 s of each
// other (the window doubling each time), which is why several jobs ending a few seconds
// apart give one expected start: the last end of the group.
#include "controller.h"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>

namespace schedlab::slurm {

namespace {

struct Reservation
{
    qint64 start;
    qint64 end;
    QStringList nodes;
    std::vector<int> indices;
    std::uint32_t jobId;
};

struct Plan
{
    qint64 start = 0;
    QList<NodeShare> allocation;
    std::uint32_t lastFreedJob = 0;
};

// A running job and the end the planner assumes for it.
struct Ending
{
    qint64 end;
    const Job *job;
};

qint64 roundDown(qint64 t, qint64 resolution)
{
    return resolution > 0 ? t - (t % resolution) : t;
}

// The will-run test: the earliest time at which one job fits, taking running jobs away in
// groups by their ends. It keeps the job's task capacity per node up to date as nodes free
// up, so the full placement is only tried once the free capacity could hold the job.
class StartFinder
{
public:
    StartFinder(const QList<NodeConfig> &allNodes, const NodeUsage &usage,
                const std::vector<Ending> &endings, qint64 now)
        : allNodes_(allNodes)
        , usage_(usage)
        , endings_(endings)
        , now_(now)
        , future_(usage)
        , capacity_(allNodes.size(), 0)
    {}

    std::optional<Plan> find(const Job &job, const QList<const NodeConfig *> &nodes,
                             const NodeMask &partition, const NodeMask &blocked)
    {
        future_.reset();
        capTotal_ = 0;
        capNodes_ = 0;
        const std::vector<int> &now = capacitiesNow(job, nodes);
        for (const NodeConfig *node : nodes) {
            const std::size_t i = std::size_t(node->index);
            const int cap = inMask(blocked, node->index) ? 0 : now[i];
            capacity_[i] = cap;
            capTotal_ += cap;
            capNodes_ += cap > 0 ? 1 : 0;
        }
        if (auto allocation = tryFit(job, nodes, blocked))
            return Plan{now_, *allocation, 0};
        qint64 groupWindow = 30;
        std::size_t i = 0;
        while (i < endings_.size()) {
            const qint64 groupEnd = endings_[i].end + groupWindow;
            Plan plan;
            bool removedAny = false;
            for (; i < endings_.size() && endings_[i].end <= groupEnd; ++i) {
                if (!free(job, *endings_[i].job, partition, blocked))
                    continue;
                plan.start = endings_[i].end;
                plan.lastFreedJob = endings_[i].job->id;
                removedAny = true;
            }
            groupWindow *= 2;
            if (!removedAny)
                continue;
            if (auto allocation = tryFit(job, nodes, blocked)) {
                plan.allocation = *allocation;
                return plan;
            }
        }
        return std::nullopt;
    }

private:
    // What each node can take of the job now. Jobs of one shape get the same answer, and a
    // deep queue holds few shapes: it is computed once per shape until the loads change.
    const std::vector<int> &capacitiesNow(const Job &job, const QList<const NodeConfig *> &nodes)
    {
        if (cacheVersion_ != usage_.version()) {
            cache_.clear();
            cacheVersion_ = usage_.version();
        }
        const Shape shape{job.partition,   job.exclusive,    job.cpusPerTask,
                          job.memPerCpuMb, job.memPerNodeMb, job.ntasksPerNode};
        const bool cacheable = job.gres.isEmpty();
        auto it = cacheable ? cache_.find(shape) : cache_.end();
        if (it != cache_.end())
            return it->second;
        std::vector<int> &caps = cacheable ? cache_[shape] : uncached_;
        caps.assign(allNodes_.size(), 0);
        for (const NodeConfig *node : nodes)
            caps[std::size_t(node->index)] =
                NodeUsage::taskCapacity(job, *node, usage_.load(node->index), nullptr);
        return caps;
    }

    // Takes `running` away if it holds a node the job could use; false when it holds none.
    bool free(const Job &job, const Job &running, const NodeMask &partition,
              const NodeMask &blocked)
    {
        bool overlaps = false;
        for (const NodeShare &share : running.allocation) {
            const int index = usage_.indexOf(share);
            overlaps = overlaps || (inMask(partition, index) && !inMask(blocked, index));
        }
        if (!overlaps)
            return false;
        for (const NodeShare &share : running.allocation) {
            future_.remove(share, running.exclusive);
            const int index = usage_.indexOf(share);
            if (inMask(partition, index) && !inMask(blocked, index))
                setCapacity(job, index);
        }
        return true;
    }

    void setCapacity(const Job &job, int index)
    {
        int &cap = capacity_[std::size_t(index)];
        capTotal_ -= cap;
        capNodes_ -= cap > 0 ? 1 : 0;
        cap = NodeUsage::taskCapacity(job, allNodes_[index], future_.at(index), nullptr);
        capTotal_ += cap;
        capNodes_ += cap > 0 ? 1 : 0;
    }

    std::optional<QList<NodeShare>> tryFit(const Job &job, const QList<const NodeConfig *> &nodes,
                                           const NodeMask &blocked)
    {
        if (capTotal_ < job.ntasks || capNodes_ < job.minNodes)
            return std::nullopt; // not enough room anywhere yet
        return NodeUsage::place(job, nodes, future_.loadOf(), blocked);
    }

    const QList<NodeConfig> &allNodes_;
    const NodeUsage &usage_;
    const std::vector<Ending> &endings_;
    const qint64 now_;
    LoadOverlay future_;
    std::vector<int> capacity_; // tasks of the job at hand each node could take
    using Shape = std::tuple<QString, bool, int, qint64, qint64, int>;
    std::map<Shape, std::vector<int>> cache_;
    std::vector<int> uncached_;
    quint64 cacheVersion_ = ~quint64(0);
    qint64 capTotal_ = 0;
    int capNodes_ = 0;
};

} // namespace

void Controller::backfillPass()
{
    ++passes_;
    const qint64 resolution = std::max(1, config_.schedParams.bfResolution);
    const qint64 window = qint64(config_.schedParams.bfWindowMinutes) * 60;
    QList<Reservation> reservations;

    std::vector<Ending> endings;
    for (std::uint32_t id : running_) {
        const Job &r = jobs_.at(id);
        qint64 end = r.completing ? std::max(r.killDeadline, now_ + 1) : r.endTime;
        if (!r.completing && end <= now_)
            end = std::max(end + config_.killWait, now_ + 1);
        endings.push_back({end, &r});
    }
    std::sort(endings.begin(), endings.end(),
              [](const Ending &a, const Ending &b) { return a.end < b.end; });
    StartFinder finder(config_.nodes, usage_, endings, now_);

    int tested = 0;
    for (Job *job : pendingInOrder()) {
        if (!eligible(*job, true, true))
            continue;
        if (tested++ >= config_.schedParams.bfMaxJobTest)
            break;
        job->lastSchedEval = now_;
        if (!partitionConfig(job->partition))
            continue;
        std::uint32_t minutes = job->timeLimit;
        if (minutes == kNoValMinutes) {
            const PartitionConfig *part = partitionConfig(job->partition);
            minutes = part ? part->maxTimeMinutes : kInfiniteMinutes;
        }
        const qint64 duration = minutes == kInfiniteMinutes ? 365 * 86400 : qint64(minutes) * 60;
        qint64 startRes = now_;
        Decision tooLong;
        bool wasBlocked = false;
        for (int attempt = 0; attempt < 1000; ++attempt) {
            NodeMask blocked(std::size_t(usage_.nodeCount()), false);
            qint64 laterStart = LLONG_MAX;
            const Reservation *firstBlocking = nullptr;
            for (const Reservation &r : reservations) {
                if (r.start < startRes + duration && r.end > startRes) {
                    for (int index : r.indices)
                        blocked[std::size_t(index)] = true;
                    if (r.end < laterStart) {
                        laterStart = r.end;
                        firstBlocking = &r;
                    }
                }
            }
            if (startRes == now_ && firstBlocking && !wasBlocked) {
                wasBlocked = true;
                tooLong.kind = Decision::Kind::BackfillTooLong;
                tooLong.blockingJobId = firstBlocking->jobId;
                tooLong.reservedStart = firstBlocking->start;
                tooLong.wouldEnd = now_ + duration;
            }
            std::optional<Plan> plan = finder.find(*job, partitionNodes(job->partition),
                                                   partitionMask(job->partition), blocked);
            if (plan) {
                plan->start = std::max(plan->start, startRes);
                // The chosen nodes must stay free of reservations for the whole run.
                NodeMask chosen(std::size_t(usage_.nodeCount()), false);
                for (const NodeShare &share : plan->allocation)
                    chosen[std::size_t(share.nodeIndex)] = true;
                qint64 conflictEnd = 0;
                for (const Reservation &r : reservations) {
                    if (r.start < plan->start + duration && r.end > plan->start) {
                        for (int index : r.indices)
                            if (chosen[std::size_t(index)])
                                conflictEnd = std::max(conflictEnd, r.end);
                    }
                }
                if (conflictEnd > 0) {
                    startRes = conflictEnd;
                    continue;
                }
                if (plan->start <= now_) {
                    startJob(takeRunnable(*job), plan->allocation, true);
                    break;
                }
                job->scheduler = QStringLiteral("Backfill:*");
                if (plan->start > now_ + window)
                    break;
                QStringList nodes;
                std::vector<int> indices;
                for (const NodeShare &share : plan->allocation) {
                    nodes << share.node;
                    indices.push_back(share.nodeIndex);
                }
                job->startTime = plan->start;
                job->endTime = plan->start + duration;
                job->schedNodes = nodes;
                reservations.append({roundDown(plan->start, resolution),
                                     roundDown(plan->start + duration, resolution), nodes, indices,
                                     job->id});
                Decision d = wasBlocked ? tooLong : Decision();
                if (!wasBlocked)
                    d.kind = Decision::Kind::Reserved;
                d.time = now_;
                d.jobId = job->id;
                d.expectedStart = plan->start;
                d.nodes = nodes;
                if (!wasBlocked) {
                    d.blockingJobId = plan->lastFreedJob;
                    if (const Job *b = this->job(plan->lastFreedJob))
                        d.blockingUntil = b->endTime;
                }
                recordDecision(d);
                break;
            }
            if (laterStart == LLONG_MAX)
                break; // it cannot run even on an empty partition
            startRes = laterStart;
        }
    }
}

} // namespace schedlab::slurm
