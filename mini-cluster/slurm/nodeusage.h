// What each node has left: CPUs, memory and GPUs taken by running jobs.
#pragma once

#include "job.h"
#include "slurmconfig.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace schedlab::slurm {

struct NodeLoad
{
    int usedCpus = 0;
    qint64 usedMemMb = 0;
    QList<bool> gpuUsed;  // one entry per GPU of the node
    int jobs = 0;         // running jobs on it
    bool exclusive = false;
};

class NodeUsage
{
public:
    explicit NodeUsage(const ClusterConfig &config);

    // The share of `node` a job would get, or nullopt if it does not fit now.
    std::optional<NodeShare> fit(const Job &job, const NodeConfig &node) const;
    // The same against a given load (the backfill plans on loads of the future).
    static std::optional<NodeShare> fitOn(const Job &job, const NodeConfig &node,
                                          const NodeLoad &load);
    static void apply(NodeLoad &load, const NodeShare &share, bool exclusive, int sign);
    void take(const QList<NodeShare> &allocation, bool exclusive);
    void release(const QList<NodeShare> &allocation, bool exclusive);
    const NodeLoad &load(const QString &node) const;
    bool idle(const QString &node) const { return load(node).jobs == 0; }

    // Whether the job could ever fit on this node, even empty.
    static bool couldFit(const Job &job, const NodeConfig &node);
    static bool gresCouldFit(const QList<GresRequest> &gres, const NodeConfig &node);
    // Memory the job takes on `node` when given `cpus` there (per CPU, per node, or all).
    static qint64 memoryFor(const Job &job, const NodeConfig &node, int cpus);

private:
    QHash<QString, NodeLoad> loads_;
    NodeLoad empty_;
};

} // namespace schedlab::slurm
