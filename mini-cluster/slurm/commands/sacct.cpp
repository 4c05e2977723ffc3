// sacct: job and step records from the accounting store, with Slurm's fields and widths.
#include "commandcontext.h"
#include "helptexts.h"

#include "accounting.h"

#include <QDateTime>
#include <QTimeZone>

namespace schedlab::slurm {

namespace {

struct FieldDef
{
    const char *name;
    int width; // negative: left-justified
};

const FieldDef kFields[] = {
    {"JobID", -12},    {"JobIDRaw", -12},
    {"JobName", 10},   {"Partition", 10},
    {"Account", 10},   {"AllocCPUS", 10},
    {"State", 10},     {"ExitCode", 8},
    {"Elapsed", 10},   {"ElapsedRaw", 10},
    {"Timelimit", 10}, {"Start", 19},
    {"End", 19},       {"Submit", 19},
    {"Eligible", 19},  {"NodeList", 15},
    {"NNodes", 8},     {"User", 9},
    {"UID", 6},        {"Group", 9},
    {"GID", 6},        {"Priority", 10},
    {"Reason", 20},    {"WorkDir", 30},
    {"ReqMem", 10},    {"DerivedExitCode", 15},
    {"ReqCPUS", 8},    {"ReqNodes", 8},
    {"Cluster", 10},   {"QOS", 10},
    {"CPUTime", 10},   {"CPUTimeRAW", 10},
    {"MaxRSS", 10},    {"AllocNodes", 10},
    {"Comment", 15},   {"TimelimitRaw", 12},
};

const FieldDef *findField(const QString &name)
{
    for (const FieldDef &f : kFields)
        if (name.compare(QLatin1String(f.name), Qt::CaseInsensitive) == 0)
            return &f;
    return nullptr;
}

struct Column
{
    const FieldDef *def;
    int width;
};

QString stateText(JobState state, int requid)
{
    if (state == JobState::Cancelled && requid >= 0)
        return QStringLiteral("CANCELLED by %1").arg(requid);
    return stateName(state);
}

class Row
{
public:
    Row(const JobRecord &r, const StepRecord *step, const Controller &c, const QString &timeFormat)
        : r_(r)
        , step_(step)
        , c_(c)
        , tf_(timeFormat)
    {}

    QString value(const QString &field) const
    {
        const QString f = field.toLower();
        const qint64 start = step_ ? step_->start : r_.start;
        const qint64 end = step_ ? step_->end : r_.end;
        if (f == QLatin1String("jobid"))
            return step_ ? r_.jobIdText + QLatin1Char('.') + step_->id : r_.jobIdText;
        if (f == QLatin1String("jobidraw"))
            return step_ ? QString::number(r_.jobId) + QLatin1Char('.') + step_->id
                         : QString::number(r_.jobId);
        if (f == QLatin1String("jobname"))
            return step_ ? step_->name : r_.name;
        if (f == QLatin1String("partition"))
            return step_ ? QString() : r_.partition;
        if (f == QLatin1String("account"))
            return r_.account;
        if (f == QLatin1String("alloccpus"))
            return QString::number(step_ ? step_->cpus : r_.allocCpus);
        if (f == QLatin1String("state"))
            return step_ ? stateText(step_->state, -1) : stateText(r_.state, r_.requid);
        if (f == QLatin1String("exitcode"))
            return step_ ? QStringLiteral("%1:%2").arg(step_->exitCode).arg(step_->exitSignal)
                         : QStringLiteral("%1:%2").arg(r_.exitCode).arg(r_.exitSignal);
        if (f == QLatin1String("derivedexitcode"))
            return step_ ? QString() : QStringLiteral("%1:0").arg(r_.derivedExitCode);
        if (f == QLatin1String("elapsed"))
            return formatHms(elapsed(start, end));
        if (f == QLatin1String("elapsedraw"))
            return QString::number(elapsed(start, end));
        if (f == QLatin1String("timelimit"))
            return step_ ? QString()
                         : formatScontrolLimit(r_.timeLimit)
                               .replace(QLatin1String("Partition_Limit"),
                                        QLatin1String("Partition_Limit"));
        if (f == QLatin1String("timelimitraw"))
            return step_ ? QString()
                         : (r_.timeLimit == kInfiniteMinutes ? QStringLiteral("UNLIMITED")
                                                             : QString::number(r_.timeLimit));
        if (f == QLatin1String("start"))
            return start ? formatTimestamp(start, tf_)
                         : (isFinished(r_.state) ? QStringLiteral("None")
                                                 : QStringLiteral("Unknown"));
        if (f == QLatin1String("end"))
            return end ? formatTimestamp(end, tf_) : QStringLiteral("Unknown");
        if (f == QLatin1String("submit"))
            return formatTimestamp(r_.submit, tf_);
        if (f == QLatin1String("eligible"))
            return r_.eligible ? formatTimestamp(r_.eligible, tf_) : QStringLiteral("Unknown");
        if (f == QLatin1String("nodelist"))
            return step_ ? step_->nodes
                         : (r_.nodeList.isEmpty() ? QStringLiteral("None assigned") : r_.nodeList);
        if (f == QLatin1String("nnodes") || f == QLatin1String("allocnodes"))
            return QString::number(r_.nnodes);
        if (f == QLatin1String("user"))
            return step_ ? QString() : r_.user;
        if (f == QLatin1String("uid"))
            return step_ ? QString() : QString::number(r_.uid);
        if (f == QLatin1String("group"))
            return step_ ? QString() : r_.user;
        if (f == QLatin1String("gid"))
            return step_ ? QString() : QString::number(r_.gid);
        if (f == QLatin1String("priority"))
            return step_ ? QString() : QString::number(r_.priority);
        if (f == QLatin1String("reason"))
            return step_ ? QString() : reasonName(r_.reason);
        if (f == QLatin1String("workdir"))
            return step_ ? QString() : r_.workDir;
        if (f == QLatin1String("reqmem"))
            return step_ ? QString()
                         : (r_.reqMemMb < 0 ? QStringLiteral("0")
                                            : QStringLiteral("%1M").arg(r_.reqMemMb));
        if (f == QLatin1String("reqcpus"))
            return QString::number(step_ ? step_->cpus : r_.allocCpus);
        if (f == QLatin1String("reqnodes"))
            return QString::number(r_.nnodes);
        if (f == QLatin1String("cluster"))
            return c_.config().clusterName;
        if (f == QLatin1String("qos"))
            return step_ ? QString() : QStringLiteral("normal");
        if (f == QLatin1String("cputime"))
            return formatHms(elapsed(start, end) * (step_ ? step_->cpus : r_.allocCpus));
        if (f == QLatin1String("cputimeraw"))
            return QString::number(elapsed(start, end) * (step_ ? step_->cpus : r_.allocCpus));
        return QString();
    }

private:
    qint64 elapsed(qint64 start, qint64 end) const
    {
        if (!start)
            return 0;
        return (end ? end : c_.now()) - start;
    }

    const JobRecord &r_;
    const StepRecord *step_;
    const Controller &c_;
    QString tf_;
};

} // namespace

int runSacct(CommandContext &ctx)
{
    const QStringList &args = ctx.invocation.args;
    QString format = ctx.env("SACCT_FORMAT");
    bool parsable = false, parsable2 = false, noSteps = false, noHeader = false, allUsers = false;
    QList<std::uint32_t> ids;
    bool idsGiven = false;
    QStringList users, names, states;
    QString startText, endText;
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        auto take = [&](const QString &s, const QString &l, QString *v) {
            if ((!s.isEmpty() && a == s) || a == l) {
                if (i + 1 < args.size()) {
                    *v = args[++i];
                    return true;
                }
                return false;
            }
            if (a.startsWith(l + QLatin1Char('='))) {
                *v = a.mid(l.size() + 1);
                return true;
            }
            if (!s.isEmpty() && a.startsWith(s) && a.size() > 2 &&
                !a.startsWith(QLatin1String("--"))) {
                *v = a.mid(2);
                return true;
            }
            return false;
        };
        QString v;
        if (a == QLatin1String("--version") || a == QLatin1String("-V")) {
            ctx.out(slurmVersionLine());
            return ctx.finish(0);
        } else if (a == QLatin1String("-P") || a == QLatin1String("--parsable2")) {
            parsable2 = true;
        } else if (a == QLatin1String("-p") || a == QLatin1String("--parsable")) {
            parsable = true;
        } else if (a == QLatin1String("-X") || a == QLatin1String("--allocations")) {
            noSteps = true;
        } else if (a == QLatin1String("-n") || a == QLatin1String("--noheader")) {
            noHeader = true;
        } else if (a == QLatin1String("-a") || a == QLatin1String("--allusers")) {
            allUsers = true;
        } else if (a == QLatin1String("-D") || a == QLatin1String("--duplicates")) {
        } else if (take(QStringLiteral("-o"), QStringLiteral("--format"), &v)) {
            format = v;
        } else if (take(QStringLiteral("-j"), QStringLiteral("--jobs"), &v)) {
            QString bad;
            if (!parseJobIdList(v, &ids, &bad)) {
                ctx.err(QStringLiteral("sacct: fatal: Bad job/step specified: %1\n").arg(bad));
                return ctx.finish(1);
            }
            idsGiven = true;
        } else if (take(QStringLiteral("-u"), QStringLiteral("--user"), &v)) {
            users += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (take(QStringLiteral("--name"), QStringLiteral("--name"), &v)) {
            names += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (take(QStringLiteral("-s"), QStringLiteral("--state"), &v)) {
            states += v.toUpper().split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (take(QStringLiteral("-S"), QStringLiteral("--starttime"), &v)) {
            startText = v;
        } else if (take(QStringLiteral("-E"), QStringLiteral("--endtime"), &v)) {
            endText = v;
        } else if (a == QLatin1String("--help")) {
            ctx.out(helpText(QStringLiteral("sacct")));
            return ctx.finish(0);
        } else if (a == QLatin1String("--usage")) {
            ctx.out(usageText(QStringLiteral("sacct")));
            return ctx.finish(0);
        } else {
            ctx.err(
                QStringLiteral(
                    "sacct: unrecognized option '%1'\nTry \"sacct --help\" for more information\n")
                    .arg(a));
            return ctx.finish(1);
        }
    }
    const Controller &c = ctx.controller;
    AccountingStore *store = c.accounting();
    if (!c.config().accountingEnabled || !store) {
        ctx.err(QStringLiteral("Slurm accounting storage is disabled\n"));
        return ctx.finish(1);
    }
    if (format.isEmpty())
        format = QStringLiteral("jobid,jobname,partition,account,alloccpus,state,exitcode");
    QList<Column> columns;
    for (const QString &item : format.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = item.section(QLatin1Char('%'), 0, 0);
        const FieldDef *def = findField(name);
        if (!def) {
            ctx.err(QStringLiteral("Invalid field requested: \"%1\"\n").arg(name));
            return ctx.finish(1);
        }
        int width = def->width;
        if (item.contains(QLatin1Char('%'))) {
            bool ok = false;
            const int w = item.section(QLatin1Char('%'), 1).toInt(&ok);
            if (ok)
                width = w; // an explicit width right-justifies, even JobID
        }
        columns.append({def, width});
    }
    // Default window: jobs of today (virtual) when no -j; all of them with -j.
    qint64 windowStart = 0;
    if (!states.isEmpty() && startText.isEmpty()) {
        windowStart = c.now(); // with --state, the window starts now (man sacct)
    } else if (!idsGiven && startText.isEmpty()) {
        const QDateTime now = QDateTime::fromSecsSinceEpoch(c.now(), QTimeZone::utc());
        windowStart = QDateTime(now.date(), QTime(0, 0), QTimeZone::utc()).toSecsSinceEpoch();
    } else if (!startText.isEmpty()) {
        QDateTime t = QDateTime::fromString(startText, Qt::ISODate);
        if (!t.isValid())
            t = QDateTime(QDate::fromString(startText, Qt::ISODate), QTime(0, 0));
        t.setTimeZone(QTimeZone::utc());
        windowStart = t.isValid() ? t.toSecsSinceEpoch() : 0;
    }
    qint64 windowEnd = c.now();
    if (!endText.isEmpty() && endText != QLatin1String("now")) {
        QDateTime t = QDateTime::fromString(endText, Qt::ISODate);
        if (!t.isValid())
            t = QDateTime(QDate::fromString(endText, Qt::ISODate), QTime(0, 0));
        t.setTimeZone(QTimeZone::utc());
        if (t.isValid())
            windowEnd = t.toSecsSinceEpoch();
    }
    const bool seeAll = allUsers || c.users().isOperator(ctx.user()) || idsGiven;
    QString out;
    auto line = [&](const std::function<QString(const Column &)> &valueFor, bool header) {
        QStringList cells;
        QString text;
        for (const Column &col : columns) {
            const QString v = valueFor(col);
            if (parsable || parsable2) {
                cells << v;
            } else {
                text += (header ? fitColumn(v, std::abs(col.width), col.width > 0)
                                : fitSacct(v, std::abs(col.width), col.width > 0)) +
                        QLatin1Char(' ');
            }
        }
        if (parsable2)
            return cells.join(QLatin1Char('|')) + QLatin1Char('\n');
        if (parsable)
            return cells.join(QLatin1Char('|')) + QStringLiteral("|\n");
        return text + QLatin1Char('\n');
    };
    if (!noHeader) {
        out += line([](const Column &col) { return QString::fromLatin1(col.def->name); }, true);
        if (!parsable && !parsable2)
            out += line(
                [](const Column &col) { return QString(std::abs(col.width), QLatin1Char('-')); },
                true);
    }
    // Array tasks are listed under their array, in task order.
    QList<JobRecord> records = store->all();
    auto arrayKey = [](const JobRecord &r) { return r.arrayJobId ? r.arrayJobId : r.jobId; };
    std::stable_sort(records.begin(), records.end(), [&](const JobRecord &a, const JobRecord &b) {
        if (arrayKey(a) != arrayKey(b))
            return arrayKey(a) < arrayKey(b);
        return a.arrayTaskId < b.arrayTaskId;
    });
    for (const JobRecord &r : std::as_const(records)) {
        if (idsGiven && !ids.contains(r.jobId) && !(r.arrayJobId && ids.contains(r.arrayJobId)))
            continue;
        if (!users.isEmpty() && !users.contains(r.user))
            continue;
        if (users.isEmpty() && !seeAll && r.user != ctx.user())
            continue;
        if (!names.isEmpty() && !names.contains(r.name))
            continue;
        if (!states.isEmpty() && !states.contains(stateName(r.state)) &&
            !states.contains(stateCompact(r.state)))
            continue;
        if (!idsGiven) {
            // The window is about eligible jobs: one never eligible (held, waiting for a
            // dependency or its begin time) is left out.
            const qint64 endOrNow = r.end ? r.end : c.now();
            if (!r.eligible || r.eligible > windowEnd || endOrNow < windowStart)
                continue;
        }
        Row row(r, nullptr, c, ctx.timeFormat());
        out +=
            line([&](const Column &col) { return row.value(QString::fromLatin1(col.def->name)); },
                 false);
        if (noSteps)
            continue;
        // Steps in the order sacct prints them: batch, extern, then numbered steps.
        QList<const StepRecord *> steps;
        for (const QString &wanted : {QStringLiteral("batch"), QStringLiteral("extern")})
            for (const StepRecord &s : r.steps)
                if (s.id == wanted)
                    steps << &s;
        for (const StepRecord &s : r.steps)
            if (s.id != QLatin1String("batch") && s.id != QLatin1String("extern"))
                steps << &s;
        for (const StepRecord *s : steps) {
            Row stepRow(r, s, c, ctx.timeFormat());
            out += line(
                [&](const Column &col) {
                    return stepRow.value(QString::fromLatin1(col.def->name));
                },
                false);
        }
    }
    ctx.out(out);
    return ctx.finish(0);
}

} // namespace schedlab::slurm
