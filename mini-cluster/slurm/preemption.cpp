// Preemption by partition priority (preempt/partition_prio): a job that cannot start may
// take the nodes of running jobs from partitions of a lower PriorityTier, which are then
// cancelled (PREEMPTED) or requeued, as their partition's PreemptMode says.
#include "controller.h"

#include <QSet>

#include <algorithm>

namespace schedlab::slurm {

PreemptMode Controller::preemptModeOf(const Job &job) const
{
    const PartitionConfig *part = partitionConfig(job.partition);
    if (part && part->preemptMode)
        return *part->preemptMode;
    return config_.preemptMode;
}

bool Controller::tryPreempt(Job &preemptor)
{
    if (config_.preemptType != PreemptKind::PartitionPrio)
        return false;
    if (preemptionsFor_.value(preemptor.id) > 0)
        return true; // its victims are still being killed: wait for them
    const PartitionConfig *part = partitionConfig(preemptor.partition);
    if (!part)
        return false;
    // Candidates: running jobs of lower tiers on this partition's nodes, the lowest tier
    // and then the most recently started first (they lose the least work).
    QList<Job *> candidates;
    const QList<const NodeConfig *> &nodes = partitionNodes(preemptor.partition);
    const NodeMask &partNodes = partitionMask(preemptor.partition);
    for (std::uint32_t id : running_) {
        Job &r = jobs_.at(id);
        if (r.completing)
            continue;
        const PartitionConfig *rp = partitionConfig(r.partition);
        if (!rp || rp->priorityTier >= part->priorityTier)
            continue;
        const PreemptMode mode = preemptModeOf(r);
        if (mode != PreemptMode::Cancel && mode != PreemptMode::Requeue)
            continue;
        bool overlaps = false;
        for (const NodeShare &s : r.allocation)
            overlaps = overlaps || inMask(partNodes, usage_.indexOf(s));
        if (overlaps)
            candidates << &r;
    }
    std::sort(candidates.begin(), candidates.end(), [this](const Job *a, const Job *b) {
        const int ta = partitionConfig(a->partition)->priorityTier;
        const int tb = partitionConfig(b->partition)->priorityTier;
        if (ta != tb)
            return ta < tb;
        return a->startTime > b->startTime;
    });
    // Take candidates away one by one until the preemptor fits.
    LoadOverlay future(usage_);
    QList<Job *> victims;
    auto fits = [&]() { return NodeUsage::place(preemptor, nodes, future.loadOf()).has_value(); };
    for (Job *victim : std::as_const(candidates)) {
        future.remove(*victim);
        victims << victim;
        if (fits())
            break;
    }
    if (victims.isEmpty() || !fits())
        return false;
    for (Job *victim : std::as_const(victims)) {
        Decision d;
        d.kind = Decision::Kind::Preempted;
        d.time = now_;
        d.jobId = victim->id;
        d.blockingJobId = preemptor.id;
        d.nodes = victim->nodeNames();
        recordDecision(d);
        preemptionsFor_[preemptor.id] += 1;
        preemptedBy_.insert(victim->id, preemptor.id);
        if (preemptModeOf(*victim) == PreemptMode::Requeue && victim->requeue)
            beginKill(*victim, JobState::Pending, Reason::BeginTime,
                      QStringLiteral(" DUE TO PREEMPTION"));
        else
            beginKill(*victim, JobState::Preempted, Reason::None,
                      QStringLiteral(" DUE TO PREEMPTION"));
    }
    return true;
}

// A victim's processes are gone: its preemptor may start at the pass that follows.
void Controller::preemptionDone(std::uint32_t victimId)
{
    auto it = preemptedBy_.find(victimId);
    if (it == preemptedBy_.end())
        return;
    const std::uint32_t preemptor = *it;
    preemptedBy_.erase(it);
    if (--preemptionsFor_[preemptor] <= 0)
        preemptionsFor_.remove(preemptor);
}

} // namespace schedlab::slurm
