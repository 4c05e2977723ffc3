// Grades written out as grading-output.md specifies: JSON, CSV and Markdown.
#pragma once

#include "gradingresult.h"
#include "rubric.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace schedlab::grader {

// One JSON array, one object per student and exercise.
QByteArray resultsToJson(const QList<ExerciseResult> &results);
// A header line, then one row per student and exercise; the criterion columns are those of
// every rubric involved, in rubric order (a row leaves other exercises' columns empty).
QByteArray resultsToCsv(const QList<ExerciseResult> &results, const QList<Rubric> &rubrics);
// One student's exercise, in French: the score, then each criterion.
QString resultToMarkdown(const ExerciseResult &result);

} // namespace schedlab::grader
