// The Deployment and ReplicaSet controllers: one ReplicaSet per pod template (named with the
// template's hash), scaled to `replicas`; a Deployment's pods restart forever, since their
// restartPolicy can only be Always.
#include "kubecluster.h"

#include "printers.h"

namespace schedlab::kube {

namespace {

// fnv32a of the template, its decimal digits written in the name alphabet, as
// controller.ComputeHash and rand.SafeEncodeString do.
QString podTemplateHash(const Value &tmpl)
{
    const QByteArray bytes = toJson(tmpl).toUtf8();
    quint32 hash = 2166136261u;
    for (char c : bytes) {
        hash ^= quint8(c);
        hash *= 16777619u;
    }
    static const char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString encoded;
    for (QChar digit : QString::number(hash))
        encoded += QLatin1Char(alphabet[digit.unicode() % 27]);
    return encoded;
}

Value ownerReference(const Value &owner, const char *apiVersion, const char *kind)
{
    Value ref = Value::map();
    ref.set(QStringLiteral("apiVersion"), Value::string(QLatin1String(apiVersion)));
    ref.set(QStringLiteral("blockOwnerDeletion"), Value::boolean(true));
    ref.set(QStringLiteral("controller"), Value::boolean(true));
    ref.set(QStringLiteral("kind"), Value::string(QLatin1String(kind)));
    ref.set(QStringLiteral("name"), Value::string(nameOf(owner)));
    ref.set(QStringLiteral("uid"), Value::string(uidOf(owner)));
    Value refs = Value::list();
    refs.append(ref);
    return refs;
}

bool ownedBy(const Value &object, const QString &uid)
{
    for (const Value &ref : at(object, {"metadata", "ownerReferences"}).items())
        if (ref[QStringLiteral("uid")].toString() == uid)
            return true;
    return false;
}

bool podReady(const Value &pod)
{
    for (const Value &c : at(pod, {"status", "conditions"}).items())
        if (c[QStringLiteral("type")].toString() == QLatin1String("Ready"))
            return c[QStringLiteral("status")].toString() == QLatin1String("True");
    return false;
}

} // namespace

void KubeCluster::syncDeployments()
{
    const QList<Value *> deployments = api_.list(QStringLiteral("Deployment"));
    for (Value *d : deployments)
        syncDeployment(*d);
}

void KubeCluster::syncDeployment(Value &deployment)
{
    const QString uid = uidOf(deployment);
    const QString ns = namespaceOf(deployment);
    const Value &tmpl = at(deployment, {"spec", "template"});
    const QString hash = podTemplateHash(tmpl);
    const QString rsName = nameOf(deployment) + u'-' + hash;
    const qint64 replicas = at(deployment, {"spec", "replicas"}).toInt();
    const KindInfo &rsKind = *kindForResource(QStringLiteral("replicasets"));

    Value *current = api_.find(rsKind, ns, rsName);
    if (!current) {
        Value rs = Value::map();
        rs.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("apps/v1")));
        rs.set(QStringLiteral("kind"), Value::string(QStringLiteral("ReplicaSet")));
        Value meta = Value::map();
        meta.set(QStringLiteral("name"), Value::string(rsName));
        meta.set(QStringLiteral("namespace"), Value::string(ns));
        Value labels = tmpl[QStringLiteral("metadata")][QStringLiteral("labels")];
        if (!labels.isMap())
            labels = Value::map();
        labels.set(QStringLiteral("pod-template-hash"), Value::string(hash));
        meta.set(QStringLiteral("labels"), labels);
        meta.set(QStringLiteral("ownerReferences"),
                 ownerReference(deployment, "apps/v1", "Deployment"));
        rs.set(QStringLiteral("metadata"), meta);
        Value spec = Value::map();
        spec.set(QStringLiteral("replicas"), Value::integer(replicas));
        Value selector = at(deployment, {"spec", "selector"});
        childAt(selector, {"matchLabels"})
            .set(QStringLiteral("pod-template-hash"), Value::string(hash));
        spec.set(QStringLiteral("selector"), selector);
        Value podTemplate = tmpl;
        childAt(podTemplate, {"metadata", "labels"})
            .set(QStringLiteral("pod-template-hash"), Value::string(hash));
        spec.set(QStringLiteral("template"), podTemplate);
        rs.set(QStringLiteral("spec"), spec);
        current = &api_.insert(rsKind, rs);
        api_.recordEvent(
            deployment, QStringLiteral("Normal"), QStringLiteral("ScalingReplicaSet"),
            QStringLiteral("Scaled up replica set %1 from 0 to %2").arg(rsName).arg(replicas),
            QStringLiteral("deployment-controller"));
        changed_ = true;
    } else if (at(*current, {"spec", "replicas"}).toInt() != replicas) {
        const qint64 before = at(*current, {"spec", "replicas"}).toInt();
        childAt(*current, {"spec"}).set(QStringLiteral("replicas"), Value::integer(replicas));
        api_.recordEvent(
            deployment, QStringLiteral("Normal"), QStringLiteral("ScalingReplicaSet"),
            QStringLiteral("Scaled %1 replica set %2 from %3 to %4")
                .arg(replicas > before ? QStringLiteral("up") : QStringLiteral("down"), rsName)
                .arg(before)
                .arg(replicas),
            QStringLiteral("deployment-controller"));
        changed_ = true;
    }
    // Older templates' ReplicaSets go down to zero.
    for (Value *rs : api_.list(rsKind, ns)) {
        if (rs == current || !ownedBy(*rs, uid))
            continue;
        const qint64 before = at(*rs, {"spec", "replicas"}).toInt();
        if (before == 0)
            continue;
        childAt(*rs, {"spec"}).set(QStringLiteral("replicas"), Value::integer(0));
        api_.recordEvent(
            deployment, QStringLiteral("Normal"), QStringLiteral("ScalingReplicaSet"),
            QStringLiteral("Scaled down replica set %1 from %2 to 0").arg(nameOf(*rs)).arg(before),
            QStringLiteral("deployment-controller"));
        changed_ = true;
    }

    int total = 0, updated = 0, ready = 0;
    for (Value *rs : api_.list(rsKind, ns)) {
        if (!ownedBy(*rs, uid))
            continue;
        for (Value *pod : podsOwnedBy(uidOf(*rs))) {
            if (!at(*pod, {"metadata", "deletionTimestamp"}).isNull())
                continue;
            ++total;
            updated += rs == current ? 1 : 0;
            ready += podReady(*pod) ? 1 : 0;
        }
    }
    Value status = Value::map();
    status.set(QStringLiteral("observedGeneration"), at(deployment, {"metadata", "generation"}));
    if (total)
        status.set(QStringLiteral("replicas"), Value::integer(total));
    if (updated)
        status.set(QStringLiteral("updatedReplicas"), Value::integer(updated));
    if (ready) {
        status.set(QStringLiteral("readyReplicas"), Value::integer(ready));
        status.set(QStringLiteral("availableReplicas"), Value::integer(ready));
    }
    if (total - ready > 0)
        status.set(QStringLiteral("unavailableReplicas"), Value::integer(total - ready));
    Value conditions = Value::list();
    Value available = Value::map();
    available.set(QStringLiteral("type"), Value::string(QStringLiteral("Available")));
    const bool minimumAvailable = ready >= replicas - replicas / 4;
    available.set(
        QStringLiteral("status"),
        Value::string(minimumAvailable ? QStringLiteral("True") : QStringLiteral("False")));
    available.set(QStringLiteral("reason"),
                  Value::string(minimumAvailable ? QStringLiteral("MinimumReplicasAvailable")
                                                 : QStringLiteral("MinimumReplicasUnavailable")));
    available.set(
        QStringLiteral("message"),
        Value::string(minimumAvailable
                          ? QStringLiteral("Deployment has minimum availability.")
                          : QStringLiteral("Deployment does not have minimum availability.")));
    conditions.append(available);
    Value progressing = Value::map();
    progressing.set(QStringLiteral("type"), Value::string(QStringLiteral("Progressing")));
    progressing.set(QStringLiteral("status"), Value::string(QStringLiteral("True")));
    progressing.set(QStringLiteral("reason"),
                    Value::string(QStringLiteral("NewReplicaSetAvailable")));
    progressing.set(
        QStringLiteral("message"),
        Value::string(
            QStringLiteral("ReplicaSet \"%1\" has successfully progressed.").arg(rsName)));
    conditions.append(progressing);
    status.set(QStringLiteral("conditions"), conditions);
    if (deployment[QStringLiteral("status")] != status) {
        deployment.set(QStringLiteral("status"), status);
        changed_ = true;
    }
}

void KubeCluster::syncReplicaSets()
{
    const QList<Value *> sets = api_.list(QStringLiteral("ReplicaSet"));
    for (Value *rs : sets)
        syncReplicaSet(*rs);
}

void KubeCluster::syncReplicaSet(Value &replicaSet)
{
    const QString uid = uidOf(replicaSet);
    const qint64 replicas = at(replicaSet, {"spec", "replicas"}).toInt();
    QList<Value *> live;
    for (Value *pod : podsOwnedBy(uid))
        if (at(*pod, {"metadata", "deletionTimestamp"}).isNull())
            live << pod;
    const QString ns = namespaceOf(replicaSet);
    for (qint64 i = live.size(); i < replicas; ++i) {
        Value pod = Value::map();
        pod.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("v1")));
        pod.set(QStringLiteral("kind"), Value::string(QStringLiteral("Pod")));
        const Value &tmpl = at(replicaSet, {"spec", "template"});
        Value meta = tmpl[QStringLiteral("metadata")].isMap() ? tmpl[QStringLiteral("metadata")]
                                                              : Value::map();
        meta.set(QStringLiteral("generateName"), Value::string(nameOf(replicaSet) + u'-'));
        meta.set(QStringLiteral("name"),
                 Value::string(api_.generateName(*kindForResource(QStringLiteral("pods")), ns,
                                                 nameOf(replicaSet) + u'-')));
        meta.set(QStringLiteral("namespace"), Value::string(ns));
        meta.set(QStringLiteral("ownerReferences"),
                 ownerReference(replicaSet, "apps/v1", "ReplicaSet"));
        pod.set(QStringLiteral("metadata"), meta);
        pod.set(QStringLiteral("spec"), tmpl[QStringLiteral("spec")]);
        Value &created = createPod(pod);
        api_.recordEvent(replicaSet, QStringLiteral("Normal"), QStringLiteral("SuccessfulCreate"),
                         QStringLiteral("Created pod: %1").arg(nameOf(created)),
                         QStringLiteral("replicaset-controller"));
    }
    for (qint64 i = live.size() - 1; i >= replicas; --i) {
        api_.recordEvent(replicaSet, QStringLiteral("Normal"), QStringLiteral("SuccessfulDelete"),
                         QStringLiteral("Deleted pod: %1").arg(nameOf(*live[i])),
                         QStringLiteral("replicaset-controller"));
        beginPodDeletion(*live[i],
                         int(at(*live[i], {"spec", "terminationGracePeriodSeconds"}).toInt()));
    }
    int ready = 0;
    for (Value *pod : podsOwnedBy(uid))
        ready += podReady(*pod) ? 1 : 0;
    Value status = Value::map();
    status.set(QStringLiteral("replicas"), Value::integer(std::min<qint64>(live.size(), replicas)));
    status.set(QStringLiteral("fullyLabeledReplicas"),
               Value::integer(std::min<qint64>(live.size(), replicas)));
    if (ready) {
        status.set(QStringLiteral("readyReplicas"), Value::integer(ready));
        status.set(QStringLiteral("availableReplicas"), Value::integer(ready));
    }
    status.set(QStringLiteral("observedGeneration"), at(replicaSet, {"metadata", "generation"}));
    if (replicaSet[QStringLiteral("status")] != status) {
        replicaSet.set(QStringLiteral("status"), status);
        changed_ = true;
    }
}

} // namespace schedlab::kube
