// Instructor mode: open a class (a folder, an LMS download or a zip), grade every student
// (progress bar, Cancel), see the class at a glance and what was not graded, work through the
// gradebook (students × criteria, filters, the student's file with the deciding words
// highlighted), override a mark with a reason, see what a rubric edit changes, and export
// (spreadsheet CSV, Moodle's worksheet, feedback files).
#pragma once

#include "classexports.h"
#include "gradebookmodel.h"
#include "grader.h"
#include "moodleworksheet.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class QToolButton;
class QTreeWidget;

namespace schedlab::gui {

class BulkReviewPanel;
class ChangesPanel;
class ClassGrading;
class ClassOverview;
class CriterionPanel;
class EvidenceView;
class NotGradedPanel;

class InstructorPage : public QWidget
{
    Q_OBJECT

public:
    enum Tab { ClassTab = 0, ExerciseTab = 1, ReviewTab = 2 };

    InstructorPage(const grader::RubricSet &rubrics, QWidget *parent = nullptr);

    // Opens a class: a folder (student sub-folders, hand-in zips, an LMS download), a class
    // zip from the LMS, or one hand-in zip; the gradebook is <folder>/gradebook.sqlite (or
    // <zip>-gradebook.sqlite beside the zip) unless one is given. False with *error (a
    // sentence naming the path and the problem), also shown in the page.
    bool openClass(const QString &path, QString *error, const QString &gradebookPath = {});
    // Asynchronous, one student per event-loop turn; emits gradingFinished.
    void gradeAll();
    // The same CSV as `schedlab-cli grade --format csv` (with the gradebook's overrides).
    bool exportCsv(const QString &path, QString *error) const;
    // Spreadsheet CSV in the interface's dialect (interfaceCsvDialect): one row per student,
    // or one per student and criterion.
    bool exportSummaryCsv(const QString &path, QString *error) const;
    bool exportCriteriaCsv(const QString &path, QString *error) const;
    // Reads Moodle's grading worksheet: its students with no hand-in join the overview, and
    // exportWorksheet fills it.
    bool loadWorksheet(const QString &path, QString *error);
    const handin::MoodleWorksheet *worksheet() const { return worksheet_ ? &*worksheet_ : nullptr; }
    ExportResult exportWorksheet(const QString &outPath, bool allowPending) const;
    ExportResult exportFeedback(const QString &folder) const;

    // The student's detail in the exercise view: the deliverable given when graded, else
    // the first graded one. False (said in the page) when the student has no hand-in here.
    bool showStudent(const QString &key, const QString &exercise = {});
    // After a rubric edit: an open class is graded again, and the changed marks are listed
    // before anything is saved.
    void setRubrics(const grader::RubricSet &rubrics);

    // Selects a student's criterion (of the exercise shown) and shows the exercise view;
    // false when not in the table.
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
    QTabWidget *tabs() const { return tabs_; }
    ClassOverview *overview() const { return overview_; }
    BulkReviewPanel *bulkReview() const { return bulk_; }
    NotGradedPanel *notGradedPanel() const { return notGraded_; }
    QPushButton *openButton() const { return open_; }
    QPushButton *exportButton() const { return export_; }

Q_SIGNALS:
    void gradingFinished(int students);

private:
    QWidget *buildToolbar();
    QMenu *buildOpenMenu();
    QMenu *buildExportMenu();
    QWidget *buildExerciseView();
    QWidget *buildFilters();
    QWidget *buildDetails();
    void chooseClassFolder();
    void chooseClassZip();
    void chooseCsvFile();
    void chooseSpreadsheetFile(bool summary);
    void chooseWorksheet();
    void chooseFeedbackFolder();
    void reportExport(const ExportResult &result, const QString &done);
    void refreshOverview();
    bool selectInTable(const QString &student, const QString &criterion);
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
    NotGradedPanel *notGraded_;
    QTabWidget *tabs_;
    ClassOverview *overview_;
    BulkReviewPanel *bulk_;
    std::optional<handin::MoodleWorksheet> worksheet_;
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
