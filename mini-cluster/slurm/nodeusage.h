// What each node has left: CPUs, memory and GPUs taken by running jobs.
#pragma once

#include "job.h"
#include "slurmconfig.h"

#include <QHash>
#include <QSet>

#include <QList>
#include <QString>
#include <functional>

#include <optional>

namespace schedlab::slurm {

struct NodeLoad
{
    int usedCpus = 0;
    qint64 usedMemMb = 0;
    QList<bool> gpuUsed; // one entry per GPU of the node
    int jobs = 0;        // running jobs on it
    bool exclusive = false;
};

class NodeUsage
{
public:
    explicit NodeUsage(const ClusterConfig &config);

    static void apply(NodeLoad &load, const NodeShare &share, bool exclusive, int sign);
    void take(const QList<NodeShare> &allocation, bool exclusive);
    void release(const QList<NodeShare> &allocation, bool exclusive);
    const NodeLoad &load(const QString &node) const;
    bool idle(const QString &node) const { return load(node).jobs == 0; }

    // Memory the job takes on `node` when given `cpus` there (per CPU, per node, or all).
    static qint64 memoryFor(const Job &job, const NodeConfig &node, int cpus);

    // Places the job's tasks on `nodes` (in order), each node as `loadOf` says it is
    // loaded: nodes are filled in turn, each chosen node gets at least one task (or exactly
    // ntasks-per-node), and the node count stays within -N. nullopt when it does not fit.
    using LoadOf = std::function<const NodeLoad &(const QString &)>;
    static std::optional<QList<NodeShare>> place(const Job &job,
                                                 const QList<const NodeConfig *> &nodes,
                                                 const LoadOf &loadOf,
                                                 const QSet<QString> &excluded = {});
    std::optional<QList<NodeShare>> placeNow(const Job &job, const QList<const NodeConfig *> &nodes,
                                             const QSet<QString> &excluded = {}) const;
    // How many of the job's tasks `node` could take with `load`, and the GPUs it would give.
    static int taskCapacity(const Job &job, const NodeConfig &node, const NodeLoad &load,
                            QList<int> *gpus);

private:
    QHash<QString, NodeLoad> loads_;
    NodeLoad empty_;
};

} // namespace schedlab::slurm
