// printPod's READY, STATUS and RESTARTS, from a pod's status.
#include "podtable.h"

#include "apiserver.h"
#include "printers.h"

namespace schedlab::kube {

namespace {

// printPod's STATUS: the phase, then the reason of the last container that has one.
QString podStatus(const Value &pod)
{
    QString reason = at(pod, {"status", "phase"}).toString();
    if (const Value &r = at(pod, {"status", "reason"}); r.isString() && !r.toString().isEmpty())
        reason = r.toString();
    const QList<Value> statuses = at(pod, {"status", "containerStatuses"}).items();
    bool hasRunning = false;
    for (qsizetype i = statuses.size() - 1; i >= 0; --i) {
        const Value &state = statuses[i][QStringLiteral("state")];
        const Value &waiting = state[QStringLiteral("waiting")];
        const Value &terminated = state[QStringLiteral("terminated")];
        if (waiting.isMap() && !waiting[QStringLiteral("reason")].toString().isEmpty()) {
            reason = waiting[QStringLiteral("reason")].toString();
        } else if (terminated.isMap()) {
            const QString r = terminated[QStringLiteral("reason")].toString();
            if (!r.isEmpty())
                reason = r;
            else if (terminated.contains(QStringLiteral("signal")))
                reason =
                    QStringLiteral("Signal:%1").arg(terminated[QStringLiteral("signal")].toInt());
            else
                reason = QStringLiteral("ExitCode:%1")
                             .arg(terminated[QStringLiteral("exitCode")].toInt());
        } else if (state[QStringLiteral("running")].isMap() &&
                   statuses[i][QStringLiteral("ready")].toBool()) {
            hasRunning = true;
        }
    }
    if (reason == QLatin1String("Completed") && hasRunning)
        reason = QStringLiteral("Running");
    const QString phase = at(pod, {"status", "phase"}).toString();
    if (!at(pod, {"metadata", "deletionTimestamp"}).isNull() &&
        phase != QLatin1String("Succeeded") && phase != QLatin1String("Failed"))
        reason = QStringLiteral("Terminating");
    return reason;
}

} // namespace

PodCells podCells(const Value &pod)
{
    PodCells cells;
    cells.status = podStatus(pod);
    const QList<Value> statuses = at(pod, {"status", "containerStatuses"}).items();
    int ready = 0;
    for (const Value &s : statuses) {
        ready += s[QStringLiteral("ready")].toBool() ? 1 : 0;
        cells.restarts += s[QStringLiteral("restartCount")].toInt();
        const Value &last = s[QStringLiteral("lastState")][QStringLiteral("terminated")];
        if (last.isMap())
            cells.lastTermination = std::max(
                cells.lastTermination, parseRfc3339(last[QStringLiteral("finishedAt")].toString()));
    }
    cells.ready = QStringLiteral("%1/%2").arg(ready).arg(at(pod, {"spec", "containers"}).size());
    return cells;
}

QString restartsText(const PodCells &cells, qint64 now)
{
    if (cells.restarts > 0 && cells.lastTermination >= 0)
        return QStringLiteral("%1 (%2 ago)")
            .arg(cells.restarts)
            .arg(humanDuration(now - cells.lastTermination));
    return QString::number(cells.restarts);
}

} // namespace schedlab::kube
