// Who gets a feedback file after a class is graded, under which file name, with which
// results: shared by `schedlab-cli grade --feedback` and instructor mode's export.
#pragma once

#include "classintake.h"
#include "classsummary.h"
#include "feedback.h"

namespace schedlab::handin {

struct FeedbackRecipient
{
    SummaryIdentity identity;
    QString stem; // "21004567-camille-durand", unique within the class (a -2 added if taken)
    FeedbackHeader header;
    QList<grader::ExerciseResult> results; // theirs
};

// One recipient per summary row that handed something in, in the summary's order.
QList<FeedbackRecipient> feedbackRecipients(const ClassSummary &summary,
                                            const QList<grader::ExerciseResult> &results,
                                            const ClassIntake &intake);

} // namespace schedlab::handin
