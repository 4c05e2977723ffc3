// Bookkeeping of node resources for the schedulers (cons_tres: cores, memory, typed GPUs).
#include "nodeusage.h"

namespace schedlab::slurm {

namespace {

int gpuCount(const NodeConfig &node)
{
    int total = 0;
    for (const NodeConfig::Gres &g : node.gres)
        if (g.name == QLatin1String("gpu"))
            total += g.count;
    return total;
}

// GPU indices of a given type: GPUs are numbered in the order of the node's Gres= list.
QList<int> gpuIndicesOfType(const NodeConfig &node, const QString &type)
{
    QList<int> indices;
    int index = 0;
    for (const NodeConfig::Gres &g : node.gres) {
        if (g.name != QLatin1String("gpu"))
            continue;
        for (int i = 0; i < g.count; ++i, ++index)
            if (type.isEmpty() || g.type == type)
                indices << index;
    }
    return indices;
}

} // namespace

NodeUsage::NodeUsage(const ClusterConfig &config)
{
    for (const NodeConfig &node : config.nodes) {
        NodeLoad load;
        load.gpuUsed = QList<bool>(gpuCount(node), false);
        loads_.insert(node.name, load);
    }
}

const NodeLoad &NodeUsage::load(const QString &node) const
{
    auto it = loads_.constFind(node);
    return it == loads_.constEnd() ? empty_ : *it;
}

qint64 NodeUsage::memoryFor(const Job &job, const NodeConfig &node, int cpus)
{
    if (job.memPerCpuMb > 0)
        return job.memPerCpuMb * cpus;
    if (job.memPerNodeMb < 0)
        return node.realMemoryMb;
    return job.memPerNodeMb;
}

bool NodeUsage::couldFit(const Job &job, const NodeConfig &node)
{
    if (job.cpusPerNode > node.cpus)
        return false;
    if (memoryFor(job, node, job.cpusPerNode) > node.realMemoryMb)
        return false;
    return gresCouldFit(job.gres, node);
}

bool NodeUsage::gresCouldFit(const QList<GresRequest> &gres, const NodeConfig &node)
{
    for (const GresRequest &g : gres) {
        if (g.name != QLatin1String("gpu"))
            continue;
        if (gpuIndicesOfType(node, g.type).size() < g.count)
            return false;
    }
    return true;
}

std::optional<NodeShare> NodeUsage::fit(const Job &job, const NodeConfig &node) const
{
    return fitOn(job, node, load(node.name));
}

std::optional<NodeShare> NodeUsage::fitOn(const Job &job, const NodeConfig &node, const NodeLoad &l)
{
    if (l.exclusive || (job.exclusive && l.jobs > 0))
        return std::nullopt;
    NodeShare share;
    share.node = node.name;
    share.cpus = job.exclusive ? node.cpus : job.cpusPerNode;
    share.memMb = memoryFor(job, node, share.cpus);
    if (l.usedCpus + share.cpus > node.cpus)
        return std::nullopt;
    if (l.usedMemMb + share.memMb > node.realMemoryMb)
        return std::nullopt;
    for (const GresRequest &g : job.gres) {
        if (g.name != QLatin1String("gpu"))
            continue;
        int wanted = g.count;
        for (int index : gpuIndicesOfType(node, g.type)) {
            if (wanted == 0)
                break;
            if (index < l.gpuUsed.size() && !l.gpuUsed[index]
                && !share.gpuIndices.contains(index)) {
                share.gpuIndices << index;
                --wanted;
            }
        }
        if (wanted > 0)
            return std::nullopt;
    }
    return share;
}

void NodeUsage::apply(NodeLoad &l, const NodeShare &share, bool exclusive, int sign)
{
    l.usedCpus += sign * share.cpus;
    l.usedMemMb += sign * share.memMb;
    l.jobs += sign;
    if (exclusive)
        l.exclusive = sign > 0;
    for (int index : share.gpuIndices)
        if (index < l.gpuUsed.size())
            l.gpuUsed[index] = sign > 0;
}

void NodeUsage::take(const QList<NodeShare> &allocation, bool exclusive)
{
    for (const NodeShare &share : allocation)
        apply(loads_[share.node], share, exclusive, +1);
}

void NodeUsage::release(const QList<NodeShare> &allocation, bool exclusive)
{
    for (const NodeShare &share : allocation)
        apply(loads_[share.node], share, exclusive, -1);
}

} // namespace schedlab::slurm
