// What the grader decided on one student's criterion, for the instructor checking it: the
// decision and points, the confidence, the feedback the student reads, the evidence, and the
// history of the instructor's overrides; with the button that changes the mark.
#pragma once

#include "gradebook.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace schedlab::gui {

class CriterionPanel : public QWidget
{
    Q_OBJECT

public:
    explicit CriterionPanel(QWidget *parent = nullptr);

    void showCriterion(const QString &student, const grader::CriterionResult &criterion,
                       const QList<grader::OverrideRecord> &history);
    // A student's exercise as a whole (a click on their name or total).
    void showStudent(const QString &student, const QString &exercise,
                     const grader::ExerciseResult *result, const QString &problem);
    void clear(const QString &message);
    // Overriding is refused while a grading runs or new grades wait for confirmation.
    void setOverrideAllowed(bool allowed, const QString &why = {});

    QLabel *title() const { return title_; }
    QLabel *decision() const { return decision_; }
    // The feedback, the evidence and the overrides, under their headings.
    QTextBrowser *details() const { return details_; }
    QPushButton *overrideButton() const { return override_; }

Q_SIGNALS:
    void overrideRequested();

private:
    QLabel *title_, *subtitle_, *decision_;
    QTextBrowser *details_;
    QPushButton *override_;
    bool criterionShown_ = false;
    bool overrideAllowed_ = true;
};

// One override as the history lists it: who, when, old → new, why.
QString describeOverride(const grader::OverrideRecord &record);

} // namespace schedlab::gui
