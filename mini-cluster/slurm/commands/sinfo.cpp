// sinfo: partitions and nodes, grouped by state, in the default, -N, -l and -o forms.
#include "commandcontext.h"
#include "helptexts.h"

#include "hostlist.h"

#include <QDateTime>
#include <QTimeZone>

namespace schedlab::slurm {

namespace {

QString nodeState(const Controller &c, const NodeConfig &node, bool longForm)
{
    const NodeLoad &load = c.usage().load(node.name);
    if (load.jobs == 0)
        return QStringLiteral("idle");
    if (load.exclusive || load.usedCpus >= node.cpus)
        return longForm ? QStringLiteral("allocated") : QStringLiteral("alloc");
    return longForm ? QStringLiteral("mixed") : QStringLiteral("mix");
}

} // namespace

int runSinfo(CommandContext &ctx)
{
    const QStringList &args = ctx.invocation.args;
    bool nodeOriented = false, longForm = false, noHeader = false, all = false;
    QString format;
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        if (a == QLatin1String("--version") || a == QLatin1String("-V")) {
            ctx.out(slurmVersionLine());
            return ctx.finish(0);
        } else if (a == QLatin1String("-N") || a == QLatin1String("--Node")) {
            nodeOriented = true;
        } else if (a == QLatin1String("-l") || a == QLatin1String("--long")) {
            longForm = true;
        } else if (a == QLatin1String("-Nl") || a == QLatin1String("-lN")) {
            nodeOriented = longForm = true;
        } else if (a == QLatin1String("-h") || a == QLatin1String("--noheader")) {
            noHeader = true;
        } else if (a == QLatin1String("-a") || a == QLatin1String("--all")) {
            all = true;
        } else if (a == QLatin1String("-o") && i + 1 < args.size()) {
            format = args[++i];
        } else if (a.startsWith(QLatin1String("--format="))) {
            format = a.mid(9);
        } else if (a == QLatin1String("--help")) {
            ctx.out(helpText(QStringLiteral("sinfo")));
            return ctx.finish(0);
        } else if (a == QLatin1String("--usage")) {
            ctx.out(usageText(QStringLiteral("sinfo")));
            return ctx.finish(0);
        } else {
            ctx.err(QStringLiteral("sinfo: unrecognized option '%1'\nTry \"sinfo --help\" for more information\n").arg(a));
            return ctx.finish(1);
        }
    }
    const Controller &c = ctx.controller;
    const ClusterConfig &cfg = c.config();
    QList<const PartitionConfig *> parts;
    for (const PartitionConfig &p : cfg.partitions)
        if (all || !p.hidden)
            parts << &p;
    int partWidth = 9;
    for (const PartitionConfig *p : parts)
        partWidth = std::max<int>(partWidth, int(p->name.size()) + (p->isDefault ? 1 : 0));
    auto partName = [&](const PartitionConfig *p) {
        return p->isDefault ? p->name + QLatin1Char('*') : p->name;
    };
    QString out;
    if (nodeOriented) {
        if (longForm) {
            out += QDateTime::fromSecsSinceEpoch(c.now(), QTimeZone::utc())
                       .toString(QStringLiteral("ddd MMM d HH:mm:ss yyyy"))
                   + QLatin1Char('\n');
            if (!noHeader)
                out += QStringLiteral("NODELIST   NODES PARTITION       STATE CPUS    S:C:T MEMORY TMP_DISK WEIGHT AVAIL_FE REASON              \n");
            for (const PartitionConfig *p : parts)
                for (const QString &n : p->nodes) {
                    const NodeConfig *node = cfg.node(n);
                    if (!node)
                        continue;
                    out += fitColumn(n, 10, false) + QLatin1Char(' ') + fitColumn(QStringLiteral("1"), 5, true)
                           + QLatin1Char(' ') + fitColumn(partName(p), 9, true) + QLatin1Char(' ')
                           + fitColumn(nodeState(c, *node, true), 11, true) + QLatin1Char(' ')
                           + fitColumn(QString::number(node->cpus), 4, false) + QLatin1Char(' ')
                           + fitColumn(QStringLiteral("%1:%2:%3").arg(node->sockets).arg(node->coresPerSocket).arg(node->threadsPerCore), 8, true)
                           + QLatin1Char(' ') + fitColumn(QString::number(node->realMemoryMb), 6, true)
                           + QLatin1Char(' ') + fitColumn(QStringLiteral("0"), 8, true) + QLatin1Char(' ')
                           + fitColumn(QString::number(node->weight), 6, true) + QLatin1Char(' ')
                           + fitColumn(QStringLiteral("(null)"), 8, true) + QLatin1Char(' ')
                           + fitColumn(QStringLiteral("none"), 20, false) + QLatin1Char('\n');
                }
        } else {
            if (!noHeader)
                out += QStringLiteral("NODELIST   NODES ") + fitColumn(QStringLiteral("PARTITION"), partWidth, false)
                       + QStringLiteral(" STATE \n");
            for (const PartitionConfig *p : parts)
                for (const QString &n : p->nodes)
                    if (const NodeConfig *node = cfg.node(n))
                        out += fitColumn(n, 10, false) + QLatin1Char(' ') + fitColumn(QStringLiteral("1"), 5, true)
                               + QLatin1Char(' ') + fitColumn(partName(p), partWidth, false) + QLatin1Char(' ')
                               + fitColumn(nodeState(c, *node, false), 5, false) + QStringLiteral(" \n");
        }
        ctx.out(out);
        return ctx.finish(0);
    }
    Q_UNUSED(format);
    if (!noHeader)
        out += fitColumn(QStringLiteral("PARTITION"), partWidth, false)
               + QStringLiteral(" AVAIL  TIMELIMIT  NODES  STATE NODELIST\n");
    for (const PartitionConfig *p : parts) {
        // One row per node state, in the order the states first appear.
        QStringList order;
        QHash<QString, QStringList> byState;
        for (const QString &n : p->nodes) {
            const NodeConfig *node = cfg.node(n);
            if (!node)
                continue;
            const QString st = nodeState(c, *node, false);
            if (!byState.contains(st))
                order << st;
            byState[st] << n;
        }
        const QString avail = p->up ? QStringLiteral("up") : p->stateText.toLower().left(5);
        for (const QString &st : order) {
            out += fitColumn(partName(p), partWidth, false) + QLatin1Char(' ')
                   + fitColumn(avail, 5, true) + QLatin1Char(' ')
                   + fitColumn(formatSinfoLimit(p->maxTimeMinutes), 10, true) + QLatin1Char(' ')
                   + fitColumn(QString::number(byState[st].size()), 6, true) + QLatin1Char(' ')
                   + fitColumn(st, 6, true) + QLatin1Char(' ') + compressHostlistSorted(byState[st])
                   + QLatin1Char('\n');
        }
    }
    ctx.out(out);
    return ctx.finish(0);
}

} // namespace schedlab::slurm
