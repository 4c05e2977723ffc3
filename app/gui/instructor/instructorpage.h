// Instructor mode: open a class folder, grade every student (progress bar, Cancel), work
// through the gradebook (students × criteria, filters, the student's file with the deciding
// words highlighted), override a mark with a reason, see what a rubric edit changes, and
// export the CSV for the LMS.
#pragma once

#include "gradebookmodel.h"
#include "grader.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QToolButton;
class QTreeWidget;

namespace schedlab::gui {

class ChangesPanel;
class ClassGrading;
class CriterionPanel;
class EvidenceView;

class InstructorPage : public QWidget
{
    Q_OBJECT

public:
    InstructorPage(const grader::RubricSet &rubrics, QWidget *parent = nullptr);

    // Opens a class folder (one sub-folder per student); the gradebook is
    // <folder>/gradebook.sqlite unless one is given. False with *error (a sentence naming the
    // folder and the problem), also shown in the page.
    bool openClass(const QString &folder, QString *error, const QString &gradebookPath = {});
    // Asynchronous, one student per event-loop turn; emits gradingFinished.
    void gradeAll();
    // The same CSV as `schedlab-cli grade --format csv` (with the gradebook's overrides).
    bool exportCsv(const QString &path, QString *error) const;
    // After a rubric edit: an open class is graded again, and the changed marks are listed
    // before anything is saved.
    void setRubrics(const grader::RubricSet &rubrics);

    // Selects a student's criterion (of the exercise shown); false when not in the table.
    bool selectCell(const QString &student, const QString &criterion);
    // Records an override of the selected criterion, as the dialog does.
    bool overrideSelected(bool passed, double points, const QString &why, QString *error);
    // Opens the override dialog for the selected criterion.
    void openOverrideDialog();

    // For tests and the main window.
    ClassGrading *grading() const { return grading_; }
    QTableView *table() const { return table_; }
    GradebookModel *model() const { return model_; }
    GradebookFilter *filter() const { return filter_; }
    QComboBox *exerciseSelector() const { return exercise_; }
    QToolButton *filterButton(GradebookFilter::Mode mode) const;
    QLineEdit *searchField() const { return search_; }
    EvidenceView *evidenceView() const { return evidence_; }
    CriterionPanel *criterionPanel() const { return criterion_; }
    ChangesPanel *changesPanel() const { return changes_; }
    QTreeWidget *changesList() const;
    QProgressBar *progressBar() const { return progress_; }
    QPushButton *gradeButton() const { return grade_; }
    QPushButton *cancelButton() const { return cancel_; }
    QLabel *message() const { return message_; }

Q_SIGNALS:
    void gradingFinished(int students);

private:
    QWidget *buildToolbar();
    QWidget *buildFilters();
    QWidget *buildDetails();
    void chooseClassFolder();
    void chooseCsvFile();
    void showMessage(const QString &text, bool isError);
    void onProgress(int done, int total);
    void onFinished(int students);
    void onCancelled(int done, int total);
    void refreshExercises();
    void refreshTable();
    void fitColumns();
    void refreshCounts();
    void refreshButtons();
    void showSelection();
    void showTableMenu(const QPoint &pos);
    void saveChanges();
    void discardChanges();
    QString currentExercise() const;
    QModelIndex currentSource() const;

    ClassGrading *grading_;
    QLabel *classLabel_;
    QPushButton *open_, *grade_, *export_, *cancel_;
    QProgressBar *progress_;
    QLabel *message_;
    ChangesPanel *changes_;
    QComboBox *exercise_;
    QList<QToolButton *> filterButtons_;
    QLineEdit *search_;
    GradebookModel *model_;
    GradebookFilter *filter_;
    QTableView *table_;
    CriterionPanel *criterion_;
    EvidenceView *evidence_;
    bool errorShown_ = false;
};

} // namespace schedlab::gui
