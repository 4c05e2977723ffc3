// One exercise: its statement, its files in editors (saved as they are typed), and
// "Vérifier", which grades the work and lists each criterion with its feedback.
#pragma once

#include "codeeditor.h"
#include "findbar.h"
#include "gradingresult.h"
#include "rubric.h"
#include "workspace.h"

#include <QHash>
#include <QTimer>
#include <QWidget>

class QTabWidget;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;
class QPushButton;
class QLabel;

namespace schedlab::gui {

class ScriptForm;

class ExercisePage : public QWidget
{
    Q_OBJECT

public:
    ExercisePage(const grader::Rubric &rubric, Workspace *workspace, QWidget *parent = nullptr);
    const grader::Rubric &rubric() const { return rubric_; }
    CodeEditor *editor(const QString &file) const { return editors_.value(file); }
    // The form view beside a script's editor (null for other files).
    ScriptForm *scriptForm(const QString &file) const { return forms_.value(file); }
    QTreeWidget *results() const { return results_; }
    QTextBrowser *details() const { return details_; }
    FindBar *findBar() const { return findBar_; }
    CodeEditor *currentEditor() const;
    QPushButton *checkButton() const { return check_; }
    // Exercise 2's "replay the scenario" (null for other exercises).
    QPushButton *replayButton() const { return replay_; }
    // Runs the exercise's scenario in the engine and shows its timeline and transcript.
    void replayScenario();
    // Writes every edited file now (also done after each pause in typing). A file that cannot
    // be saved keeps its text in the editor, says why above it and in the status bar, is tried
    // again every few seconds, and is reported through problem() (this call only: the saves
    // made while typing never open a dialog).
    bool saveAll();
    // True while some editor holds text that is not on the disk.
    bool hasUnsavedText() const;
    // Grades the exercise as it is on disk and shows the result.
    void grade();
    const grader::ExerciseResult &lastResult() const { return result_; }
    QLabel *scoreLabel() const { return score_; }
    // The result shown was graded before the files last changed: "Vérifier" again.
    bool resultIsStale() const { return resultStale_; }

Q_SIGNALS:
    void problem(const QString &message);
    void graded(const QString &exercise, double score, double max);

private:
    void addEditor(const QString &file);
    void showResult();
    QString scoreText() const;
    static QString pointsText(const grader::CriterionResult &c);
    void markResultStale();
    void goToEvidence(QTreeWidgetItem *item);
    void showDetails(QTreeWidgetItem *item);

    grader::Rubric rubric_;
    Workspace *workspace_;
    QTextBrowser *statement_;
    QTabWidget *files_;
    FindBar *findBar_;
    QHash<QString, CodeEditor *> editors_;
    QHash<QString, ScriptForm *> forms_;
    QPushButton *replay_ = nullptr;
    QString scenarioFile() const;
    void restoreOpenFile();
    QStringList saveEdited();
    void autosave();
    QTimer savePause_;
    QTimer saveRetry_; // runs while a save has failed
    QPushButton *check_;
    QLabel *score_;
    QTreeWidget *results_;
    QTextBrowser *details_;
    grader::ExerciseResult result_;
    bool hasResult_ = false;
    bool resultStale_ = false;
};

} // namespace schedlab::gui
