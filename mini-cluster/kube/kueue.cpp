// Kueue-lite: a Job that names a LocalQueue is created suspended, gets a Workload, and is
// admitted (unsuspended) when its ClusterQueue's quota allows, borrowing unused quota from
// its cohort; a queue that needs its own quota back evicts the borrowers (reclaim), and a
// workload of higher priority may evict lower ones in its queue. Evicted Jobs are suspended
// again and wait for quota like new ones.
#include "kubecluster.h"

#include <QCryptographicHash>
#include <QMap>

#include <climits>

namespace schedlab::kube {

namespace {

const QString kQueueLabel = QStringLiteral("kueue.x-k8s.io/queue-name");

using Amounts = QMap<QString, qint64>; // ordered: messages name resources in a stable order //
                                       // resource -> amount (cpu in millicores, memory in bytes)

qint64 quantity(const QString &resource, const Value &v)
{
    const QString text = v.isNumber() ? QString::number(v.toDouble(), 'g', 15) : v.toString();
    static const QList<QPair<QString, double>> suffixes{
        {QStringLiteral("Ki"), 1024.0},       {QStringLiteral("Mi"), 1048576.0},
        {QStringLiteral("Gi"), 1073741824.0}, {QStringLiteral("Ti"), 1099511627776.0},
        {QStringLiteral("k"), 1e3},           {QStringLiteral("M"), 1e6},
        {QStringLiteral("G"), 1e9},           {QStringLiteral("T"), 1e12},
        {QStringLiteral("m"), 1e-3}};
    double factor = 1;
    QString number = text;
    for (const auto &[suffix, f] : suffixes) {
        if (text.endsWith(suffix)) {
            number = text.chopped(suffix.size());
            factor = f;
            break;
        }
    }
    const double value = number.toDouble() * factor;
    return resource == QLatin1String("cpu") ? qint64(value * 1000 + 0.5) : qint64(value + 0.5);
}

// Back to a quantity as Kubernetes prints it: "9", "500m", "36Gi".
QString quantityText(const QString &resource, qint64 amount)
{
    if (resource == QLatin1String("cpu"))
        return amount % 1000 == 0 ? QString::number(amount / 1000)
                                  : QStringLiteral("%1m").arg(amount);
    if (resource == QLatin1String("memory")) {
        for (const auto &[suffix, f] : {qMakePair(QStringLiteral("Gi"), 1LL << 30),
                                        qMakePair(QStringLiteral("Mi"), 1LL << 20),
                                        qMakePair(QStringLiteral("Ki"), 1LL << 10)})
            if (amount >= f && amount % f == 0)
                return QString::number(amount / f) + suffix;
    }
    return QString::number(amount);
}

// What the Job's pods ask for together: requests times parallelism (pods for the count).
Amounts requestOf(const Value &job)
{
    Amounts total;
    const qint64 count = std::max<qint64>(1, at(job, {"spec", "parallelism"}).toInt());
    for (const Value &c : at(job, {"spec", "template", "spec", "containers"}).items())
        for (const auto &[name, v] : at(c, {"resources", "requests"}).entries())
            total[name] += quantity(name, v) * count;
    return total;
}

bool conditionIs(const Value &object, const char *type, const char *status = "True")
{
    for (const Value &c : at(object, {"status", "conditions"}).items())
        if (c[QStringLiteral("type")].toString() == QLatin1String(type))
            return c[QStringLiteral("status")].toString() == QLatin1String(status);
    return false;
}

struct Quota
{
    qint64 nominal = 0;
    qint64 borrowingLimit = -1; // -1: no limit
    qint64 lendingLimit = -1;   // -1: all of the nominal quota can be lent
    qint64 lendable() const { return lendingLimit < 0 ? nominal : std::min(nominal, lendingLimit); }
};

struct QueueModel
{
    Value *object = nullptr;
    QString name;
    QString cohort;
    QString reclaim;     // preemption.reclaimWithinCohort
    QString withinQueue; // preemption.withinClusterQueue
    bool strictFifo = false;
    QStringList flavors;                       // in order
    QMap<QString, QMap<QString, Quota>> quota; // flavor -> resource -> quota
    QMap<QString, Amounts> used;               // flavor -> resource -> in use
};

struct WorkloadModel
{
    Value *workload = nullptr;
    Value *job = nullptr;
    QString queue; // ClusterQueue
    qint64 priority = 0;
    qint64 createdAt = 0;
    Amounts request;
    QString flavor;
    bool admitted = false;
    bool evicting = false; // evicted, its quota held until the Job's pods are gone
};

} // namespace

void KubeCluster::syncKueue()
{
    const KindInfo &workloadKind = *kindForResource(QStringLiteral("workloads"));
    const qint64 now = api_.now();

    // 1. A Workload per managed Job; Workloads of deleted Jobs go with them.
    QMap<QString, Value *> jobsByUid;
    QList<Value *> managedJobs; // in the API's order, for a stable order of creation
    for (Value *job : api_.list(QStringLiteral("Job"))) {
        if (at(*job, {"metadata", "labels"})[kQueueLabel].isNull())
            continue;
        jobsByUid.insert(uidOf(*job), job);
        managedJobs << job;
    }
    QMap<QString, Value *> workloadOf; // job uid -> workload
    for (Value *wl : api_.list(workloadKind)) {
        const QString owner =
            at(*wl, {"metadata", "labels"})[QStringLiteral("kueue.x-k8s.io/job-uid")].toString();
        if (!jobsByUid.contains(owner)) {
            api_.erase(workloadKind, namespaceOf(*wl), nameOf(*wl));
            changed_ = true;
            continue;
        }
        workloadOf.insert(owner, wl);
    }
    for (Value *managed : std::as_const(managedJobs)) {
        const QString jobUid = uidOf(*managed);
        if (workloadOf.contains(jobUid))
            continue;
        const Value &job = *managed;
        const QByteArray digest = QCryptographicHash::hash(
            (QStringLiteral("Job.batch/") + nameOf(job) + u'/' + jobUid).toUtf8(),
            QCryptographicHash::Sha1);
        const QString name =
            QStringLiteral("job-%1-%2")
                .arg(nameOf(job).left(55), QString::fromLatin1(digest.toHex().left(5)));
        Value wl = Value::map();
        wl.set(QStringLiteral("apiVersion"),
               Value::string(QStringLiteral("kueue.x-k8s.io/v1beta1")));
        wl.set(QStringLiteral("kind"), Value::string(QStringLiteral("Workload")));
        Value meta = Value::map();
        meta.set(QStringLiteral("name"), Value::string(name));
        meta.set(QStringLiteral("namespace"), Value::string(namespaceOf(job)));
        Value labels = Value::map();
        labels.set(QStringLiteral("kueue.x-k8s.io/job-uid"), Value::string(jobUid));
        meta.set(QStringLiteral("labels"), labels);
        Value ref = Value::map();
        ref.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("batch/v1")));
        ref.set(QStringLiteral("blockOwnerDeletion"), Value::boolean(true));
        ref.set(QStringLiteral("controller"), Value::boolean(true));
        ref.set(QStringLiteral("kind"), Value::string(QStringLiteral("Job")));
        ref.set(QStringLiteral("name"), Value::string(nameOf(job)));
        ref.set(QStringLiteral("uid"), Value::string(jobUid));
        Value refs = Value::list();
        refs.append(ref);
        meta.set(QStringLiteral("ownerReferences"), refs);
        wl.set(QStringLiteral("metadata"), meta);
        Value spec = Value::map();
        spec.set(QStringLiteral("queueName"), at(job, {"metadata", "labels"})[kQueueLabel]);
        // The workload's priority is its pods' PriorityClass value.
        qint64 priority = 0;
        const QString className =
            at(job, {"spec", "template", "spec", "priorityClassName"}).toString();
        if (!className.isEmpty()) {
            if (const Value *pc =
                    api_.find(QStringLiteral("PriorityClass"), QString(), className)) {
                priority = (*pc)[QStringLiteral("value")].toInt();
                spec.set(QStringLiteral("priorityClassName"), Value::string(className));
                spec.set(QStringLiteral("priorityClassSource"),
                         Value::string(QStringLiteral("scheduling.k8s.io/priorityclass")));
            }
        }
        spec.set(QStringLiteral("priority"), Value::integer(priority));
        Value podSet = Value::map();
        podSet.set(QStringLiteral("name"), Value::string(QStringLiteral("main")));
        podSet.set(QStringLiteral("count"),
                   Value::integer(std::max<qint64>(1, at(job, {"spec", "parallelism"}).toInt())));
        podSet.set(QStringLiteral("template"), at(job, {"spec", "template"}));
        Value podSets = Value::list();
        podSets.append(podSet);
        spec.set(QStringLiteral("podSets"), podSets);
        wl.set(QStringLiteral("spec"), spec);
        Value &stored = api_.insert(workloadKind, wl);
        workloadOf.insert(jobUid, &stored);
        api_.recordEvent(job, QStringLiteral("Normal"), QStringLiteral("CreatedWorkload"),
                         QStringLiteral("Created Workload: %1/%2").arg(namespaceOf(job), name),
                         QStringLiteral("batch/job-kueue-controller"));
        changed_ = true;
    }

    // 2. The ClusterQueues and what their admitted workloads use.
    QMap<QString, QueueModel> queues;
    for (Value *cq : api_.list(QStringLiteral("ClusterQueue"))) {
        QueueModel q;
        q.object = cq;
        q.name = nameOf(*cq);
        q.cohort = at(*cq, {"spec", "cohort"}).toString();
        q.reclaim = at(*cq, {"spec", "preemption", "reclaimWithinCohort"}).toString();
        q.withinQueue = at(*cq, {"spec", "preemption", "withinClusterQueue"}).toString();
        q.strictFifo =
            at(*cq, {"spec", "queueingStrategy"}).toString() == QLatin1String("StrictFIFO");
        for (const Value &group : at(*cq, {"spec", "resourceGroups"}).items()) {
            for (const Value &flavor : group[QStringLiteral("flavors")].items()) {
                const QString f = flavor[QStringLiteral("name")].toString();
                if (!q.flavors.contains(f))
                    q.flavors << f;
                for (const Value &r : flavor[QStringLiteral("resources")].items()) {
                    const QString name = r[QStringLiteral("name")].toString();
                    Quota quota;
                    quota.nominal = quantity(name, r[QStringLiteral("nominalQuota")]);
                    if (r.contains(QStringLiteral("borrowingLimit")))
                        quota.borrowingLimit = quantity(name, r[QStringLiteral("borrowingLimit")]);
                    if (r.contains(QStringLiteral("lendingLimit")))
                        quota.lendingLimit = quantity(name, r[QStringLiteral("lendingLimit")]);
                    q.quota[f][name] = quota;
                }
            }
        }
        queues.insert(q.name, q);
    }

    QList<WorkloadModel> workloads;
    for (auto it = workloadOf.constBegin(); it != workloadOf.constEnd(); ++it) {
        WorkloadModel w;
        w.workload = it.value();
        w.job = jobsByUid.value(it.key());
        w.priority = at(*w.workload, {"spec", "priority"}).toInt();
        w.createdAt = parseRfc3339(at(*w.workload, {"metadata", "creationTimestamp"}).toString());
        w.request = requestOf(*w.job);
        w.admitted = conditionIs(*w.workload, "Admitted");
        w.evicting = !w.admitted && conditionIs(*w.workload, "Evicted") &&
                     conditionIs(*w.workload, "QuotaReserved");
        w.queue = at(*w.workload, {"status", "admission", "clusterQueue"}).toString();
        const QList<Value> assignments =
            at(*w.workload, {"status", "admission", "podSetAssignments"}).items();
        if (!assignments.isEmpty())
            w.flavor =
                assignments.first()[QStringLiteral("flavors")].entries().value(0).second.toString();
        workloads << w;
    }
    std::sort(workloads.begin(), workloads.end(),
              [](const WorkloadModel &a, const WorkloadModel &b) {
                  if (a.priority != b.priority)
                      return a.priority > b.priority;
                  if (a.createdAt != b.createdAt)
                      return a.createdAt < b.createdAt;
                  return nameOf(*a.workload) < nameOf(*b.workload);
              });

    auto setCondition = [&](Value &object, const QString &type, bool value, const QString &reason,
                            const QString &message) {
        Value &conditions = listAt(childAt(object, {"status"}), QStringLiteral("conditions"));
        const QString status = value ? QStringLiteral("True") : QStringLiteral("False");
        for (Value &c : conditions.items()) {
            if (c[QStringLiteral("type")].toString() != type)
                continue;
            if (c[QStringLiteral("status")].toString() == status &&
                c[QStringLiteral("reason")].toString() == reason &&
                c[QStringLiteral("message")].toString() == message)
                return false;
            c.set(QStringLiteral("status"), Value::string(status));
            c.set(QStringLiteral("reason"), Value::string(reason));
            c.set(QStringLiteral("message"), Value::string(message));
            c.set(QStringLiteral("lastTransitionTime"), Value::string(rfc3339(now)));
            changed_ = true;
            return true;
        }
        Value c = Value::map();
        c.set(QStringLiteral("type"), Value::string(type));
        c.set(QStringLiteral("status"), Value::string(status));
        c.set(QStringLiteral("reason"), Value::string(reason));
        c.set(QStringLiteral("message"), Value::string(message));
        c.set(QStringLiteral("lastTransitionTime"), Value::string(rfc3339(now)));
        conditions.append(c);
        changed_ = true;
        return true;
    };
    auto suspendJob = [&](Value &job, bool suspend) {
        if (at(job, {"spec", "suspend"}).toBool() == suspend)
            return;
        childAt(job, {"spec"}).set(QStringLiteral("suspend"), Value::boolean(suspend));
        api_.touch(job);
        changed_ = true;
    };

    // 3. Finished Jobs release their quota.
    for (WorkloadModel &w : workloads) {
        const bool complete = hasCondition(*w.job, QStringLiteral("Complete"));
        const bool failed = hasCondition(*w.job, QStringLiteral("Failed"));
        if (!complete && !failed)
            continue;
        setCondition(*w.workload, QStringLiteral("Finished"), true,
                     complete ? QStringLiteral("Succeeded") : QStringLiteral("Failed"),
                     complete ? QStringLiteral("Job finished successfully")
                              : QStringLiteral("Job failed"));
        w.admitted = false;
        w.queue.clear();
    }
    auto finished = [](const WorkloadModel &w) { return conditionIs(*w.workload, "Finished"); };
    // An evicted workload gives its quota back once its Job has no pod left.
    for (WorkloadModel &w : workloads) {
        if (!w.evicting)
            continue;
        const Value &jobStatus = (*w.job)[QStringLiteral("status")];
        if (jobStatus[QStringLiteral("active")].toInt() > 0 ||
            jobStatus[QStringLiteral("terminating")].toInt() > 0)
            continue;
        QString message;
        for (const Value &c : at(*w.workload, {"status", "conditions"}).items())
            if (c[QStringLiteral("type")].toString() == QLatin1String("Evicted"))
                message = c[QStringLiteral("message")].toString();
        setCondition(*w.workload, QStringLiteral("QuotaReserved"), false,
                     QStringLiteral("Preempted"), message);
        childAt(*w.workload, {"status"}).remove(QStringLiteral("admission"));
        w.evicting = false;
        w.queue.clear();
    }
    for (const WorkloadModel &w : std::as_const(workloads))
        if ((w.admitted || w.evicting) && !finished(w) && queues.contains(w.queue))
            for (auto it = w.request.constBegin(); it != w.request.constEnd(); ++it)
                queues[w.queue].used[w.flavor][it.key()] += it.value();

    // Whether `request` fits `q` on `flavor` counting the cohort's unused quota; on failure
    // `why` says what kubectl describe would show.
    auto fits = [&](const QueueModel &q, const QString &flavor, const Amounts &request,
                    QString *why) {
        for (auto it = request.constBegin(); it != request.constEnd(); ++it) {
            const QString &resource = it.key();
            const qint64 want = it.value();
            if (want == 0)
                continue;
            if (!q.quota.value(flavor).contains(resource)) {
                *why = QStringLiteral("resource %1 unavailable in ClusterQueue").arg(resource);
                return false;
            }
            const Quota own = q.quota[flavor][resource];
            const qint64 used = q.used.value(flavor).value(resource);
            qint64 maximum = own.nominal;
            qint64 available = own.nominal - used;
            if (!q.cohort.isEmpty()) {
                // The cohort lends what its members do not use of their lendable quota.
                qint64 pool = 0, poolUsed = 0;
                for (const QueueModel &o : std::as_const(queues)) {
                    if (o.cohort != q.cohort || !o.quota.value(flavor).contains(resource))
                        continue;
                    const Quota oq = o.quota[flavor][resource];
                    pool += oq.lendable();
                    poolUsed += std::max<qint64>(0, o.used.value(flavor).value(resource) -
                                                        (oq.nominal - oq.lendable()));
                }
                const qint64 guaranteed = own.nominal - own.lendable();
                const qint64 fromPool = pool - poolUsed;
                available = std::max<qint64>(0, guaranteed - used) + fromPool;
                qint64 borrowable = pool - own.lendable();
                if (own.borrowingLimit >= 0)
                    borrowable = std::min(borrowable, own.borrowingLimit);
                maximum = own.nominal + borrowable;
                if (own.borrowingLimit >= 0)
                    available = std::min(available, own.nominal + own.borrowingLimit - used);
            }
            if (want > maximum) {
                *why = QStringLiteral("insufficient quota for %1 in flavor %2, request > maximum "
                                      "capacity (%3 > %4)")
                           .arg(resource, flavor, quantityText(resource, want),
                                quantityText(resource, maximum));
                return false;
            }
            if (want > available) {
                *why =
                    QStringLiteral("insufficient unused quota for %1 in flavor %2, %3 more needed")
                        .arg(resource, flavor, quantityText(resource, want - available));
                return false;
            }
        }
        return true;
    };

    auto evict = [&](WorkloadModel &victim, const WorkloadModel &by, const QString &reason,
                     const QString &why) {
        const QString message =
            QStringLiteral("Preempted to accommodate a workload (UID: %1) due to %2")
                .arg(uidOf(*by.workload), why);
        setCondition(*victim.workload, QStringLiteral("Evicted"), true, QStringLiteral("Preempted"),
                     message);
        setCondition(*victim.workload, QStringLiteral("Preempted"), true, reason, message);
        setCondition(*victim.workload, QStringLiteral("Admitted"), false,
                     QStringLiteral("NoReservation"),
                     QStringLiteral("The workload has no reservation"));
        api_.recordEvent(*victim.workload, QStringLiteral("Normal"), QStringLiteral("Preempted"),
                         message, QStringLiteral("kueue-admission"));
        api_.recordEvent(*victim.job, QStringLiteral("Normal"), QStringLiteral("Stopped"), message,
                         QStringLiteral("batch/job-kueue-controller"));
        // Its quota stays reserved until the Job's pods have stopped.
        suspendJob(*victim.job, true);
        victim.admitted = false;
        victim.evicting = true;
    };

    // 4. Admission. As Kueue's scheduler orders a cycle: workloads that fit in their own
    // queue's nominal quota before those that would borrow, then priority, then arrival.
    auto clusterQueueOf = [&](const WorkloadModel &w) {
        const Value *lq = api_.find(QStringLiteral("LocalQueue"), namespaceOf(*w.workload),
                                    at(*w.workload, {"spec", "queueName"}).toString());
        return lq ? at(*lq, {"spec", "clusterQueue"}).toString() : QString();
    };
    auto borrows = [&](const WorkloadModel &w) {
        const QString cq = clusterQueueOf(w);
        if (!queues.contains(cq) || queues[cq].flavors.isEmpty())
            return false;
        const QueueModel &q = queues[cq];
        const QString flavor = q.flavors.first();
        for (auto it = w.request.constBegin(); it != w.request.constEnd(); ++it)
            if (q.used.value(flavor).value(it.key()) + it.value() >
                q.quota.value(flavor).value(it.key()).nominal)
                return true;
        return false;
    };
    QList<WorkloadModel *> pending;
    for (WorkloadModel &w : workloads)
        if (!w.admitted && !w.evicting && !finished(w))
            pending << &w;
    QHash<const WorkloadModel *, bool> borrowing;
    for (const WorkloadModel *w : std::as_const(pending))
        borrowing.insert(w, borrows(*w));
    std::stable_sort(pending.begin(), pending.end(),
                     [&](const WorkloadModel *a, const WorkloadModel *b) {
                         return !borrowing.value(a) && borrowing.value(b);
                     });
    for (WorkloadModel *pendingWorkload : std::as_const(pending)) {
        WorkloadModel &w = *pendingWorkload;
        const QString lqName = at(*w.workload, {"spec", "queueName"}).toString();
        const Value *lq = api_.find(QStringLiteral("LocalQueue"), namespaceOf(*w.workload), lqName);
        if (!lq) {
            setCondition(*w.workload, QStringLiteral("QuotaReserved"), false,
                         QStringLiteral("Inadmissible"),
                         QStringLiteral("LocalQueue %1 doesn't exist").arg(lqName));
            continue;
        }
        const QString cqName = at(*lq, {"spec", "clusterQueue"}).toString();
        if (!queues.contains(cqName)) {
            setCondition(*w.workload, QStringLiteral("QuotaReserved"), false,
                         QStringLiteral("Inadmissible"),
                         QStringLiteral("ClusterQueue %1 doesn't exist").arg(cqName));
            continue;
        }
        QueueModel &q = queues[cqName];
        QString why;
        QString chosen;
        for (const QString &flavor : std::as_const(q.flavors)) {
            if (fits(q, flavor, w.request, &why)) {
                chosen = flavor;
                break;
            }
        }
        // Workloads already being evicted will free quota: wait for them before evicting more.
        int waitingFor = 0;
        if (chosen.isEmpty() && !q.flavors.isEmpty()) {
            const QMap<QString, QueueModel> before = queues;
            for (const WorkloadModel &o : std::as_const(workloads)) {
                if (!o.evicting || !queues.contains(o.queue) ||
                    (o.queue != cqName &&
                     (q.cohort.isEmpty() || queues[o.queue].cohort != q.cohort)))
                    continue;
                for (auto it = o.request.constBegin(); it != o.request.constEnd(); ++it)
                    queues[o.queue].used[o.flavor][it.key()] -= it.value();
                ++waitingFor;
            }
            QString ignored;
            const bool afterEvictions =
                waitingFor > 0 && fits(q, q.flavors.first(), w.request, &ignored);
            queues = before;
            if (afterEvictions) {
                setCondition(
                    *w.workload, QStringLiteral("QuotaReserved"), false, QStringLiteral("Pending"),
                    QStringLiteral("Pending the preemption of %1 workload(s)").arg(waitingFor));
                if (q.strictFifo)
                    break;
                continue;
            }
        }
        if (chosen.isEmpty() && !q.flavors.isEmpty()) {
            // Preemption: first take back what others borrowed from this queue's nominal quota,
            // then (by priority) from lower workloads of this queue.
            const QString flavor = q.flavors.first();
            QList<WorkloadModel *> candidates;
            bool withinNominal = true;
            for (auto it = w.request.constBegin(); it != w.request.constEnd(); ++it)
                withinNominal =
                    withinNominal && q.used.value(flavor).value(it.key()) + it.value() <=
                                         q.quota.value(flavor).value(it.key()).nominal;
            if (!q.cohort.isEmpty() && withinNominal && !q.reclaim.isEmpty() &&
                q.reclaim != QLatin1String("Never")) {
                for (WorkloadModel &o : workloads) {
                    if (!o.admitted || o.queue == cqName || !queues.contains(o.queue) ||
                        queues[o.queue].cohort != q.cohort)
                        continue;
                    bool borrowing = false;
                    for (auto it = o.request.constBegin(); it != o.request.constEnd(); ++it)
                        borrowing =
                            borrowing ||
                            queues[o.queue].used.value(o.flavor).value(it.key()) >
                                queues[o.queue].quota.value(o.flavor).value(it.key()).nominal;
                    if (borrowing && (q.reclaim == QLatin1String("Any") || o.priority < w.priority))
                        candidates << &o;
                }
            }
            const bool reclaiming = !candidates.isEmpty();
            if (!reclaiming && q.withinQueue != QLatin1String("Never") &&
                !q.withinQueue.isEmpty()) {
                for (WorkloadModel &o : workloads)
                    if (o.admitted && o.queue == cqName && o.priority < w.priority)
                        candidates << &o;
            }
            // The newest admitted, lowest priority first: they lose the least work.
            std::sort(candidates.begin(), candidates.end(),
                      [](const WorkloadModel *a, const WorkloadModel *b) {
                          if (a->priority != b->priority)
                              return a->priority < b->priority;
                          return a->createdAt > b->createdAt;
                      });
            QList<WorkloadModel *> victims;
            QMap<QString, QueueModel> saved;
            for (auto it = queues.constBegin(); it != queues.constEnd(); ++it)
                saved.insert(it.key(), it.value());
            QString ignored;
            for (WorkloadModel *o : std::as_const(candidates)) {
                for (auto it = o->request.constBegin(); it != o->request.constEnd(); ++it)
                    queues[o->queue].used[o->flavor][it.key()] -= it.value();
                victims << o;
                if (fits(q, flavor, w.request, &ignored))
                    break;
            }
            const bool enough = !victims.isEmpty() && fits(q, flavor, w.request, &ignored);
            for (auto it = saved.constBegin(); it != saved.constEnd(); ++it)
                queues[it.key()].used = it.value().used;
            if (enough) {
                for (WorkloadModel *o : std::as_const(victims))
                    evict(*o, w,
                          reclaiming ? QStringLiteral("InCohortReclamation")
                                     : QStringLiteral("InClusterQueue"),
                          reclaiming ? QStringLiteral("reclamation within the cohort")
                                     : QStringLiteral("prioritization in the ClusterQueue"));
                if (fits(q, flavor, w.request, &why))
                    chosen = flavor;
            }
        }
        if (chosen.isEmpty()) {
            const QString message =
                QStringLiteral("couldn't assign flavors to pod set main: %1").arg(why);
            if (setCondition(*w.workload, QStringLiteral("QuotaReserved"), false,
                             QStringLiteral("Pending"), message))
                api_.recordEvent(*w.workload, QStringLiteral("Warning"), QStringLiteral("Pending"),
                                 message, QStringLiteral("kueue-admission"));
            if (q.strictFifo)
                break;
            continue;
        }
        // Admit: reserve the quota and let the Job run.
        w.admitted = true;
        w.queue = cqName;
        w.flavor = chosen;
        for (auto it = w.request.constBegin(); it != w.request.constEnd(); ++it)
            q.used[chosen][it.key()] += it.value();
        Value admission = Value::map();
        admission.set(QStringLiteral("clusterQueue"), Value::string(cqName));
        Value assignment = Value::map();
        assignment.set(QStringLiteral("name"), Value::string(QStringLiteral("main")));
        assignment.set(
            QStringLiteral("count"),
            at(*w.workload, {"spec", "podSets"}).items().value(0)[QStringLiteral("count")]);
        Value flavors = Value::map();
        Value usage = Value::map();
        for (auto it = w.request.constBegin(); it != w.request.constEnd(); ++it) {
            flavors.set(it.key(), Value::string(chosen));
            usage.set(it.key(), Value::string(quantityText(it.key(), it.value())));
        }
        assignment.set(QStringLiteral("flavors"), flavors);
        assignment.set(QStringLiteral("resourceUsage"), usage);
        Value assignments = Value::list();
        assignments.append(assignment);
        admission.set(QStringLiteral("podSetAssignments"), assignments);
        childAt(*w.workload, {"status"}).set(QStringLiteral("admission"), admission);
        const qint64 waited = now - w.createdAt;
        setCondition(*w.workload, QStringLiteral("QuotaReserved"), true,
                     QStringLiteral("QuotaReserved"),
                     QStringLiteral("Quota reserved in ClusterQueue %1").arg(cqName));
        setCondition(*w.workload, QStringLiteral("Admitted"), true, QStringLiteral("Admitted"),
                     QStringLiteral("The workload is admitted"));
        childAt(*w.workload, {"status"}).remove(QStringLiteral("requeueState"));
        api_.recordEvent(
            *w.workload, QStringLiteral("Normal"), QStringLiteral("QuotaReserved"),
            QStringLiteral("Quota reserved in ClusterQueue %1, wait time since queued was %2s")
                .arg(cqName)
                .arg(waited),
            QStringLiteral("kueue-admission"));
        api_.recordEvent(
            *w.workload, QStringLiteral("Normal"), QStringLiteral("Admitted"),
            QStringLiteral("Admitted by ClusterQueue %1, wait time since reservation was 0s")
                .arg(cqName),
            QStringLiteral("kueue-admission"));
        api_.recordEvent(*w.job, QStringLiteral("Normal"), QStringLiteral("Started"),
                         QStringLiteral("Admitted by clusterQueue %1").arg(cqName),
                         QStringLiteral("batch/job-kueue-controller"));
        suspendJob(*w.job, false);
    }

    // 5. Queue statuses, for kubectl get clusterqueues / localqueues.
    for (QueueModel &q : queues) {
        int pending = 0, admitted = 0;
        for (const WorkloadModel &w : std::as_const(workloads)) {
            if (finished(w))
                continue;
            const Value *lq = api_.find(QStringLiteral("LocalQueue"), namespaceOf(*w.workload),
                                        at(*w.workload, {"spec", "queueName"}).toString());
            const QString cq = lq ? at(*lq, {"spec", "clusterQueue"}).toString() : QString();
            if (cq != q.name)
                continue;
            if (w.admitted)
                ++admitted;
            else
                ++pending;
        }
        Value &status = childAt(*q.object, {"status"});
        const Value p = Value::integer(pending), a = Value::integer(admitted);
        if (status[QStringLiteral("pendingWorkloads")] != p ||
            status[QStringLiteral("admittedWorkloads")] != a) {
            status.set(QStringLiteral("pendingWorkloads"), p);
            status.set(QStringLiteral("reservingWorkloads"), a);
            status.set(QStringLiteral("admittedWorkloads"), a);
            changed_ = true;
        }
    }
    for (Value *lq : api_.list(QStringLiteral("LocalQueue"))) {
        int pending = 0, admitted = 0;
        for (const WorkloadModel &w : std::as_const(workloads)) {
            if (finished(w) || namespaceOf(*w.workload) != namespaceOf(*lq) ||
                at(*w.workload, {"spec", "queueName"}).toString() != nameOf(*lq))
                continue;
            if (w.admitted)
                ++admitted;
            else
                ++pending;
        }
        Value &status = childAt(*lq, {"status"});
        const Value p = Value::integer(pending), a = Value::integer(admitted);
        if (status[QStringLiteral("pendingWorkloads")] != p ||
            status[QStringLiteral("admittedWorkloads")] != a) {
            status.set(QStringLiteral("pendingWorkloads"), p);
            status.set(QStringLiteral("reservingWorkloads"), a);
            status.set(QStringLiteral("admittedWorkloads"), a);
            changed_ = true;
        }
    }
}

} // namespace schedlab::kube
