// How a job's path is pieced together from snapshots: a new compact state opens a phase and
// records a transition; a new reason while pending is a transition too ("PD (Resources)").
#include "jobhistory.h"

namespace schedlab::gui {

namespace {

bool isPhaseState(const QString &state)
{
    return state == QLatin1String("PD") || state == QLatin1String("R") ||
           state == QLatin1String("CG") || state == QLatin1String("S");
}

} // namespace

void JobHistory::record(const JobSnapshot &job)
{
    auto it = records_.find(job.id);
    const bool isNew = it == records_.end();
    if (isNew) {
        it = records_.insert(job.id, JobRecord{});
        order_.append(job.id);
    }
    JobRecord &r = *it;
    const JobSnapshot before = r.last;
    r.last = job;
    for (const QString &node : job.nodes)
        if (!r.ranOn.contains(node))
            r.ranOn.append(node);
    const bool stateChanged = isNew || before.compactState != job.compactState;
    const bool reasonChanged = job.pending() && before.reason != job.reason;
    if (stateChanged || reasonChanged)
        addTransition(r, job);
    if (isNew)
        Q_EMIT jobAdded(job.id);
    else
        Q_EMIT jobUpdated(job.id);
}

void JobHistory::addTransition(JobRecord &record, const JobSnapshot &job)
{
    const qint64 at = job.at;
    const bool pendingOnly = !record.phases.isEmpty() &&
                             record.phases.last().state == job.compactState &&
                             record.phases.last().end == 0;
    if (!pendingOnly) {
        closePhase(record, at);
        if (isPhaseState(job.compactState)) {
            // A job first seen running (the app started late) began at its start time.
            const qint64 start =
                record.phases.isEmpty() && job.running() && job.startTime > 0 ? job.startTime : at;
            record.phases.append({job.compactState, start, 0});
        }
    }
    JobTransition t;
    t.time = at;
    if (job.finished) {
        t.state = job.state;
        record.finalState = job.state;
    } else {
        t.state = job.compactState;
    }
    if (job.pending() || job.finished)
        t.reason = job.reason == QLatin1String("None") ? QString() : job.reason;
    record.transitions.append(t);
}

void JobHistory::closePhase(JobRecord &record, qint64 at)
{
    if (!record.phases.isEmpty() && record.phases.last().end == 0)
        record.phases.last().end = at;
}

void JobHistory::clear()
{
    records_.clear();
    order_.clear();
    Q_EMIT cleared();
}

const JobRecord *JobHistory::find(std::uint32_t id) const
{
    auto it = records_.constFind(id);
    return it == records_.cend() ? nullptr : &*it;
}

QList<const JobRecord *> JobHistory::records() const
{
    QList<const JobRecord *> list;
    list.reserve(order_.size());
    for (std::uint32_t id : order_)
        list.append(&records_.find(id).value());
    return list;
}

} // namespace schedlab::gui
