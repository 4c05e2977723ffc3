// The Kubernetes half of the mini-cluster: the API server's store, the controllers (Job,
// Deployment and ReplicaSet, Kueue-lite), the scheduler and the kubelet, in virtual time.
#pragma once

#include "apiserver.h"
#include "kinds.h"
#include "podtable.h"
#include "value.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <climits>
#include <map>
#include <optional>
#include <set>

namespace schedlab::kube {

// What the kubelet asks the engine to run: one container's command as a local process.
struct ContainerLaunch
{
    QString key; // identifies the process in later calls: "<pod uid>/<container>"
    QStringList argv;
    QStringList environment; // "NAME=value", added to the engine's own
    QString workDir;         // the runtime creates it (and its parents) if missing
    QString logPath;         // stdout and stderr, appended in order
    QString hostname;
};

// Guaranteed, Burstable or BestEffort, from the containers' requests and limits.
QString qosClassOf(const Value &podSpec);

class ContainerRuntime
{
public:
    virtual ~ContainerRuntime() = default;
    virtual bool startContainer(const ContainerLaunch &launch) = 0;
    virtual void signalContainer(const QString &key, int signal) = 0;
};

// A node as the scheduler sees it.
struct KubeNode
{
    QString name;
    int cpuMillis = 0;
    qint64 memoryBytes = 0;
    int maxPods = 110;
};

struct KubeOptions
{
    quint32 seed = 1;
    qint64 startEpoch = 0;
    QString stateDir; // pods' working folders and container logs
    QList<KubeNode> nodes;
    bool kueue = false;
};

// One run of a container, for `kubectl logs` (and --previous).
struct ContainerRun
{
    QString logPath;
    qint64 startedAt = 0;
};

class KubeCluster
{
public:
    explicit KubeCluster(KubeOptions options);

    void setRuntime(ContainerRuntime *runtime) { runtime_ = runtime; }
    ApiServer &api() { return api_; }
    const QList<KubeNode> &nodes() const { return options_.nodes; }
    bool kueueEnabled() const { return options_.kueue; }
    qint64 now() const { return api_.now(); }

    // Virtual time: the next instant a controller or the kubelet has something to do, and
    // moving to `t` doing all of it on the way.
    qint64 nextEventTime() const;
    void advanceTo(qint64 t);
    // Lets every controller react at the current instant (after an apply or a delete).
    void reconcile();
    // The engine reports a container's process exit (raw wait status).
    void containerExited(const QString &key, int rawStatus);
    bool hasContainer(const QString &key) const;

    // --- what kubectl does through the API --------------------------------------------
    struct Answer
    {
        bool ok = true;
        QString error;        // as kubectl prints it, without "error: " where none is due
        QStringList warnings; // "Warning: ..." lines for stderr
        QString operation;    // created, configured, unchanged
    };
    // kubectl apply (createOnly false) or create (true) of one decoded object. The
    // controllers react at reconcile(), which kubectl calls once its objects are sent.
    Answer apply(const KindInfo &kind, Value object, bool createOnly, const QString &source);
    // kubectl delete: graceful unless grace 0 with force.
    Answer remove(const KindInfo &kind, const QString &ns, const QString &name,
                  std::optional<int> gracePeriod);

    QList<ContainerRun> runsOf(const QString &podUid, const QString &container) const;
    // The table cells of a pod as of its last status; nullptr before its first one.
    const PodCells *cachedPodCells(const QString &podUid) const;

private:
    struct ContainerRuntimeState
    {
        QString name;
        bool started = false; // a process was started for the current run
        bool running = false; // the process is alive (as far as the kubelet knows)
        bool exited = false;  // the process ended; the kubelet notices a second later
        qint64 exitedAt = 0;
        int rawStatus = 0;
        bool noticed = false; // the kubelet has recorded the termination
        qint64 noticedAt = 0;
        qint64 backoff = 0; // seconds; 0: no back-off entry
        qint64 backoffUpdated = 0;
        int restarts = 0;
        qint64 runStartedAt = 0;
        bool termSent = false;        // SIGTERM sent for a deletion
        bool backoffReported = false; // the BackOff event of this exit was recorded
        // The previous run's end, for RESTARTS "(12s ago)", lastState and --previous.
        bool hasLast = false;
        int lastExitCode = 0;
        qint64 lastStartedAt = 0;
        qint64 lastFinishedAt = 0;
        QList<ContainerRun> runs;
    };
    struct PodRuntime
    {
        QString uid;
        QString ns;
        QString name;
        qint64 createdAt = 0;
        bool scheduled = false;
        QString node;
        QString ip;
        Value *object = nullptr; // the pod in the store (std::map nodes do not move)
        QString owner;           // uid of the controller that made it (Job, ReplicaSet)
        qint64 sequence = 0;     // creation order
        bool onNode = false;     // counted in its node's usage
        qint64 cpuMillis = 0;    // requests, for the scheduler
        qint64 memoryBytes = 0;
        bool statusDirty = true; // the kubelet has something new to report
        bool hasCells = false;
        PodCells cells;
        qint64 triedAt = -1;          // the freeing generation of its last failed scheduling
        QString unschedulableMessage; // what its PodScheduled=False condition says
        bool deleting = false;
        qint64 killAt = 0;
        bool killed = false;
        QList<ContainerRuntimeState> containers;
    };
    struct JobTracking
    {
        int failuresSinceSuccess = 0;
        qint64 lastFailureAt = 0;
        bool wasSuspended = false;
        QSet<QString> countedPods; // pods already counted in succeeded / failed
        // Like a controller's informer: a Job is synced when one of its pods changed, when
        // the Job itself changed (its resourceVersion) or when a timer of its own is due.
        bool dirty = true;
        QString seenVersion;
        qint64 wakeAt = LLONG_MAX;
    };
    void markOwnerDirty(const QString &ownerUid);
    void jobWakeAt(JobTracking &track, qint64 t);

    // kubelet.cpp
    void syncPods();
    void syncPod(Value &pod, PodRuntime &rt);
    bool schedulePod(Value &pod, PodRuntime &rt);
    void bindPod(Value &pod, PodRuntime &rt, int nodeIndex);
    QString unschedulableMessage(qint64 cpuMillis, qint64 memoryBytes);
    void markUnschedulable(Value &pod, PodRuntime &rt, const QString &message);
    void startContainer(Value &pod, PodRuntime &rt, int index);
    void noticeExit(PodRuntime &rt, int index);
    void maybeRestart(Value &pod, PodRuntime &rt, int index);
    void writePodStatus(Value &pod, PodRuntime &rt);
    void beginPodDeletion(Value &pod, int gracePeriod);
    bool finishPodDeletion(Value &pod, PodRuntime &rt);
    QString podDir(const PodRuntime &rt) const;

    // jobcontroller.cpp
    void syncJobs();
    void syncJob(Value &job);
    Value newJobPod(const Value &job);
    QList<Value *> podsOwnedBy(const QString &uid);
    void addCondition(Value &job, const QString &type, const QString &reason,
                      const QString &message, const QString &status = QStringLiteral("True"));
    bool hasCondition(const Value &job, const QString &type) const;
    void failJob(Value &job, const QString &reason, const QString &message);

    // deploymentcontroller.cpp
    void syncDeployments();
    void syncDeployment(Value &deployment);
    void syncReplicaSets();
    void syncReplicaSet(Value &replicaSet);

    // kueue.cpp
    void syncKueue();

    Value &createPod(Value pod);
    bool podsToAdopt_ = false; // a bare Pod was applied: the kubelet takes it on
    void deleteOwnedPods(const QString &ownerUid, int gracePeriod);
    void wakeAt(qint64 t);

    KubeOptions options_;
    ApiServer api_;
    ContainerRuntime *runtime_ = nullptr;
    QHash<QString, PodRuntime> pods_;          // by pod uid
    QHash<QString, QString> containerPods_;    // process key -> pod uid
    QHash<QString, QList<QString>> ownedPods_; // owner uid -> its pods' uids, oldest first
    // Pods the kubelet still has work for, by creation sequence (the order it serves them
    // in); a finished pod that is not being deleted has none.
    std::map<qint64, QString> activePods_;
    PodRuntime &adoptPod(Value &pod);
    struct NodeLoad
    {
        qint64 cpuMillis = 0;
        qint64 memoryBytes = 0;
        int pods = 0;
    };
    QHash<QString, NodeLoad> nodeLoads_; // what scheduled, unfinished pods request per node
    qint64 podSequence_ = 0;
    qint64 freeingGeneration_ = 0; // grows when a node's load goes down
    quint64 loadsVersion_ = 0;     // grows when a node's load changes at all
    struct UnschedulableCache
    {
        quint64 loadsVersion = ~quint64(0);
        qint64 cpuMillis = 0;
        qint64 memoryBytes = 0;
        QString message;
    } unschedulableCache_;
    void releaseFromNode(PodRuntime &rt);
    void forgetPod(const PodRuntime &rt);
    QHash<QString, JobTracking> jobs_; // by Job uid
    std::set<qint64> wakes_;
    QHash<QString, int> nextPodAddress_; // per node: the last octet of the next pod IP
    bool changed_ = false;
};

} // namespace schedlab::kube
