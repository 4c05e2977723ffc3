// The kinds the mini API server knows: their apiVersion, resource names and short names, as
// kubectl resolves `kubectl get jobs`, `kubectl get job/x` or `kind: Job` in a manifest.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab::kube {

struct KindInfo
{
    QString kind;           // "Job"
    QString group;          // "batch" ("" for the core group)
    QString version;        // "v1"
    QString resource;       // "jobs" (plural, as in URLs and NotFound messages)
    QString singular;       // "job"
    QStringList shortNames; // "cq" for clusterqueues, "deploy" for deployments, ...
    bool namespaced = true;
    bool creatable = true; // false for kinds only controllers make (ReplicaSet via apply is fine,
                           // Events and Workloads are listed but not applied by students)

    QString apiVersion() const { return group.isEmpty() ? version : group + u'/' + version; }
    // "job.batch" as printed by apply/delete ("pod" for the core group)
    QString qualifiedSingular() const
    {
        return group.isEmpty() ? singular : singular + u'.' + group;
    }
    // "jobs.batch" as printed in NotFound messages ("pods" for the core group)
    QString qualifiedResource() const
    {
        return group.isEmpty() ? resource : resource + u'.' + group;
    }
};

// Every kind: Pod, Namespace, Node, Event, Job, Deployment, ReplicaSet, and Kueue's
// ResourceFlavor, ClusterQueue, LocalQueue, Workload.
const QList<KindInfo> &allKinds();
// By `apiVersion` + `kind` as in a manifest; nullptr when unknown.
const KindInfo *kindFor(const QString &apiVersion, const QString &kind);
// By what a user types after `kubectl get`: "pods", "pod", "po", "jobs.batch", "job",
// "deploy", "cq", "ClusterQueue" (kind names are accepted case-insensitively); nullptr when
// unknown.
const KindInfo *kindForResource(const QString &typed);

} // namespace schedlab::kube
