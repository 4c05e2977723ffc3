// Who is who in a graded class: one identity per student key the results use — each
// hand-in (its manifest's number and name, its LMS participant), each group member graded
// through a teammate's hand-in, and each student of the LMS's worksheet who handed in
// nothing — with French flags for the instructor.
#pragma once

#include "classintake.h"
#include "classsummary.h"
#include "gradingplan.h"

namespace schedlab::handin {

struct MoodleWorksheet;

QList<SummaryIdentity> classRoster(const ClassIntake &intake, const GradingPlan &plan,
                                   const MoodleWorksheet *worksheet = nullptr);

} // namespace schedlab::handin
