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

#include <QSet>

#include <algorithm>
#include <climits>

namespace schedlab::slurm {

namespace {

struct Reservation
{
    qint64 start;
    qint64 end;
    QStringList nodes;
    std::uint32_t jobId;
};

struct Plan
{
    qint64 start = 0;
    QList<NodeShare> allocation;
    std::uint32_t lastFreedJob = 0;
};

qint64 roundDown(qint64 t, qint64 resolution)
{
    return resolution > 0 ? t - (t % resolution) : t;
}

} // namespace

void Controller::backfillPass()
{
    const qint64 resolution = std::max(1, config_.schedParams.bfResolution);
    const qint64 window = qint64(config_.schedParams.bfWindowMinutes) * 60;
    QList<Reservation> reservations;

    // Running jobs by expected end, with the end the planner assumes for each.
    struct Ending
    {
        qint64 end;
        const Job *job;
    };
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

    auto planFor = [&](const Job &job, const QSet<QString> &blocked) -> std::optional<Plan> {
        const PartitionConfig *part = partitionConfig(job.partition);
        if (!part)
            return std::nullopt;
        QHash<QString, NodeLoad> future;
        auto tryFit = [&]() {
            return NodeUsage::place(
                job, partitionNodes(job.partition),
                [&](const QString &n) -> const NodeLoad & {
                    auto it = future.constFind(n);
                    return it != future.constEnd() ? *it : usage_.load(n);
                },
                blocked);
        };
        if (auto allocation = tryFit())
            return Plan{now_, *allocation, 0};
        const QSet<QString> partNodes(part->nodes.begin(), part->nodes.end());
        qint64 groupWindow = 30;
        std::size_t i = 0;
        while (i < endings.size()) {
            const qint64 groupEnd = endings[i].end + groupWindow;
            Plan plan;
            bool removedAny = false;
            while (i < endings.size() && endings[i].end <= groupEnd) {
                const Job *r = endings[i].job;
                bool overlaps = false;
                for (const NodeShare &share : r->allocation)
                    overlaps = overlaps ||
                               (partNodes.contains(share.node) && !blocked.contains(share.node));
                if (overlaps) {
                    for (const NodeShare &share : r->allocation) {
                        if (!future.contains(share.node))
                            future.insert(share.node, usage_.load(share.node));
                        NodeUsage::apply(future[share.node], share, r->exclusive, -1);
                    }
                    plan.start = endings[i].end;
                    plan.lastFreedJob = r->id;
                    removedAny = true;
                }
                ++i;
            }
            groupWindow *= 2;
            if (!removedAny)
                continue;
            if (auto allocation = tryFit()) {
                plan.allocation = *allocation;
                return plan;
            }
        }
        return std::nullopt;
    };

    int tested = 0;
    for (Job *job : pendingInOrder()) {
        if (!eligible(*job, true, true))
            continue;
        if (tested++ >= config_.schedParams.bfMaxJobTest)
            break;
        job->lastSchedEval = now_;
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
            QSet<QString> blocked;
            qint64 laterStart = LLONG_MAX;
            const Reservation *firstBlocking = nullptr;
            for (const Reservation &r : reservations) {
                if (r.start < startRes + duration && r.end > startRes) {
                    for (const QString &n : r.nodes)
                        blocked.insert(n);
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
            std::optional<Plan> plan = planFor(*job, blocked);
            if (plan) {
                plan->start = std::max(plan->start, startRes);
                // The chosen nodes must stay free of reservations for the whole run.
                qint64 conflictEnd = 0;
                for (const Reservation &r : reservations) {
                    if (r.start < plan->start + duration && r.end > plan->start) {
                        for (const NodeShare &share : plan->allocation)
                            if (r.nodes.contains(share.node))
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
                for (const NodeShare &share : plan->allocation)
                    nodes << share.node;
                job->startTime = plan->start;
                job->endTime = plan->start + duration;
                job->schedNodes = nodes;
                reservations.append({roundDown(plan->start, resolution),
                                     roundDown(plan->start + duration, resolution), nodes,
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
