// Review in bulk, the instructor page's third tab: pick a criterion with answers awaiting a
// decision, see them grouped (identical and near-identical answers together, the largest
// group first), read a group's answer once, and record one decision with its reason for every
// student ticked in it. Each decision is an ordinary override in the gradebook, with its own
// history line per student.
#pragma once

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace schedlab::gui {

class ClassGrading;

class BulkReviewPanel : public QWidget
{
    Q_OBJECT

public:
    explicit BulkReviewPanel(ClassGrading *grading, QWidget *parent = nullptr);

    // Reads the criteria awaiting review again (after a grading, an override, a discard),
    // keeping the criterion chosen when it still has some.
    void refresh();
    // Chooses a criterion ("ex2", "ex2.q1.reasons"); false when nothing of it awaits review.
    bool selectCriterion(const QString &exercise, const QString &criterion);
    // Selects the group at `row` (largest first).
    void selectGroup(int row);
    // Records the decision for the ticked students of the selected group.
    bool applyDecision(QString *error);

    QComboBox *criterionSelector() const { return criteria_; }
    QTreeWidget *groupList() const { return groups_; }
    QTextBrowser *answerView() const { return answer_; }
    QRadioButton *passedButton() const { return passed_; }
    QRadioButton *failedButton() const { return failed_; }
    QDoubleSpinBox *pointsBox() const { return points_; }
    QPlainTextEdit *reasonEdit() const { return reason_; }
    QPushButton *applyButton() const { return apply_; }
    QLabel *status() const { return status_; }
    // The students ticked in the selected group.
    QStringList chosenStudents() const;

Q_SIGNALS:
    // How many answers await a decision, for the tab's title.
    void pendingCountChanged(int answers);

private:
    QWidget *buildDecision();
    void fillGroups();
    void showGroup();
    void followDecision();
    void refreshApply();
    QString currentExercise() const;
    QString currentCriterion() const;
    double currentMax() const;

    ClassGrading *grading_;
    QComboBox *criteria_;
    QTreeWidget *groups_;
    QLabel *heading_;
    QTextBrowser *answer_;
    QRadioButton *passed_, *failed_;
    QDoubleSpinBox *points_;
    QPlainTextEdit *reason_;
    QPushButton *apply_;
    QLabel *status_;
};

} // namespace schedlab::gui
