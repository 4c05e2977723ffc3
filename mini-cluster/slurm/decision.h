// Why the scheduler left a job where it is, or started it: recorded as data at each pass and
// rendered in the interface's language only when someone asks.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace schedlab::slurm {

struct Decision
{
    enum class Kind {
        StartedMain,     // the main scheduler started it
        StartedBackfill, // the backfill started it: it delays no job above it
        WaitsResources,  // first in line, not enough free resources
        WaitsPriority,   // a job above it in the same partition waits first
        BackfillTooLong, // would run past the start reserved for a job above it
        Reserved,        // the backfill planned its start (expected start, nodes)
        WaitsTimeLimit,  // --time above the partition's MaxTime
        WaitsNodeLimit,  // more nodes than the partition has or allows
        WaitsDependency,
        DependencyNever,
        WaitsBeginTime,
        Held,
        WaitsArrayLimit,
        NotYetConsidered, // submitted, no pass since
        Preempted,        // killed or requeued to make room for a job of a higher tier
    };
    Kind kind = Kind::NotYetConsidered;
    qint64 time = 0; // when the pass took the decision
    std::uint32_t jobId = 0;
    std::uint32_t blockingJobId = 0; // the job above it, or the one whose end it waits for
    qint64 blockingUntil = 0;        // when the blocking job's limit ends (its nodes free)
    qint64 expectedStart = 0;        // the start the backfill planned
    qint64 wouldEnd = 0;             // for BackfillTooLong: when it would end if started now
    qint64 reservedStart = 0;        // for BackfillTooLong: the start reserved above it
    int nodesWanted = 0;
    int nodesFree = 0;
    QStringList nodes; // chosen or planned nodes
    QString detail;    // dependency text, limit text, ...
};

// Renders a decision in "fr" or "en". Times are printed HH:MM:SS (UTC, virtual).
QString renderDecision(const Decision &decision, const QString &language);

} // namespace schedlab::slurm
