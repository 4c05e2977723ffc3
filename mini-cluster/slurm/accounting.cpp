// slurmdbd's job and step tables in a SQLite file, with an in-memory copy for sacct.
#include "accounting.h"

#include "hostlist.h"
#include "privatefiles.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace schedlab::slurm {

namespace {

// A name as sacct may print it: real slurmdbd keeps a newline in a job name, and sacct -P
// then splits the job's row in two; here every control character becomes a space, so one
// job is always one row (and one line of the steps column below).
QString oneLine(QString text)
{
    for (QChar &c : text)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = u' ';
    return text;
}

// The steps column also carries the job's TRES strings, on a line of their own that stores
// written before them simply lack.
const QString kTresLine = QStringLiteral("#tres");

QString stepsToText(const QList<StepRecord> &steps, const QString &allocTres = {},
                    const QString &reqTres = {})
{
    QStringList lines{QStringList{kTresLine, allocTres, reqTres}.join(QLatin1Char('\t'))};
    for (const StepRecord &s : steps)
        lines << QStringList{s.id,
                             s.name,
                             QString::number(int(s.state)),
                             QString::number(s.exitCode),
                             QString::number(s.exitSignal),
                             QString::number(s.start),
                             QString::number(s.end),
                             QString::number(s.cpus),
                             s.nodes,
                             QString::number(s.memMb),
                             QString::number(s.nodeCount),
                             QString::number(s.tasks)}
                     .join(QLatin1Char('\t'));
    return lines.join(QLatin1Char('\n'));
}

QList<StepRecord> stepsFromText(const QString &text, QString *allocTres = nullptr,
                                QString *reqTres = nullptr)
{
    QList<StepRecord> steps;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList f = line.split(QLatin1Char('\t'));
        if (f.size() == 3 && f[0] == kTresLine) {
            if (allocTres && reqTres) {
                *allocTres = f[1];
                *reqTres = f[2];
            }
            continue;
        }
        if (f.size() < 9)
            continue;
        StepRecord s;
        s.id = f[0];
        s.name = f[1];
        s.state = JobState(f[2].toInt());
        s.exitCode = f[3].toInt();
        s.exitSignal = f[4].toInt();
        s.start = f[5].toLongLong();
        s.end = f[6].toLongLong();
        s.cpus = f[7].toInt();
        s.nodes = f[8];
        if (f.size() >= 11) { // stores written before AllocTRES have no memory
            s.memMb = f[9].toLongLong();
            s.nodeCount = f[10].toInt();
        }
        if (f.size() >= 12)
            s.tasks = f[11].toInt();
        steps << s;
    }
    return steps;
}

// The columns of both tables, in order; earlier runs add their run number after them.
const char kColumns[] =
    "id INTEGER, id_text TEXT, name TEXT, user TEXT, uid INTEGER, gid INTEGER, account TEXT, "
    "partition TEXT, workdir TEXT, nodelist TEXT, state INTEGER, requid INTEGER, reason INTEGER, "
    "exit_code INTEGER, exit_signal INTEGER, derived INTEGER, timelimit INTEGER, "
    "priority INTEGER, submit INTEGER, eligible INTEGER, start INTEGER, end_time INTEGER, "
    "cpus INTEGER, nnodes INTEGER, reqmem INTEGER, steps TEXT, array_job INTEGER DEFAULT 0, "
    "array_task INTEGER DEFAULT 0";
constexpr int kColumnCount = 28;

QVariantList valuesOf(const JobRecord &r)
{
    return {r.jobId,       r.jobIdText,
            r.name,        r.user,
            r.uid,         r.gid,
            r.account,     r.partition,
            r.workDir,     r.nodeList,
            int(r.state),  r.requid,
            int(r.reason), r.exitCode,
            r.exitSignal,  r.derivedExitCode,
            r.timeLimit,   r.priority,
            r.submit,      r.eligible,
            r.start,       r.end,
            r.allocCpus,   r.nnodes,
            r.reqMemMb,    stepsToText(r.steps, r.allocTres, r.reqTres),
            r.arrayJobId,  r.arrayTaskId};
}

JobRecord recordFrom(const QSqlQuery &q)
{
    JobRecord r;
    int i = 0;
    r.jobId = q.value(i++).toUInt();
    r.jobIdText = q.value(i++).toString();
    r.name = oneLine(q.value(i++).toString());
    r.user = q.value(i++).toString();
    r.uid = q.value(i++).toInt();
    r.gid = q.value(i++).toInt();
    r.account = q.value(i++).toString();
    r.partition = q.value(i++).toString();
    r.workDir = oneLine(q.value(i++).toString());
    r.nodeList = q.value(i++).toString();
    r.state = JobState(q.value(i++).toInt());
    r.requid = q.value(i++).toInt();
    r.reason = Reason(q.value(i++).toInt());
    r.exitCode = q.value(i++).toInt();
    r.exitSignal = q.value(i++).toInt();
    r.derivedExitCode = q.value(i++).toInt();
    r.timeLimit = q.value(i++).toUInt();
    r.priority = q.value(i++).toUInt();
    r.submit = q.value(i++).toLongLong();
    r.eligible = q.value(i++).toLongLong();
    r.start = q.value(i++).toLongLong();
    r.end = q.value(i++).toLongLong();
    r.allocCpus = q.value(i++).toInt();
    r.nnodes = q.value(i++).toInt();
    r.reqMemMb = q.value(i++).toLongLong();
    r.steps = stepsFromText(q.value(i++).toString(), &r.allocTres, &r.reqTres);
    r.arrayJobId = q.value(i++).toUInt();
    r.arrayTaskId = q.value(i++).toUInt();
    return r;
}

QString memTres(qint64 mb)
{
    if (mb > 0 && mb % 1024 == 0)
        return QStringLiteral("%1G").arg(mb / 1024);
    return QStringLiteral("%1M").arg(mb);
}

} // namespace

QString tresText(int cpus, qint64 memMb, int nodes, bool billing)
{
    QString text = billing ? QStringLiteral("billing=%1,").arg(cpus) : QString();
    text += QStringLiteral("cpu=%1").arg(cpus);
    if (memMb > 0)
        text += QStringLiteral(",mem=%1").arg(memTres(memMb));
    return text + QStringLiteral(",node=%1").arg(nodes);
}

AccountingStore::~AccountingStore()
{
    flush();
    if (!connection_.isEmpty()) {
        {
            QSqlDatabase::database(connection_).close();
        }
        QSqlDatabase::removeDatabase(connection_);
    }
}

bool AccountingStore::open(const QString &path, QString *error)
{
    if (path.isEmpty())
        return true;
    connection_ =
        QStringLiteral("accounting-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    // Created 0600 before SQLite opens it, so that its WAL and journal get that mode too.
    QString privateError;
    files::makePrivateFile(path, &privateError); // SQLite's own open says why if it matters
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection_);
    db.setDatabaseName(path);
    if (!db.open()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, db.lastError().text());
        return false;
    }
    QSqlQuery q(db);
    q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    const QString columns = QString::fromLatin1(kColumns);
    QString jobs = columns;
    jobs.replace(0, 10, QStringLiteral("id INTEGER PRIMARY KEY"));
    if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS jobs (%1)").arg(jobs)) ||
        !q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS earlier_runs (%1, run INTEGER, "
                               "PRIMARY KEY (id, run))")
                    .arg(columns))) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, q.lastError().text());
        return false;
    }
    QStringList names;
    for (const QString &c : columns.split(QStringLiteral(", ")))
        names << c.section(QLatin1Char(' '), 0, 0);
    q.exec(QStringLiteral("SELECT %1 FROM jobs").arg(names.join(QStringLiteral(", "))));
    while (q.next()) {
        const JobRecord r = recordFrom(q);
        records_.insert(r.jobId, r);
    }
    q.exec(QStringLiteral("SELECT %1 FROM earlier_runs ORDER BY id, run")
               .arg(names.join(QStringLiteral(", "))));
    while (q.next()) {
        JobRecord r = recordFrom(q);
        r.requeued = r.state == JobState::Pending;
        earlierRuns_[r.jobId] << r;
    }
    return true;
}

void AccountingStore::record(const Job &job)
{
    const bool isNew = !records_.contains(job.id);
    JobRecord &r = records_[job.id];
    r.jobId = job.id;
    r.arrayJobId = job.arrayTaskId != Job::kNoTask ? job.arrayJobId : 0;
    r.arrayTaskId = job.arrayTaskId != Job::kNoTask ? job.arrayTaskId : 0;
    r.jobIdText = job.arrayJobId && job.arrayTaskId != Job::kNoTask
                      ? QStringLiteral("%1_%2").arg(job.arrayJobId).arg(job.arrayTaskId)
                      : QString::number(job.id);
    r.name = oneLine(job.name);
    r.user = job.user;
    r.uid = job.uid;
    r.gid = job.gid;
    r.account = job.account;
    r.partition = job.partition;
    r.workDir = oneLine(job.workDir);
    r.nodeList = job.allocation.isEmpty() ? QString() : compressHostlistSorted(job.nodeNames());
    r.state = job.state;
    r.requid = job.requid;
    // Accounting keeps the dependency wait as "Dependency", never satisfied or not.
    r.reason = job.reason == Reason::DependencyNeverSatisfied ? Reason::Dependency : job.reason;
    r.exitCode = job.exitCode;
    r.exitSignal = job.exitSignal;
    r.derivedExitCode = job.derivedExitCode;
    r.timeLimit = job.timeLimit;
    // sacct keeps the priority of the submission, or the one an operator set.
    if (isNew || job.priorityFixed)
        r.priority = job.priority;
    r.submit = job.submitTime;
    r.eligible = job.eligibleTime;
    const bool neverRan = job.allocation.isEmpty() && job.state != JobState::Failed;
    r.start = job.state == JobState::Pending || neverRan ? 0 : job.startTime;
    r.end = isFinished(job.state) || job.completing ? job.endTime : 0;
    // Without an allocation (waiting, or never run) AllocCPUS shows what was asked for.
    r.allocCpus = job.allocation.isEmpty() ? job.totalCpus() : job.allocatedCpus();
    r.nnodes = job.allocation.isEmpty() ? job.minNodes : int(job.allocation.size());
    // ReqMem is the job's whole request: per CPU times its CPUs, or per node times nodes.
    const int cpus = job.totalCpus();
    const int nodes = job.allocation.isEmpty() ? job.minNodes : int(job.allocation.size());
    r.reqMemMb = job.memPerCpuMb > 0    ? job.memPerCpuMb * cpus
                 : job.memPerNodeMb < 0 ? -1
                                        : job.memPerNodeMb * nodes;
    r.steps = job.steps;
    for (StepRecord &step : r.steps)
        step.name = oneLine(step.name); // a tab or a newline would also break its stored line
    qint64 allocMem = 0;
    for (const NodeShare &share : job.allocation)
        allocMem += share.memMb;
    r.allocTres = job.allocation.isEmpty()
                      ? QString()
                      : tresText(job.allocatedCpus(), allocMem, int(job.allocation.size()), true);
    r.reqTres = tresText(cpus, r.reqMemMb >= 0 ? r.reqMemMb : allocMem, job.minNodes, true);
    if (!connection_.isEmpty())
        dirty_.insert(job.id);
}

void AccountingStore::closeRun(const Job &job, bool preempted)
{
    Job ended = job;
    ended.state = JobState::Preempted; // an ended state: the run keeps its start and end
    ended.completing = false;
    record(ended);
    JobRecord run = records_.take(job.id);
    // A requeued run is stored as PENDING, which no ended run can be: that is how it reads
    // back as REQUEUED.
    run.requeued = !preempted;
    if (run.requeued)
        run.state = JobState::Pending;
    earlierRuns_[job.id] << run;
    if (!connection_.isEmpty()) {
        dirty_.remove(job.id);
        closedDirty_ << qMakePair(job.id, int(earlierRuns_[job.id].size() - 1));
    }
}

void AccountingStore::flush()
{
    if (connection_.isEmpty() || (dirty_.isEmpty() && closedDirty_.isEmpty()))
        return;
    QSqlDatabase db = QSqlDatabase::database(connection_);
    db.transaction();
    QSqlQuery q(db);
    const QString marks = QStringLiteral("?,").repeated(kColumnCount).chopped(1);
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO jobs VALUES (%1)").arg(marks));
    for (std::uint32_t id : std::as_const(dirty_)) {
        const QVariantList values = valuesOf(records_[id]);
        for (int i = 0; i < values.size(); ++i)
            q.bindValue(i, values[i]);
        q.exec();
    }
    QSqlQuery runs(db);
    runs.prepare(QStringLiteral("INSERT OR REPLACE INTO earlier_runs VALUES (%1,?)").arg(marks));
    for (const auto &[id, run] : std::as_const(closedDirty_)) {
        QVariantList values = valuesOf(earlierRuns_[id][run]);
        values << run;
        for (int i = 0; i < values.size(); ++i)
            runs.bindValue(i, values[i]);
        runs.exec();
    }
    // A requeued job's current row is gone until its next record().
    QSqlQuery drop(db);
    drop.prepare(QStringLiteral("DELETE FROM jobs WHERE id = ?"));
    for (const auto &[id, run] : std::as_const(closedDirty_)) {
        Q_UNUSED(run);
        if (!records_.contains(id)) {
            drop.bindValue(0, id);
            drop.exec();
        }
    }
    db.commit();
    dirty_.clear();
    closedDirty_.clear();
}

QList<JobRecord> AccountingStore::all() const
{
    return records_.values();
}

QList<JobRecord> AccountingStore::allRuns() const
{
    QList<JobRecord> runs;
    QList<std::uint32_t> ids = records_.keys();
    for (auto it = earlierRuns_.constBegin(); it != earlierRuns_.constEnd(); ++it)
        if (!records_.contains(it.key()))
            ids << it.key();
    std::sort(ids.begin(), ids.end());
    for (std::uint32_t id : std::as_const(ids)) {
        runs += earlierRuns_.value(id);
        if (auto it = records_.constFind(id); it != records_.constEnd())
            runs << *it;
    }
    return runs;
}

const JobRecord *AccountingStore::find(std::uint32_t jobId) const
{
    auto it = records_.constFind(jobId);
    return it == records_.constEnd() ? nullptr : &*it;
}

std::uint32_t AccountingStore::maxJobId() const
{
    const std::uint32_t current = records_.isEmpty() ? 0 : records_.lastKey();
    const std::uint32_t earlier = earlierRuns_.isEmpty() ? 0 : earlierRuns_.lastKey();
    return std::max(current, earlier);
}

} // namespace schedlab::slurm
