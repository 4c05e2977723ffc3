// The Kubernetes half's coordinator: what apply and delete do to the store, and the loop
// that lets the controllers and the kubelet act at each virtual instant.
#include "kubecluster.h"

#include "manifest.h"
#include "printers.h"
#include "yamlreader.h"

#include <QCryptographicHash>
#include <QDir>

#include <climits>

namespace schedlab::kube {

namespace {

const QString kLastApplied = QStringLiteral("kubectl.kubernetes.io/last-applied-configuration");

// JSON on one line, as kubectl stores the last applied configuration.
QString compactJson(const Value &v)
{
    QString text = toJson(v);
    QString out;
    bool inString = false, escaped = false;
    for (QChar c : text) {
        if (inString) {
            out += c;
            if (escaped)
                escaped = false;
            else if (c == u'\\')
                escaped = true;
            else if (c == u'"')
                inString = false;
            continue;
        }
        if (c == u'"') {
            inString = true;
            out += c;
        } else if (c != u'\n' && c != u' ') {
            out += c;
        }
    }
    return out + u'\n';
}

// The three-way merge of kubectl apply, for maps: what the file says wins, what the last
// applied configuration had and the file dropped goes, everything else stays as it is.
Value mergeApplied(const Value &live, const Value &config, const Value &lastApplied)
{
    if (!live.isMap() || !config.isMap())
        return config;
    Value merged = live;
    for (const auto &[key, value] : config.entries()) {
        const Value *current = live.find(key);
        const Value *last = lastApplied.isMap() ? lastApplied.find(key) : nullptr;
        merged.set(key, current ? mergeApplied(*current, value, last ? *last : Value()) : value);
    }
    if (lastApplied.isMap())
        for (const auto &[key, value] : lastApplied.entries())
            if (!config.contains(key))
                merged.remove(key);
    return merged;
}

} // namespace

KubeCluster::KubeCluster(KubeOptions options)
    : options_(std::move(options))
    , api_(options_.seed)
{
    api_.setNow(options_.startEpoch);
    for (const QString &ns : {QStringLiteral("default"), QStringLiteral("kube-system"),
                              QStringLiteral("kube-public"), QStringLiteral("kube-node-lease")}) {
        Value object = Value::map();
        object.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("v1")));
        object.set(QStringLiteral("kind"), Value::string(QStringLiteral("Namespace")));
        Value meta = Value::map();
        meta.set(QStringLiteral("name"), Value::string(ns));
        object.set(QStringLiteral("metadata"), meta);
        Value &stored = api_.insert(*kindForResource(QStringLiteral("namespaces")), object);
        childAt(stored, {"status"})
            .set(QStringLiteral("phase"), Value::string(QStringLiteral("Active")));
    }
    // The two classes every cluster has.
    for (const auto &[name, value] :
         {qMakePair(QStringLiteral("system-cluster-critical"), 2000000000),
          qMakePair(QStringLiteral("system-node-critical"), 2000001000)}) {
        Value object = Value::map();
        object.set(QStringLiteral("apiVersion"),
                   Value::string(QStringLiteral("scheduling.k8s.io/v1")));
        object.set(QStringLiteral("kind"), Value::string(QStringLiteral("PriorityClass")));
        Value meta = Value::map();
        meta.set(QStringLiteral("name"), Value::string(name));
        // A uid of its own, not drawn from the seeded generator: adding built-in objects must
        // not change the names a scenario's pods get.
        const QString digest = QString::fromLatin1(
            QCryptographicHash::hash(name.toUtf8(), QCryptographicHash::Md5).toHex());
        meta.set(QStringLiteral("uid"),
                 Value::string(QStringLiteral("%1-%2-%3-%4-%5")
                                   .arg(digest.left(8), digest.mid(8, 4), digest.mid(12, 4),
                                        digest.mid(16, 4), digest.mid(20, 12))));
        object.set(QStringLiteral("metadata"), meta);
        object.set(QStringLiteral("value"), Value::integer(value));
        object.set(QStringLiteral("description"),
                   Value::string(QStringLiteral("Used for system critical pods that must not be "
                                                "moved from their current node.")));
        object.set(QStringLiteral("preemptionPolicy"),
                   Value::string(QStringLiteral("PreemptLowerPriority")));
        api_.insert(*kindForResource(QStringLiteral("priorityclasses")), object);
    }
    for (const KubeNode &node : options_.nodes) {
        Value object = Value::map();
        object.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("v1")));
        object.set(QStringLiteral("kind"), Value::string(QStringLiteral("Node")));
        Value meta = Value::map();
        meta.set(QStringLiteral("name"), Value::string(node.name));
        Value labels = Value::map();
        labels.set(QStringLiteral("kubernetes.io/hostname"), Value::string(node.name));
        labels.set(QStringLiteral("kubernetes.io/os"), Value::string(QStringLiteral("linux")));
        meta.set(QStringLiteral("labels"), labels);
        object.set(QStringLiteral("metadata"), meta);
        Value &stored = api_.insert(*kindForResource(QStringLiteral("nodes")), object);
        Value &capacity = childAt(stored, {"status", "capacity"});
        capacity.set(QStringLiteral("cpu"), Value::string(QString::number(node.cpuMillis / 1000)));
        capacity.set(QStringLiteral("memory"),
                     Value::string(QStringLiteral("%1Ki").arg(node.memoryBytes / 1024)));
        capacity.set(QStringLiteral("pods"), Value::string(QString::number(node.maxPods)));
        childAt(stored, {"status", "nodeInfo"})
            .set(QStringLiteral("kubeletVersion"), Value::string(QStringLiteral("v1.31.0")));
    }
}

void KubeCluster::wakeAt(qint64 t)
{
    if (t > api_.now())
        wakes_.insert(t);
}

qint64 KubeCluster::nextEventTime() const
{
    auto it = wakes_.upper_bound(api_.now());
    return it == wakes_.end() ? LLONG_MAX : *it;
}

void KubeCluster::advanceTo(qint64 t)
{
    while (true) {
        const qint64 next = nextEventTime();
        if (next > t)
            break;
        api_.setNow(next);
        wakes_.erase(wakes_.begin(), wakes_.upper_bound(next));
        reconcile();
    }
    if (t > api_.now())
        api_.setNow(t);
}

void KubeCluster::reconcile()
{
    // Controllers react to each other's changes within the instant (a Job creates a pod,
    // the scheduler places it...): run them until nothing moves.
    for (int round = 0; round < 20; ++round) {
        changed_ = false;
        if (options_.kueue)
            syncKueue();
        syncJobs();
        syncDeployments();
        syncReplicaSets();
        syncPods();
        if (!changed_)
            break;
    }
}

Value &KubeCluster::createPod(Value pod)
{
    const KindInfo &podKind = *kindForResource(QStringLiteral("pods"));
    applyDefaults(podKind, pod);
    Value &stored = api_.insert(podKind, pod);
    adoptPod(stored);
    changed_ = true;
    return stored;
}

KubeCluster::PodRuntime &KubeCluster::adoptPod(Value &stored)
{
    PodRuntime rt;
    rt.object = &stored;
    rt.uid = uidOf(stored);
    rt.ns = namespaceOf(stored);
    rt.name = nameOf(stored);
    rt.createdAt = api_.now();
    rt.sequence = ++podSequence_;
    const QList<Value> owners = at(stored, {"metadata", "ownerReferences"}).items();
    if (!owners.isEmpty()) {
        rt.owner = owners.first()[QStringLiteral("uid")].toString();
        ownedPods_[rt.owner].append(rt.uid);
    }
    for (const Value &c : at(stored, {"spec", "containers"}).items()) {
        ContainerRuntimeState cs;
        cs.name = c[QStringLiteral("name")].toString();
        rt.containers << cs;
    }
    childAt(stored, {"status"})
        .set(QStringLiteral("phase"), Value::string(QStringLiteral("Pending")));
    childAt(stored, {"status"})
        .set(QStringLiteral("qosClass"), Value::string(qosClassOf(stored[QStringLiteral("spec")])));
    activePods_.emplace(rt.sequence, rt.uid);
    changed_ = true;
    return *pods_.insert(rt.uid, rt);
}

// Oldest first: controllers and `kubectl logs` want age, not the API's name order.
QList<Value *> KubeCluster::podsOwnedBy(const QString &uid)
{
    QList<Value *> owned;
    for (const QString &podUid : ownedPods_.value(uid)) {
        auto it = pods_.constFind(podUid);
        if (it != pods_.constEnd() && it->object)
            owned << it->object;
    }
    return owned;
}

void KubeCluster::releaseFromNode(PodRuntime &rt)
{
    if (!rt.onNode)
        return;
    NodeLoad &load = nodeLoads_[rt.node];
    load.cpuMillis -= rt.cpuMillis;
    load.memoryBytes -= rt.memoryBytes;
    load.pods -= 1;
    rt.onNode = false;
    ++freeingGeneration_; // pods that did not fit may fit now
    ++loadsVersion_;
}

void KubeCluster::forgetPod(const PodRuntime &rt)
{
    if (!rt.owner.isEmpty()) {
        auto it = ownedPods_.find(rt.owner);
        if (it != ownedPods_.end()) {
            it->removeOne(rt.uid);
            if (it->isEmpty())
                ownedPods_.erase(it);
        }
    }
    activePods_.erase(rt.sequence);
    pods_.remove(rt.uid);
}

void KubeCluster::deleteOwnedPods(const QString &ownerUid, int gracePeriod)
{
    for (Value *pod : podsOwnedBy(ownerUid))
        beginPodDeletion(*pod, gracePeriod);
}

void KubeCluster::containerExited(const QString &key, int rawStatus)
{
    const QString podUid = containerPods_.take(key);
    auto it = pods_.find(podUid);
    if (it == pods_.end())
        return;
    const QString container = key.section(u'/', 1);
    for (ContainerRuntimeState &c : it->containers) {
        if (c.name != container || !c.running)
            continue;
        c.running = false;
        c.exited = true;
        c.exitedAt = api_.now();
        c.rawStatus = rawStatus;
        c.noticed = false;
    }
    // The kubelet's relist notices it at its next sync, a second later.
    wakeAt(api_.now() + 1);
}

bool KubeCluster::hasContainer(const QString &key) const
{
    return containerPods_.contains(key);
}

const PodCells *KubeCluster::cachedPodCells(const QString &podUid) const
{
    auto it = pods_.constFind(podUid);
    return it != pods_.constEnd() && it->hasCells ? &it->cells : nullptr;
}

QList<ContainerRun> KubeCluster::runsOf(const QString &podUid, const QString &container) const
{
    auto it = pods_.constFind(podUid);
    if (it == pods_.constEnd())
        return {};
    for (const ContainerRuntimeState &c : it->containers)
        if (c.name == container)
            return c.runs;
    return {};
}

KubeCluster::Answer KubeCluster::apply(const KindInfo &kind, Value object, bool createOnly,
                                       const QString &source)
{
    Answer answer;
    auto fail = [&](const QString &text) {
        answer.ok = false;
        answer.error = text;
        return answer;
    };
    Value &meta = object.child(QStringLiteral("metadata"));
    if (kind.namespaced && meta[QStringLiteral("namespace")].toString().isEmpty())
        meta.set(QStringLiteral("namespace"), Value::string(QStringLiteral("default")));
    const QString ns = kind.namespaced ? meta[QStringLiteral("namespace")].toString() : QString();
    const QString name = meta[QStringLiteral("name")].toString();
    // kubectl names the request that failed; for a new object (the errors below) a create.
    const QString verb = QStringLiteral("creating");

    if (const QString strict = strictDecodingError(kind, object); !strict.isEmpty())
        return fail(QStringLiteral("Error from server (BadRequest): error when %1 \"%2\": %3 in "
                                   "version \"%4\" cannot be handled as a %3: %5")
                        .arg(verb, source, kind.kind, kind.version, strict));
    if (name.isEmpty()) {
        if (createOnly)
            return fail(
                formatInvalid(kind.kind, QString(),
                              {FieldError{FieldError::Kind::Required,
                                          QStringLiteral("metadata.name"),
                                          QString(),
                                          QStringLiteral("name or generateName is required"),
                                          {}}}));
        return fail(
            QStringLiteral("error: error when retrieving current configuration of:\n"
                           "Resource: \"%1, Resource=%2\", GroupVersionKind: \"%1, Kind=%3\"\n"
                           "Name: \"\", Namespace: \"%4\"\nfrom server for: \"%5\": "
                           "resource name may not be empty")
                .arg(kind.apiVersion(), kind.resource, kind.kind, ns, source));
    }
    if (kind.namespaced &&
        !api_.find(*kindForResource(QStringLiteral("namespaces")), QString(), ns))
        return fail(QStringLiteral("Error from server (NotFound): error when %1 \"%2\": "
                                   "namespaces \"%3\" not found")
                        .arg(verb, source, ns));

    Value *live = api_.find(kind, ns, name);
    if (live && createOnly)
        return fail(QStringLiteral("Error from server (AlreadyExists): error when creating "
                                   "\"%1\": %2 \"%3\" already exists")
                        .arg(source, kind.qualifiedResource(), name));

    const Value config = object; // what the file says, for the annotation
    if (!live) {
        applyDefaults(kind, object);
        if (kind.kind == QLatin1String("PriorityClass") &&
            !object.contains(QStringLiteral("preemptionPolicy")))
            object.set(QStringLiteral("preemptionPolicy"),
                       Value::string(QStringLiteral("PreemptLowerPriority")));
        const QString uid = api_.newUid();
        object.child(QStringLiteral("metadata")).set(QStringLiteral("uid"), Value::string(uid));
        if (kind.kind == QLatin1String("Job")) {
            prepareJobForCreate(object, uid);
            // Kueue's webhook suspends a Job that names a queue, before validation.
            if (options_.kueue &&
                !at(object, {"metadata", "labels", "kueue.x-k8s.io/queue-name"}).isNull())
                childAt(object, {"spec"}).set(QStringLiteral("suspend"), Value::boolean(true));
        }
        const QList<FieldError> errors = validateCreate(kind, object);
        if (!errors.isEmpty())
            return fail(formatInvalid(kind.kind, name, errors));
        answer.warnings = warningsOnCreate(kind, object);
        if (!createOnly)
            childAt(object, {"metadata", "annotations"})
                .set(kLastApplied, Value::string(compactJson(config)));
        api_.insert(kind, object);
        if (kind.kind == QLatin1String("Pod"))
            podsToAdopt_ = true;
        answer.operation = QStringLiteral("created");
        changed_ = true;
        return answer;
    }

    const Value *lastText = at(*live, {"metadata", "annotations"}).find(kLastApplied);
    Value lastApplied;
    if (lastText) {
        const YamlReadResult read = readYamlDocuments(lastText->toString().toUtf8());
        if (read.ok() && !read.documents.isEmpty())
            lastApplied = read.documents.first().root;
    } else {
        answer.warnings << QStringLiteral(
                               "Warning: resource %1/%2 is missing the "
                               "kubectl.kubernetes.io/last-applied-configuration annotation "
                               "which is required by kubectl apply. kubectl apply should only be "
                               "used on resources created declaratively by either kubectl create "
                               "--save-config or kubectl apply. The missing annotation will be "
                               "patched automatically.")
                               .arg(kind.resource, name);
    }
    Value updated = mergeApplied(*live, config, lastApplied);
    childAt(updated, {"metadata", "annotations"})
        .set(kLastApplied, Value::string(compactJson(config)));
    applyDefaults(kind, updated);
    if (updated == *live) {
        answer.operation = QStringLiteral("unchanged");
        return answer;
    }
    const QList<FieldError> errors = validateUpdate(kind, *live, updated);
    if (!errors.isEmpty())
        return fail(formatInvalid(kind.kind, name, errors));
    const bool specChanged = at(updated, {"spec"}) != at(*live, {"spec"});
    if (specChanged) {
        Value &generation = childAt(updated, {"metadata"});
        generation.set(QStringLiteral("generation"),
                       Value::integer(at(*live, {"metadata", "generation"}).toInt() + 1));
    }
    *live = updated;
    api_.touch(*live);
    answer.operation = QStringLiteral("configured");
    changed_ = true;
    return answer;
}

KubeCluster::Answer KubeCluster::remove(const KindInfo &kind, const QString &ns,
                                        const QString &name, std::optional<int> gracePeriod)
{
    Answer answer;
    Value *object = api_.find(kind, ns, name);
    if (!object) {
        answer.ok = false;
        answer.error = QStringLiteral("Error from server (NotFound): %1 \"%2\" not found")
                           .arg(kind.qualifiedResource(), name);
        return answer;
    }
    const QString uid = uidOf(*object);
    if (kind.kind == QLatin1String("Pod")) {
        const int grace = gracePeriod.value_or(
            int(at(*object, {"spec", "terminationGracePeriodSeconds"}).toInt()));
        beginPodDeletion(*object, grace);
    } else {
        // Background propagation: the owner goes at once, the garbage collector deletes what
        // it owned (a Deployment's ReplicaSets, and their pods; a Job's pods).
        QList<QString> owners{uid};
        for (Value *rs : api_.list(QStringLiteral("ReplicaSet"))) {
            for (const Value &ref : at(*rs, {"metadata", "ownerReferences"}).items())
                if (ref[QStringLiteral("uid")].toString() == uid)
                    owners << uidOf(*rs);
        }
        for (const QString &owner : owners) {
            for (Value *pod : podsOwnedBy(owner)) {
                const int grace = gracePeriod.value_or(
                    int(at(*pod, {"spec", "terminationGracePeriodSeconds"}).toInt()));
                beginPodDeletion(*pod, grace);
            }
        }
        for (const QString &owner : owners.mid(1))
            for (Value *rs : api_.list(QStringLiteral("ReplicaSet")))
                if (uidOf(*rs) == owner) {
                    api_.erase(*kindForResource(QStringLiteral("replicasets")), namespaceOf(*rs),
                               nameOf(*rs));
                    break;
                }
        jobs_.remove(uid);
        api_.erase(kind, ns, name);
    }
    changed_ = true;
    return answer;
}

} // namespace schedlab::kube
