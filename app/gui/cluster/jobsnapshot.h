// What the views know of one Slurm job at one instant: plain values a backend fills either
// from the embedded controller or from a real login node's squeue/sacct output.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace schedlab::gui {

struct JobSnapshot
{
    std::uint32_t id = 0;
    QString name;
    QString user;
    QString partition;
    QString state;        // squeue's long name: "PENDING", "RUNNING", "COMPLETING", "TIMEOUT"
    QString compactState; // squeue's %t: "PD", "R", "CG", "CD", "TO", "CA", "F"
    QString reason;       // "Priority", "Resources", "None", ...
    qint64 submitTime = 0;
    qint64 startTime = 0; // actual, or the backfill's expected start while pending
    qint64 endTime = 0;   // actual, or expected
    std::uint32_t timeLimitMinutes = 0xFFFFFFFEu; // NO_VAL when unknown
    QString timeLimitText;                        // as squeue prints it: "10:00", "UNLIMITED"
    int nodeCount = 0;
    QStringList nodes;        // where it runs or ran (expanded names)
    QString nodeList;         // compressed, as squeue prints it
    QStringList plannedNodes; // pending: where the backfill plans to start it
    bool backfilled = false;  // started by the backfill scheduler
    bool plannedByBackfill = false;
    bool finished = false; // COMPLETED, TIMEOUT, CANCELLED, FAILED, ...
    int cpus = 0;
    qint64 memMb = 0;
    qint64 at = 0; // the virtual instant this snapshot was taken

    bool pending() const { return compactState == QLatin1String("PD"); }
    bool running() const { return compactState == QLatin1String("R"); }
    bool completing() const { return compactState == QLatin1String("CG"); }
};

// What one node gives out at one instant, for the nodes view.
struct NodeSnapshot
{
    struct Share
    {
        std::uint32_t jobId = 0;
        int cpus = 0;
        qint64 memMb = 0;
        QList<int> gpus; // indices
    };
    QString name;
    QString state; // "IDLE", "MIXED", "ALLOCATED", "DOWN"
    int cpus = 0;
    qint64 memMb = 0;
    int gpus = 0;
    QString gpuType;
    QList<Share> shares;
};

} // namespace schedlab::gui
