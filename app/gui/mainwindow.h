// The workbench's window: the course on the left (exercises, projects, exam), the selected
// page on the right, the workspace in the status bar.
#pragma once

#include "exercisepage.h"
#include "grader.h"
#include "progress.h"
#include "workspace.h"

#include <QMainWindow>

class QStackedWidget;
class QTreeWidget;

namespace schedlab::gui {

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(const grader::RubricSet &rubrics, const QString &workspaceRoot,
               QWidget *parent = nullptr);
    // Shows the page of an exercise ("ex1"); false when there is none.
    bool openExercise(const QString &exercise);
    ExercisePage *currentExercise() const;
    // The exercise open when the app was last closed (the first one the first time).
    QString lastExercise() const;
    QTreeWidget *navigation() const { return navigation_; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildNavigation();
    void showProgress();
    void buildMenus();
    void selectInNavigation(const QString &exercise);
    void chooseWorkspace();
    void handInWork();
    void showProblem(const QString &message);

    grader::RubricSet rubrics_;
    Workspace workspace_;
    Progress progress_;
    QTreeWidget *navigation_;
    QStackedWidget *pages_;
    QHash<QString, ExercisePage *> exercisePages_;
};

} // namespace schedlab::gui
