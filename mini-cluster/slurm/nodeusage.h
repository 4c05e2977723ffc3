// What each node has left: CPUs, memory and GPUs taken by running jobs.
//
// Nodes are addressed by their index in ClusterConfig::nodes (NodeConfig::index): the
// schedulers ask about every node of a partition many times per pass, and a vector lookup
// costs nothing next to hashing the node's name.
#pragma once

#include <QStringList>

#include "job.h"
#include "slurmconfig.h"

#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace schedlab::slurm {

struct NodeLoad
{
    int usedCpus = 0;
    qint64 usedMemMb = 0;
    QList<bool> gpuUsed; // one entry per GPU of the node
    int jobs = 0;        // running jobs on it
    bool exclusive = false;
};

// A set of nodes by index; an empty mask holds no node.
using NodeMask = std::vector<bool>;

inline bool inMask(const NodeMask &mask, int index)
{
    return index >= 0 && std::size_t(index) < mask.size() && mask[std::size_t(index)];
}

class NodeUsage
{
public:
    // `config`'s nodes must carry their indices (NodeConfig::index).
    explicit NodeUsage(const ClusterConfig &config);

    static void apply(NodeLoad &load, const NodeShare &share, bool exclusive, int sign);
    void take(const QList<NodeShare> &allocation, bool exclusive);
    void release(const QList<NodeShare> &allocation, bool exclusive);
    int nodeCount() const { return int(loads_.size()); }
    // Changes at every take and release: what was computed from the loads is stale.
    quint64 version() const { return version_; }
    int indexOf(const QString &node) const { return indices_.value(node, -1); }
    int indexOf(const NodeShare &share) const;
    const NodeLoad &load(int index) const;
    const NodeLoad &load(const QString &node) const { return load(indexOf(node)); }
    bool idle(const QString &node) const { return load(node).jobs == 0; }

    // Memory the job takes on `node` when given `cpus` there (per CPU, per node, or all).
    static qint64 memoryFor(const Job &job, const NodeConfig &node, int cpus);

    // Places the job's tasks on `nodes` (in order), each node as `loadOf` says it is
    // loaded: nodes are filled in turn, each chosen node gets at least one task (or exactly
    // ntasks-per-node), and the node count stays within -N. nullopt when it does not fit.
    using LoadOf = std::function<const NodeLoad &(int index)>;
    static std::optional<QList<NodeShare>> place(const Job &job,
                                                 const QList<const NodeConfig *> &nodes,
                                                 const LoadOf &loadOf,
                                                 const NodeMask &excluded = {});
    std::optional<QList<NodeShare>> placeNow(const Job &job, const QList<const NodeConfig *> &nodes,
                                             const NodeMask &excluded = {}) const;
    // How many of the job's tasks `node` could take with `load`, and the GPUs it would give.
    // What the node lacks now for one task of the job: any of "cpu", "mem", "gpu" (for the
    // scheduler's explanation of a Resources wait).
    static QStringList shortages(const Job &job, const NodeConfig &node, const NodeLoad &load);
    static int taskCapacity(const Job &job, const NodeConfig &node, const NodeLoad &load,
                            QList<int> *gpus);

private:
    std::vector<NodeLoad> loads_;
    QHash<QString, int> indices_;
    NodeLoad empty_;
    quint64 version_ = 0;
};

// The nodes as they would be once some running jobs are gone: the real loads with changes
// on top. Starting over costs nothing, so a planner can use one overlay for many jobs.
class LoadOverlay
{
public:
    explicit LoadOverlay(const NodeUsage &usage);

    const NodeLoad &at(int index) const;
    // Takes `job`'s share of every node it holds away.
    void remove(const Job &job);
    void remove(const NodeShare &share, bool exclusive);
    void reset() { ++generation_; }
    NodeUsage::LoadOf loadOf() const
    {
        return [this](int index) -> const NodeLoad & { return at(index); };
    }

private:
    const NodeUsage &usage_;
    std::vector<NodeLoad> changed_;
    std::vector<unsigned> stamp_; // changed_[i] is current when stamp_[i] == generation_
    unsigned generation_ = 1;
};

} // namespace schedlab::slurm
