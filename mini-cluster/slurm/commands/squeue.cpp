// squeue: the queue, with Slurm's formats (-o letters and -O names), filters and sort order.
#include "commandcontext.h"
#include "helptexts.h"

#include "hostlist.h"

#include <QDateTime>
#include <QLocale>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
#include <climits>
#include <list>

namespace schedlab::slurm {

namespace {

using Field = FormatField;

// -O names to -o letters (the common ones), with squeue's default width.
struct LongField
{
    const char *name;
    char letter;
};
const LongField kLongFields[] = {
    {"jobid", 'i'},        {"jobarrayid", 'i'}, {"arrayjobid", 'F'}, {"arraytaskid", 'K'},
    {"partition", 'P'},    {"name", 'j'},       {"username", 'u'},   {"userid", 'U'},
    {"statecompact", 't'}, {"state", 'T'},      {"timeused", 'M'},   {"timelimit", 'l'},
    {"timeleft", 'L'},     {"numnodes", 'D'},   {"numcpus", 'C'},    {"reasonlist", 'R'},
    {"reason", 'r'},       {"nodelist", 'N'},   {"priority", 'Q'},   {"prioritylong", 'Q'},
    {"starttime", 'S'},    {"endtime", 'e'},    {"submittime", 'V'}, {"schednodes", 'Y'},
    {"account", 'a'},      {"workdir", 'Z'},    {"command", 'o'},    {"qos", 'q'},
    {"nice", 'y'},         {"minmemory", 'm'},  {"groupname", 'g'},  {"groupid", 'G'},
    {"comment", 'k'},      {"mincpus", 'c'},
};

QString header(QChar letter)
{
    switch (letter.toLatin1()) {
    case 'i':
    case 'A':
        return QStringLiteral("JOBID");
    case 'F':
        return QStringLiteral("ARRAY_JOB_ID");
    case 'K':
        return QStringLiteral("ARRAY_TASK_ID");
    case 'P':
        return QStringLiteral("PARTITION");
    case 'j':
        return QStringLiteral("NAME");
    case 'u':
        return QStringLiteral("USER");
    case 'U':
        return QStringLiteral("UID");
    case 't':
        return QStringLiteral("ST");
    case 'T':
        return QStringLiteral("STATE");
    case 'M':
        return QStringLiteral("TIME");
    case 'l':
        return QStringLiteral("TIME_LIMIT");
    case 'L':
        return QStringLiteral("TIME_LEFT");
    case 'D':
        return QStringLiteral("NODES");
    case 'C':
        return QStringLiteral("CPUS");
    case 'R':
        return QStringLiteral("NODELIST(REASON)");
    case 'r':
        return QStringLiteral("REASON");
    case 'N':
        return QStringLiteral("NODELIST");
    case 'Q':
        return QStringLiteral("PRIORITY");
    case 'p':
        return QStringLiteral("PRIORITY");
    case 'S':
        return QStringLiteral("START_TIME");
    case 'e':
        return QStringLiteral("END_TIME");
    case 'V':
        return QStringLiteral("SUBMIT_TIME");
    case 'Y':
        return QStringLiteral("SCHEDNODES");
    case 'a':
        return QStringLiteral("ACCOUNT");
    case 'Z':
        return QStringLiteral("WORK_DIR");
    case 'o':
        return QStringLiteral("COMMAND");
    case 'q':
        return QStringLiteral("QOS");
    case 'y':
        return QStringLiteral("NICE");
    case 'm':
        return QStringLiteral("MIN_MEMORY");
    case 'g':
        return QStringLiteral("GROUP");
    case 'G':
        return QStringLiteral("GROUP");
    case 'k':
        return QStringLiteral("COMMENT");
    case 'c':
        return QStringLiteral("MIN_CPUS");
    case 'n':
        return QStringLiteral("REQ_NODES");
    case 'x':
        return QStringLiteral("EXC_NODES");
    case 'f':
        return QStringLiteral("FEATURES");
    case 'E':
        return QStringLiteral("DEPENDENCY");
    case 'h':
        return QStringLiteral("OVER_SUBSCRIBE");
    case 'O':
        return QStringLiteral("CONTIGUOUS");
    case 'v':
        return QStringLiteral("RESERVATION");
    case 'b':
        return QStringLiteral("TRES_PER_NODE");
    }
    return QString(letter).toUpper();
}

class Printer
{
public:
    Printer(const Controller &c, const QString &timeFormat)
        : c_(c)
        , timeFormat_(timeFormat)
    {}

    QString value(QChar letter, const Job &job) const
    {
        const bool pending = job.state == JobState::Pending;
        switch (letter.toLatin1()) {
        case 'i':
            return jobIdText(job);
        case 'A':
            return QString::number(job.id);
        case 'F':
            return QString::number(job.arrayJobId ? job.arrayJobId : job.id);
        case 'K':
            return !job.arrayJobId       ? QStringLiteral("N/A")
                   : job.isArrayMaster() ? arrayTasksText(job)
                                         : QString::number(job.arrayTaskId);
        case 'P':
            return job.partition;
        case 'j':
            return job.name;
        case 'u':
            return job.user;
        case 'U':
            return QString::number(job.uid);
        case 'g':
            return job.user;
        case 'G':
            return QString::number(job.gid);
        case 't':
            return job.completing ? QStringLiteral("CG") : stateCompact(job.state);
        case 'T':
            return job.completing ? QStringLiteral("COMPLETING") : stateName(job.state);
        case 'M':
            return formatSqueueSecs(timeUsed(job));
        case 'l':
            return formatSqueueLimit(job.timeLimit);
        case 'L': {
            if (job.timeLimit == kInfiniteMinutes)
                return QStringLiteral("UNLIMITED");
            if (job.timeLimit == kNoValMinutes)
                return QStringLiteral("NOT_SET");
            return formatSqueueSecs(qint64(job.timeLimit) * 60 - timeUsed(job));
        }
        case 'D':
            return QString::number(job.nodeCount());
        case 'C':
            return QString::number(pending ? job.totalCpus() : job.allocatedCpus());
        case 'R':
            return reasonList(job);
        case 'r':
            return job.stateDesc.isEmpty() ? reasonName(job.reason) : job.stateDesc;
        case 'N':
            return compressHostlistSorted(job.nodeNames());
        case 'Q':
            return QString::number(job.priority);
        case 'p':
            return QString::number(double(job.priority) / 4294967295.0, 'f', 8);
        case 'S':
            return job.startTime ? formatTimestamp(job.startTime, timeFormat_)
                                 : QStringLiteral("N/A");
        case 'e':
            return job.endTime && !pending
                       ? formatTimestamp(job.endTime, timeFormat_)
                       : (job.endTime ? formatTimestamp(job.endTime, timeFormat_)
                                      : QStringLiteral("N/A"));
        case 'V':
            return formatTimestamp(job.submitTime, timeFormat_);
        case 'Y':
            return job.schedNodes.isEmpty() ? QStringLiteral("(null)")
                                            : compressHostlistSorted(job.schedNodes);
        case 'a':
            return job.account;
        case 'Z':
            return job.workDir;
        case 'o':
            return job.command;
        case 'q':
            return job.qos;
        case 'y':
            return QString::number(job.nice);
        case 'm':
            return job.memPerCpuMb > 0
                       ? QStringLiteral("%1M").arg(job.memPerCpuMb)
                       : (job.memPerNodeMb < 0 ? QStringLiteral("0")
                                               : QStringLiteral("%1M").arg(job.memPerNodeMb));
        case 'c':
            return QString::number(job.cpusPerTask);
        case 'k':
            return job.request.comment.isEmpty() ? QStringLiteral("(null)") : job.request.comment;
        case 'n':
        case 'x':
            return QString();
        case 'f':
            return QStringLiteral("(null)");
        case 'E':
            return c_.dependencyStatus(job);
        case 'h':
            return job.exclusive ? QStringLiteral("NO") : QStringLiteral("OK");
        case 'O':
            return QStringLiteral("0");
        case 'v':
            return QStringLiteral("(null)");
        case 'b': {
            const QString tres = tresPerNode(job.request);
            return tres.isEmpty() ? QStringLiteral("N/A") : tres;
        }
        }
        return QString();
    }

private:
    qint64 timeUsed(const Job &job) const
    {
        if (job.state == JobState::Pending || job.startTime == 0)
            return 0;
        if (job.completing || isFinished(job.state))
            return job.endTime - job.startTime;
        return c_.now() - job.startTime;
    }

    QString reasonList(const Job &job) const
    {
        const bool showReason =
            !job.completing && (job.state == JobState::Pending || job.state == JobState::Timeout ||
                                job.state == JobState::OutOfMemory ||
                                job.state == JobState::Deadline || job.state == JobState::Failed);
        if (showReason)
            return QLatin1Char('(') +
                   (job.stateDesc.isEmpty() ? reasonName(job.reason) : job.stateDesc) +
                   QLatin1Char(')');
        return compressHostlistSorted(job.nodeNames());
    }

    const Controller &c_;
    QString timeFormat_;
};

std::optional<QSet<JobState>> parseStates(const QString &text, bool *all, QString *bad)
{
    QSet<JobState> states;
    const JobState everything[] = {JobState::Pending,   JobState::Running,   JobState::Suspended,
                                   JobState::Completed, JobState::Cancelled, JobState::Failed,
                                   JobState::Timeout,   JobState::NodeFail,  JobState::Preempted,
                                   JobState::BootFail,  JobState::Deadline,  JobState::OutOfMemory};
    for (const QString &t : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (t.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0) {
            *all = true;
            continue;
        }
        if (t.compare(QLatin1String("CG"), Qt::CaseInsensitive) == 0 ||
            t.compare(QLatin1String("COMPLETING"), Qt::CaseInsensitive) == 0) {
            states.insert(JobState::Running); // completing jobs keep their running slot
            continue;
        }
        bool found = false;
        for (JobState s : everything) {
            if (t.compare(stateName(s), Qt::CaseInsensitive) == 0 ||
                t.compare(stateCompact(s), Qt::CaseInsensitive) == 0) {
                states.insert(s);
                found = true;
            }
        }
        if (!found) {
            *bad = t;
            return std::nullopt;
        }
    }
    return states;
}

} // namespace

int runSqueue(CommandContext &ctx)
{
    const QStringList &args = ctx.invocation.args;
    QString format = ctx.env("SQUEUE_FORMAT");
    QString longFormat = ctx.env("SQUEUE_FORMAT2");
    bool noHeader = false, startMode = false, longMode = false, expandArrays = false;
    QStringList taskFilters; // "1_2": one task of an array
    QStringList users, partitions, names;
    QList<std::uint32_t> ids;
    bool idsGiven = false;
    QString statesText;
    auto valueOf = [&](int &i, const QString &arg, const QString &shortOpt, const QString &longOpt,
                       QString *value) -> bool {
        if (arg == shortOpt || arg == longOpt) {
            if (i + 1 >= args.size())
                return false;
            *value = args[++i];
            return true;
        }
        if (!longOpt.isEmpty() && arg.startsWith(longOpt + QLatin1Char('='))) {
            *value = arg.mid(longOpt.size() + 1);
            return true;
        }
        if (!shortOpt.isEmpty() && arg.startsWith(shortOpt) && arg.size() > 2 &&
            !arg.startsWith(QLatin1String("--"))) {
            *value = arg.mid(2);
            return true;
        }
        return false;
    };
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        QString v;
        if (a == QLatin1String("--version") || a == QLatin1String("-V")) {
            ctx.out(slurmVersionLine());
            return ctx.finish(0);
        } else if (a == QLatin1String("--help")) {
            ctx.out(helpText(QStringLiteral("squeue")));
            return ctx.finish(0);
        } else if (a == QLatin1String("--usage")) {
            ctx.out(usageText(QStringLiteral("squeue")));
            return ctx.finish(0);
        } else if (a == QLatin1String("-h") || a == QLatin1String("--noheader")) {
            noHeader = true;
        } else if (a == QLatin1String("-l") || a == QLatin1String("--long")) {
            longMode = true;
        } else if (a == QLatin1String("--start")) {
            startMode = true;
        } else if (a == QLatin1String("-r") || a == QLatin1String("--array")) {
            expandArrays = true;
        } else if (a == QLatin1String("--me")) {
            users << ctx.user();
        } else if (a == QLatin1String("-a") || a == QLatin1String("--all")) {
        } else if (valueOf(i, a, QStringLiteral("-u"), QStringLiteral("--user"), &v)) {
            users += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (valueOf(i, a, QStringLiteral("-n"), QStringLiteral("--name"), &v)) {
            names += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (valueOf(i, a, QStringLiteral("-p"), QStringLiteral("--partition"), &v)) {
            partitions += v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (valueOf(i, a, QStringLiteral("-t"), QStringLiteral("--states"), &v)) {
            statesText = v;
        } else if (valueOf(i, a, QStringLiteral("-o"), QStringLiteral("--format"), &v)) {
            format = v;
            longFormat.clear();
        } else if (valueOf(i, a, QStringLiteral("-O"), QStringLiteral("--Format"), &v)) {
            longFormat = v;
        } else if (valueOf(i, a, QStringLiteral("-j"), QStringLiteral("--jobs"), &v)) {
            for (const QString &t : v.split(QLatin1Char(','), Qt::SkipEmptyParts))
                if (t.contains(QLatin1Char('_')))
                    taskFilters << t;
            QString bad;
            if (!parseJobIdList(v, &ids, &bad)) {
                ctx.err(QStringLiteral("squeue: error: Invalid job id: %1\n").arg(bad));
                return ctx.finish(1);
            }
            idsGiven = true;
        } else if (!a.startsWith(QLatin1Char('-')) && i > 0 && args[i - 1] == QLatin1String("-j")) {
        } else if (a.startsWith(QLatin1String("--"))) {
            ctx.err(QStringLiteral("squeue: unrecognized option '%1'\nTry \"squeue --help\" for "
                                   "more information\n")
                        .arg(a));
            return ctx.finish(1);
        } else {
            ctx.err(
                QStringLiteral(
                    "squeue: invalid option -- '%1'\nTry \"squeue --help\" for more information\n")
                    .arg(a.mid(1, 1)));
            return ctx.finish(1);
        }
    }
    for (const QString &u : std::as_const(users)) {
        if (!ctx.controller.users().knows(u)) {
            ctx.err(QStringLiteral("squeue: error: Invalid user: %1\n\n").arg(u));
            return ctx.finish(1);
        }
    }
    bool allStates = false;
    QSet<JobState> states;
    if (!statesText.isEmpty()) {
        QString bad;
        auto parsed = parseStates(statesText, &allStates, &bad);
        if (!parsed) {
            ctx.err(QStringLiteral("squeue: error: Invalid job state specified: %1\n").arg(bad));
            ctx.err(
                QStringLiteral("squeue: error: Valid job states include: "
                               "PENDING,RUNNING,SUSPENDED,COMPLETED,CANCELLED,FAILED,TIMEOUT,NODE_"
                               "FAIL,PREEMPTED,BOOT_FAIL,DEADLINE,OUT_OF_MEMORY,COMPLETING,"
                               "CONFIGURING,RESIZING,RESV_DEL_HOLD,REQUEUED,REQUEUE_FED,REQUEUE_"
                               "HOLD,REVOKED,SIGNALING,SPECIAL_EXIT,STAGE_OUT,STOPPED\n\n"));
            return ctx.finish(1);
        }
        states = *parsed;
    }
    if (startMode) {
        format = QStringLiteral("%.18i %.9P %.8j %.8u %.2t %.19S %.6D %20Y %R");
        longFormat.clear();
        if (statesText.isEmpty())
            states = {JobState::Pending};
    } else if (longMode && format.isEmpty()) {
        format = QStringLiteral("%.18i %.9P %.8j %.8u %.8T %.10M %.9l %.6D %R");
    }
    QList<Field> fields;
    if (!longFormat.isEmpty()) {
        for (const QString &item : longFormat.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString name = item.section(QLatin1Char(':'), 0, 0).toLower();
            QString spec = item.section(QLatin1Char(':'), 1);
            bool right = spec.startsWith(QLatin1Char('.'));
            if (right)
                spec.remove(0, 1);
            bool ok = false;
            int width = spec.toInt(&ok);
            if (!ok)
                width = 20;
            QChar letter;
            for (const LongField &f : kLongFields)
                if (name == QLatin1String(f.name))
                    letter = QLatin1Char(f.letter);
            if (letter.isNull()) {
                ctx.err(QStringLiteral("Invalid job format specification: %1\n").arg(name));
                return ctx.finish(1);
            }
            FormatField f;
            f.letter = letter;
            f.width = clampWidth(width);
            f.right = right;
            fields.append(f);
        }
    } else {
        if (format.isEmpty())
            format = QStringLiteral("%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R");
        fields = parseFormatFields(format);
    }

    const Controller &c = ctx.controller;
    QList<const Job *> jobs;
    for (const Job *job : c.jobs()) {
        const bool active = !isFinished(job->state) || job->completing;
        if (!allStates) {
            if (states.isEmpty()) {
                if (!active)
                    continue;
            } else if (!states.contains(job->state) &&
                       !(job->completing && states.contains(JobState::Running))) {
                continue;
            }
        }
        if (!users.isEmpty() && !users.contains(job->user))
            continue;
        if (!partitions.isEmpty() && !partitions.contains(job->partition))
            continue;
        if (!names.isEmpty() && !names.contains(job->name))
            continue;
        if (idsGiven && !ids.contains(job->id) &&
            !(job->arrayJobId && ids.contains(job->arrayJobId)))
            continue;
        if (!taskFilters.isEmpty() && job->arrayJobId) {
            bool wanted = false;
            for (const QString &t : std::as_const(taskFilters)) {
                const std::uint32_t taskId = t.section(QLatin1Char('_'), 1).toUInt();
                if (t.section(QLatin1Char('_'), 0, 0).toUInt() == job->arrayJobId &&
                    (job->arrayTaskId == taskId || job->pendingTasks.contains(taskId)))
                    wanted = true;
            }
            if (!wanted)
                continue;
        }
        jobs << job;
    }
    std::list<Job> taskViews; // stable addresses for the expanded array tasks
    if (expandArrays || !taskFilters.isEmpty()) {
        QList<const Job *> expanded;
        for (const Job *job : std::as_const(jobs)) {
            if (!job->isArrayMaster() || job->state != JobState::Pending) {
                expanded << job;
                continue;
            }
            for (std::uint32_t task : job->pendingTasks) {
                bool wanted = taskFilters.isEmpty();
                for (const QString &t : std::as_const(taskFilters))
                    wanted = wanted || t.section(QLatin1Char('_'), 1).toUInt() == task;
                if (!wanted)
                    continue;
                Job view = *job;
                view.arrayTaskId = task;
                view.pendingTasks.clear();
                taskViews.push_back(std::move(view));
                expanded << &taskViews.back();
            }
        }
        jobs = expanded;
    }
    if (idsGiven && ids.size() == 1 && !c.job(ids.first()) && jobs.isEmpty()) {
        ctx.err(QStringLiteral("slurm_load_jobs error: Invalid job id specified\n"));
        return ctx.finish(1);
    }
    // Default order: start time descending, then partition, compact state, priority.
    // Before the sort by partition, state and priority, jobs are ordered by start time,
    // latest first. A pending job the backfill has not planned (held, waiting for a
    // dependency, not looked at yet) counts from its submission, and among those the newest
    // comes first, as Slurm 22.05 lists them.
    auto startKey = [](const Job *j) { return j->startTime ? j->startTime : j->submitTime; };
    std::stable_sort(jobs.begin(), jobs.end(), [&](const Job *a, const Job *b) {
        if (startKey(a) != startKey(b))
            return startKey(a) > startKey(b);
        return !a->startTime && !b->startTime && a->id > b->id;
    });
    if (startMode) {
        // Unknown start times (N/A) come last.
        auto key = [](const Job *j) { return j->startTime ? j->startTime : LLONG_MAX; };
        std::stable_sort(jobs.begin(), jobs.end(),
                         [&](const Job *a, const Job *b) { return key(a) < key(b); });
    } else {
        // Keys computed once: the comparator runs n log n times on queues of 10,000 jobs.
        QHash<const Job *, QString> stateKey;
        for (const Job *j : std::as_const(jobs))
            stateKey.insert(j, j->completing ? QStringLiteral("CG") : stateCompact(j->state));
        std::stable_sort(jobs.begin(), jobs.end(), [&](const Job *a, const Job *b) {
            if (a->partition != b->partition)
                return a->partition < b->partition;
            const QString &sa = stateKey[a], &sb = stateKey[b];
            if (sa != sb)
                return sa < sb;
            return a->priority > b->priority;
        });
    }
    Printer printer(c, ctx.timeFormat());
    QString out;
    // Appends one line straight to the output: squeue may print 10,000 of them.
    auto render = [&](auto &&valueFor) {
        for (const Field &f : fields) {
            if (f.letter.isNull())
                out += f.literal;
            else
                appendColumn(out, valueFor(f.letter), f.width, f.right);
        }
        out += QLatin1Char('\n');
    };
    out.reserve(qsizetype(jobs.size() + 2) * 100);
    if (longMode && !noHeader) {
        // -l starts with the date, as ctime prints it.
        const QDateTime now = QDateTime::fromSecsSinceEpoch(c.now(), QTimeZone::utc());
        out += QLocale::c().toString(now, QStringLiteral("ddd MMM ")) +
               QString::number(now.date().day()).rightJustified(2) +
               QLocale::c().toString(now, QStringLiteral(" HH:mm:ss yyyy")) + QLatin1Char('\n');
    }
    if (!noHeader)
        render([](QChar l) { return header(l); });
    for (const Job *job : std::as_const(jobs))
        render([&](QChar l) { return printer.value(l, *job); });
    ctx.out(out);
    return ctx.finish(0);
}

} // namespace schedlab::slurm
