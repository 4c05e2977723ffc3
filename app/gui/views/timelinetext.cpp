// Texts of the timeline. State codes ("PD", "R", "TIMEOUT") are shown as the cluster prints
// them: students read the same codes in squeue and sacct.
#include "timelinetext.h"

#include <QDateTime>

namespace schedlab::gui {

QString TimelineText::waiting()
{
    return tr("Waiting");
}

QString TimelineText::reserved()
{
    return tr("reserved");
}

QString TimelineText::reservation()
{
    return tr("Reservation");
}

QString TimelineText::outcomeName(TimelineOutcome outcome)
{
    switch (outcome) {
    case TimelineOutcome::Active:
        return tr("Running");
    case TimelineOutcome::Completed:
        return tr("Completed");
    case TimelineOutcome::Timeout:
        return tr("Timeout");
    case TimelineOutcome::Cancelled:
        return tr("Cancelled");
    case TimelineOutcome::Failed:
        return tr("Failed");
    case TimelineOutcome::Preempted:
        return tr("Preempted");
    }
    return {};
}

QString TimelineText::completing()
{
    return tr("Completing");
}

QString TimelineText::backfilled()
{
    return tr("Backfilled");
}

QString TimelineText::timeLimit()
{
    return tr("Time limit");
}

QString TimelineText::now()
{
    return tr("Now");
}

QString TimelineText::time(qint64 secs, bool withDate)
{
    const QDateTime t = QDateTime::fromSecsSinceEpoch(secs);
    return t.toString(withDate ? QStringLiteral("yyyy-MM-dd HH:mm:ss")
                               : QStringLiteral("HH:mm:ss"));
}

QString TimelineText::day(qint64 secs)
{
    return QDateTime::fromSecsSinceEpoch(secs).toString(QStringLiteral("ddd d MMM yyyy"));
}

QString TimelineText::duration(qint64 secs)
{
    const auto two = [](qint64 n) { return QStringLiteral("%1").arg(n, 2, 10, QLatin1Char('0')); };
    if (secs < 60)
        return QStringLiteral("%1s").arg(secs);
    if (secs < 3600)
        return QStringLiteral("%1m %2s").arg(secs / 60).arg(two(secs % 60));
    if (secs < 86400)
        return QStringLiteral("%1h %2m").arg(secs / 3600).arg(two(secs % 3600 / 60));
    return QStringLiteral("%1d %2h").arg(secs / 86400).arg(two(secs % 86400 / 3600));
}

QString TimelineText::label(const TimelineItem &item)
{
    const QString text = item.label.isEmpty() ? item.id : item.label;
    return item.restarts > 0 ? text + QStringLiteral(" \u21bb%1").arg(item.restarts) : text;
}

QString TimelineText::state(const TimelineItem &item)
{
    if (!item.finalState.isEmpty())
        return item.finalState;
    if (!item.phases.isEmpty())
        return item.phases.last().state;
    return item.transitions.isEmpty() ? QString() : item.transitions.last().state;
}

QString TimelineText::toolTip(const TimelineItem &item, qint64 now, bool withDate)
{
    const auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    QString html = QStringLiteral("<p style='white-space:pre'><b>%1</b>").arg(esc(item.id));
    if (!item.label.isEmpty() && item.label != item.id)
        html += QStringLiteral(" \u2014 %1").arg(esc(item.label));
    html += QStringLiteral("<br>%1 <b>%2</b>").arg(tr("State:"), esc(state(item)));
    if (!item.group.isEmpty())
        html += QStringLiteral("<br>%1 %2").arg(tr("Owner:"), esc(item.group));
    if (!item.lanes.isEmpty())
        html += QStringLiteral("<br>%1 %2")
                    .arg(tr("Nodes:"), esc(item.lanes.join(QStringLiteral(", "))));
    if (item.restarts > 0)
        html += QStringLiteral("<br>%1 %2").arg(tr("Restarts:")).arg(item.restarts);
    if (item.limitEnd > 0)
        html +=
            QStringLiteral("<br>%1 %2").arg(tr("Time limit ends:"), time(item.limitEnd, withDate));
    if (item.backfilled)
        html += QStringLiteral("<br>%1").arg(tr("Started by the backfill scheduler"));
    if (item.reservedEnd > item.reservedStart)
        html += QStringLiteral("<br>%1 %2 \u2013 %3 %4")
                    .arg(tr("Reserved:"), time(item.reservedStart, withDate),
                         time(item.reservedEnd, withDate),
                         esc(item.reservedLanes.join(QStringLiteral(", "))));
    html += QStringLiteral("<br><br><b>%1</b>").arg(tr("Phases"));
    for (const TimelinePhase &p : item.phases) {
        const qint64 end = p.end == 0 ? now : p.end;
        html += QStringLiteral("<br>%1 \u2013 %2 %3 (%4)")
                    .arg(time(p.start, withDate), p.end == 0 ? tr("now") : time(end, withDate),
                         esc(p.state), duration(end - p.start));
    }
    html += QStringLiteral("<br><br><b>%1</b>").arg(tr("Transitions"));
    for (const TimelineTransition &t : item.transitions) {
        html += QStringLiteral("<br>%1 %2").arg(time(t.time, withDate), esc(t.state));
        if (!t.reason.isEmpty())
            html += QStringLiteral(" (%1)").arg(esc(t.reason));
    }
    return html + QStringLiteral("</p>");
}

} // namespace schedlab::gui
