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
// One student's exercise, in French: the score, then each criterion. Student text in it is
// made terminal-safe (see terminalSafe).
QString resultToMarkdown(const ExerciseResult &result);

// Whether `ch` would act on a terminal, or hide or reorder text, instead of showing: C0 and
// C1 controls but \n and \t, DEL, line/paragraph separators, and invisible format
// characters (bidi embeddings, overrides and isolates U+202A-202E / U+2066-2069, zero-width
// spaces and joiners, BOM, tags: Unicode category Cf).
bool isUnsafeForTerminal(char32_t ch);

// `text` with every such character written visibly as \u{202e}: student text printed to the
// instructor's terminal or written to a report.
QString terminalSafe(const QString &text);

// A CSV cell: terminal-safe, quoted when needed, and prefixed with ' when it starts with = + - @, a
// tab or a carriage return, so a spreadsheet never reads it as a formula (OWASP's CSV injection).
QString csvCell(const QString &text);
// The same cell for a file whose fields are separated by `separator` (';' or a tab in a French
// spreadsheet's CSV): quoted when it holds that separator, a quote or a line break.
QString csvCell(const QString &text, QChar separator);
// A cell's text before quoting: terminal-safe, and prefixed with ' when it could start a formula
// (the rule of csvCell, for writers that quote in their own dialect).
QString csvCellText(const QString &text);

} // namespace schedlab::grader
