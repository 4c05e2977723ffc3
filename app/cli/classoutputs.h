// What `schedlab-cli grade` writes for a class besides its per-exercise reports: the summary
// (one row per student) or the criterion sheet in a spreadsheet's CSV dialect, the LMS's
// grading worksheet filled in, and the students' feedback files.
#pragma once

#include "classintake.h"
#include "gradingplan.h"
#include "moodleworksheet.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace schedlab::cli {

// "fr" or "en" from --csv-locale; empty: from the environment (LC_ALL, LC_MESSAGES, LANG).
handin::CsvDialect csvDialectFor(const QString &locale);

struct ClassOutputs
{
    const handin::ClassIntake &intake;
    const handin::GradingPlan &plan;
    const QList<grader::ExerciseResult> &results;
    const QList<grader::Rubric> &rubrics;
    const handin::MoodleWorksheet *worksheet = nullptr;
};

// One row per student, including those of the worksheet who handed in nothing.
QByteArray summaryCsv(const ClassOutputs &outputs, const handin::CsvDialect &dialect);
// One row per student and criterion.
QByteArray criteriaCsv(const ClassOutputs &outputs, const handin::CsvDialect &dialect);

struct WorksheetOptions
{
    QString outPath;
    bool allowPending = false;
    bool feedback = false;
};

// Fills the worksheet with the class's grades and saves it at options.outPath (durably);
// reports on standard error who was not handed in, locked or unknown. False (with the reason
// on standard error) when it was refused or could not be written.
bool writeWorksheet(const ClassOutputs &outputs, const WorksheetOptions &options);

// In `dir` (created if needed): <number>-<name>.md for each student with something graded,
// and feedback-moodle.zip holding those files under Moodle's feedback-upload names for the
// hand-ins that came from the LMS (PDFs are instructor mode's). False, with the reason on
// standard error, when a file could not be written.
bool writeFeedback(const ClassOutputs &outputs, const QString &dir);

} // namespace schedlab::cli
