// The table of kinds the mini API server serves, and kubectl's ways of naming them.
#include "kinds.h"

namespace schedlab::kube {

namespace {

KindInfo makeKind(const char *kind, const char *group, const char *version, const char *resource,
                  QStringList shortNames, bool namespaced = true, bool creatable = true)
{
    KindInfo info;
    info.kind = QString::fromLatin1(kind);
    info.group = QString::fromLatin1(group);
    info.version = QString::fromLatin1(version);
    info.resource = QString::fromLatin1(resource);
    info.singular = info.kind.toLower();
    info.shortNames = std::move(shortNames);
    info.namespaced = namespaced;
    info.creatable = creatable;
    return info;
}

QList<KindInfo> buildKinds()
{
    const char *kueue = "kueue.x-k8s.io";
    return {
        makeKind("Pod", "", "v1", "pods", {QStringLiteral("po")}),
        makeKind("Namespace", "", "v1", "namespaces", {QStringLiteral("ns")}, false),
        makeKind("Node", "", "v1", "nodes", {QStringLiteral("no")}, false, false),
        makeKind("Event", "", "v1", "events", {QStringLiteral("ev")}, true, false),
        makeKind("Job", "batch", "v1", "jobs", {}),
        makeKind("Deployment", "apps", "v1", "deployments", {QStringLiteral("deploy")}),
        makeKind("ReplicaSet", "apps", "v1", "replicasets", {QStringLiteral("rs")}),
        makeKind("PriorityClass", "scheduling.k8s.io", "v1", "priorityclasses",
                 {QStringLiteral("pc")}, false),
        // Short names as Kueue's kubebuilder markers declare them (v0.10).
        makeKind("ResourceFlavor", kueue, "v1beta1", "resourceflavors",
                 {QStringLiteral("flavor"), QStringLiteral("flavors"), QStringLiteral("rf")},
                 false),
        makeKind("ClusterQueue", kueue, "v1beta1", "clusterqueues", {QStringLiteral("cq")}, false),
        makeKind("LocalQueue", kueue, "v1beta1", "localqueues",
                 {QStringLiteral("queue"), QStringLiteral("queues"), QStringLiteral("lq")}),
        makeKind("Workload", kueue, "v1beta1", "workloads", {QStringLiteral("wl")}, true, false),
    };
}

bool isNameOf(const KindInfo &info, const QString &lower)
{
    return lower == info.resource || lower == info.singular || lower == info.kind.toLower() ||
           info.shortNames.contains(lower);
}

} // namespace

const QList<KindInfo> &allKinds()
{
    static const QList<KindInfo> kinds = buildKinds();
    return kinds;
}

const KindInfo *kindFor(const QString &apiVersion, const QString &kind)
{
    // The API server matches both exactly: `kind: job` or `apiVersion: v1` for a Job is an
    // unknown type, as on a real cluster.
    for (const KindInfo &info : allKinds())
        if (info.kind == kind && info.apiVersion() == apiVersion)
            return &info;
    return nullptr;
}

const KindInfo *kindForResource(const QString &typed)
{
    const QString lower = typed.trimmed().toLower();
    if (lower.isEmpty())
        return nullptr;
    for (const KindInfo &info : allKinds())
        if (isNameOf(info, lower))
            return &info;
    // Qualified forms: "jobs.batch", "job.batch", "deployments.apps",
    // "clusterqueues.kueue.x-k8s.io", and with a version, "jobs.v1.batch".
    for (const KindInfo &info : allKinds()) {
        if (info.group.isEmpty())
            continue;
        const QString groupSuffix = u'.' + info.group;
        if (!lower.endsWith(groupSuffix))
            continue;
        QString head = lower.left(lower.size() - groupSuffix.size());
        const QString versionSuffix = u'.' + info.version;
        if (head.endsWith(versionSuffix))
            head.chop(versionSuffix.size());
        if (isNameOf(info, head))
            return &info;
    }
    return nullptr;
}

} // namespace schedlab::kube
