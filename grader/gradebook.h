// The gradebook: a SQLite file that keeps every graded submission (its hash), every result
// with its rubric version, and every instructor override (who, when, old and new, why).
#pragma once

#include "gradingresult.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace schedlab::grader {

struct ExerciseSubmission;

// SHA-256 of an exercise's files (names and contents, in name order): the identity of what
// was graded.
QByteArray submissionHash(const ExerciseSubmission &submission);

// What would change for one student and exercise if a new grading were saved.
struct GradeChange
{
    QString student;
    QString exercise;
    QString oldRubric, newRubric;
    double oldScore = 0, newScore = 0;
    QStringList reasons; // per criterion, in French: "ex1.answer.time-rounding : 0 → 1"
};

struct OverrideRequest
{
    QString student;
    QString exercise;
    QString criterion;
    double points = 0;
    bool passed = true;
    QString by;
    QString why;
    QDateTime at;
};

// One instructor's decision as the gradebook keeps it, for the history of a criterion.
struct OverrideRecord
{
    QString criterion;
    bool passed = true;
    double points = 0;
    double was = 0; // the points before it
    QString by;
    QDateTime at;
    QString why;
    QByteArray hash; // the submission it was made on
};

class Gradebook
{
public:
    // Opens (or creates) the file; `error` says why it could not.
    bool open(const QString &path, QString *error);
    ~Gradebook();

    // The differences between `results` and what is stored for the same students and
    // exercises (scores and criteria). Nothing is written.
    QList<GradeChange> changes(const QList<ExerciseResult> &results) const;
    // Records each result with its submission's hash, in one transaction.
    bool save(const QList<ExerciseResult> &results, const QList<QByteArray> &hashes,
              QString *error);
    // Applies the overrides recorded for these submissions (same student, exercise and
    // hash), criterion by criterion, and recomputes the scores.
    void applyOverrides(QList<ExerciseResult> &results, const QList<QByteArray> &hashes) const;
    // Records an instructor's decision on the latest graded submission of a student's
    // exercise. Fails (with a message) when there is none or the criterion is unknown.
    bool addOverride(const OverrideRequest &request, QString *error);
    // Several decisions at once (review in bulk): all are recorded, or none (the error names
    // the first that could not be).
    bool addOverrides(const QList<OverrideRequest> &requests, QString *error);
    // Every decision recorded on a student's exercise, oldest first, whatever the submission.
    QList<OverrideRecord> overrides(const QString &student, const QString &exercise) const;
    // The latest graded result stored for a student's exercise (overrides not applied).
    std::optional<ExerciseResult> latest(const QString &student, const QString &exercise,
                                         QByteArray *hash = nullptr) const;

private:
    bool insertOverride(const OverrideRequest &request, QString *error);

    QString connection_;
};

} // namespace schedlab::grader
