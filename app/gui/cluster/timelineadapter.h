// Turns what the cluster did (the job history, the pod history) into the timeline's plain
// data: one item per job or pod, its phases, transitions, limit and backfill reservation.
#pragma once

#include "jobhistory.h"
#include "podhistory.h"
#include "timelinedata.h"

namespace schedlab::gui {

TimelineData slurmTimeline(const JobHistory &history, const QStringList &nodes, qint64 now);
TimelineData kubeTimeline(const PodHistory &history, const QStringList &nodes, qint64 now);

} // namespace schedlab::gui
