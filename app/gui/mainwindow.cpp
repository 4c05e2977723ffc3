// The main window: navigation, pages, menus, and nothing lost on the way out.
#include "mainwindow.h"

#include "colourscheme.h"
#include "examlock.h"
#include "exampage.h"
#include "handin.h"
#include "handindialog.h"
#include "instructorpage.h"
#include "language.h"
#include "lessonpage.h"
#include "localbackend.h"
#include "loginnodepage.h"
#include "privatefiles.h"
#include "scenarioreplay.h"
#include "studentdialog.h"
#include "terminalpane.h"
#include "terminalwidget.h"
#include "timecontrols.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

namespace schedlab::gui {

MainWindow::MainWindow(const grader::RubricSet &rubrics, const QString &workspaceRoot,
                       QWidget *parent)
    : QMainWindow(parent)
    , rubrics_(rubrics)
    , workspace_(workspaceForStart(workspaceRoot))
    , navigation_(new QTreeWidget(this))
    , pages_(new QStackedWidget(this))
{
    setWindowTitle(tr("SchedLab — Slurm and Kubernetes scheduling"));
    if (refuseForExamElsewhere()) {
        showRefusal();
        return;
    }
    if (!workspace_.lock(&lock_, &refusal_)) {
        showRefusal();
        return;
    }
    QString privateError;
    if (!workspace_.preparePrivateState(&privateError))
        showProblemLater(privateError);
    progress_ = std::make_unique<Progress>(workspace_.root());
    if (!progress_->problem().isEmpty())
        showProblemLater(progress_->problem());
    navigation_->setHeaderHidden(true);
    navigation_->setColumnCount(2);
    navigation_->header()->setStretchLastSection(false);
    navigation_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    navigation_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    buildCluster();
    buildLessons();
    buildNavigation();
    buildMenus();
    buildViewMenu();
    buildExam();
    if (workspace_.root() != QDir(workspaceRoot).absolutePath())
        showProblemLater(tr("An exam was still in progress in %1 when SchedLab stopped: it has "
                            "been reopened there.")
                             .arg(QDir::toNativeSeparators(workspace_.root())));
    auto *split = new QSplitter(this);
    split->addWidget(navigation_);
    split->addWidget(pages_);
    split->setStretchFactor(1, 1);
    split->setSizes({220, 900});
    setCentralWidget(split);
    statusBar()->showMessage(tr("Workspace: %1").arg(workspace_.root()));
    identityButton_ = new QPushButton(this);
    identityButton_->setObjectName(QStringLiteral("identityButton"));
    identityButton_->setFlat(true);
    connect(identityButton_, &QPushButton::clicked, this, &MainWindow::askIdentity);
    statusBar()->addPermanentWidget(identityButton_);
    showIdentity();
    // The first start asks who the student is; during an exam the paper's name is fixed.
    if (!workspace_.identity().isComplete() && !examLocked_)
        QTimer::singleShot(0, this, &MainWindow::askIdentity);
    resize(1440, 900);
    // The terminal starts low, so the page above keeps most of the height.
    resizeDocks({terminalDock_}, {240}, Qt::Vertical);
    restoreGeometry(QSettings().value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(QSettings().value(QStringLiteral("window/state")).toByteArray());
    if (!startupProblems_.isEmpty())
        statusBar()->showMessage(startupProblems_.join(QLatin1Char(' ')));
}

MainWindow::~MainWindow()
{
    // Everything that writes in the workspace closes before the lock goes with the members:
    // another window may take the workspace the moment it is released.
    delete terminalDock_;
    delete timeControls_;
    delete pages_;
    delete backend_;
}

// Another window has the workspace: nothing is built that could read a half-written file
// or write over the other window's work; only the reason is shown.
void MainWindow::showRefusal()
{
    auto *label = new QLabel(refusal_, this);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setObjectName(QStringLiteral("workspaceRefusal"));
    navigation_->hide();
    setCentralWidget(label);
}

// Said in the status bar once the window is built (a dialog here would block the start).
void MainWindow::showProblemLater(const QString &message)
{
    startupProblems_ << message;
}

// The embedded cluster lives as long as the window: its clock, its history, its views, the
// terminals that talk to it, and the time controls shown above every page.
void MainWindow::buildCluster()
{
    const QString stateDir = workspace_.stateDir() + QStringLiteral("/cluster");
    QString error;
    files::makePrivateFolder(stateDir, &error); // the backend's start says it if it fails
    error.clear();
    backend_ = new LocalBackend(workspace_.root(), stateDir, this);
    if (!backend_->start(&error))
        showProblemLater(tr("The mini-cluster could not start: %1").arg(error));
    history_ = new JobHistory(this);
    connect(backend_, &Backend::jobChanged, history_, &JobHistory::record);
    connect(backend_, &Backend::reset, history_, &JobHistory::clear);
    clusterPage_ = new ClusterPage(backend_, history_, pages_);
    pages_->addWidget(clusterPage_);

    timeControls_ = new TimeControls(backend_, this);
    addToolBar(Qt::TopToolBarArea, timeControls_);

    terminals_ = new TerminalPane(backend_, this);
    terminalDock_ = new QDockWidget(tr("Terminal"), this);
    terminalDock_->setObjectName(QStringLiteral("terminalDock"));
    terminalDock_->setWidget(terminals_);
    addDockWidget(Qt::BottomDockWidgetArea, terminalDock_);
    terminals_->openTerminal();
}

// The lessons, read once; their files and commands live in <workspace>/lecons.
void MainWindow::buildLessons()
{
    QStringList errors;
    QList<Lesson> lessons = loadLessons(defaultLessonsDir(), &errors);
    if (!errors.isEmpty())
        statusBar()->showMessage(errors.join(QStringLiteral(" ; ")));
    if (lessons.isEmpty())
        return;
    lessonPage_ = new LessonPage(
        std::move(lessons), QDir(workspace_.root()).filePath(QStringLiteral("lecons")), pages_);
    pages_->addWidget(lessonPage_);
    connect(lessonPage_, &LessonPage::runCommands, this, &MainWindow::runLessonCommands);
    connect(lessonPage_, &LessonPage::problem, this, &MainWindow::showProblem);
    connect(lessonPage_, &LessonPage::playScenario, this, [this](const QString &file) {
        QString error;
        if (!ScenarioReplay::showReplay(this, file, &error))
            showProblem(error);
    });
    connect(lessonPage_, &LessonPage::lessonRead, this, [this](const QString &id) {
        const QString key = QStringLiteral("lesson:") + id;
        if (!progress_->latest().contains(key)) {
            progress_->record(key, 1, 1, QDateTime::currentDateTimeUtc());
            showProgress();
        }
    });
}

void MainWindow::addLessonsToNavigation(QTreeWidgetItem *course)
{
    if (!lessonPage_)
        return;
    auto *module = new QTreeWidgetItem(course, {tr("Lessons")});
    QTreeWidgetItem *further = nullptr;
    for (const Lesson &lesson : lessonPage_->lessons()) {
        QTreeWidgetItem *parent = module;
        if (lesson.part == QLatin1String("plus-loin")) {
            if (!further)
                further = new QTreeWidgetItem(course, {tr("Going further")});
            parent = further;
        }
        auto *item = new QTreeWidgetItem(parent, {lesson.title});
        item->setToolTip(0, lesson.title);
        item->setData(0, Qt::UserRole + 3, lesson.id);
    }
}

bool MainWindow::openLesson(const QString &id)
{
    if (examLocked_)
        logLeaveAttempt(LeaveAttempt::Lesson, id);
    if (refused() || examLocked_ || !lessonPage_ || !lessonPage_->showLesson(id))
        return false;
    pages_->setCurrentWidget(lessonPage_);
    for (QTreeWidgetItemIterator it(navigation_); *it; ++it)
        if ((*it)->data(0, Qt::UserRole + 3).toString() == id &&
            navigation_->currentItem() != *it) {
            const QSignalBlocker quiet(navigation_);
            navigation_->setCurrentItem(*it);
        }
    return true;
}

// A lesson's command lines run where its files are, in the terminal below, as typed.
void MainWindow::runLessonCommands(const QStringList &commands, const QString &dir)
{
    if (refused())
        return;
    QDir().mkpath(dir);
    terminalDock_->show();
    QString quoted = dir;
    quoted.replace(QLatin1String("'"), QLatin1String("'\\''"));
    terminals_->runCommand(QStringLiteral("cd '%1'").arg(quoted));
    for (const QString &command : commands)
        terminals_->runCommand(command);
}

void MainWindow::openCluster(ClusterPage::Tab tab)
{
    if (examLocked_)
        logLeaveAttempt(LeaveAttempt::Cluster);
    if (refused() || examLocked_)
        return;
    clusterPage_->showTab(tab);
    pages_->setCurrentWidget(clusterPage_);
    for (QTreeWidgetItemIterator it(navigation_); *it; ++it)
        if ((*it)->data(0, Qt::UserRole + 1).toInt() == int(tab) + 1 &&
            navigation_->currentItem() != *it) {
            const QSignalBlocker quiet(navigation_);
            navigation_->setCurrentItem(*it);
        }
}

bool MainWindow::openLoginNode()
{
    if (examLocked_)
        logLeaveAttempt(LeaveAttempt::LoginNode);
    if (refused() || examLocked_)
        return false;
    if (!loginNodePage_) {
        loginNodePage_ = new LoginNodePage(workspace_.root(), pages_);
        pages_->addWidget(loginNodePage_);
    }
    pages_->setCurrentWidget(loginNodePage_);
    for (QTreeWidgetItemIterator it(navigation_); *it; ++it)
        if ((*it)->data(0, Qt::UserRole + 4).toBool() && navigation_->currentItem() != *it) {
            const QSignalBlocker quiet(navigation_);
            navigation_->setCurrentItem(*it);
        }
    return true;
}

void MainWindow::buildNavigation()
{
    auto *course = new QTreeWidgetItem(navigation_, {tr("Course")});
    addLessonsToNavigation(course);
    for (const grader::Rubric &r : rubrics_.rubrics) {
        auto *item = new QTreeWidgetItem(course, {r.title});
        item->setData(0, Qt::UserRole, r.exercise);
        item->setToolTip(0, r.exercise);
    }
    // Session day: the same scripts on the real login node.
    auto *loginNode = new QTreeWidgetItem(course, {tr("Login node")});
    loginNode->setData(0, Qt::UserRole + 4, true);
    loginNode->setToolTip(0, tr("Your SSH key, the checklist, and the real login node"));
    course->setExpanded(true);
    auto *cluster = new QTreeWidgetItem(navigation_, {tr("Cluster")});
    const std::pair<ClusterPage::Tab, QString> views[] = {
        {ClusterPage::QueueTab, tr("Queue")},
        {ClusterPage::NodesTab, tr("Nodes")},
        {ClusterPage::TimelineTab, tr("Timeline")},
        {ClusterPage::KubernetesTab, tr("Kubernetes")},
        {ClusterPage::CompareTab, tr("Slurm vs Kubernetes")}};
    for (const auto &[tab, name] : views) {
        auto *item = new QTreeWidgetItem(cluster, {name});
        item->setData(0, Qt::UserRole + 1, int(tab) + 1); // 0: not a cluster view
    }
    cluster->setExpanded(true);
    showProgress();
    connect(navigation_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (!item)
            return;
        if (const QString lesson = item->data(0, Qt::UserRole + 3).toString(); !lesson.isEmpty())
            openLesson(lesson);
        else if (const int view = item->data(0, Qt::UserRole + 1).toInt(); view > 0)
            openCluster(ClusterPage::Tab(view - 1));
        else if (item->data(0, Qt::UserRole + 4).toBool())
            openLoginNode();
        else if (item->data(0, Qt::UserRole + 2).toBool() && instructorPage_)
            pages_->setCurrentWidget(instructorPage_);
        else if (!item->data(0, Qt::UserRole).toString().isEmpty())
            openExercise(item->data(0, Qt::UserRole).toString());
    });
}

// Each exercise's latest check beside its name: what is done, what is left.
void MainWindow::showProgress()
{
    const QHash<QString, Attempt> latest = progress_->latest();
    for (QTreeWidgetItemIterator it(navigation_); *it; ++it) {
        const QString lesson = (*it)->data(0, Qt::UserRole + 3).toString();
        if (!lesson.isEmpty() && latest.contains(QStringLiteral("lesson:") + lesson)) {
            (*it)->setText(1, QStringLiteral("✓"));
            (*it)->setToolTip(1, tr("Read"));
            continue;
        }
        const QString id = (*it)->data(0, Qt::UserRole).toString();
        const auto attempt = latest.constFind(id);
        if (id.isEmpty() || attempt == latest.constEnd())
            continue;
        (*it)->setText(1, QStringLiteral("%1/%2").arg(attempt->score).arg(attempt->max));
        (*it)->setToolTip(
            1, tr("Last checked %1")
                   .arg(QLocale().toString(attempt->at.toLocalTime(), QLocale::ShortFormat)));
    }
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *choose = file->addAction(tr("Choose the &workspace…"));
    connect(choose, &QAction::triggered, this, &MainWindow::chooseWorkspace);
    QAction *save = file->addAction(tr("&Save"));
    save->setShortcut(QKeySequence::Save);
    connect(save, &QAction::triggered, this, [this] {
        if (ExercisePage *page = currentExercise())
            page->saveAll();
    });
    QAction *student = file->addAction(tr("S&tudent…"));
    connect(student, &QAction::triggered, this, &MainWindow::askIdentity);
    QAction *handIn = file->addAction(tr("&Hand in my work…"));
    clusterActions_.append(handIn); // the exam has its own hand-in
    handIn->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(handIn, &QAction::triggered, this, &MainWindow::handInWork);
    QAction *instructor = file->addAction(tr("&Instructor mode: open a class folder…"));
    instructor->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    connect(instructor, &QAction::triggered, this, [this] { chooseClass(false); });
    clusterActions_.append(instructor);
    QAction *instructorZip = file->addAction(tr("Instructor mode: open a &zip…"));
    instructorZip->setToolTip(tr("Moodle's “Download all submissions” zip, or one hand-in zip"));
    connect(instructorZip, &QAction::triggered, this, [this] { chooseClass(true); });
    clusterActions_.append(instructorZip);
    QMenu *language = file->addMenu(tr("&Language"));
    auto *choices = new QActionGroup(language);
    for (const auto &[code, name] : {std::pair(QStringLiteral("system"), tr("As the system")),
                                     std::pair(QStringLiteral("fr"), QStringLiteral("Français")),
                                     std::pair(QStringLiteral("en"), QStringLiteral("English"))}) {
        QAction *choice = language->addAction(name);
        choice->setCheckable(true);
        choice->setChecked(savedLanguage() == code);
        choices->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, code = code] {
            saveLanguage(code);
            statusBar()->showMessage(tr("The language changes at the next start."));
        });
    }
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);
}

// The exam is its own page; a paper in progress (even from before a crash) reopens at once
// and locks the rest of the window, and every other SchedLab of this account, until it is
// handed in.
void MainWindow::buildExam()
{
    const grader::Rubric *rubric = rubrics_.find(QStringLiteral("examen"));
    if (!rubric)
        return;
    examPage_ = new ExamPage(*rubric, &workspace_, pages_);
    examLock_ = std::make_unique<ExamLock>();
    pages_->addWidget(examPage_);
    connect(examPage_, &ExamPage::examStarted, this, [this] {
        lockForExam(true);
        holdExamLock(true);
    });
    connect(examPage_, &ExamPage::examHandedIn, this, [this] {
        holdExamLock(false);
        lockForExam(false);
    });
    if (examPage_->session()->inProgress())
        holdExamLock(true);
    if (examPage_->inProgress()) {
        lockForExam(true);
        openExercise(QStringLiteral("examen"));
    }
    if (examPage_->storeDamaged())
        showProblemLater(examPage_->session()->openError());
    QMenu *exam = menuBar()->addMenu(tr("E&xam"));
    QAction *openPaper = exam->addAction(tr("Open the &paper…"));
    connect(openPaper, &QAction::triggered, this, &MainWindow::openExamPaper);
    // Attempts to leave, logged in the exam's report: a deterrent, not proctoring.
    navigation_->viewport()->installEventFilter(this);
    connect(terminalDock_, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && examLocked_) // a saved layout restored: the terminal stays closed
            terminalDock_->hide();
    });
    connect(terminalDock_->toggleViewAction(), &QAction::triggered, this, [this] {
        if (!examLocked_)
            return;
        logLeaveAttempt(LeaveAttempt::Terminal);
        statusBar()->showMessage(tr("The terminal comes back once the paper is handed in."));
    });
    connect(qApp, &QGuiApplication::applicationStateChanged, this,
            [this](Qt::ApplicationState state) {
                if (state == Qt::ApplicationInactive && examLocked_)
                    logLeaveAttempt(LeaveAttempt::FocusLost);
            });
}

void MainWindow::openExamPaper()
{
    if (!examPage_ || refused())
        return;
    openExercise(QStringLiteral("examen"));
    examPage_->chooseExamPaper();
}

QString MainWindow::workspaceForStart(const QString &requested)
{
    const std::optional<RunningExam> running = ExamLock::running();
    return running && !running->live() ? running->workspace : requested;
}

// An exam runs in another SchedLab (of this account): this one opens nothing, says where and
// since when, and the attempt goes into that exam's report.
bool MainWindow::refuseForExamElsewhere()
{
    const std::optional<RunningExam> running = ExamLock::running();
    if (!running || !running->live())
        return false;
    ExamStore store(running->workspace, running->store);
    QString ignored; // the refusal stands even if the record is busy
    store.logLeaveAttempt({QDateTime::currentDateTimeUtc(),
                           leaveAttemptName(LeaveAttempt::SecondInstance),
                           QDir::toNativeSeparators(workspace_.root())},
                          &ignored);
    refusal_ = tr("SchedLab does not open the lessons, the cluster or the exercises while an exam "
                  "runs on this computer. %1 Hand the paper in there first. This attempt has "
                  "been noted in the exam's report.")
                   .arg(ExamLock::describe(*running));
    return true;
}

void MainWindow::holdExamLock(bool held)
{
    if (!examLock_)
        return;
    if (!held) {
        examLock_->finish();
        return;
    }
    const ExamSession *session = examPage_->session();
    if (examLock_->isHeld() || !session->inProgress())
        return;
    RunningExam exam;
    exam.workspace = workspace_.root();
    exam.store = ExamSession::storeFileFor(session->examPaper());
    exam.paperId = session->examPaper().id;
    exam.paperTitle = session->examPaper().title;
    exam.startedAt = session->startedAt();
    QString error;
    if (!examLock_->acquire(exam, &error)) { // the exam goes on, locked in this window only
        showProblemLater(error);
        statusBar()->showMessage(error);
    }
}

// What the student does in the shown window: the start's own calls (the last exercise
// reopened behind the exam) are no attempt.
void MainWindow::logLeaveAttempt(LeaveAttempt kind, const QString &detail)
{
    if (examPage_ && isVisible())
        examPage_->session()->logLeaveAttempt(kind, detail);
}

// A click on a greyed entry of the course during the exam: what the student tried to open.
void MainWindow::logNavigationAttempt(const QTreeWidgetItem *item)
{
    if (const QString lesson = item->data(0, Qt::UserRole + 3).toString(); !lesson.isEmpty())
        logLeaveAttempt(LeaveAttempt::Lesson, lesson);
    else if (item->data(0, Qt::UserRole + 1).toInt() > 0)
        logLeaveAttempt(LeaveAttempt::Cluster, item->text(0));
    else if (item->data(0, Qt::UserRole + 4).toBool())
        logLeaveAttempt(LeaveAttempt::LoginNode);
    else if (const QString id = item->data(0, Qt::UserRole).toString(); !id.isEmpty())
        logLeaveAttempt(LeaveAttempt::Exercise, id);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (examLocked_ && watched == navigation_->viewport() &&
        event->type() == QEvent::MouseButtonPress) {
        const auto *press = static_cast<QMouseEvent *>(event);
        if (const QTreeWidgetItem *item = navigation_->itemAt(press->position().toPoint());
            item && item->isDisabled())
            logNavigationAttempt(item);
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::chooseClass(bool zip)
{
    const QString last = QSettings().value(QStringLiteral("instructor/class")).toString();
    const QString path =
        zip ? QFileDialog::getOpenFileName(this, tr("Class zip (Moodle's download) or hand-in zip"),
                                           last, tr("Zip archives (*.zip *.ZIP)"))
            : QFileDialog::getExistingDirectory(
                  this, tr("Class folder (student folders, hand-in zips or Moodle's download)"),
                  last);
    if (!path.isEmpty())
        openClass(path);
}

bool MainWindow::openClass(const QString &folder)
{
    if (refused())
        return false;
    if (!instructorPage_) {
        instructorPage_ = new InstructorPage(rubrics_, pages_);
        pages_->addWidget(instructorPage_);
        auto *item = new QTreeWidgetItem(navigation_, {tr("Instructor")});
        item->setData(0, Qt::UserRole + 2, true);
    }
    QString error;
    if (!instructorPage_->openClass(folder, &error)) {
        showProblem(error);
        return false;
    }
    QSettings().setValue(QStringLiteral("instructor/class"), folder);
    pages_->setCurrentWidget(instructorPage_);
    for (QTreeWidgetItemIterator it(navigation_); *it; ++it)
        if ((*it)->data(0, Qt::UserRole + 2).toBool()) {
            const QSignalBlocker quiet(navigation_);
            navigation_->setCurrentItem(*it);
        }
    return true;
}

void MainWindow::lockForExam(bool locked)
{
    examLocked_ = locked;
    for (QTreeWidgetItemIterator it(navigation_); *it; ++it) {
        const bool exam = (*it)->data(0, Qt::UserRole).toString() == QLatin1String("examen");
        const bool group = (*it)->childCount() > 0;
        (*it)->setDisabled(locked && !exam && !group);
    }
    for (QAction *action : std::as_const(clusterActions_))
        action->setEnabled(!locked);
    // Left enabled so that an attempt to open the terminal is seen (and logged); the dock
    // stays closed.
    terminalDock_->toggleViewAction()->setEnabled(true);
    timeControls_->setEnabled(!locked);
    if (loginNodePage_)
        loginNodePage_->setLocked(locked); // the real cluster is closed during the exam too
    if (locked) {
        terminalDock_->hide();
        backend_->setPaused(true); // the exam is answered without a cluster
    } else {
        terminalDock_->show();
        backend_->setPaused(timeControls_->pauseAction()->isChecked());
    }
    statusBar()->showMessage(locked ? tr("Exam in progress: lessons, exercises, grading and "
                                         "the cluster come back once the paper is handed in.")
                                    : QString());
}

bool MainWindow::openExercise(const QString &exercise)
{
    if (refused())
        return false;
    if (exercise == QLatin1String("examen") && examPage_) {
        pages_->setCurrentWidget(examPage_);
        selectInNavigation(exercise);
        return true;
    }
    if (examLocked_) {
        logLeaveAttempt(LeaveAttempt::Exercise, exercise);
        return false;
    }
    ExercisePage *page = exercisePages_.value(exercise);
    if (!page) {
        const grader::Rubric *rubric = rubrics_.find(exercise);
        if (!rubric)
            return false;
        QString error;
        if (!workspace_.prepare(*rubric, &error)) {
            showProblem(error);
            return false;
        }
        page = new ExercisePage(*rubric, &workspace_, pages_);
        connect(page, &ExercisePage::problem, this, &MainWindow::showProblem);
        connect(page, &ExercisePage::graded, this,
                [this](const QString &id, double score, double max) {
                    if (!progress_->record(id, score, max, QDateTime::currentDateTimeUtc()))
                        statusBar()->showMessage(progress_->problem());
                    showProgress();
                });
        exercisePages_.insert(exercise, page);
        pages_->addWidget(page);
    }
    pages_->setCurrentWidget(page);
    selectInNavigation(exercise);
    return true;
}

void MainWindow::buildViewMenu()
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *queue = view->addAction(tr("&Queue"));
    queue->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Q));
    connect(queue, &QAction::triggered, this, [this] { openCluster(ClusterPage::QueueTab); });
    QAction *timeline = view->addAction(tr("&Timeline"));
    timeline->setShortcut(QKeySequence(Qt::ALT | Qt::Key_T));
    connect(timeline, &QAction::triggered, this, [this] { openCluster(ClusterPage::TimelineTab); });
    QAction *kube = view->addAction(tr("&Kubernetes"));
    kube->setShortcut(QKeySequence(Qt::ALT | Qt::Key_K));
    connect(kube, &QAction::triggered, this, [this] { openCluster(ClusterPage::KubernetesTab); });
    clusterActions_ << queue << timeline << kube << terminalDock_->toggleViewAction();
    QMenu *colours = view->addMenu(tr("&Colours"));
    auto *schemes = new QActionGroup(colours);
    for (const auto &[code, name] : {std::pair(QStringLiteral("system"), tr("As the system")),
                                     std::pair(QStringLiteral("light"), tr("Light")),
                                     std::pair(QStringLiteral("dark"), tr("Dark"))}) {
        QAction *choice = colours->addAction(name);
        choice->setCheckable(true);
        choice->setChecked(savedColourScheme() == code);
        schemes->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, code = code] {
            saveColourScheme(code);
            statusBar()->showMessage(tr("The colours change at the next start."));
        });
    }
    view->addSeparator();
    view->addAction(terminalDock_->toggleViewAction());
    terminalDock_->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_QuoteLeft));
    view->addAction(timeControls_->toggleViewAction());
}

void MainWindow::selectInNavigation(const QString &exercise)
{
    for (QTreeWidgetItemIterator it(navigation_); *it; ++it)
        if ((*it)->data(0, Qt::UserRole).toString() == exercise &&
            navigation_->currentItem() != *it) {
            const QSignalBlocker quiet(navigation_);
            navigation_->setCurrentItem(*it);
        }
}

QString MainWindow::lastExercise() const
{
    const QString last = QSettings().value(QStringLiteral("window/exercise")).toString();
    if (rubrics_.find(last))
        return last;
    return rubrics_.rubrics.isEmpty() ? QString() : rubrics_.rubrics.first().exercise;
}

ExercisePage *MainWindow::currentExercise() const
{
    return qobject_cast<ExercisePage *>(pages_->currentWidget());
}

void MainWindow::chooseWorkspace()
{
    if (examLocked_) {
        logLeaveAttempt(LeaveAttempt::OtherWorkspace);
        showProblem(tr("The exam is in progress: another workspace can be chosen once the "
                       "paper is handed in. This attempt has been noted in the exam's report."));
        return;
    }
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Workspace"), workspace_.root());
    if (dir.isEmpty())
        return;
    // Refused at once rather than at the next start, when the other window may have saved
    // over this one's work.
    if (QDir(dir).absolutePath() != workspace_.root()) {
        if (const QString inUse = Workspace::inUseMessage(dir); !inUse.isEmpty()) {
            showProblem(inUse);
            return;
        }
    }
    for (ExercisePage *page : std::as_const(exercisePages_))
        page->saveAll();
    Workspace::rememberRoot(dir);
    QMessageBox::information(this, tr("Workspace"),
                             tr("SchedLab will use %1 from its next start.").arg(dir));
}

HandInDialog *MainWindow::handInWork()
{
    for (ExercisePage *page : std::as_const(exercisePages_))
        if (!page->saveAll())
            return nullptr;
    // A hand-in is named and signed with the student's identity: asked first when missing.
    if (!workspace_.identity().isComplete()) {
        StudentDialog *ask = askIdentity();
        connect(ask, &QDialog::accepted, this, &MainWindow::handInWork, Qt::QueuedConnection);
        return nullptr;
    }
    const handin::HandInPlan plan = planHandIn(workspace_, rubrics_.rubrics, workspace_.identity(),
                                               workspace_.variantDrawnFrom(), examHandIn());
    // The summary first: what is included, empty or missing, before anything is written.
    auto *dialog =
        new HandInDialog(plan, QDir(workspace_.root()).filePath(plan.defaultFileName), this);
    dialog->setObjectName(QStringLiteral("handInDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, plan] {
        const QString path = dialog->zipPath();
        const HandIn result = writeHandIn(plan, path);
        if (!result.ok) {
            showProblem(result.error);
            return;
        }
        statusBar()->showMessage(tr("%1 files handed in: %2").arg(result.files).arg(path));
    });
    dialog->open();
    return dialog;
}

// The exam's paper for the hand-in: the instructor's paper handed in, else the practice one.
std::optional<ExamHandIn> MainWindow::examHandIn()
{
    const grader::Rubric *exam = rubrics_.find(QStringLiteral("examen"));
    if (!exam)
        return std::nullopt;
    return ExamSession::handInOf(*exam, &workspace_);
}

StudentDialog *MainWindow::askIdentity()
{
    auto *dialog = new StudentDialog(workspace_.identity(), this);
    dialog->setObjectName(QStringLiteral("studentDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { setIdentity(dialog->identity()); });
    // Not modal: the window stays usable (and its own questions answerable) while the
    // student looks for their number.
    dialog->show();
    return dialog;
}

bool MainWindow::setIdentity(const handin::StudentIdentity &identity)
{
    QString error;
    if (!workspace_.saveIdentity(identity, &error)) {
        showProblem(error);
        return false;
    }
    showIdentity();
    for (const grader::Rubric &rubric : rubrics_.rubrics) {
        bool redrawn = false;
        if (!workspace_.redrawVariant(rubric, &redrawn, &error)) {
            showProblem(error);
            return false;
        }
        if (redrawn)
            QMessageBox::information(
                this, tr("Exercise 2"),
                tr("Your version of exercise 2's scenario is now drawn from your student "
                   "number, as your instructor's grader draws it: %1 changed. Check your "
                   "answers in %2 against it. The previous scenario is kept beside it, ending "
                   "in .old.")
                    .arg(QStringLiteral("exercice2.yaml"), rubric.files.value(0)));
    }
    return true;
}

void MainWindow::showIdentity()
{
    if (!identityButton_)
        return;
    identityButton_->setText(workspace_.identitySummary());
    identityButton_->setToolTip(tr("Your name and number, written in your hand-in and your "
                                   "exam paper. Click to change them."));
}

void MainWindow::showProblem(const QString &message)
{
    statusBar()->showMessage(message);
    QMessageBox::warning(this, tr("SchedLab"), message);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (refused()) {
        event->accept();
        return;
    }
    for (ExercisePage *page : std::as_const(exercisePages_))
        if (!page->saveAll()) {
            event->ignore(); // never close over work that could not be saved
            return;
        }
    QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
    QSettings().setValue(QStringLiteral("window/state"), saveState());
    if (examPage_) {
        examPage_->saveAnswers();
        if (examLocked_) // the time keeps running; the exam reopens at the next start
            logLeaveAttempt(LeaveAttempt::CloseWindow);
    }
    if (lessonPage_ && !lessonPage_->saveAll()) {
        event->ignore();
        return;
    }
    if (ExercisePage *page = currentExercise())
        QSettings().setValue(QStringLiteral("window/exercise"), page->rubric().exercise);
    // What was written meanwhile by code that does not choose its mode (the login-node
    // profile under a loose umask) is made private before leaving.
    files::tightenBelow(workspace_.stateDir());
    event->accept();
}

} // namespace schedlab::gui
