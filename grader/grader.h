// Grades one student's exercise against its rubric: every criterion's checker, feedback,
// confidence and review, and the score.
#pragma once

#include "gradingresult.h"
#include "rubric.h"
#include "submission.h"

namespace schedlab::grader {

struct GradeOptions
{
    // A student grading their own work on their own machine (the app): files the answers
    // name, such as exercise 4's public key, may be read where they are. Never for a class:
    // "~/.ssh/..." would be the instructor's.
    bool onStudentMachine = false;
    // Whose variant of the rubric's scenario (exercise 2) the answers are checked against,
    // drawn as grader::exercise2Variant draws it; empty: the rubric's scenario itself.
    QString variantOf;
};

ExerciseResult gradeExercise(const Rubric &rubric, const ExerciseSubmission &submission,
                             const GradeOptions &options = {});

// One exercise of a student's folder, graded as `schedlab-cli grade` and the instructor's
// page do: an unreadable folder gives a result with `error` and no criteria. `hash` receives
// the submission's hash, for the gradebook (empty when the folder could not be read).
ExerciseResult gradeStudentExercise(const StudentFolder &student, const Rubric &rubric,
                                    QByteArray *hash);

// The rubrics of a folder (each <exercise>/rubric.yaml), in the course's order, checked
// against the known checkers and concepts. On error, `error` says "PATH:LINE: problem".
struct RubricSet
{
    QList<Rubric> rubrics;
    QString error;
    const Rubric *find(const QString &exercise) const;
};
RubricSet loadRubrics(const QString &exercisesDir);

// The exercises folder that ships with SchedLab (next to the executable once installed,
// in the source tree for a build).
QString defaultExercisesDir();

} // namespace schedlab::grader
