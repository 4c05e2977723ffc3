// The exam lock holds on the machine, not only in one window: while an exam runs, the real
// `schedlab` started on another workspace is refused (naming the exam's workspace and since
// when, the attempt logged in the exam's report), another workspace cannot be chosen, the
// CLI refuses to grade, serve or open a shell on that workspace; a SchedLab killed with
// SIGKILL mid-exam leaves a stale lock that the next start recognises and reopens; a lock
// whose exam was handed in or whose workspace is gone is cleaned up.
#include "examlock.h"
#include "exampage.h"
#include "examsession.h"
#include "examstore.h"
#include "folderlock.h"
#include "grader.h"
#include "mainwindow.h"
#include "terminalpane.h"
#include "workspace.h"

#include "../common/testfiles.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProcess>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include <memory>
#include <signal.h>

using namespace schedlab;
using namespace schedlab::gui;
using schedlab::testing::runCli;

namespace {

QStringList kinds(const QList<LeaveAttemptRecord> &attempts)
{
    QStringList out;
    for (const LeaveAttemptRecord &a : attempts)
        out << a.kind;
    return out;
}

// Closes the message box a refused action shows (it would wait for a click).
void closeTheNextDialog()
{
    QTimer::singleShot(0, [] {
        if (QWidget *dialog = QApplication::activeModalWidget())
            dialog->close();
    });
}

QAction *actionNamed(QWidget *window, const QString &text)
{
    for (QAction *a : window->findChildren<QAction *>())
        if (a->text() == text)
            return a;
    return nullptr;
}

} // namespace

class TestLockExam : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // The data and settings folders of this test and of the SchedLab it starts are the
        // same (the marker lives there), and never the tester's.
        QVERIFY(home_.isValid());
        qputenv("XDG_DATA_HOME", home_.filePath(QStringLiteral("data")).toUtf8());
        qputenv("XDG_CONFIG_HOME", home_.filePath(QStringLiteral("config")).toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLab"));
        QCoreApplication::setApplicationName(QStringLiteral("schedlab"));
        QVERIFY(ExamLock::dataDir().startsWith(home_.path()));
        Workspace::rememberStudentId(QStringLiteral("s07-lea"));
        rubrics_ = grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
    }

    void init() { QVERIFY(!ExamLock::running()); }

    void cleanup()
    {
        if (child_ && child_->state() != QProcess::NotRunning) {
            child_->kill();
            child_->waitForFinished(10000);
        }
        child_.reset();
    }

    void aSecondInstanceIsRefusedWithTheExamsWorkspace()
    {
        QTemporaryDir a, b;
        auto window = startExamIn(a.path());
        QVERIFY(window);
        const auto running = ExamLock::running();
        QVERIFY(running && running->live());
        QCOMPARE(running->workspace, QDir(a.path()).absolutePath());

        child_ = startSchedLab(b.path(), {QStringLiteral("--ready-and-quit")});
        QVERIFY(child_->waitForFinished(120000));
        QCOMPARE(child_->exitCode(), 1);
        const QString err = QString::fromUtf8(child_->readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("while an exam runs on this computer")),
                 qPrintable(err));
        QVERIFY2(
            err.contains(QStringLiteral("in progress in the workspace %1 since ").arg(a.path())),
            qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("pid %1").arg(QCoreApplication::applicationPid())),
                 qPrintable(err));
        QVERIFY(!child_->readAllStandardOutput().contains("ready"));
        QVERIFY(
            !QFileInfo::exists(b.filePath(QStringLiteral(".schedlab/cluster")))); // nothing built
        QVERIFY(!QFileInfo::exists(b.filePath(QStringLiteral("ex1"))));
        // The attempt is in the exam's record, with the workspace it asked for.
        const QList<LeaveAttemptRecord> attempts = window->examPage()->session()->leaveAttempts();
        QCOMPARE(kinds(attempts), QStringList{QStringLiteral("second-instance")});
        QCOMPARE(attempts.first().detail, QDir(b.path()).absolutePath());

        // A second window in this process, on another workspace, is refused the same way.
        {
            MainWindow second(rubrics_, b.path());
            QVERIFY(
                second.refusal().contains(QStringLiteral("while an exam runs on this computer")));
            QVERIFY(!second.cluster());
            QVERIFY(!second.openLesson(QStringLiteral("01-ce-que-decide-l-ordonnanceur")));
        }

        // Handed in: the machine is free again.
        QVERIFY(window->examPage()->handInNow());
        QVERIFY(!ExamLock::running());
        QVERIFY(!files::FolderLock::holder(ExamLock::workspaceLockFile(a.path())));
        window.reset();
        child_ = startSchedLab(b.path(), {QStringLiteral("--ready-and-quit")});
        QVERIFY(child_->waitForFinished(120000));
        QCOMPARE(child_->exitCode(), 0);
    }

    // In the exam's own window: another workspace, a lesson, the cluster, an exercise, the
    // terminal, a greyed entry of the course, the focus lost, the window closed: refused and
    // logged, each with its time.
    void leavingFromTheExamsWindowIsRefusedAndLogged()
    {
        QTemporaryDir a;
        auto window = startExamIn(a.path());
        QVERIFY(window);
        window->show(); // what the student does in the window they see
        const QString remembered = Workspace::rememberedRoot();
        QAction *choose = actionNamed(window.get(), QStringLiteral("Choose the &workspace…"));
        QVERIFY(choose);
        closeTheNextDialog();
        choose->trigger();
        QCOMPARE(Workspace::rememberedRoot(), remembered);
        QVERIFY(window->statusBar()->currentMessage().contains(
            QStringLiteral("another workspace can be chosen once the paper is handed in")));

        QVERIFY(!window->openLesson(QStringLiteral("01-ce-que-decide-l-ordonnanceur")));
        window->openCluster(ClusterPage::QueueTab);
        QVERIFY(!window->openExercise(QStringLiteral("ex1")));
        window->findChild<QDockWidget *>(QStringLiteral("terminalDock"))
            ->toggleViewAction()
            ->trigger();
        QVERIFY(!window->terminals()->isVisible());
        // A click on a greyed entry of the course.
        QTreeWidget *tree = window->navigation();
        QTreeWidgetItem *lesson = nullptr;
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if (!lesson && (*it)->isDisabled() &&
                !(*it)->data(0, Qt::UserRole).toString().isEmpty())
                lesson = *it;
        QVERIFY(lesson);
        tree->scrollToItem(lesson);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {},
                          tree->visualItemRect(lesson).center());
        Q_EMIT qApp->applicationStateChanged(Qt::ApplicationInactive);
        ExamSession *session = window->examPage()->session();
        QCOMPARE(kinds(session->leaveAttempts()),
                 (QStringList{QStringLiteral("other-workspace"), QStringLiteral("lesson"),
                              QStringLiteral("cluster"), QStringLiteral("exercise"),
                              QStringLiteral("terminal"), QStringLiteral("exercise"),
                              QStringLiteral("focus-lost")}));
        QVERIFY(window->examLocked());
        QVERIFY(window->close());
        ExamStore store(a.path());
        QCOMPARE(kinds(store.leaveAttempts()).last(), QStringLiteral("close-window"));
        window.reset();
        // Closed, not handed in: the exam still runs; the next start reopens it.
        const auto stopped = ExamLock::running();
        QVERIFY(stopped && !stopped->live());
        MainWindow again(rubrics_, a.path());
        QVERIFY(again.examLocked());
        QVERIFY(again.examPage()->handInNow());
        const QJsonArray attempts =
            QJsonDocument::fromJson(again.examPage()->session()->handInData().report)
                .object()
                .value(QLatin1String("leave_attempts"))
                .toArray();
        QCOMPARE(attempts.size(), 8);
    }

    // schedlab-cli grade (of the workspace, of a folder in it, of the class folder holding it),
    // shell and serve: exit 1 while the exam runs, with the workspace named.
    void theCliRefusesTheExamsWorkspace()
    {
        QTemporaryDir classDir;
        const QString ws = classDir.filePath(QStringLiteral("s07-lea"));
        QVERIFY(QDir().mkpath(ws));
        auto window = startExamIn(ws);
        QVERIFY(window);
        for (const QStringList &args :
             {QStringList{QStringLiteral("grade"), ws},
              QStringList{QStringLiteral("grade"), QStringLiteral("--exercise"),
                          QStringLiteral("examen"), classDir.path()},
              QStringList{QStringLiteral("grade"), ws + QStringLiteral("/examen")},
              QStringList{QStringLiteral("shell"), ws}, QStringList{QStringLiteral("serve"), ws}}) {
            QVERIFY(QDir().mkpath(ws + QStringLiteral("/examen")));
            const auto run = runCli(args, 60000);
            QVERIFY2(run.finished, qPrintable(args.join(u' ')));
            QCOMPARE(run.exitCode, 1);
            QVERIFY2(run.err.contains("an exam is in progress in the workspace " + ws.toUtf8()),
                     run.err.constData());
            QVERIFY2(run.err.contains("SchedLab (exam)"), run.err.constData());
        }
        QVERIFY(window->examPage()->handInNow());
        const auto after = runCli({QStringLiteral("grade"), ws}, 60000);
        QVERIFY2(!after.err.contains("exam is in progress"), after.err.constData());
    }

    // SchedLab killed with SIGKILL during the exam: no process holds the lock any more, the
    // exam is still in progress in its record: the next start, on any workspace, reopens it
    // (it is not refused as held by a dead pid).
    void aStaleLockAfterKill9ReopensTheExam()
    {
        QTemporaryDir a, b, c;
        {
            auto window = startExamIn(a.path());
            QVERIFY(window);
            window->examPage()->answerEditor(1)->setPlainText(QStringLiteral("Une minute."));
            QVERIFY(window->examPage()->saveAnswers());
        } // the window goes: the exam is left in progress

        // The real program, asked for b, opens the exam of a and holds its lock.
        child_ = startSchedLab(b.path());
        const QString lockFile = ExamLock::workspaceLockFile(a.path());
        // The lock is taken before its holder's pid is written in it: wait for the pid too.
        const auto holderPid = [&] {
            const auto h = files::FolderLock::holder(lockFile);
            return h ? h->pid : qint64(-1);
        };
        QTRY_COMPARE_WITH_TIMEOUT(holderPid(), child_->processId(), 120000);
        QVERIFY(!QFileInfo::exists(b.filePath(QStringLiteral(".schedlab/cluster"))));
        ::kill(pid_t(child_->processId()), SIGKILL);
        QVERIFY(child_->waitForFinished(10000));

        const auto stale = ExamLock::running();
        QVERIFY(stale && !stale->live());
        QCOMPARE(stale->workspace, QDir(a.path()).absolutePath());
        MainWindow window(rubrics_, c.path());
        QVERIFY2(window.refusal().isEmpty(), qPrintable(window.refusal()));
        QVERIFY(window.examLocked());
        QCOMPARE(window.examPage()->answerEditor(1)->toPlainText(), QStringLiteral("Une minute."));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("has been reopened")),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(ExamLock::running()->live());
        QCOMPARE(files::FolderLock::holder(lockFile)->pid, QCoreApplication::applicationPid());
        QVERIFY(window.examPage()->handInNow());
        QVERIFY(!ExamLock::running());
    }

    // A marker no process holds, whose exam was handed in, or whose workspace is gone, is
    // removed; the next start opens the workspace it was given.
    void aStaleLockOfAFinishedOrVanishedExamIsCleanedUp()
    {
        QTemporaryDir b;
        {
            auto gone = std::make_unique<QTemporaryDir>();
            QVERIFY(startExamIn(gone->path()));
            QVERIFY(ExamLock::running());
        } // the window, then its workspace, are gone
        QVERIFY(!ExamLock::running());
        QVERIFY(!QFileInfo::exists(ExamLock::dataDir() + QStringLiteral("/exam-running.json")));

        QTemporaryDir a;
        QVERIFY(startExamIn(a.path()));
        {
            Workspace workspace(a.path()); // handed in without the window (the record says so)
            ExamPage page(*rubrics_.find(QStringLiteral("examen")), &workspace);
            QVERIFY(page.handInNow());
        }
        MainWindow window(rubrics_, b.path());
        QVERIFY(window.refusal().isEmpty());
        QVERIFY(!window.examLocked());
        QVERIFY(window.openExercise(QStringLiteral("ex1")));
        QVERIFY(QFileInfo::exists(b.filePath(QStringLiteral("ex1"))));
        QVERIFY(!ExamLock::running());
    }

private:
    // A window on `workspace` whose exam has started.
    std::unique_ptr<MainWindow> startExamIn(const QString &workspace)
    {
        auto window = std::make_unique<MainWindow>(rubrics_, workspace);
        if (!window->refusal().isEmpty() || !window->openExercise(QStringLiteral("examen")) ||
            !window->examPage()->startExam() || !window->examLocked())
            return nullptr;
        return window;
    }

    // The real `schedlab`, with this test's data and settings folders.
    std::unique_ptr<QProcess> startSchedLab(const QString &workspace, const QStringList &more = {})
    {
        auto p = std::make_unique<QProcess>();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home_.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home_.filePath(QStringLiteral("data")));
        p->setProcessEnvironment(env);
        p->start(QStringLiteral(SCHEDLAB_GUI),
                 QStringList{QStringLiteral("--workspace"), workspace} + more);
        return p;
    }

    QTemporaryDir home_;
    grader::RubricSet rubrics_;
    std::unique_ptr<QProcess> child_;
};

QTEST_MAIN(TestLockExam)
#include "tst_lockexam.moc"
