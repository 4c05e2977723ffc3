// Moodle's offline grading worksheet ("Download grading worksheet"): read in whatever dialect
// it comes in (Moodle's own export, or the file after a spreadsheet saved it), and written
// back in that same dialect with the grades filled in, every other byte left as it was, so
// that "Upload grading worksheet" takes it. docs/moodle.md lists the columns and rules.
#pragma once

#include "classsummary.h"
#include "csv.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::handin {

struct WorksheetRow
{
    int record = 0;        // index of the record in MoodleWorksheet::document (0 is the header)
    int line = 0;          // where it starts in the file
    QString identifier;    // "Participant 12345"
    QString participantId; // "12345"
    QString fullName;
    std::optional<double> maxGrade; // nullopt when the cell is not a number
    bool gradeCanChange = true;     // "Grade can be changed" says "No": Moodle skips the row
};

struct MoodleWorksheet
{
    QString fileName;
    QByteArray bytes; // the file as read
    CsvDocument document;
    QStringList headers;
    // Column indexes, -1 when absent (id, grade and maximum are always found).
    int idColumn = -1;
    int nameColumn = -1;
    int gradeColumn = -1;
    int maxColumn = -1;
    int canChangeColumn = -1;
    int feedbackColumn = -1;      // "Feedback comments"
    int gradeModifiedColumn = -1; // "Last modified (grade)": Moodle's importer needs it
    QChar decimal = u'.';         // the decimal separator the file's numbers use
    QList<WorksheetRow> rows;
};

struct WorksheetRead
{
    std::optional<MoodleWorksheet> worksheet;
    QString error; // names the file (and the line)
};

// Columns are found by their English or French headers (Moodle writes them in the grader's
// language), case and spaces aside; the identifier column also by its values ("Participant
// 12345") when its header is in another language.
WorksheetRead parseMoodleWorksheet(const QByteArray &bytes, const QString &fileName,
                                   const CsvLimits &limits = {});
// The file at `path`, read without following a link and within the limits.
WorksheetRead readMoodleWorksheet(const QString &path, const CsvLimits &limits = {});

// What one participant gets.
struct WorksheetGrade
{
    QString participantId; // the LMS id ("12345")
    QString who;           // a name for messages
    double fraction = 0;   // the total as a fraction of the maximum (total /20 / 20)
    int toReview = 0;      // criteria awaiting review
    QString feedback;      // plain text for "Feedback comments" (empty: left as it is)
};

// One grade per summary row that has an LMS id and handed something in, with a short plain
// French feedback ("Total : 15,5/20 — ex1 4/5 ; ex2 non rendu ; ...").
QList<WorksheetGrade> worksheetGrades(const ClassSummary &summary);

struct WorksheetOptions
{
    bool allowPending = false;  // write grades although criteria await review
    bool writeFeedback = false; // fill "Feedback comments" too
};

struct WorksheetWrite
{
    std::optional<QByteArray> bytes; // the worksheet to upload; nullopt on error
    QString error;                   // refused: why, and who
    QStringList notHandedIn;         // rows of the worksheet with no grade: "non rendu", left empty
    QStringList locked;              // rows whose grade cannot be changed: left as they were
    QStringList notInWorksheet;      // grades for participants the worksheet does not list
    QStringList warnings;            // e.g. no feedback column
    int graded = 0;
};

// The worksheet with each graded participant's "Grade" set to fraction x that row's maximum
// grade, written with the file's decimal separator, quoting and encoding; optionally the
// feedback. Every other byte (BOM, columns, rows, line endings, unknown columns) is kept.
// Refused while a participant's criteria await review, unless options.allowPending.
WorksheetWrite fillMoodleWorksheet(const MoodleWorksheet &worksheet,
                                   const QList<WorksheetGrade> &grades,
                                   const WorksheetOptions &options = {});

} // namespace schedlab::handin
