// The scheduler and the kubelet: pods placed on nodes, containers run as local processes,
// exits noticed at the next sync, restarts with the CrashLoopBackOff back-off, graceful
// deletion (SIGTERM, then SIGKILL after the grace period).
#include "kubecluster.h"

#include <QDir>
#include <QFile>

#include <csignal>

namespace schedlab::kube {

namespace {

constexpr qint64 kBackoffBase = 10;    // kubelet backOffPeriod
constexpr qint64 kBackoffMax = 300;    // MaxContainerBackOff
constexpr qint64 kBackoffExpiry = 600; // "stable" after twice the maximum

// Exit code as the container runtime reports it: 128 + signal for a killed process.
int exitCodeOf(int raw)
{
    if (WIFEXITED(raw))
        return WEXITSTATUS(raw);
    if (WIFSIGNALED(raw))
        return 128 + WTERMSIG(raw);
    return 1;
}

qint64 cpuMillisOf(const Value &quantity)
{
    if (quantity.isNumber())
        return qint64(quantity.toDouble() * 1000);
    QString text = quantity.toString();
    if (text.endsWith(u'm'))
        return text.chopped(1).toLongLong();
    return qint64(text.toDouble() * 1000);
}

qint64 bytesOf(const Value &quantity)
{
    if (quantity.isNumber())
        return qint64(quantity.toDouble());
    const QString text = quantity.toString();
    static const QList<QPair<QString, qint64>> suffixes{
        {QStringLiteral("Ki"), 1LL << 10}, {QStringLiteral("Mi"), 1LL << 20},
        {QStringLiteral("Gi"), 1LL << 30}, {QStringLiteral("Ti"), 1LL << 40},
        {QStringLiteral("k"), 1000},       {QStringLiteral("M"), 1000000},
        {QStringLiteral("G"), 1000000000}, {QStringLiteral("T"), 1000000000000LL}};
    for (const auto &[suffix, factor] : suffixes)
        if (text.endsWith(suffix))
            return qint64(text.chopped(suffix.size()).toDouble() * double(factor));
    return qint64(text.toDouble());
}

struct Requests
{
    qint64 cpuMillis = 0;
    qint64 memoryBytes = 0;
};

Requests requestsOf(const Value &pod)
{
    Requests r;
    for (const Value &c : at(pod, {"spec", "containers"}).items()) {
        const Value &req = at(c, {"resources", "requests"});
        if (const Value *cpu = req.find(QStringLiteral("cpu")))
            r.cpuMillis += cpuMillisOf(*cpu);
        if (const Value *mem = req.find(QStringLiteral("memory")))
            r.memoryBytes += bytesOf(*mem);
    }
    return r;
}

// A container state's `terminated` block.
Value terminatedState(int exitCode, qint64 startedAt, qint64 finishedAt)
{
    Value terminated = Value::map();
    terminated.set(QStringLiteral("exitCode"), Value::integer(exitCode));
    terminated.set(
        QStringLiteral("reason"),
        Value::string(exitCode == 0 ? QStringLiteral("Completed") : QStringLiteral("Error")));
    terminated.set(QStringLiteral("startedAt"), Value::string(rfc3339(startedAt)));
    terminated.set(QStringLiteral("finishedAt"), Value::string(rfc3339(finishedAt)));
    return terminated;
}

} // namespace

// Kubernetes' quality-of-service class: Guaranteed when every container limits CPU and memory
// and requests exactly that (a request left out takes the limit's value), BestEffort when no
// container requests or limits either, Burstable in between.
QString qosClassOf(const Value &podSpec)
{
    bool anySet = false, guaranteed = true;
    for (const Value &c : podSpec[QStringLiteral("containers")].items()) {
        const Value &requests = at(c, {"resources", "requests"});
        const Value &limits = at(c, {"resources", "limits"});
        for (const char *name : {"cpu", "memory"}) {
            const Value *request = requests.find(QLatin1String(name));
            const Value *limit = limits.find(QLatin1String(name));
            anySet = anySet || request || limit;
            // Compared as amounts: "1" and "1000m" CPU are the same request.
            const auto amount = [name](const Value &v) {
                return qstrcmp(name, "cpu") == 0 ? cpuMillisOf(v) : bytesOf(v);
            };
            if (!limit || (request && amount(*request) != amount(*limit)))
                guaranteed = false;
        }
    }
    if (!anySet)
        return QStringLiteral("BestEffort");
    return guaranteed ? QStringLiteral("Guaranteed") : QStringLiteral("Burstable");
}

QString KubeCluster::podDir(const PodRuntime &rt) const
{
    return QStringLiteral("%1/pods/%2_%3_%4").arg(options_.stateDir, rt.ns, rt.name, rt.uid);
}

void KubeCluster::syncPods()
{
    if (podsToAdopt_) {
        podsToAdopt_ = false;
        for (Value *pod : api_.list(QStringLiteral("Pod")))
            if (!pods_.contains(uidOf(*pod)))
                adoptPod(*pod);
    }
    // In creation order, so that the scheduler places pods first come, first served. A copy:
    // syncing a pod may end its work or remove it.
    const std::vector<std::pair<qint64, QString>> work(activePods_.begin(), activePods_.end());
    for (const auto &[sequence, uid] : work) {
        auto it = pods_.find(uid); // a sync may remove pods (and move the hash's entries)
        if (it == pods_.end() || !it->object)
            continue;
        syncPod(*it->object, *it);
    }
}

bool KubeCluster::schedulePod(Value &pod, PodRuntime &rt)
{
    if (rt.triedAt == freeingGeneration_)
        return false; // nothing was freed since it last failed: same answer
    const Requests wanted = requestsOf(pod);
    rt.cpuMillis = wanted.cpuMillis;
    rt.memoryBytes = wanted.memoryBytes;
    for (const KubeNode &node : options_.nodes) {
        const NodeLoad u = nodeLoads_.value(node.name);
        if (u.cpuMillis + wanted.cpuMillis <= node.cpuMillis &&
            u.memoryBytes + wanted.memoryBytes <= node.memoryBytes && u.pods < node.maxPods) {
            bindPod(pod, rt, int(&node - options_.nodes.constData()));
            return true;
        }
    }
    markUnschedulable(pod, rt, unschedulableMessage(wanted.cpuMillis, wanted.memoryBytes));
    return false;
}

void KubeCluster::bindPod(Value &pod, PodRuntime &rt, int nodeIndex)
{
    const KubeNode &node = options_.nodes[nodeIndex];
    rt.scheduled = true;
    rt.node = node.name;
    rt.onNode = true;
    rt.statusDirty = true;
    NodeLoad &load = nodeLoads_[node.name];
    load.cpuMillis += rt.cpuMillis;
    load.memoryBytes += rt.memoryBytes;
    load.pods += 1;
    ++loadsVersion_;
    // Each node hands out addresses from its own /24, as a CNI plugin does.
    const int address = 2 + nextPodAddress_[node.name]++ % 250;
    rt.ip = QStringLiteral("10.244.%1.%2").arg(nodeIndex).arg(address);
    childAt(pod, {"spec"}).set(QStringLiteral("nodeName"), Value::string(node.name));
    api_.recordEvent(
        pod, QStringLiteral("Normal"), QStringLiteral("Scheduled"),
        QStringLiteral("Successfully assigned %1/%2 to %3").arg(rt.ns, rt.name, node.name),
        QStringLiteral("default-scheduler"));
    wakeAt(api_.now() + 1); // the kubelet starts the containers
}

// The scheduler's summary of why no node fits. Loads only change when a pod is bound or
// released, so every pending pod of the same size tried in between gets the same words:
// computed once for all of them.
QString KubeCluster::unschedulableMessage(qint64 cpuMillis, qint64 memoryBytes)
{
    const Requests wanted{cpuMillis, memoryBytes};
    UnschedulableCache &cache = unschedulableCache_;
    if (cache.loadsVersion == loadsVersion_ && cache.cpuMillis == wanted.cpuMillis &&
        cache.memoryBytes == wanted.memoryBytes)
        return cache.message;
    int insufficientCpu = 0, insufficientMemory = 0, tooMany = 0;
    for (const KubeNode &node : options_.nodes) {
        const NodeLoad u = nodeLoads_.value(node.name);
        insufficientCpu += u.cpuMillis + wanted.cpuMillis <= node.cpuMillis ? 0 : 1;
        insufficientMemory += u.memoryBytes + wanted.memoryBytes <= node.memoryBytes ? 0 : 1;
        tooMany += u.pods < node.maxPods ? 0 : 1;
    }
    QStringList reasons;
    if (insufficientCpu)
        reasons << QStringLiteral("%1 Insufficient cpu").arg(insufficientCpu);
    if (insufficientMemory)
        reasons << QStringLiteral("%1 Insufficient memory").arg(insufficientMemory);
    if (tooMany)
        reasons << QStringLiteral("%1 Too many pods").arg(tooMany);
    const int n = int(options_.nodes.size());
    cache.message = n == 0 ? QStringLiteral("no nodes available to schedule pods")
                           : QStringLiteral("0/%1 nodes are available: %2. preemption: 0/%1 "
                                            "nodes are available: %1 No preemption victims "
                                            "found for incoming pod.")
                                 .arg(n)
                                 .arg(reasons.join(QStringLiteral(", ")));
    cache.loadsVersion = loadsVersion_;
    cache.cpuMillis = wanted.cpuMillis;
    cache.memoryBytes = wanted.memoryBytes;
    return cache.message;
}

void KubeCluster::markUnschedulable(Value &pod, PodRuntime &rt, const QString &message)
{
    rt.triedAt = freeingGeneration_;
    api_.recordEvent(pod, QStringLiteral("Warning"), QStringLiteral("FailedScheduling"), message,
                     QStringLiteral("default-scheduler"));
    if (message == rt.unschedulableMessage)
        return; // the condition already says so
    rt.unschedulableMessage = message;
    rt.statusDirty = true;
    Value condition = Value::map();
    condition.set(QStringLiteral("type"), Value::string(QStringLiteral("PodScheduled")));
    condition.set(QStringLiteral("status"), Value::string(QStringLiteral("False")));
    condition.set(QStringLiteral("reason"), Value::string(QStringLiteral("Unschedulable")));
    condition.set(QStringLiteral("message"), Value::string(message));
    Value conditions = Value::list();
    conditions.append(condition);
    childAt(pod, {"status"}).set(QStringLiteral("conditions"), conditions);
}

void KubeCluster::startContainer(Value &pod, PodRuntime &rt, int index)
{
    ContainerRuntimeState &cs = rt.containers[index];
    const Value &spec = at(pod, {"spec", "containers"}).items().value(index);
    QStringList argv;
    for (const Value &v : spec[QStringLiteral("command")].items())
        argv << v.toString();
    for (const Value &v : spec[QStringLiteral("args")].items())
        argv << v.toString();
    // One folder per pod (its working directory); the logs of each run sit in it, as the
    // kubelet keeps them under /var/log/pods/<ns>_<pod>_<uid>/<container>/<restart>.log. The
    // runtime creates both (until it has, the log reads as empty).
    const QString dir = podDir(rt);
    ContainerRun run;
    run.logPath = QStringLiteral("%1/.%2-%3.log").arg(dir, cs.name).arg(cs.restarts);
    run.startedAt = api_.now();
    cs.runs << run;
    cs.started = true;
    cs.running = true;
    cs.exited = false;
    cs.noticed = false;
    cs.termSent = false;
    cs.backoffReported = false;
    cs.runStartedAt = api_.now();
    rt.statusDirty = true;
    const QString image = spec[QStringLiteral("image")].toString();
    api_.recordEvent(pod, QStringLiteral("Normal"), QStringLiteral("Pulled"),
                     QStringLiteral("Container image \"%1\" already present on machine").arg(image),
                     QStringLiteral("kubelet"));
    api_.recordEvent(pod, QStringLiteral("Normal"), QStringLiteral("Created"),
                     QStringLiteral("Created container %1").arg(cs.name),
                     QStringLiteral("kubelet"));
    api_.recordEvent(pod, QStringLiteral("Normal"), QStringLiteral("Started"),
                     QStringLiteral("Started container %1").arg(cs.name),
                     QStringLiteral("kubelet"));
    const QString key = rt.uid + u'/' + cs.name;
    ContainerLaunch launch;
    launch.key = key;
    launch.argv = argv;
    launch.workDir = dir;
    launch.logPath = run.logPath;
    launch.hostname = rt.name;
    launch.environment << QStringLiteral("HOSTNAME=%1").arg(rt.name)
                       << QStringLiteral("KUBERNETES_SERVICE_HOST=10.96.0.1")
                       << QStringLiteral("KUBERNETES_SERVICE_PORT=443")
                       << QStringLiteral("KUBERNETES_PORT=tcp://10.96.0.1:443");
    for (const Value &env : spec[QStringLiteral("env")].items())
        launch.environment << env[QStringLiteral("name")].toString() + u'=' +
                                  env[QStringLiteral("value")].toString();
    if (argv.isEmpty() || !runtime_ || !runtime_->startContainer(launch)) {
        // Nothing to run (no command: the image's default would start and end) or no
        // runtime: the container ends at once.
        cs.running = false;
        cs.exited = true;
        cs.exitedAt = api_.now();
        cs.rawStatus = argv.isEmpty() || !runtime_ ? 0 : (127 << 8);
        wakeAt(api_.now() + 1);
        return;
    }
    containerPods_.insert(key, rt.uid);
}

void KubeCluster::noticeExit(PodRuntime &rt, int index)
{
    ContainerRuntimeState &cs = rt.containers[index];
    cs.noticed = true;
    cs.noticedAt = api_.now();
    rt.statusDirty = true;
    changed_ = true;
    wakeAt(api_.now() + 1); // the restart decision comes at the next sync
}

void KubeCluster::maybeRestart(Value &pod, PodRuntime &rt, int index)
{
    ContainerRuntimeState &cs = rt.containers[index];
    const QString policy = at(pod, {"spec", "restartPolicy"}).toString();
    const int exitCode = exitCodeOf(cs.rawStatus);
    if (policy == QLatin1String("Never") || (policy == QLatin1String("OnFailure") && exitCode == 0))
        return;
    if (api_.now() < cs.noticedAt + 1)
        return;
    const qint64 now = api_.now();
    const bool expired = cs.backoff > 0 && now - cs.backoffUpdated > kBackoffExpiry;
    if (cs.backoff > 0 && !expired && now - cs.exitedAt < cs.backoff) {
        wakeAt(cs.exitedAt + cs.backoff);
        if (!cs.backoffReported) {
            cs.backoffReported = true;
            rt.statusDirty = true;
            api_.recordEvent(pod, QStringLiteral("Warning"), QStringLiteral("BackOff"),
                             QStringLiteral("Back-off restarting failed container %1 in pod "
                                            "%2_%3(%4)")
                                 .arg(cs.name, rt.name, rt.ns, rt.uid),
                             QStringLiteral("kubelet"));
            changed_ = true;
        }
        return;
    }
    cs.backoff = cs.backoff > 0 && !expired ? std::min(cs.backoff * 2, kBackoffMax) : kBackoffBase;
    cs.backoffUpdated = now;
    cs.hasLast = true;
    cs.lastExitCode = exitCode;
    cs.lastStartedAt = cs.runStartedAt;
    cs.lastFinishedAt = cs.exitedAt;
    cs.restarts += 1;
    startContainer(pod, rt, index);
    changed_ = true;
}

void KubeCluster::beginPodDeletion(Value &pod, int gracePeriod)
{
    auto it = pods_.find(uidOf(pod));
    if (it == pods_.end() || it->deleting)
        return;
    it->deleting = true;
    it->statusDirty = true;
    markOwnerDirty(it->owner);
    activePods_.emplace(it->sequence, it->uid);
    it->killAt = api_.now() + std::max(0, gracePeriod);
    Value &meta = childAt(pod, {"metadata"});
    meta.set(QStringLiteral("deletionTimestamp"), Value::string(rfc3339(it->killAt)));
    meta.set(QStringLiteral("deletionGracePeriodSeconds"), Value::integer(gracePeriod));
    api_.touch(pod);
    changed_ = true;
    wakeAt(it->killAt);
}

// True when the pod is gone.
bool KubeCluster::finishPodDeletion(Value &pod, PodRuntime &rt)
{
    bool anyRunning = false;
    for (ContainerRuntimeState &cs : rt.containers) {
        if (!cs.running)
            continue;
        anyRunning = true;
        const QString key = rt.uid + u'/' + cs.name;
        if (api_.now() >= rt.killAt) {
            if (!rt.killed && runtime_)
                runtime_->signalContainer(key, SIGKILL);
        } else if (!cs.termSent) {
            cs.termSent = true;
            api_.recordEvent(pod, QStringLiteral("Normal"), QStringLiteral("Killing"),
                             QStringLiteral("Stopping container %1").arg(cs.name),
                             QStringLiteral("kubelet"));
            if (runtime_)
                runtime_->signalContainer(key, SIGTERM);
        }
    }
    if (anyRunning && api_.now() >= rt.killAt)
        rt.killed = true;
    if (anyRunning)
        return false;
    // Exits are confirmed at the kubelet's next sync, like any other.
    for (const ContainerRuntimeState &cs : rt.containers)
        if (cs.exited && !cs.noticed && api_.now() < cs.exitedAt + 1)
            return false;
    const QString ns = rt.ns, name = rt.name;
    markOwnerDirty(rt.owner);
    releaseFromNode(rt);
    forgetPod(rt); // rt is gone from here on
    api_.erase(*kindForResource(QStringLiteral("pods")), ns, name);
    changed_ = true;
    return true;
}

void KubeCluster::syncPod(Value &pod, PodRuntime &rt)
{
    for (int i = 0; i < rt.containers.size(); ++i) {
        ContainerRuntimeState &cs = rt.containers[i];
        if (cs.exited && !cs.noticed && api_.now() >= cs.exitedAt + 1)
            noticeExit(rt, i);
    }
    if (rt.deleting) {
        if (finishPodDeletion(pod, rt))
            return;
        writePodStatus(pod, rt);
        return;
    }
    if (!rt.scheduled) {
        if (!schedulePod(pod, rt)) {
            writePodStatus(pod, rt);
            return;
        }
        changed_ = true;
    }
    bool anyStarted = false;
    for (const ContainerRuntimeState &cs : rt.containers)
        anyStarted = anyStarted || cs.started;
    if (!anyStarted) {
        if (api_.now() >= rt.createdAt + 1) {
            for (int i = 0; i < rt.containers.size(); ++i)
                startContainer(pod, rt, i);
            changed_ = true;
        } else {
            wakeAt(rt.createdAt + 1);
        }
    } else {
        for (int i = 0; i < rt.containers.size(); ++i)
            if (rt.containers[i].noticed)
                maybeRestart(pod, rt, i);
    }
    writePodStatus(pod, rt);
}

void KubeCluster::writePodStatus(Value &pod, PodRuntime &rt)
{
    if (!rt.statusDirty)
        return;
    rt.statusDirty = false;
    const QString policy = at(pod, {"spec", "restartPolicy"}).toString();
    Value status = Value::map();
    bool allTerminated = rt.scheduled && !rt.containers.isEmpty();
    bool allSucceeded = true;
    bool anyRunning = false;
    bool allReady = !rt.containers.isEmpty();
    Value statuses = Value::list();
    const QList<Value> specs = at(pod, {"spec", "containers"}).items();
    // No kubelet has seen a pod that is not bound to a node: it has no container statuses
    // yet, and kubectl shows it as Pending rather than ContainerCreating.
    for (int i = 0; rt.scheduled && i < rt.containers.size(); ++i) {
        const ContainerRuntimeState &cs = rt.containers[i];
        Value s = Value::map();
        s.set(QStringLiteral("name"), Value::string(cs.name));
        s.set(QStringLiteral("image"), specs.value(i)[QStringLiteral("image")]);
        s.set(QStringLiteral("restartCount"), Value::integer(cs.restarts));
        Value state = Value::map();
        const bool terminatedNow = cs.exited && cs.noticed;
        const int exitCode = exitCodeOf(cs.rawStatus);
        const bool restartable = policy == QLatin1String("Always") ||
                                 (policy == QLatin1String("OnFailure") && exitCode != 0);
        if (!cs.started) {
            Value waiting = Value::map();
            waiting.set(QStringLiteral("reason"),
                        Value::string(QStringLiteral("ContainerCreating")));
            state.set(QStringLiteral("waiting"), waiting);
            allTerminated = false;
            allReady = false;
        } else if (!terminatedNow) {
            Value running = Value::map();
            running.set(QStringLiteral("startedAt"), Value::string(rfc3339(cs.runStartedAt)));
            state.set(QStringLiteral("running"), running);
            anyRunning = true;
            allTerminated = false;
        } else if (restartable && api_.now() >= cs.noticedAt + 1 && !rt.deleting) {
            // Waiting for its back-off to end.
            Value waiting = Value::map();
            waiting.set(QStringLiteral("reason"),
                        Value::string(QStringLiteral("CrashLoopBackOff")));
            waiting.set(QStringLiteral("message"),
                        Value::string(QStringLiteral("back-off %1s restarting failed "
                                                     "container=%2 pod=%3_%4(%5)")
                                          .arg(cs.backoff)
                                          .arg(cs.name, rt.name, rt.ns, rt.uid)));
            state.set(QStringLiteral("waiting"), waiting);
            allTerminated = false;
            allReady = false;
        } else {
            state.set(QStringLiteral("terminated"),
                      terminatedState(exitCode, cs.runStartedAt, cs.exitedAt));
            allSucceeded = allSucceeded && exitCode == 0;
            allReady = false;
            if (restartable && !rt.deleting)
                allTerminated = false;
        }
        s.set(QStringLiteral("state"), state);
        Value last = Value::map();
        const bool backingOff = state.contains(QStringLiteral("waiting")) && cs.started;
        if (backingOff) {
            // Waiting out its back-off: the run that just ended is the last termination.
            last.set(QStringLiteral("terminated"),
                     terminatedState(exitCode, cs.runStartedAt, cs.exitedAt));
        } else if (cs.hasLast) {
            last.set(QStringLiteral("terminated"),
                     terminatedState(cs.lastExitCode, cs.lastStartedAt, cs.lastFinishedAt));
        }
        s.set(QStringLiteral("lastState"), last);
        const bool ready = cs.started && !terminatedNow;
        s.set(QStringLiteral("ready"), Value::boolean(ready));
        s.set(QStringLiteral("started"), Value::boolean(ready));
        allReady = allReady && ready;
        statuses.append(s);
    }
    QString phase = QStringLiteral("Pending");
    if (allTerminated && (policy == QLatin1String("Never") || allSucceeded))
        phase = allSucceeded ? QStringLiteral("Succeeded") : QStringLiteral("Failed");
    else if (rt.scheduled &&
             (anyRunning || std::any_of(rt.containers.begin(), rt.containers.end(),
                                        [](const ContainerRuntimeState &c) { return c.started; })))
        phase = QStringLiteral("Running");
    status.set(QStringLiteral("phase"), Value::string(phase));
    if ((phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed")) && !rt.deleting) {
        releaseFromNode(rt); // a finished pod no longer holds its requests
        activePods_.erase(rt.sequence);
    }
    Value conditions = Value::list();
    auto condition = [&](const char *type, bool value) {
        Value c = Value::map();
        c.set(QStringLiteral("type"), Value::string(QLatin1String(type)));
        c.set(QStringLiteral("status"),
              Value::string(value ? QStringLiteral("True") : QStringLiteral("False")));
        conditions.append(c);
    };
    if (rt.scheduled) {
        condition("PodReadyToStartContainers", true);
        condition("Initialized", true);
        condition("Ready", allReady);
        condition("ContainersReady", allReady);
        condition("PodScheduled", true);
        status.set(QStringLiteral("conditions"), conditions);
        int nodeIndex = 0;
        for (int n = 0; n < options_.nodes.size(); ++n)
            if (options_.nodes[n].name == rt.node)
                nodeIndex = n;
        status.set(QStringLiteral("hostIP"),
                   Value::string(QStringLiteral("10.0.0.%1").arg(nodeIndex + 1)));
        status.set(QStringLiteral("podIP"), Value::string(rt.ip));
        Value ips = Value::list();
        Value ip = Value::map();
        ip.set(QStringLiteral("ip"), Value::string(rt.ip));
        ips.append(ip);
        status.set(QStringLiteral("podIPs"), ips);
        status.set(QStringLiteral("startTime"), Value::string(rfc3339(rt.createdAt)));
    } else if (const Value *old = at(pod, {"status"}).find(QStringLiteral("conditions"))) {
        status.set(QStringLiteral("conditions"), *old);
    }
    status.set(QStringLiteral("qosClass"), Value::string(qosClassOf(pod[QStringLiteral("spec")])));
    if (!statuses.items().isEmpty())
        status.set(QStringLiteral("containerStatuses"), statuses);
    if (at(pod, {"status"}) != status) {
        pod.set(QStringLiteral("status"), status);
        markOwnerDirty(rt.owner);
        changed_ = true;
    }
    rt.cells = podCells(pod); // deletionTimestamp and status both count
    rt.hasCells = true;
}

} // namespace schedlab::kube
