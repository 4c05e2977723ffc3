// Every job seen since the app started, with the path it took: the phases (PD, R, CG, S)
// with their times and each transition with its reason. Fed by a backend's jobChanged(), so
// it outlives the controller's purge of finished jobs and a reset of the cluster.
#pragma once

#include "jobsnapshot.h"

#include <QHash>
#include <QList>
#include <QObject>

namespace schedlab::gui {

struct JobTransition
{
    qint64 time = 0;
    QString state;  // "PD", "R", "CG", or the final state's name: "COMPLETED", "TIMEOUT"
    QString reason; // the pending reason, or why it ended ("TimeLimit", "NonZeroExitCode")
};

struct JobPhase
{
    QString state; // "PD", "R", "CG", "S"
    qint64 start = 0;
    qint64 end = 0; // 0: still in it
};

struct JobRecord
{
    JobSnapshot last;
    QList<JobPhase> phases;
    QList<JobTransition> transitions;
    QStringList ranOn;  // every node it ran on
    QString finalState; // "COMPLETED", ... once it ended

    bool active() const { return finalState.isEmpty() || last.completing(); }
};

class JobHistory : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    void record(const JobSnapshot &job);
    void clear();
    const JobRecord *find(std::uint32_t id) const;
    // In submission order.
    QList<const JobRecord *> records() const;
    int size() const { return int(order_.size()); }

Q_SIGNALS:
    void jobAdded(std::uint32_t id);
    void jobUpdated(std::uint32_t id);
    void cleared();

private:
    void addTransition(JobRecord &record, const JobSnapshot &job);
    static void closePhase(JobRecord &record, qint64 at);

    QHash<std::uint32_t, JobRecord> records_;
    QList<std::uint32_t> order_;
};

} // namespace schedlab::gui
