// sprio: the priority factors of pending jobs (multifactor only), and schedlab-explain.
#include "commandcontext.h"
#include "helptexts.h"

#include "decision.h"

#include <cmath>

namespace schedlab::slurm {

int runSprio(CommandContext &ctx)
{
    const QStringList &args = ctx.invocation.args;
    bool longForm = false, withUser = false, normalized = false, weights = false;
    QList<std::uint32_t> ids;
    bool idsGiven = false;
    QStringList users;
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        if (a == QLatin1String("--version") || a == QLatin1String("-V")) {
            ctx.out(slurmVersionLine());
            return ctx.finish(0);
        } else if (a == QLatin1String("-l") || a == QLatin1String("--long")) {
            longForm = true;
        } else if (a == QLatin1String("-n") || a == QLatin1String("--norm")) {
            normalized = true;
        } else if (a == QLatin1String("-w") || a == QLatin1String("--weights")) {
            weights = true;
        } else if ((a == QLatin1String("-j") || a == QLatin1String("--jobs")) &&
                   i + 1 < args.size()) {
            parseJobIdList(args[++i], &ids, nullptr);
            idsGiven = true;
        } else if (a.startsWith(QLatin1String("--jobs="))) {
            parseJobIdList(a.mid(7), &ids, nullptr);
            idsGiven = true;
        } else if ((a == QLatin1String("-u") || a == QLatin1String("--user")) &&
                   i + 1 < args.size()) {
            users += args[++i].split(QLatin1Char(','));
            withUser = true;
        } else if (a == QLatin1String("--help")) {
            ctx.out(helpText(QStringLiteral("sprio")));
            return ctx.finish(0);
        } else if (a == QLatin1String("--usage")) {
            ctx.out(usageText(QStringLiteral("sprio")));
            return ctx.finish(0);
        } else {
            ctx.err(
                QStringLiteral(
                    "sprio: unrecognized option '%1'\nTry \"sprio --help\" for more information\n")
                    .arg(a));
            return ctx.finish(1);
        }
    }
    const Controller &c = ctx.controller;
    if (c.config().priority != PriorityKind::Multifactor) {
        ctx.err(QStringLiteral(
            "You are not running a supported priority plugin\n(priority/basic).\nOnly "
            "'priority/multifactor' is supported.\n"));
        return ctx.finish(1);
    }
    const ClusterConfig &cfg = c.config();
    struct Col
    {
        QString title;
        int width;
        std::function<QString(const Job &, const Controller::PriorityFactors &)> value;
    };
    auto weighted = [&](double factor, int weight) {
        return normalized ? QString::number(factor, 'f', 7)
                          : QString::number(std::llround(factor * weight));
    };
    QList<Col> cols;
    cols << Col{QStringLiteral("JOBID"), 15,
                [](const Job &j, const auto &) { return QString::number(j.id); }};
    cols << Col{QStringLiteral("PARTITION"), -9,
                [](const Job &j, const auto &) { return j.partition; }};
    if (longForm || withUser)
        cols << Col{QStringLiteral("USER"), 8, [](const Job &j, const auto &) { return j.user; }};
    // -n: values normalised to [0,1], left-justified, and no SITE column.
    const int w = normalized ? -10 : 10;
    cols << Col{
        QStringLiteral("PRIORITY"), w,
        [&](const Job &j, const auto &) { // sprio truncates the normalised priority to 8 decimals.
            return normalized
                       ? QString::number(std::floor(j.priority / 4294967295.0 * 1e8) / 1e8, 'f', 8)
                       : QString::number(j.priority);
        }};
    if (!normalized)
        cols << Col{QStringLiteral("SITE"), 10,
                    [](const Job &, const auto &) { return QStringLiteral("0"); }};
    const int wAge = c.weightAge(), wFs = c.weightFairshare();
    if (longForm || wAge)
        cols << Col{QStringLiteral("AGE"), w,
                    [&](const Job &, const auto &f) { return weighted(f.age, wAge); }};
    if (longForm || cfg.weightAssoc)
        cols << Col{QStringLiteral("ASSOC"), w,
                    [&](const Job &, const auto &f) { return weighted(f.assoc, cfg.weightAssoc); }};
    if (longForm || wFs)
        cols << Col{QStringLiteral("FAIRSHARE"), w,
                    [&](const Job &, const auto &f) { return weighted(f.fairshare, wFs); }};
    if (longForm || cfg.weightJobSize)
        cols << Col{QStringLiteral("JOBSIZE"), w, [&](const Job &, const auto &f) {
                        return weighted(f.jobSize, cfg.weightJobSize);
                    }};
    if (longForm || cfg.weightPartition)
        cols << Col{QStringLiteral("PARTITION"), w, [&](const Job &, const auto &f) {
                        return weighted(f.partition, cfg.weightPartition);
                    }};
    if (longForm || cfg.weightQos)
        cols << Col{QStringLiteral("QOS"), w,
                    [&](const Job &, const auto &f) { return weighted(f.qos, cfg.weightQos); }};
    if (longForm)
        cols << Col{QStringLiteral("NICE"), 11,
                    [](const Job &j, const auto &) { return QString::number(j.nice); }};
    if (longForm)
        cols << Col{QStringLiteral("TRES"), 20,
                    [](const Job &, const auto &) { return QString(); }};
    QList<const Job *> jobs;
    for (const Job *j : c.jobs()) {
        if (j->state != JobState::Pending || j->heldByUser || j->heldByAdmin ||
            j->beginTime > c.now())
            continue;
        if (idsGiven && !ids.contains(j->id))
            continue;
        if (!users.isEmpty() && !users.contains(j->user))
            continue;
        jobs << j;
    }
    if (jobs.isEmpty() && (idsGiven || !users.isEmpty())) {
        ctx.out(QStringLiteral("Unable to find jobs matching user/id(s) specified\n"));
        return ctx.finish(0);
    }
    auto render = [&](const std::function<QString(const Col &)> &v) {
        QString line;
        for (int i = 0; i < cols.size(); ++i) {
            if (i)
                line += QLatin1Char(' ');
            line += fitColumn(v(cols[i]), std::abs(cols[i].width), cols[i].width > 0);
        }
        return line + QLatin1Char('\n');
    };
    QString out = render([](const Col &col) { return col.title; });
    if (weights) {
        // -w: the configured weights under the header, in place of the jobs.
        QHash<QString, QString> weightOf{
            {QStringLiteral("SITE"), QStringLiteral("1")},
            {QStringLiteral("AGE"), QString::number(wAge)},
            {QStringLiteral("ASSOC"), QString::number(cfg.weightAssoc)},
            {QStringLiteral("FAIRSHARE"), QString::number(wFs)},
            {QStringLiteral("JOBSIZE"), QString::number(cfg.weightJobSize)},
            {QStringLiteral("QOS"), QString::number(cfg.weightQos)},
        };
        int index = 0;
        out += render([&](const Col &col) -> QString {
            const int i = index++;
            if (i == 0)
                return QStringLiteral("Weights");
            if (col.title == QLatin1String("PARTITION") && i > 2)
                return QString::number(cfg.weightPartition);
            return weightOf.value(col.title);
        });
        ctx.out(out);
        return ctx.finish(0);
    }
    for (const Job *j : std::as_const(jobs)) {
        const Controller::PriorityFactors f = c.storedFactors(*j);
        out += render([&](const Col &col) { return col.value(*j, f); });
    }
    ctx.out(out);
    return ctx.finish(0);
}

int runExplain(CommandContext &ctx)
{
    const QStringList &args = ctx.invocation.args;
    QString language = ctx.env("SCHEDLAB_LANG");
    if (language.isEmpty())
        language = ctx.env("LANG").startsWith(QLatin1String("en")) ? QStringLiteral("en")
                                                                   : QStringLiteral("fr");
    QList<std::uint32_t> ids;
    bool all = false;
    for (const QString &a : args) {
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            ctx.out(QStringLiteral(
                "Usage: schedlab-explain [--all] [--lang=fr|en] JOBID...\n"
                "Prints why the mini-cluster's scheduler left each job where it is,\n"
                "or why it started it (the last decision; --all: every decision).\n"));
            return ctx.finish(0);
        }
        if (a == QLatin1String("--all"))
            all = true;
        else if (a.startsWith(QLatin1String("--lang=")))
            language = a.mid(7);
        else if (!parseJobIdList(a, &ids, nullptr)) {
            ctx.err(QStringLiteral("schedlab-explain: error: Invalid job id %1\n").arg(a));
            return ctx.finish(1);
        }
    }
    if (ids.isEmpty()) {
        ctx.err(
            QStringLiteral("schedlab-explain: error: no job id given (schedlab-explain JOBID)\n"));
        return ctx.finish(1);
    }
    int rc = 0;
    for (std::uint32_t id : ids) {
        const QList<Decision> decisions = ctx.controller.decisions(id);
        if (decisions.isEmpty()) {
            ctx.err(QStringLiteral("schedlab-explain: error: no decision recorded for job %1\n")
                        .arg(id));
            rc = 1;
            continue;
        }
        // The last pass's verdicts: the backfill and the main scheduler may both have spoken
        // at that instant (the backfill's reservation, then the main scheduler's reason).
        const qint64 latest = decisions.last().time;
        for (const Decision &d : decisions) {
            const bool superseded =
                d.kind == Decision::Kind::NotYetConsidered && &d != &decisions.last();
            if (all || (d.time == latest && !superseded))
                ctx.out(renderDecision(d, language) + QLatin1Char('\n'));
        }
    }
    return ctx.finish(rc);
}

} // namespace schedlab::slurm
