// sinfo: partitions and nodes, grouped by state, in the default, -N, -l and -o forms.
#include "commandcontext.h"
#include "helptexts.h"

#include "hostlist.h"

#include <QDateTime>
#include <QLocale>
#include <QSet>
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
    QStringList partitionFilter;
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
        } else if (a == QLatin1String("-s") || a == QLatin1String("--summarize")) {
            format = QStringLiteral("%#P %.5a %.10l %.16F %N");
        } else if ((a == QLatin1String("-p") || a == QLatin1String("--partition")) &&
                   i + 1 < args.size()) {
            partitionFilter = args[++i].split(QLatin1Char(','));
            all = true;
        } else if (a.startsWith(QLatin1String("--partition="))) {
            partitionFilter = a.mid(12).split(QLatin1Char(','));
            all = true;
        } else if (a == QLatin1String("-o") && i + 1 < args.size()) {
            format = args[++i];
        } else if (a.startsWith(QLatin1String("-o")) && a.size() > 2) {
            format = a.mid(2);
        } else if (a.startsWith(QLatin1String("--format="))) {
            format = a.mid(9);
        } else if (a == QLatin1String("--help")) {
            ctx.out(helpText(QStringLiteral("sinfo")));
            return ctx.finish(0);
        } else if (a == QLatin1String("--usage")) {
            ctx.out(usageText(QStringLiteral("sinfo")));
            return ctx.finish(0);
        } else {
            ctx.err(
                QStringLiteral(
                    "sinfo: unrecognized option '%1'\nTry \"sinfo --help\" for more information\n")
                    .arg(a));
            return ctx.finish(1);
        }
    }
    const Controller &c = ctx.controller;
    const ClusterConfig &cfg = c.config();
    QList<const PartitionConfig *> parts;
    for (const PartitionConfig &p : cfg.partitions)
        if ((all || !p.hidden) && (partitionFilter.isEmpty() || partitionFilter.contains(p.name)))
            parts << &p;
    int partWidth = 9;
    for (const PartitionConfig *p : parts)
        partWidth = std::max<int>(partWidth, int(p->name.size()) + (p->isDefault ? 1 : 0));
    auto partName = [&](const PartitionConfig *p) {
        return p->isDefault ? p->name + QLatin1Char('*') : p->name;
    };
    QString out;
    if (nodeOriented && longForm && format.isEmpty()) {
        {
            // ctime's form: the day of the month is padded with a space.
            const QDateTime now = QDateTime::fromSecsSinceEpoch(c.now(), QTimeZone::utc());
            out += QLocale::c().toString(now, QStringLiteral("ddd MMM ")) +
                   QString::number(now.date().day()).rightJustified(2) +
                   QLocale::c().toString(now, QStringLiteral(" HH:mm:ss yyyy")) + QLatin1Char('\n');
            if (!noHeader)
                out += QStringLiteral("NODELIST   NODES PARTITION       STATE CPUS    S:C:T MEMORY "
                                      "TMP_DISK WEIGHT AVAIL_FE REASON              \n");
            for (const PartitionConfig *p : parts)
                for (const QString &n : p->nodes) {
                    const NodeConfig *node = cfg.node(n);
                    if (!node)
                        continue;
                    out += fitColumn(n, 10, false) + QLatin1Char(' ') +
                           fitColumn(QStringLiteral("1"), 5, true) + QLatin1Char(' ') +
                           fitColumn(partName(p), 9, true) + QLatin1Char(' ') +
                           fitColumn(nodeState(c, *node, true), 11, true) + QLatin1Char(' ') +
                           fitColumn(QString::number(node->cpus), 4, false) + QLatin1Char(' ') +
                           fitColumn(QStringLiteral("%1:%2:%3")
                                         .arg(node->sockets)
                                         .arg(node->coresPerSocket)
                                         .arg(node->threadsPerCore),
                                     8, true) +
                           QLatin1Char(' ') +
                           fitColumn(QString::number(node->realMemoryMb), 6, true) +
                           QLatin1Char(' ') + fitColumn(QStringLiteral("0"), 8, true) +
                           QLatin1Char(' ') + fitColumn(QString::number(node->weight), 6, true) +
                           QLatin1Char(' ') + fitColumn(QStringLiteral("(null)"), 8, true) +
                           QLatin1Char(' ') + fitColumn(QStringLiteral("none"), 20, false) +
                           QLatin1Char('\n');
                }
            ctx.out(out);
            return ctx.finish(0);
        }
    }

    // The partition view: the -o format (default "%#P %.5a %.10l %.6D %.6t %N"), one row per
    // partition and node state when the format shows a state, else per partition.
    if (format.isEmpty())
        format = nodeOriented ? QStringLiteral("%#N %.5D %#P %6t")
                              : QStringLiteral("%#P %.5a %.10l %.6D %.6t %N");
    QList<FormatField> fields = parseFormatFields(format);
    for (FormatField &f : fields) {
        if (f.hash) {
            // %#P: as wide as the longest partition name (right-justified per node); %#N: 10.
            f.width = f.letter == QLatin1Char('N') ? 10 : partWidth;
            f.right = nodeOriented && f.letter == QLatin1Char('P');
        }
    }
    bool byNodeState = false;
    for (const FormatField &f : fields)
        byNodeState = byNodeState || f.letter == QLatin1Char('t') || f.letter == QLatin1Char('T');
    auto header = [](QChar l) -> QString {
        switch (l.toLatin1()) {
        case 'P':
        case 'R':
            return QStringLiteral("PARTITION");
        case 'a':
            return QStringLiteral("AVAIL");
        case 'l':
            return QStringLiteral("TIMELIMIT");
        case 'L':
            return QStringLiteral("DEFAULTTIME");
        case 'D':
            return QStringLiteral("NODES");
        case 't':
        case 'T':
            return QStringLiteral("STATE");
        case 'N':
            return QStringLiteral("NODELIST");
        case 'c':
            return QStringLiteral("CPUS");
        case 'C':
            return QStringLiteral("CPUS(A/I/O/T)");
        case 'F':
            return QStringLiteral("NODES(A/I/O/T)");
        case 'm':
            return QStringLiteral("MEMORY");
        case 'G':
            return QStringLiteral("GRES");
        case 'z':
            return QStringLiteral("S:C:T");
        case 'p':
            return QStringLiteral("PRIO_TIER");
        case 's':
            return QStringLiteral("JOB_SIZE");
        }
        return QString(l).toUpper();
    };
    auto render = [&](const std::function<QString(QChar)> &value) {
        QString line;
        for (const FormatField &f : fields)
            line += f.letter.isNull() ? f.literal : fitColumn(value(f.letter), f.width, f.right);
        return line + QLatin1Char('\n');
    };
    if (!noHeader)
        out += render(header);
    struct Row
    {
        const PartitionConfig *p;
        QList<const NodeConfig *> nodes;
        QString key;
    };
    QList<Row> rows;
    for (const PartitionConfig *p : parts) {
        QStringList order;
        QHash<QString, QList<const NodeConfig *>> groups;
        for (const QString &n : p->nodes) {
            const NodeConfig *node = cfg.node(n);
            if (!node)
                continue;
            const QString key = nodeOriented  ? node->name
                                : byNodeState ? nodeState(c, *node, false)
                                              : QString();
            if (!groups.contains(key))
                order << key;
            groups[key] << node;
        }
        for (const QString &key : std::as_const(order))
            rows.append({p, groups[key], key});
    }
    if (nodeOriented)
        std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
            return a.nodes.first()->name < b.nodes.first()->name;
        });
    for (const Row &row : std::as_const(rows)) {
        const PartitionConfig *p = row.p;
        const QString avail = p->up ? QStringLiteral("up") : p->stateText.toLower().left(5);
        {
            const QList<const NodeConfig *> &nodes = row.nodes;
            const QString key =
                nodeOriented || !byNodeState ? nodeState(c, *nodes.first(), false) : row.key;
            QStringList names;
            int alloc = 0, total = 0;
            QSet<int> cpuCounts;
            QSet<qint64> mems;
            for (const NodeConfig *n : nodes) {
                names << n->name;
                alloc += c.usage().load(n->name).usedCpus;
                total += n->cpus;
                cpuCounts.insert(n->cpus);
                mems.insert(n->realMemoryMb);
            }
            auto range = [](auto set) {
                auto values = set.values();
                std::sort(values.begin(), values.end());
                return values.size() == 1 ? QString::number(values.first())
                                          : QStringLiteral("%1+").arg(values.first());
            };
            out += render([&](QChar l) -> QString {
                switch (l.toLatin1()) {
                case 'P':
                    return p->isDefault ? p->name + QLatin1Char('*') : p->name;
                case 'R':
                    return p->name;
                case 'a':
                    return avail;
                case 'l':
                    return formatSinfoLimit(p->maxTimeMinutes);
                case 'L':
                    return p->defaultTimeMinutes == kNoValMinutes
                               ? QStringLiteral("n/a")
                               : formatSinfoLimit(p->defaultTimeMinutes);
                case 'D':
                    return QString::number(nodes.size());
                case 't':
                    return key;
                case 'T':
                    return key == QLatin1String("alloc") ? QStringLiteral("allocated")
                           : key == QLatin1String("mix") ? QStringLiteral("mixed")
                                                         : key;
                case 'N':
                    return compressHostlistSorted(names);
                case 'c':
                    return range(cpuCounts);
                case 'C':
                    return QStringLiteral("%1/%2/0/%3").arg(alloc).arg(total - alloc).arg(total);
                case 'F': {
                    int busy = 0;
                    for (const NodeConfig *n : nodes)
                        busy += c.usage().load(n->name).jobs > 0 ? 1 : 0;
                    return QStringLiteral("%1/%2/0/%3")
                        .arg(busy)
                        .arg(nodes.size() - busy)
                        .arg(nodes.size());
                }
                case 'm':
                    return range(mems);
                case 'G':
                    return nodes.first()->gresSpec.isEmpty()
                               ? QStringLiteral("(null)")
                               : QStringLiteral("gpu:") +
                                     nodes.first()->gresSpec.section(QLatin1Char(':'), 1);
                case 'z':
                    return QStringLiteral("%1:%2:%3")
                        .arg(nodes.first()->sockets)
                        .arg(nodes.first()->coresPerSocket)
                        .arg(nodes.first()->threadsPerCore);
                case 'p':
                    return QString::number(p->priorityTier);
                case 's':
                    return QStringLiteral("1-infinite");
                }
                return QString();
            });
        }
    }
    ctx.out(out);
    return ctx.finish(0);
}

} // namespace schedlab::slurm
