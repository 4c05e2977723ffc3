// What the timeline shows: plain data filled by the cluster adapters (Slurm jobs, Kubernetes
// pods), kept free of widget code so that adapters and tests build it without a display.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace schedlab::gui {

// One period an item spent in one state.
struct TimelinePhase
{
    qint64 start = 0;
    qint64 end = 0; // 0: still open, runs to TimelineData::now
    // Slurm: "PD", "R", "CG", "S"; Kubernetes pods: "Pending", "ContainerCreating", "Running",
    // "Terminating"
    QString state;
};

// A change of state, with the scheduler's reason ("Priority", "Resources", ...).
struct TimelineTransition
{
    qint64 time = 0;
    // "PD", "R", "CG", "COMPLETED", "TIMEOUT", "CANCELLED", "FAILED", "PREEMPTED",
    // "OUT_OF_MEMORY", "NODE_FAIL", "REQUEUED", or pod phases/states "Pending", "Running",
    // "Succeeded", "Failed", "CrashLoopBackOff", "Restarted"
    QString state;
    QString reason;
};

// A job or a pod.
struct TimelineItem
{
    QString id;                            // "17" or a pod name
    QString label;                         // text in the bar: "17 sommeil"
    QString group;                         // owner (user, Job or Deployment name); may be empty
    QStringList lanes;                     // nodes it ran on (empty if it never ran)
    QList<TimelinePhase> phases;           // time order
    QList<TimelineTransition> transitions; // time order
    QString finalState;  // "COMPLETED", "TIMEOUT", ... or empty while active; the bar colour
    qint64 limitEnd = 0; // start + time limit: where it would be killed; 0 none
    // Backfill reservation of a waiting job.
    qint64 reservedStart = 0;
    qint64 reservedEnd = 0;
    QStringList reservedLanes;
    bool backfilled = false; // started by the backfill scheduler
    int restarts = 0;        // pods: restart count
};

struct TimelineData
{
    QString title;     // "Slurm" / "Kubernetes"
    QStringList lanes; // node names in display order
    QList<TimelineItem> items;
    qint64 origin = 0; // left edge of the full range (epoch seconds, virtual)
    qint64 now = 0;    // the virtual clock (epoch seconds); open phases end here
};

} // namespace schedlab::gui
