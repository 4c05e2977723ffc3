// The class at a glance: one row per student (number, name, each deliverable's score, the
// total out of 20, what awaits review, flags), built from the grading results, and written as
// the summary CSV or as the detailed criterion sheet in a spreadsheet's dialect.
//
// The total out of 20 is 20 x (sum of the student's scores) / (sum of the maxima of every
// deliverable of the rubrics given): a deliverable not handed in counts as 0 out of its
// maximum, so totals compare across the class.
#pragma once

#include "csv.h"
#include "gradingresult.h"
#include "rubric.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::handin {

// Who a result's student key (ExerciseResult::student) is.
struct SummaryIdentity
{
    QString key;              // the ExerciseResult::student it names
    QString number;           // the student number (from the manifest)
    QString name;             // the name (from the manifest, else the LMS, else the key)
    QString lmsParticipantId; // "12345" when the hand-in came from an LMS download
    QString lmsFullName;      // the LMS's name for the student
    // Short French notes for the instructor ("nom du manifeste différent du nom Moodle"); the
    // summary adds "non rendu" itself for a student with no deliverable.
    QStringList flags;
};

struct SummaryRow
{
    SummaryIdentity identity;
    QList<std::optional<double>> scores; // per deliverable, in ClassSummary::exercises' order
    double total20 = 0;
    int toReview = 0; // criteria an instructor should look at
    QStringList flags;
    bool handedIn() const;
};

struct ClassSummary
{
    QStringList exercises; // deliverables, in the course's order
    QList<double> maxima;  // each deliverable's maximum (its rubric's)
    QList<SummaryRow> rows;
    double maxTotal() const;
};

// Whether a manifest's name and the LMS's full name are the same person's name written
// alike: case, accents, punctuation and word order aside ("DURAND Camille" and "Camille
// Durand" are; "Camille Durand" and "Camille Dupont" are not). When they are not, the row is
// flagged with nameMismatchFlag().
bool sameName(const QString &a, const QString &b);
QString nameMismatchFlag();

// The course's order of deliverables; others come after, in the order of their rubrics.
const QStringList &courseOrder();

// One row per identity (in the order given), then one per student key of `results` that no
// identity names (sorted). The deliverables are the rubrics' exercises. A result that could
// not be read (error set) leaves its deliverable empty and flags it "illisible".
ClassSummary buildClassSummary(const QList<grader::ExerciseResult> &results,
                               const QList<grader::Rubric> &rubrics,
                               const QList<SummaryIdentity> &identities);

// The summary as CSV in `dialect`, headers in its locale: number, name, LMS id, each
// deliverable ("ex1 (/5)"), total /20, to review, flags.
QByteArray summaryToCsv(const ClassSummary &summary, const CsvDialect &dialect);

// One row per student and criterion: number, name, exercise, criterion id, title, points,
// max, passed, to review, feedback.
QByteArray criteriaToCsv(const QList<grader::ExerciseResult> &results,
                         const QList<SummaryIdentity> &identities, const CsvDialect &dialect);

} // namespace schedlab::handin
