// Job priorities: priority/basic (FIFO) and priority/multifactor with the Fair Tree
// fairshare over the association tree, usage decayed with PriorityDecayHalfLife.
#include "controller.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

namespace schedlab::slurm {

int Controller::weightAge() const
{
    // Without slurmdbd, slurmctld drops the age and fairshare weights (it logs so).
    return config_.accountingEnabled ? config_.weightAge : 0;
}

int Controller::weightFairshare() const
{
    return config_.accountingEnabled ? config_.weightFairshare : 0;
}

// Accrues the CPU-seconds of running jobs since the last accrual, with decay.
void Controller::accrueUsage(qint64 until)
{
    const qint64 dt = until - lastUsageAccrual_;
    if (dt <= 0)
        return;
    const double halfLife = double(config_.priorityDecayHalfLifeSecs);
    const double decay = halfLife > 0 ? std::pow(0.5, double(dt) / halfLife) : 1.0;
    for (auto it = usageByUser_.begin(); it != usageByUser_.end(); ++it)
        it.value() *= decay;
    for (std::uint32_t id : running_) {
        const Job &job = jobs_.at(id);
        const qint64 from = std::max(job.startTime, lastUsageAccrual_);
        const qint64 seconds = std::max<qint64>(0, until - from);
        usageByUser_[job.account + QLatin1Char('/') + job.user] +=
            double(seconds) * job.allocatedCpus() * decay;
    }
    for (const EndedUsage &e : std::as_const(endedSinceAccrual_))
        usageByUser_[e.key] += double(std::max<qint64>(0, e.to - e.from)) * e.cpus * decay;
    endedSinceAccrual_.clear();
    lastUsageAccrual_ = until;
    fairshareValid_ = false;
}

namespace {

struct Assoc
{
    QString account; // for an account node, its name
    QString user;    // for a user node, its name (account is its parent)
    double shares = 1;
    double usage = 0; // the subtree's usage
    double levelFs = 0;
    QList<int> children; // indices
};

} // namespace

double Controller::fairshareFactor(const QString &user, const QString &account) const
{
    if (!fairshareValid_) {
        fairshareCache_ = computeFairshare();
        fairshareValid_ = true;
    }
    return fairshareCache_.value(account + QLatin1Char('/') + user, 0.0);
}

QHash<QString, double> Controller::computeFairshare() const
{
    // Build the tree: root's children are the users of account root and the accounts whose
    // parent is root, recursively.
    QList<Assoc> nodes;
    QHash<QString, int> accountIndex;
    const QList<AccountDef> &accounts = users_->accounts();
    std::function<int(const AccountDef &)> build = [&](const AccountDef &def) -> int {
        const int index = int(nodes.size());
        Assoc a;
        a.account = def.name;
        a.shares = def.shares;
        nodes << a;
        accountIndex.insert(def.name, index);
        for (const QString &u : def.users) {
            Assoc ua;
            ua.user = u;
            ua.account = def.name;
            ua.usage = usageByUser_.value(def.name + QLatin1Char('/') + u);
            nodes << ua;
            nodes[index].children << int(nodes.size() - 1);
        }
        for (const AccountDef &child : accounts)
            if (child.parent == def.name && child.name != def.name) {
                const int c = build(child);
                nodes[index].children << c;
            }
        return index;
    };
    int userCount = 0;
    for (const AccountDef &def : accounts)
        userCount += int(def.users.size());
    if (userCount == 0)
        return {};
    const AccountDef *root = nullptr;
    for (const AccountDef &def : accounts)
        if (def.name == QLatin1String("root"))
            root = &def;
    if (!root)
        return {};
    const int rootIndex = build(*root);
    std::function<double(int)> sumUsage = [&](int i) -> double {
        if (!nodes[i].user.isEmpty())
            return nodes[i].usage;
        double total = 0;
        for (int c : nodes[i].children)
            total += sumUsage(c);
        nodes[i].usage = total;
        return total;
    };
    sumUsage(rootIndex);

    QHash<QString, double> factors;
    const double inf = std::numeric_limits<double>::infinity();
    std::function<void(QList<int>, double, int &, int &, bool)> calc =
        [&](QList<int> siblings, double parentUsage, int &rank, int &rnt, bool accountTied) {
            double shareSum = 0;
            for (int s : siblings)
                shareSum += nodes[s].shares;
            for (int s : siblings) {
                const double S = shareSum > 0 ? nodes[s].shares / shareSum : 0;
                const double U = parentUsage > 0 ? nodes[s].usage / parentUsage : 0;
                nodes[s].levelFs = S == 0 ? 0 : (U == 0 ? inf : S / U);
            }
            std::stable_sort(siblings.begin(), siblings.end(), [&](int a, int b) {
                if (nodes[a].levelFs != nodes[b].levelFs)
                    return nodes[a].levelFs > nodes[b].levelFs;
                return !nodes[a].user.isEmpty() && nodes[b].user.isEmpty(); // users first
            });
            double prev = -1;
            bool havePrev = false;
            for (int i = 0; i < siblings.size(); ++i) {
                const Assoc &a = nodes[siblings[i]];
                const bool tied = (i == 0 && accountTied) || (havePrev && prev == a.levelFs);
                if (!a.user.isEmpty()) {
                    if (!tied)
                        rank = rnt;
                    factors.insert(a.account + QLatin1Char('/') + a.user, double(rank) / userCount);
                    --rnt;
                } else {
                    // Tied sibling accounts are merged before recursing.
                    QList<int> merged = a.children;
                    double mergedUsage = a.usage;
                    int j = i + 1;
                    while (j < siblings.size() && nodes[siblings[j]].user.isEmpty() &&
                           nodes[siblings[j]].levelFs == a.levelFs) {
                        merged += nodes[siblings[j]].children;
                        mergedUsage += nodes[siblings[j]].usage;
                        ++j;
                    }
                    calc(merged, mergedUsage, rank, rnt, tied);
                    i = j - 1;
                }
                prev = a.levelFs;
                havePrev = true;
            }
        };
    int rank = userCount, rnt = userCount;
    calc(nodes[rootIndex].children, nodes[rootIndex].usage, rank, rnt, false);
    return factors;
}

Controller::PriorityFactors Controller::priorityFactors(const Job &job) const
{
    PriorityFactors f;
    f.nice = job.nice;
    if (config_.priority != PriorityKind::Multifactor)
        return f;
    if (weightAge() > 0 && config_.priorityMaxAgeSecs > 0 && job.state == JobState::Pending) {
        const qint64 start = std::max(job.accrueTime, job.eligibleTime);
        f.age = std::clamp(double(now_ - start) / double(config_.priorityMaxAgeSecs), 0.0, 1.0);
    }
    if (weightFairshare() > 0)
        f.fairshare = fairshareFactor(job.user, job.account);
    if (config_.weightJobSize > 0 && totalNodes_ > 0 && totalCpus_ > 0) {
        const double nodes = double(job.minNodes), cpus = double(job.totalCpus());
        f.jobSize =
            config_.priorityFavorSmall
                ? ((totalNodes_ - nodes) / totalNodes_ + (totalCpus_ - cpus) / totalCpus_) / 2
                : (nodes / totalNodes_ + cpus / totalCpus_) / 2;
    }
    if (config_.weightPartition > 0) {
        int maxFactor = 1;
        for (const PartitionConfig &p : config_.partitions)
            maxFactor = std::max(maxFactor, p.priorityJobFactor);
        if (const PartitionConfig *p = partitionConfig(job.partition))
            f.partition = double(p->priorityJobFactor) / maxFactor;
    }
    const double total = weightAge() * f.age + weightFairshare() * f.fairshare +
                         config_.weightJobSize * f.jobSize + config_.weightPartition * f.partition +
                         config_.weightQos * f.qos - job.nice;
    f.total = total < 1 ? 1u : (total > 4294967295.0 ? 0xFFFFFFFFu : std::uint32_t(total));
    return f;
}

std::uint32_t Controller::newPriority(const Job &job)
{
    if (config_.priority == PriorityKind::Basic) {
        const std::uint32_t p = basicPriorityNext_--;
        return job.nice > 0 && p > std::uint32_t(job.nice) ? p - job.nice : p;
    }
    const PriorityFactors f = priorityFactors(job);
    factors_.insert(job.id, f);
    return f.total;
}

Controller::PriorityFactors Controller::storedFactors(const Job &job) const
{
    if (job.priorityFixed) {
        PriorityFactors f; // an operator's fixed priority carries no factors
        f.total = job.priority;
        return f;
    }
    return factors_.value(job.id, priorityFactors(job));
}

void Controller::priorityRecalc()
{
    accrueUsage(now_);
    for (std::uint32_t id : pending_) {
        Job &job = jobs_.at(id);
        if (!job.priorityFixed && !job.heldByUser && !job.heldByAdmin) {
            const PriorityFactors f = priorityFactors(job);
            factors_.insert(job.id, f);
            job.priority = f.total;
        }
    }
}

} // namespace schedlab::slurm
