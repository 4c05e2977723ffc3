// What to grade in a class's hand-ins, and in which order: each hand-in's exercises, the
// group project once per group (its grade then given to every member), and the flags a
// group's diverging hand-ins raise. Shared by `schedlab-cli grade` and instructor mode.
#pragma once

#include "classintake.h"
#include "grader.h"
#include "gradingresult.h"

#include <QHash>
#include <QList>
#include <QStringList>

namespace schedlab::handin {

inline constexpr char kGroupExercise[] = "groupe";

struct GradingTask
{
    int handIn = 0; // index in ClassIntake::handIns()
    const grader::Rubric *rubric = nullptr;
};

// A group's project, graded from one member's hand-in and given to the others.
struct GroupShare
{
    QString group;          // as the manifests name it
    int gradedTask = 0;     // the task whose result is shared
    QStringList memberKeys; // every member but the one graded (results filed under them)
};

struct GradingPlan
{
    QList<GradingTask> tasks;
    QList<GroupShare> shares;
    // Per hand-in: notes for the instructor ("the group's hand-ins differ").
    QHash<int, QStringList> flags;
};

// `exercise`: one exercise id, or "all" for what each hand-in holds.
GradingPlan planGrading(const ClassIntake &intake, const grader::RubricSet &rubrics,
                        const QString &exercise);

// `results[i]` graded for `plan.tasks[i]`; returns them followed by a copy of each shared
// group result for every other member of its group.
QList<grader::ExerciseResult> withGroupShares(const GradingPlan &plan,
                                              const QList<grader::ExerciseResult> &results);

} // namespace schedlab::handin
