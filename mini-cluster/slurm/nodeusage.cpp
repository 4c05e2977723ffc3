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

int NodeUsage::taskCapacity(const Job &job, const NodeConfig &node, const NodeLoad &l,
                            QList<int> *gpus)
{
    if (l.exclusive || (job.exclusive && l.jobs > 0))
        return 0;
    const int cpt = std::max(1, job.cpusPerTask);
    int cap = job.exclusive ? node.cpus / cpt : (node.cpus - l.usedCpus) / cpt;
    const qint64 freeMem = node.realMemoryMb - l.usedMemMb;
    if (job.memPerCpuMb > 0) {
        cap = int(std::min<qint64>(cap, freeMem / (qint64(cpt) * job.memPerCpuMb)));
    } else {
        const qint64 need = job.memPerNodeMb < 0 ? node.realMemoryMb : job.memPerNodeMb;
        if (need > freeMem)
            return 0;
    }
    if (job.ntasksPerNode > 0)
        cap = cap >= job.ntasksPerNode ? job.ntasksPerNode : 0;
    if (cap <= 0)
        return 0;
    QList<int> taken;
    for (const GresRequest &g : job.gres) {
        if (g.name != QLatin1String("gpu"))
            continue;
        int wanted = g.count;
        for (int index : gpuIndicesOfType(node, g.type)) {
            if (wanted == 0)
                break;
            if (index < l.gpuUsed.size() && !l.gpuUsed[index] && !taken.contains(index)) {
                taken << index;
                --wanted;
            }
        }
        if (wanted > 0)
            return 0;
    }
    if (gpus)
        *gpus = taken;
    return cap;
}

std::optional<QList<NodeShare>> NodeUsage::place(const Job &job,
                                                 const QList<const NodeConfig *> &nodes,
                                                 const LoadOf &loadOf,
                                                 const QSet<QString> &excluded)
{
    QList<NodeShare> chosen;
    int remaining = job.ntasks;
    const int cpt = std::max(1, job.cpusPerTask);
    for (const NodeConfig *node : nodes) {
        if (excluded.contains(node->name))
            continue;
        QList<int> gpus;
        const int cap = taskCapacity(job, *node, loadOf(node->name), &gpus);
        if (cap <= 0)
            continue;
        // Leave at least one task for each node -N still asks for.
        const int stillNeeded = std::max(0, job.minNodes - int(chosen.size()) - 1);
        const int take = std::min(cap, remaining - stillNeeded);
        if (take <= 0)
            continue;
        NodeShare share;
        share.node = node->name;
        share.cpus = job.exclusive ? node->cpus : take * cpt;
        share.memMb = memoryFor(job, *node, share.cpus);
        share.gpuIndices = gpus;
        chosen << share;
        remaining -= take;
        if (remaining <= 0 && chosen.size() >= job.minNodes)
            return chosen;
        if (chosen.size() >= job.maxNodes)
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<QList<NodeShare>> NodeUsage::placeNow(const Job &job,
                                                    const QList<const NodeConfig *> &nodes,
                                                    const QSet<QString> &excluded) const
{
    return place(
        job, nodes, [this](const QString &n) -> const NodeLoad & { return load(n); }, excluded);
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
