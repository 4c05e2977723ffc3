// Pod history from sampled tables: a status is recorded when it differs from the last one,
// and a restart count that grew between two samples counts as a pass through the loop.
#include "podhistory.h"

#include "kubeview.h"

#include <QRegularExpression>

namespace schedlab::gui {

void PodHistory::observe(const KubeTable &pods, qint64 now)
{
    const int nameCol = int(pods.header.indexOf(QStringLiteral("NAME")));
    const int statusCol = int(pods.header.indexOf(QStringLiteral("STATUS")));
    const int restartsCol = int(pods.header.indexOf(QStringLiteral("RESTARTS")));
    const int nodeCol = int(pods.header.indexOf(QStringLiteral("NODE")));
    if (nameCol < 0 || statusCol < 0)
        return;
    QSet<QString> listed;
    for (const QStringList &row : pods.rows) {
        const QString name = row.value(nameCol);
        listed.insert(name);
        auto it = records_.find(name);
        if (it == records_.end()) {
            it = records_.insert(name, PodRecord{name, {}, ownerOf(name), {}, 0, false, 0});
            order_.append(name);
        }
        PodRecord &r = *it;
        // "3 (12s ago)": the count is the first word.
        const int restarts =
            restartsCol >= 0 ? row.value(restartsCol).section(u' ', 0, 0).toInt() : 0;
        const QString node = nodeCol >= 0 ? row.value(nodeCol) : QString();
        if (!node.isEmpty() && node != QLatin1String("<none>"))
            r.node = node;
        const QString status = row.value(statusCol);
        if (r.status() != status || restarts != r.restarts)
            r.changes.append({now, status, restarts});
        r.restarts = restarts;
        r.gone = false;
    }
    for (PodRecord &r : records_) {
        if (!r.gone && !listed.contains(r.name)) {
            r.gone = true;
            r.goneAt = now;
        }
    }
}

void PodHistory::clear()
{
    records_.clear();
    order_.clear();
}

const PodRecord *PodHistory::find(const QString &name) const
{
    auto it = records_.constFind(name);
    return it == records_.cend() ? nullptr : &*it;
}

QList<const PodRecord *> PodHistory::records() const
{
    QList<const PodRecord *> list;
    for (const QString &name : order_)
        list.append(&records_.find(name).value());
    return list;
}

QString PodHistory::phaseOf(const QString &status)
{
    if (status == QLatin1String("Completed"))
        return QStringLiteral("Succeeded");
    if (status == QLatin1String("Error") || status.startsWith(QLatin1String("Init:Error")) ||
        status == QLatin1String("OOMKilled") || status == QLatin1String("DeadlineExceeded"))
        return QStringLiteral("Failed");
    if (status == QLatin1String("CrashLoopBackOff"))
        return status;
    if (status == QLatin1String("ContainerCreating") || status == QLatin1String("Running") ||
        status == QLatin1String("Terminating"))
        return status;
    return QStringLiteral("Pending");
}

QString PodHistory::ownerOf(const QString &podName)
{
    // Deployment: <name>-<replicaset hash>-<5 chars>; Job: <name>-<5 chars>.
    static const QRegularExpression deployment(QStringLiteral("^(.+)-[0-9a-f]{6,10}-[a-z0-9]{5}$"));
    static const QRegularExpression job(QStringLiteral("^(.+)-[a-z0-9]{5}$"));
    if (const auto m = deployment.match(podName); m.hasMatch())
        return m.captured(1);
    if (const auto m = job.match(podName); m.hasMatch())
        return m.captured(1);
    return podName;
}

} // namespace schedlab::gui
