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
};

class AccountingStore
{
public:
    AccountingStore() = default;
    ~AccountingStore();
    // Opens (creating if needed) a SQLite file; an empty path keeps records in memory only.
    bool open(const QString &path, QString *error);
    void record(const Job &job);  // insert or update the job and its steps
    void flush();                 // commits what record() queued
    QList<JobRecord> all() const; // ordered by job id
    const JobRecord *find(std::uint32_t jobId) const;
    std::uint32_t maxJobId() const;

private:
    QMap<std::uint32_t, JobRecord> records_;
    QSet<std::uint32_t> dirty_;
    QString connection_;
};

} // namespace schedlab::slurm
