// A class graded by its instructor, without widgets: the class folder's students, their
// results (graded here as `schedlab-cli grade` grades them, or as the gradebook last stored
// them), the gradebook's overrides, and the changes a new grading would make.
#pragma once

#include "answergroups.h"
#include "classintake.h"
#include "gradebook.h"
#include "grader.h"
#include "gradingplan.h"

#include <QHash>
#include <QObject>
#include <QTimer>

#include <memory>

namespace schedlab::gui {

class ClassGrading : public QObject
{
    Q_OBJECT

public:
    explicit ClassGrading(const grader::RubricSet &rubrics, QObject *parent = nullptr);
    ~ClassGrading() override;

    // Finds the hand-ins of `path` (a class folder, an LMS download as its folder or its zip,
    // or one hand-in zip) and opens the gradebook (by default beside them); shows what it
    // stores. False with a sentence naming the path (or the gradebook) and the problem.
    bool open(const QString &path, const QString &gradebookPath, QString *error);
    bool isOpen() const { return bool(book_); }
    QString folder() const { return folder_; }
    QString gradebookPath() const { return bookPath_; }

    // New rubrics (after an edit): a running grading stops; the next one uses them.
    void setRubrics(const grader::RubricSet &rubrics);
    const grader::RubricSet &rubrics() const { return rubrics_; }

    const QList<grader::StudentFolder> &students() const { return students_; }
    // The hand-ins found, with their LMS identity, manifest and flags (same order).
    const QList<handin::ClassHandIn> &handIns() const { return intake_.handIns(); }
    // What could not be graded, with the reason: nothing is skipped silently.
    const QList<handin::NotGraded> &notGraded() const { return intake_.notGraded(); }
    // What was opened and how it is graded: the roster and the exports are built from them.
    const handin::ClassIntake &intake() const { return intake_; }
    const handin::GradingPlan &plan() const { return plan_; }
    // Notes on a student's hand-in (LMS name differs, files changed, group differs...).
    QStringList flags(const QString &student) const;
    // The exercises some student of the class hands in, in the course's order.
    QStringList exercises() const;
    // Why a student has nothing graded ("no exercise recognised"), or empty.
    QString problem(const QString &student) const { return problems_.value(student); }
    // The student's files for an exercise (empty when they have none).
    QString exerciseDir(const QString &student, const QString &exercise) const;

    // Grades the whole class, one student per event-loop turn: the interface stays
    // responsive and libstemmer stays on one thread.
    void start();
    void cancel();
    bool isRunning() const { return timer_.isActive(); }

    // What is shown: overrides applied. From the gradebook until a grading finishes.
    const QList<grader::ExerciseResult> &results() const { return shown_; }
    const grader::ExerciseResult *result(const QString &student, const QString &exercise) const;
    bool gradedNow() const { return gradedNow_; }

    // After a grading whose marks differ from the gradebook's: nothing is saved until the
    // instructor confirms (save) or goes back to the stored grades (discard).
    const QList<grader::GradeChange> &pendingChanges() const { return pending_; }
    bool hasPending() const { return !pending_.isEmpty(); }
    bool savePending(QString *error);
    void discardPending();

    // Records an instructor's decision (by the OS user) and applies it to what is shown.
    bool addOverride(const grader::OverrideRequest &request, QString *error);
    // Several decisions at once (review in bulk): all recorded and applied, or none.
    bool addOverrides(const QList<grader::OverrideRequest> &requests, QString *error);

    // Review in bulk. The criteria (of every exercise) with answers awaiting a decision, in the
    // rubrics' order, with how many.
    struct PendingCriterion
    {
        QString exercise;
        QString criterion;
        QString title;
        double max = 0;
        int answers = 0;
    };
    QList<PendingCriterion> pendingCriteria() const;
    // The answers to one criterion awaiting a decision, read again from the students' files,
    // identical and near-identical ones grouped.
    QList<grader::AnswerGroup> reviewGroups(const QString &exercise,
                                            const QString &criterion) const;

    QList<grader::OverrideRecord> history(const QString &student, const QString &exercise,
                                          const QString &criterion) const;

    // The CLI's CSV report of what is shown.
    QByteArray csv() const;

    // Who is at the keyboard, for the gradebook's history.
    static QString userName();

Q_SIGNALS:
    void progress(int done, int total);
    // A grading ended (not cancelled): results and, maybe, pending changes are ready.
    void finished(int students);
    void cancelled(int done, int total);
    // What results() holds changed (opened, graded, overridden, discarded).
    void resultsChanged();
    // A problem met while grading or saving, as a sentence for the instructor.
    void failed(const QString &message);

private:
    void gradeNext();
    void finishRun();
    void markUnrecognised();
    void loadStored();
    void showApplied(QList<grader::ExerciseResult> raw, const QList<QByteArray> &hashes);
    int indexOf(const QString &student, const QString &exercise) const;
    const grader::StudentFolder *gradedFolder(const QString &student,
                                              const QString &exercise) const;

    grader::RubricSet rubrics_;
    grader::RubricSet running_; // the rubrics of the grading under way (pointers into it)
    handin::ClassIntake intake_;
    handin::GradingPlan plan_; // tasks point into running_
    QString folder_, bookPath_;
    std::unique_ptr<grader::Gradebook> book_;
    QList<grader::StudentFolder> students_;
    QHash<QString, QString> problems_;
    QTimer timer_;
    int next_ = 0;
    QList<grader::ExerciseResult> runResults_;
    QList<QByteArray> runHashes_;
    // What is shown, and what it was graded from: raw results and submission hashes.
    QList<grader::ExerciseResult> raw_, shown_;
    QList<QByteArray> hashes_;
    QList<grader::GradeChange> pending_;
    bool gradedNow_ = false;
};

} // namespace schedlab::gui
