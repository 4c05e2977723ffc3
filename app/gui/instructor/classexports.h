// What instructor mode writes for a graded class, without widgets: the summary and the
// criterion sheet as spreadsheet CSV, Moodle's grading worksheet filled in, and a folder of
// feedback files (Markdown and PDF per student, and the zip for Moodle's feedback upload).
// Every file goes through files::saveFile / saveBelow.
#pragma once

#include "classsummary.h"
#include "csv.h"
#include "moodleworksheet.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace schedlab::gui {

class ClassGrading;

// French (';', UTF-8 with a BOM, decimal comma) when the interface is French — the app's
// chosen language or the locale's —, English otherwise.
handin::CsvDialect interfaceCsvDialect();

// "notes.csv" -> "notes-schedlab.csv", beside it.
QString worksheetOutPath(const QString &worksheet);

struct ExportResult
{
    bool ok = false;
    QString error;        // English, naming the file and the problem
    QStringList notes;    // what the instructor should know (who was left out, and why)
    QStringList written;  // the files written
    QStringList toReview; // worksheet: who has criteria awaiting review (refused unless allowed)
};

class ClassExports
{
    Q_DECLARE_TR_FUNCTIONS(ClassExports)

public:
    // `worksheet`: the LMS's worksheet when one was loaded (its students with no hand-in
    // appear as "non rendu"); may be null.
    ClassExports(const ClassGrading &grading, const handin::MoodleWorksheet *worksheet);

    QList<handin::SummaryIdentity> roster() const;
    handin::ClassSummary summary() const;

    ExportResult summaryCsv(const QString &path, const handin::CsvDialect &dialect) const;
    ExportResult criteriaCsv(const QString &path, const handin::CsvDialect &dialect) const;
    // The worksheet given at construction, filled and saved at `path`. Refused while criteria
    // await review (result.toReview lists who), unless allowPending.
    ExportResult worksheet(const QString &path, bool allowPending) const;
    // In `folder`: <number>-<name>.md and .pdf for each student with something graded, and
    // feedback-moodle.zip (the PDFs named for Moodle's feedback upload) when some hand-ins
    // came from the LMS.
    ExportResult feedbackFolder(const QString &folder) const;

private:
    const ClassGrading &grading_;
    const handin::MoodleWorksheet *worksheet_;
};

// `html` as a PDF (A4): a QTextDocument that loads no resource, printed by QPdfWriter.
QByteArray htmlToPdf(const QString &html, const QString &title);

} // namespace schedlab::gui
