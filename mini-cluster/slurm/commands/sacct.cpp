// sacct: job and step records from the accounting store, with Slurm's fields and widths.
#include "commandcontext.h"
#include "helptexts.h"

#include "accounting.h"
#include "sbatchparser.h"

#include <functional>

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
    {"AllocTRES", 10}, {"ReqTRES", 10},
    {"NTasks", 8},
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

QString stateText(const JobRecord &r)
{
    if (r.requeued)
        return QStringLiteral("REQUEUED");
    if (r.state == JobState::Cancelled && r.requid >= 0)
        return QStringLiteral("CANCELLED by %1").arg(r.requid);
    return stateName(r.state);
}

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
            return step_ ? stateText(step_->state, -1) : stateText(r_);
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
        // A step is submitted and eligible when it starts.
        if (f == QLatin1String("submit"))
            return formatTimestamp(step_ ? step_->start : r_.submit, tf_);
        if (f == QLatin1String("eligible"))
            return step_ ? formatTimestamp(step_->start, tf_)
                         : (r_.eligible ? formatTimestamp(r_.eligible, tf_)
                                        : QStringLiteral("Unknown"));
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
        if (f == QLatin1String("ntasks"))
            return step_ ? QString::number(step_->tasks) : QString();
        if (f == QLatin1String("alloctres"))
            return step_ ? tresText(step_->cpus, step_->memMb, step_->nodeCount, false)
                         : r_.allocTres;
        if (f == QLatin1String("reqtres"))
            return step_ ? QString() : r_.reqTres;
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

// What sacct was asked: its options once read.
struct SacctOptions
{
    QString format;
    bool parsable = false, parsable2 = false, noSteps = false, noHeader = false;
    bool allUsers = false, duplicates = false;
    QList<std::uint32_t> ids;
    bool idsGiven = false;
    QStringList users, names, states;
    qint64 start = 0, end = 0; // -S / -E as parse_time() read them; 0: not given
};

// The time window of slurmdb_job_cond_def_start_end(): -S defaults to midnight (to now
// with -s, to the epoch with -j), -E to now (to -S with -s); the query is [S, E), so an E
// equal to S or to now takes one second more.
void defaultWindow(SacctOptions &o, qint64 now)
{
    if (!o.states.isEmpty()) {
        if (!o.start && !o.idsGiven)
            o.start = now;
        if (o.start && !o.end)
            o.end = o.start;
    } else if (!o.idsGiven && !o.start) {
        const UtcTime t = utcTime(now);
        o.start = now - (t.hour * 3600 + t.minute * 60 + t.second);
    }
    if (!o.end)
        o.end = now;
    if (o.end == o.start || o.end == now)
        ++o.end;
}

// Whether a record falls in the window, as slurmdbd's query asks: with -j, submitted
// before its end and not ended before its start; otherwise eligible in it (a job never
// eligible, held or waiting for a dependency, is left out).
bool inWindow(const JobRecord &r, const SacctOptions &o)
{
    const bool notEndedBefore = r.end == 0 || r.end >= o.start;
    if (o.idsGiven && o.states.isEmpty())
        return r.submit <= o.end && notEndedBefore;
    return r.eligible && r.eligible < o.end && notEndedBefore;
}

bool selected(const JobRecord &r, const SacctOptions &o, const QString &user, bool seeAll)
{
    if (o.idsGiven && !o.ids.contains(r.jobId) && !(r.arrayJobId && o.ids.contains(r.arrayJobId)))
        return false;
    if (!o.users.isEmpty() && !o.users.contains(r.user))
        return false;
    if (o.users.isEmpty() && !seeAll && r.user != user)
        return false;
    if (!o.names.isEmpty() && !o.names.contains(r.name))
        return false;
    const QString state = r.requeued ? QStringLiteral("REQUEUED") : stateName(r.state);
    if (!o.states.isEmpty() && !o.states.contains(state) &&
        !o.states.contains(stateCompact(r.state)))
        return false;
    return inWindow(r, o);
}

// The records sacct prints, in its order (array tasks under their array, in task order).
// Without -D only the latest matching run of each job is kept, as slurmdbd's query does.
QList<JobRecord> matchingRuns(const AccountingStore &store, const SacctOptions &o,
                              const QString &user, bool seeAll)
{
    QList<JobRecord> runs;
    for (const JobRecord &r : store.allRuns()) {
        if (!selected(r, o, user, seeAll))
            continue;
        if (!o.duplicates && !runs.isEmpty() && runs.last().jobId == r.jobId)
            runs.removeLast();
        runs << r;
    }
    auto arrayKey = [](const JobRecord &r) { return r.arrayJobId ? r.arrayJobId : r.jobId; };
    std::stable_sort(runs.begin(), runs.end(), [&](const JobRecord &a, const JobRecord &b) {
        if (arrayKey(a) != arrayKey(b))
            return arrayKey(a) < arrayKey(b);
        return a.arrayTaskId < b.arrayTaskId;
    });
    return runs;
}

// Steps in the order sacct prints them: batch, extern, then numbered steps.
QList<const StepRecord *> stepsInOrder(const JobRecord &r)
{
    QList<const StepRecord *> steps;
    for (const QString &wanted : {QStringLiteral("batch"), QStringLiteral("extern")})
        for (const StepRecord &s : r.steps)
            if (s.id == wanted)
                steps << &s;
    for (const StepRecord &s : r.steps)
        if (s.id != QLatin1String("batch") && s.id != QLatin1String("extern"))
            steps << &s;
    return steps;
}

// Reads a -S/-E value as parse_time(optarg, 1); false (message written) when invalid.
bool readTime(CommandContext &ctx, const QString &text, qint64 *value)
{
    const SlurmTimeSpec t = parseSlurmTimeSpec(text, ctx.controller.now(), true);
    if (!t.errorLine.isEmpty()) {
        ctx.err(t.errorLine);
        return false;
    }
    *value = t.value;
    return true;
}

// Parses the command line; returns -1 to go on, else the exit code (already answered).
int parseOptions(CommandContext &ctx, SacctOptions &o)
{
    const QStringList &args = ctx.invocation.args;
    o.format = ctx.env("SACCT_FORMAT");
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
            o.parsable2 = true;
        } else if (a == QLatin1String("-p") || a == QLatin1String("--parsable")) {
            o.parsable = true;
        } else if (a == QLatin1String("-X") || a == QLatin1String("--allocations")) {
            o.noSteps = true;
        } else if (a == QLatin1String("-n") || a == QLatin1String("--noheader")) {
            o.noHeader = true;
        } else if (a == QLatin1String("-a") || a == QLatin1String("--allusers")) {
            o.allUsers = true;
        } else if (a == QLatin1String("-D") || a == QLatin1String("--duplicates")) {
            o.duplicates = true;
        } else if (take(QStringLiteral("-o"), QStringLiteral("--format"), &v)) {
            o.format = v;
        } else if (take(QStringLiteral("-j"), QStringLiteral("--jobs"), &v)) {
            QString bad;
            if (!parseJobIdList(v, &o.ids, &bad)) {
                ctx.err(QStringLiteral("sacct: fatal: Bad job/step specified: %1\n").arg(bad));
                return ctx.finish(1);
            }
            o.idsGiven = true;
        } else if (take(QStringLiteral("-u"), QStringLiteral("--user"), &v)) {
            o.users += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (take(QStringLiteral("--name"), QStringLiteral("--name"), &v)) {
            o.names += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (take(QStringLiteral("-s"), QStringLiteral("--state"), &v)) {
            o.states += v.toUpper().split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (take(QStringLiteral("-S"), QStringLiteral("--starttime"), &v)) {
            if (!readTime(ctx, v, &o.start))
                return ctx.finish(1);
        } else if (take(QStringLiteral("-E"), QStringLiteral("--endtime"), &v)) {
            if (!readTime(ctx, v, &o.end))
                return ctx.finish(1);
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
    return -1;
}

// The -o fields; false (message written) for one sacct does not know.
bool readColumns(CommandContext &ctx, const QString &format, QList<Column> *columns)
{
    const QString fields = format.isEmpty()
                               ? QStringLiteral("jobid,jobname,partition,account,alloccpus,"
                                                "state,exitcode")
                               : format;
    for (const QString &item : fields.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = item.section(QLatin1Char('%'), 0, 0);
        const FieldDef *def = findField(name);
        if (!def) {
            ctx.err(QStringLiteral("Invalid field requested: \"%1\"\n").arg(name));
            return false;
        }
        int width = def->width;
        if (item.contains(QLatin1Char('%'))) {
            bool ok = false;
            const int w = item.section(QLatin1Char('%'), 1).toInt(&ok);
            if (ok)
                width = clampWidth(w); // an explicit width right-justifies, even JobID
        }
        columns->append({def, width});
    }
    return true;
}

QString formatLine(const QList<Column> &columns, const SacctOptions &o,
                   const std::function<QString(const Column &)> &valueFor, bool header)
{
    QStringList cells;
    QString text;
    for (const Column &col : columns) {
        const QString v = valueFor(col);
        if (o.parsable || o.parsable2)
            cells << v;
        else
            text += (header ? fitColumn(v, std::abs(col.width), col.width > 0)
                            : fitSacct(v, std::abs(col.width), col.width > 0)) +
                    QLatin1Char(' ');
    }
    if (o.parsable2)
        return cells.join(QLatin1Char('|')) + QLatin1Char('\n');
    if (o.parsable)
        return cells.join(QLatin1Char('|')) + QStringLiteral("|\n");
    return text + QLatin1Char('\n');
}

QString headerLines(const QList<Column> &columns, const SacctOptions &o)
{
    if (o.noHeader)
        return QString();
    QString out = formatLine(
        columns, o, [](const Column &col) { return QString::fromLatin1(col.def->name); }, true);
    if (!o.parsable && !o.parsable2)
        out += formatLine(
            columns, o,
            [](const Column &col) { return QString(std::abs(col.width), QLatin1Char('-')); }, true);
    return out;
}

} // namespace

int runSacct(CommandContext &ctx)
{
    SacctOptions o;
    if (const int code = parseOptions(ctx, o); code >= 0)
        return code;
    const Controller &c = ctx.controller;
    AccountingStore *store = c.accounting();
    if (!c.config().accountingEnabled || !store) {
        ctx.err(QStringLiteral("Slurm accounting storage is disabled\n"));
        return ctx.finish(1);
    }
    QList<Column> columns;
    if (!readColumns(ctx, o.format, &columns))
        return ctx.finish(1);
    defaultWindow(o, c.now());
    if (o.start > o.end) {
        ctx.err(QStringLiteral("sacct: error: Start time (%1) requested is after end time (%2).\n")
                    .arg(formatTimestamp(o.start, ctx.timeFormat()),
                         formatTimestamp(o.end, ctx.timeFormat())));
        return ctx.finish(1);
    }
    const bool seeAll = o.allUsers || c.users().isOperator(ctx.user()) || o.idsGiven;
    QString out = headerLines(columns, o);
    for (const JobRecord &r : matchingRuns(*store, o, ctx.user(), seeAll)) {
        Row row(r, nullptr, c, ctx.timeFormat());
        out += formatLine(
            columns, o,
            [&](const Column &col) { return row.value(QString::fromLatin1(col.def->name)); },
            false);
        if (o.noSteps)
            continue;
        for (const StepRecord *s : stepsInOrder(r)) {
            Row stepRow(r, s, c, ctx.timeFormat());
            out += formatLine(
                columns, o,
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
