// The workbench's window: the course on the left (exercises, projects, exam), the selected
// page on the right, the workspace in the status bar.
#pragma once

#include "clusterpage.h"
#include "examsession.h"
#include "exercisepage.h"
#include "folderlock.h"
#include "grader.h"
#include "jobhistory.h"
#include "progress.h"
#include "workspace.h"

#include <QMainWindow>

#include <memory>

class QDockWidget;
class QPushButton;
class QStackedWidget;
class QTreeWidget;

namespace schedlab::gui {

class ExamLock;
class ExamPage;
class InstructorPage;
class LessonPage;
class LocalBackend;
class LoginNodePage;
class HandInDialog;
class StudentDialog;
class TerminalPane;
class TimeControls;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Takes the workspace for this window. When another window (of this process or another
    // one) already has it, the window builds nothing that could write there: refusal() says
    // who holds it and the caller closes it (SchedLab refuses; it never opens a second,
    // read-only window).
    MainWindow(const grader::RubricSet &rubrics, const QString &workspaceRoot,
               QWidget *parent = nullptr);
    ~MainWindow() override;
    const QString &refusal() const { return refusal_; }
    // Shows the page of an exercise ("ex1"); false when there is none.
    bool openExercise(const QString &exercise);
    ExercisePage *currentExercise() const;
    // The exercise open when the app was last closed (the first one the first time).
    QString lastExercise() const;
    QTreeWidget *navigation() const { return navigation_; }
    // The embedded cluster and its views (null backend when it could not start).
    LocalBackend *cluster() const { return backend_; }
    JobHistory *jobHistory() const { return history_; }
    ClusterPage *clusterPage() const { return clusterPage_; }
    TerminalPane *terminals() const { return terminals_; }
    TimeControls *timeControls() const { return timeControls_; }
    // The exam's timed page (the "examen" entry of the course opens it, not an exercise page).
    ExamPage *examPage() const { return examPage_; }
    // While the exam runs: no lessons, exercises, grading, cluster or terminal. The lock holds
    // on the whole machine: while an exam runs in one SchedLab, any other is refused (it names
    // the exam's workspace and since when); an exam left in progress by a SchedLab that
    // stopped (a crash, kill -9, the window closed) reopens in the next one, whatever
    // workspace it was given.
    bool examLocked() const { return examLocked_; }
    // Shows a lesson ("01-ce-que-decide-l-ordonnanceur"); false when there is none.
    bool openLesson(const QString &id);
    LessonPage *lessonPage() const { return lessonPage_; }
    // Types a lesson's command lines into the terminal, in the lesson's folder.
    void runLessonCommands(const QStringList &commands, const QString &dir);
    // Instructor mode: opens a class (a folder, Moodle's download as folder or zip, or one
    // hand-in zip) in its own page.
    bool openClass(const QString &folder);
    InstructorPage *instructorPage() const { return instructorPage_; }
    // Shows the cluster page on one of its tabs.
    void openCluster(ClusterPage::Tab tab = ClusterPage::QueueTab);
    // Shows the login-node page (built on first use: it starts a thread and looks for kubectl);
    // false during the exam.
    bool openLoginNode();
    LoginNodePage *loginNodePage() const { return loginNodePage_; }
    // File ▸ Hand in my work: the summary of each deliverable, then the zip where the
    // student confirms (asks the identity first when it is missing). The dialog shown, or
    // null when the identity is asked first or a file could not be saved.
    HandInDialog *handInWork();
    // File ▸ Student: the identity form, not modal (the window stays usable while it is
    // open). Returns the dialog shown.
    StudentDialog *askIdentity();
    // Stores the identity given, shows it, and draws exercise 2's variant again when it came
    // from another key (telling the student). False with the problem shown.
    bool setIdentity(const handin::StudentIdentity &identity);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildNavigation();
    void showProgress();
    void buildMenus();
    void buildCluster();
    void buildViewMenu();
    void buildExam();
    void buildLessons();
    void addLessonsToNavigation(QTreeWidgetItem *course);

    void lockForExam(bool locked);
    // The exam's side of the start: the workspace of an exam left in progress (it reopens)
    // instead of the one asked for; a refusal when an exam runs in another SchedLab.
    static QString workspaceForStart(const QString &requested);
    bool refuseForExamElsewhere();
    void holdExamLock(bool held);
    void logLeaveAttempt(LeaveAttempt kind, const QString &detail = {});
    void logNavigationAttempt(const QTreeWidgetItem *item);
    void openExamPaper();
    void chooseClass(bool zip);
    void selectInNavigation(const QString &exercise);
    void chooseWorkspace();
    void showIdentity();
    std::optional<ExamHandIn> examHandIn();
    void showProblem(const QString &message);

    void showRefusal();
    void showProblemLater(const QString &message);
    bool refused() const { return !refusal_.isEmpty(); }

    grader::RubricSet rubrics_;
    Workspace workspace_;
    files::FolderLock lock_; // released after everything below has closed its files
    QString refusal_;
    QStringList startupProblems_;
    std::unique_ptr<Progress> progress_;
    QTreeWidget *navigation_;
    QStackedWidget *pages_;
    QHash<QString, ExercisePage *> exercisePages_;
    LocalBackend *backend_ = nullptr;
    JobHistory *history_ = nullptr;
    ClusterPage *clusterPage_ = nullptr;
    TerminalPane *terminals_ = nullptr;
    QDockWidget *terminalDock_ = nullptr;
    TimeControls *timeControls_ = nullptr;
    ExamPage *examPage_ = nullptr;
    std::unique_ptr<ExamLock> examLock_;
    InstructorPage *instructorPage_ = nullptr;
    LessonPage *lessonPage_ = nullptr;
    LoginNodePage *loginNodePage_ = nullptr;
    bool examLocked_ = false;
    QPushButton *identityButton_ = nullptr; // the student, in the status bar
    QList<QAction *> clusterActions_;       // disabled during the exam
};

} // namespace schedlab::gui
