// The adapters from histories to timeline data. The origin is the first thing that happened,
// so the chart opens on the student's own work rather than on an empty morning.
#include "timelineadapter.h"

#include <QHash>

namespace schedlab::gui {

namespace {

TimelineItem itemOf(const JobRecord &record)
{
    const JobSnapshot &job = record.last;
    TimelineItem item;
    item.id = QString::number(job.id);
    item.label = job.name.isEmpty() ? item.id : item.id + QLatin1Char(' ') + job.name;
    item.group = job.user;
    item.lanes = record.ranOn;
    for (const JobPhase &phase : record.phases)
        item.phases.append({phase.start, phase.end, phase.state});
    for (const JobTransition &t : record.transitions)
        item.transitions.append({t.time, t.state, t.reason});
    item.finalState = record.finalState;
    item.backfilled = job.backfilled;
    const bool started = !job.pending() && job.startTime > 0;
    const bool limited = job.timeLimitMinutes < 0xFFFFFFFEu;
    if (started && limited)
        item.limitEnd = job.startTime + qint64(job.timeLimitMinutes) * 60;
    if (job.pending() && job.plannedByBackfill && job.startTime > 0) {
        item.reservedStart = job.startTime;
        item.reservedEnd =
            limited ? job.startTime + qint64(job.timeLimitMinutes) * 60 : job.startTime + 3600;
        item.reservedLanes = job.plannedNodes;
    }
    return item;
}

TimelineItem itemOf(const PodRecord &pod)
{
    TimelineItem item;
    item.id = pod.name;
    item.label = pod.name;
    item.group = pod.owner;
    if (!pod.node.isEmpty())
        item.lanes = {pod.node};
    item.restarts = pod.restarts;
    for (int i = 0; i < pod.changes.size(); ++i) {
        const PodStatusChange &c = pod.changes[i];
        const qint64 end = i + 1 < pod.changes.size() ? pod.changes[i + 1].time
                           : pod.gone                 ? pod.goneAt
                                                      : 0;
        const QString phase = PodHistory::phaseOf(c.status);
        const bool ended = phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed");
        if (!ended)
            item.phases.append(
                {c.time, end,
                 phase == QLatin1String("CrashLoopBackOff") ? QStringLiteral("Pending") : phase});
        const bool restarted = i > 0 && c.restarts > pod.changes[i - 1].restarts;
        item.transitions.append(
            {c.time, restarted ? QStringLiteral("Restarted") : phase, c.status});
    }
    const QString last = PodHistory::phaseOf(pod.status());
    if (last == QLatin1String("Succeeded"))
        item.finalState = QStringLiteral("COMPLETED");
    else if (last == QLatin1String("Failed"))
        item.finalState = QStringLiteral("FAILED");
    else if (pod.gone)
        item.finalState = QStringLiteral("CANCELLED");
    return item;
}

qint64 originOf(const TimelineData &data, qint64 now)
{
    qint64 origin = now;
    for (const TimelineItem &item : data.items)
        for (const TimelinePhase &p : item.phases)
            origin = std::min(origin, p.start);
    return origin - 30; // a little air before the first bar
}

} // namespace

TimelineData slurmTimeline(const JobHistory &history, const QStringList &nodes, qint64 now)
{
    TimelineData data;
    data.title = QStringLiteral("Slurm");
    data.lanes = nodes;
    data.now = now;
    for (const JobRecord *record : history.records())
        data.items.append(itemOf(*record));
    data.origin = originOf(data, now);
    return data;
}

TimelineData kubeTimeline(const PodHistory &history, const QStringList &nodes, qint64 now)
{
    TimelineData data;
    data.title = QStringLiteral("Kubernetes");
    data.lanes = nodes;
    data.now = now;
    for (const PodRecord *pod : history.records())
        data.items.append(itemOf(*pod));
    data.origin = originOf(data, now);
    return data;
}

} // namespace schedlab::gui
