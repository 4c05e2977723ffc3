// slurmdbd's job and step tables in a SQLite file, with an in-memory copy for sacct.
#include "accounting.h"

#include "hostlist.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace schedlab::slurm {

namespace {

QString stepsToText(const QList<StepRecord> &steps)
{
    QStringList lines;
    for (const StepRecord &s : steps)
        lines << QStringList{s.id,
                             s.name,
                             QString::number(int(s.state)),
                             QString::number(s.exitCode),
                             QString::number(s.exitSignal),
                             QString::number(s.start),
                             QString::number(s.end),
                             QString::number(s.cpus),
                             s.nodes}
                     .join(QLatin1Char('\t'));
    return lines.join(QLatin1Char('\n'));
}

QList<StepRecord> stepsFromText(const QString &text)
{
    QList<StepRecord> steps;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList f = line.split(QLatin1Char('\t'));
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
        steps << s;
    }
    return steps;
}

} // namespace

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
    if (!q.exec(QStringLiteral(
            "CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY, id_text TEXT, name TEXT, "
            "user TEXT, uid INTEGER, gid INTEGER, account TEXT, partition TEXT, workdir TEXT, "
            "nodelist TEXT, state INTEGER, requid INTEGER, reason INTEGER, exit_code INTEGER, "
            "exit_signal INTEGER, derived INTEGER, timelimit INTEGER, priority INTEGER, "
            "submit INTEGER, eligible INTEGER, start INTEGER, end_time INTEGER, cpus INTEGER, "
            "nnodes INTEGER, reqmem INTEGER, steps TEXT, array_job INTEGER DEFAULT 0, "
            "array_task INTEGER DEFAULT 0)"))) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, q.lastError().text());
        return false;
    }
    q.exec(QStringLiteral("SELECT id, id_text, name, user, uid, gid, account, partition, workdir, "
                          "nodelist, state, requid, reason, exit_code, exit_signal, derived, "
                          "timelimit, priority, submit, eligible, start, end_time, cpus, nnodes, "
                          "reqmem, steps, array_job, array_task FROM jobs"));
    while (q.next()) {
        JobRecord r;
        int i = 0;
        r.jobId = q.value(i++).toUInt();
        r.jobIdText = q.value(i++).toString();
        r.name = q.value(i++).toString();
        r.user = q.value(i++).toString();
        r.uid = q.value(i++).toInt();
        r.gid = q.value(i++).toInt();
        r.account = q.value(i++).toString();
        r.partition = q.value(i++).toString();
        r.workDir = q.value(i++).toString();
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
        r.steps = stepsFromText(q.value(i++).toString());
        r.arrayJobId = q.value(i++).toUInt();
        r.arrayTaskId = q.value(i++).toUInt();
        records_.insert(r.jobId, r);
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
    r.name = job.name;
    r.user = job.user;
    r.uid = job.uid;
    r.gid = job.gid;
    r.account = job.account;
    r.partition = job.partition;
    r.workDir = job.workDir;
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
    r.allocCpus = job.allocation.isEmpty() && job.state == JobState::Failed ? job.totalCpus()
                                                                            : job.allocatedCpus();
    r.nnodes = job.allocation.isEmpty() ? job.minNodes : int(job.allocation.size());
    // ReqMem is the job's whole request: per CPU times its CPUs, or per node times nodes.
    const int cpus = job.totalCpus();
    const int nodes = job.allocation.isEmpty() ? job.minNodes : int(job.allocation.size());
    r.reqMemMb = job.memPerCpuMb > 0    ? job.memPerCpuMb * cpus
                 : job.memPerNodeMb < 0 ? -1
                                        : job.memPerNodeMb * nodes;
    r.steps = job.steps;
    if (!connection_.isEmpty())
        dirty_.insert(job.id);
}

void AccountingStore::flush()
{
    if (connection_.isEmpty() || dirty_.isEmpty())
        return;
    QSqlDatabase db = QSqlDatabase::database(connection_);
    db.transaction();
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO jobs VALUES "
                             "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
    for (std::uint32_t id : std::as_const(dirty_)) {
        const JobRecord &r = records_[id];
        const QVariantList values{r.jobId,       r.jobIdText,
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
                                  r.reqMemMb,    stepsToText(r.steps),
                                  r.arrayJobId,  r.arrayTaskId};
        for (int i = 0; i < values.size(); ++i)
            q.bindValue(i, values[i]);
        q.exec();
    }
    db.commit();
    dirty_.clear();
}

QList<JobRecord> AccountingStore::all() const
{
    return records_.values();
}

const JobRecord *AccountingStore::find(std::uint32_t jobId) const
{
    auto it = records_.constFind(jobId);
    return it == records_.constEnd() ? nullptr : &*it;
}

std::uint32_t AccountingStore::maxJobId() const
{
    return records_.isEmpty() ? 0 : records_.lastKey();
}

} // namespace schedlab::slurm
