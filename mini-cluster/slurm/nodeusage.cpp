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
    loads_.resize(config.nodes.size());
    for (const NodeConfig &node : config.nodes) {
        Q_ASSERT(node.index >= 0 && std::size_t(node.index) < loads_.size());
        loads_[std::size_t(node.index)].gpuUsed = QList<bool>(gpuCount(node), false);
        indices_.insert(node.name, node.index);
    }
}

int NodeUsage::indexOf(const NodeShare &share) const
{
    return share.nodeIndex >= 0 ? share.nodeIndex : indexOf(share.node);
}

const NodeLoad &NodeUsage::load(int index) const
{
    return index >= 0 && std::size_t(index) < loads_.size() ? loads_[std::size_t(index)] : empty_;
}

qint64 NodeUsage::memoryFor(const Job &job, const NodeConfig &node, int cpus)
{
    if (job.memPerCpuMb > 0)
        return job.memPerCpuMb * cpus;
    if (job.memPerNodeMb < 0)
        return node.realMemoryMb;
    return job.memPerNodeMb;
}

QStringList NodeUsage::shortages(const Job &job, const NodeConfig &node, const NodeLoad &l)
{
    QStringList lacking;
    const int cpt = std::max(1, job.cpusPerTask);
    if (l.exclusive || (job.exclusive && l.jobs > 0) || node.cpus - l.usedCpus < cpt)
        lacking << QStringLiteral("cpu");
    const qint64 freeMem = node.realMemoryMb - l.usedMemMb;
    const qint64 need = job.memPerCpuMb > 0    ? qint64(cpt) * job.memPerCpuMb
                        : job.memPerNodeMb < 0 ? node.realMemoryMb
                                               : job.memPerNodeMb;
    if (need > freeMem)
        lacking << QStringLiteral("mem");
    for (const GresRequest &g : job.gres) {
        if (g.name != QLatin1String("gpu"))
            continue;
        int free = 0;
        for (int index : gpuIndicesOfType(node, g.type))
            free += index < l.gpuUsed.size() && !l.gpuUsed[index];
        if (free < g.count && !lacking.contains(QStringLiteral("gpu")))
            lacking << QStringLiteral("gpu");
    }
    return lacking;
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
                                                 const LoadOf &loadOf, const NodeMask &excluded)
{
    QList<NodeShare> chosen;
    int remaining = job.ntasks;
    const int cpt = std::max(1, job.cpusPerTask);
    for (const NodeConfig *node : nodes) {
        if (inMask(excluded, node->index))
            continue;
        QList<int> gpus;
        const int cap = taskCapacity(job, *node, loadOf(node->index), &gpus);
        if (cap <= 0)
            continue;
        // Leave at least one task for each node -N still asks for.
        const int stillNeeded = std::max(0, job.minNodes - int(chosen.size()) - 1);
        const int take = std::min(cap, remaining - stillNeeded);
        if (take <= 0)
            continue;
        NodeShare share;
        share.node = node->name;
        share.nodeIndex = node->index;
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
                                                    const NodeMask &excluded) const
{
    return place(
        job, nodes, [this](int index) -> const NodeLoad & { return load(index); }, excluded);
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
    ++version_;
    for (const NodeShare &share : allocation)
        if (const int i = indexOf(share); i >= 0)
            apply(loads_[std::size_t(i)], share, exclusive, +1);
}

void NodeUsage::release(const QList<NodeShare> &allocation, bool exclusive)
{
    ++version_;
    for (const NodeShare &share : allocation)
        if (const int i = indexOf(share); i >= 0)
            apply(loads_[std::size_t(i)], share, exclusive, -1);
}

LoadOverlay::LoadOverlay(const NodeUsage &usage)
    : usage_(usage)
    , changed_(std::size_t(usage.nodeCount()))
    , stamp_(std::size_t(usage.nodeCount()), 0)
{}

const NodeLoad &LoadOverlay::at(int index) const
{
    if (index >= 0 && std::size_t(index) < stamp_.size() &&
        stamp_[std::size_t(index)] == generation_)
        return changed_[std::size_t(index)];
    return usage_.load(index);
}

void LoadOverlay::remove(const NodeShare &share, bool exclusive)
{
    const int index = usage_.indexOf(share);
    if (index < 0)
        return;
    const std::size_t i = std::size_t(index);
    if (stamp_[i] != generation_) {
        changed_[i] = usage_.load(index);
        stamp_[i] = generation_;
    }
    NodeUsage::apply(changed_[i], share, exclusive, -1);
}

void LoadOverlay::remove(const Job &job)
{
    for (const NodeShare &share : job.allocation)
        remove(share, job.exclusive);
}

} // namespace schedlab::slurm
