// The accounting store, as slurmdbd keeps it: one record per job and per step, in SQLite so
// that `sacct` works across restarts and job ids keep increasing.
#pragma once

#include "job.h"

#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

#include <cstdint>

namespace schedlab::slurm {

struct JobRecord
{
    std::uint32_t jobId = 0;
    QString jobIdText;            // "17", "17_3"
    std::uint32_t arrayJobId = 0; // 0: not an array task
    std::uint32_t arrayTaskId = 0;
    QString name, user, account, partition, workDir, nodeList;
    int uid = 0, gid = 0;
    JobState state = JobState::Pending;
    int requid = -1;
    Reason reason = Reason::None;
    int exitCode = 0, exitSignal = 0, derivedExitCode = 0;
    std::uint32_t timeLimit = 0;
    std::uint32_t priority = 0;
    qint64 submit = 0, eligible = 0, start = 0, end = 0;
    int allocCpus = 0, nnodes = 0;
    qint64 reqMemMb = 0;
    QList<StepRecord> steps;
    // An earlier run of a job that `scontrol requeue` sent back to the queue: sacct -D shows
    // it as REQUEUED (a preempted run keeps its PREEMPTED state).
    bool requeued = false;
    // AllocTRES / ReqTRES as sacct prints them ("billing=1,cpu=1,mem=1000M,node=1").
    QString allocTres, reqTres;
};

// A TRES string as sacct prints it, names sorted: "billing=1,cpu=1,mem=1000M,node=1" (steps
// have no billing).
QString tresText(int cpus, qint64 memMb, int nodes, bool billing);

class AccountingStore
{
public:
    AccountingStore() = default;
    ~AccountingStore();
    // Opens (creating if needed) a SQLite file; an empty path keeps records in memory only.
    bool open(const QString &path, QString *error);
    void record(const Job &job); // insert or update the job and its steps
    // The job was requeued: its current record is kept as an earlier run, as slurmdbd keeps
    // one row per run, and the next record() starts a new one.
    void closeRun(const Job &job, bool preempted);
    void flush();                 // commits what record() queued
    QList<JobRecord> all() const; // the latest run of each job, ordered by job id
    // Every run, earlier ones included, by job id then in the order they were submitted.
    QList<JobRecord> allRuns() const;
    const JobRecord *find(std::uint32_t jobId) const;
    std::uint32_t maxJobId() const;

private:
    QMap<std::uint32_t, JobRecord> records_;
    QMap<std::uint32_t, QList<JobRecord>> earlierRuns_;
    QSet<std::uint32_t> dirty_;
    QList<QPair<std::uint32_t, int>> closedDirty_; // earlier runs not written yet
    QString connection_;
};

} // namespace schedlab::slurm
