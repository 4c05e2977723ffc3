// One SchedLab per workspace, and the workspace's private state: a second window (here or in
// another process) is refused with the holder's name, a killed holder frees it, the state
// folder is 0700 and its files 0600 under any umask, and damaged or full stores say so.
#include "exampage.h"
#include "examsession.h"
#include "examstore.h"
#include "folderlock.h"
#include "grader.h"
#include "localbackend.h"
#include "mainwindow.h"
#include "progress.h"
#include "workspace.h"

#include "../common/whoami.h"

#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "guitest.h"

#include <memory>
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace schedlab;
using namespace schedlab::gui;

using schedlab::testing::host;
using schedlab::testing::me;

namespace {

QString holderText(qint64 pid)
{
    return QStringLiteral("is already open in SchedLab (user %1 on %2, pid %3, since ")
        .arg(me(), host())
        .arg(pid);
}

mode_t modeOf(const QString &path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : mode_t(01);
}

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// What a damaged SQLite file looks like to SQLite: not a database at all.
QByteArray garbage()
{
    QByteArray b;
    for (int i = 0; i < 8192; ++i)
        b.append(char('A' + i % 23));
    return b;
}

// The real `schedlab` program, with its own settings folder (never the tester's).
std::unique_ptr<QProcess> startSchedLab(const QString &workspace, const QString &config,
                                        const QStringList &more = {})
{
    auto p = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
    env.insert(QStringLiteral("XDG_DATA_HOME"), config);
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(SCHEDLAB_GUI),
             QStringList{QStringLiteral("--workspace"), workspace} + more);
    return p;
}

} // namespace

class TestLock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = schedlab::testing::startWindowTest();
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        const auto exam =
            grader::loadRubric(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/examen/rubric.yaml"));
        QVERIFY2(exam.rubric, qPrintable(exam.error));
        examRubric_ = *exam.rubric;
    }

    void cleanup()
    {
        if (child_ && child_->state() != QProcess::NotRunning) {
            child_->kill();
            child_->waitForFinished(10000);
        }
        child_.reset();
    }

    // "Choose the workspace…" or a test building a second window: the second one builds
    // nothing (no cluster, no exercise folder), says who holds the workspace; once the first
    // is closed the workspace opens again.
    void aSecondWindowInThisProcessIsRefused()
    {
        QTemporaryDir ws;
        auto first = std::make_unique<MainWindow>(rubrics_, ws.path());
        QVERIFY2(first->refusal().isEmpty(), qPrintable(first->refusal()));
        QVERIFY(first->cluster() && first->cluster()->started());
        {
            MainWindow second(rubrics_, ws.path());
            QVERIFY2(second.refusal().contains(holderText(getpid())), qPrintable(second.refusal()));
            QVERIFY(second.refusal().contains(QStringLiteral("close that one first")));
            QVERIFY(!second.cluster());
            QVERIFY(!second.examPage());
            QVERIFY(!second.openExercise(QStringLiteral("ex1")));
            QVERIFY(!QFileInfo::exists(ws.filePath(QStringLiteral("ex1"))));
            auto *shown = second.findChild<QLabel *>(QStringLiteral("workspaceRefusal"));
            QVERIFY(shown);
            QCOMPARE(shown->text(), second.refusal());
            QCOMPARE(Workspace::inUseMessage(ws.path()), second.refusal());
        }
        QVERIFY(first->openExercise(QStringLiteral("ex1"))); // the first window is untouched
        first.reset();
        QVERIFY(Workspace::inUseMessage(ws.path()).isEmpty());
        MainWindow third(rubrics_, ws.path());
        QVERIFY2(third.refusal().isEmpty(), qPrintable(third.refusal()));
        QVERIFY(third.openExercise(QStringLiteral("ex1")));
    }

    // The real program on a workspace this test holds: it refuses, exit 1, on stderr.
    void aSecondProcessIsRefused()
    {
        QTemporaryDir ws, config;
        MainWindow first(rubrics_, ws.path());
        QVERIFY(first.refusal().isEmpty());
        child_ = startSchedLab(ws.path(), config.path(), {QStringLiteral("--ready-and-quit")});
        QVERIFY(child_->waitForFinished(120000));
        QCOMPARE(child_->exitStatus(), QProcess::NormalExit);
        QCOMPARE(child_->exitCode(), 1);
        const QString err = QString::fromUtf8(child_->readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("schedlab: The workspace ")), qPrintable(err));
        QVERIFY2(err.contains(holderText(getpid())), qPrintable(err));
        QVERIFY(!child_->readAllStandardOutput().contains("ready"));
    }

    // SchedLab killed with SIGKILL: nothing stale is left to guess about. While it lives, a
    // window here and an engine on its state folder are refused with its pid.
    void aKilledSchedLabLeavesTheWorkspaceFree()
    {
        QTemporaryDir ws, config;
        child_ = startSchedLab(ws.path(), config.path());
        QTRY_VERIFY_WITH_TIMEOUT(!Workspace::inUseMessage(ws.path()).isEmpty(), 120000);
        // Its engine starts after the lock: wait for it too.
        const QString stateLock = ws.filePath(QStringLiteral(".schedlab/cluster/engine.lock"));
        QTRY_VERIFY_WITH_TIMEOUT(files::FolderLock::holder(stateLock).has_value(), 120000);
        const qint64 pid = child_->processId();
        {
            MainWindow second(rubrics_, ws.path());
            QVERIFY2(second.refusal().contains(holderText(pid)), qPrintable(second.refusal()));
        }
        LocalBackend engine(ws.path(), ws.filePath(QStringLiteral(".schedlab/cluster")));
        QString error;
        QVERIFY(!engine.start(&error));
        QVERIFY2(error.contains(QStringLiteral("in use by SchedLab (user %1 on %2, pid %3")
                                    .arg(me(), host())
                                    .arg(pid)),
                 qPrintable(error));

        ::kill(pid_t(pid), SIGKILL);
        QVERIFY(child_->waitForFinished(10000));
        QVERIFY(Workspace::inUseMessage(ws.path()).isEmpty());
        MainWindow after(rubrics_, ws.path());
        QVERIFY2(after.refusal().isEmpty(), qPrintable(after.refusal()));
        QVERIFY(after.cluster() && after.cluster()->started());
    }

    void theStateFolderIsPrivate_data()
    {
        QTest::addColumn<int>("mask");
        QTest::newRow("umask 022") << 022;
        QTest::newRow("umask 000") << 0;
    }

    // Progress, exam answers, history, profile, accounting: 0700 and 0600 whatever the umask,
    // also for a file an older version left 0644.
    void theStateFolderIsPrivate()
    {
        QFETCH(int, mask);
        QTemporaryDir ws;
        const QString state = ws.filePath(QStringLiteral(".schedlab"));
        QVERIFY(QDir().mkpath(state));
        QVERIFY(::chmod(QFile::encodeName(state).constData(), 0755) == 0); // an older version's
        const QString old = state + QStringLiteral("/login-node.json");
        QVERIFY(writeBytes(old, "{}"));
        QVERIFY(::chmod(QFile::encodeName(old).constData(), 0644) == 0);
        const mode_t saved = ::umask(mode_t(mask));
        {
            MainWindow window(rubrics_, ws.path());
            QVERIFY(window.refusal().isEmpty());
            QVERIFY(window.openExercise(QStringLiteral("ex1")));
            QVERIFY(window.cluster() && window.cluster()->started());
            QCOMPARE(modeOf(state), mode_t(0700));
            QCOMPARE(modeOf(state + QStringLiteral("/cluster")), mode_t(0700));
            for (const QString &name :
                 {QStringLiteral("progress.db"), QStringLiteral("exam.db"),
                  QStringLiteral("workspace.lock"), QStringLiteral("login-node.json"),
                  QStringLiteral("cluster/engine.lock"),
                  QStringLiteral("cluster/accounting.sqlite")})
                QVERIFY2(modeOf(state + u'/' + name) == 0600,
                         qPrintable(name +
                                    QStringLiteral(": %1").arg(modeOf(state + u'/' + name), 0, 8)));
            for (const QString &name : {QStringLiteral("cluster/accounting.sqlite-wal"),
                                        QStringLiteral("cluster/accounting.sqlite-shm")})
                if (QFileInfo::exists(state + u'/' + name))
                    QCOMPARE(modeOf(state + u'/' + name), mode_t(0600));
        }
        ::umask(saved);
    }

    // A damaged progress record is kept aside as it was, the student is told, and the
    // checks go on in a fresh one.
    void aDamagedProgressRecordIsKeptAndReplaced()
    {
        QTemporaryDir ws;
        const QString path = ws.filePath(QStringLiteral(".schedlab/progress.db"));
        QVERIFY(QDir().mkpath(ws.filePath(QStringLiteral(".schedlab"))));
        QVERIFY(writeBytes(path, garbage()));
        {
            Progress progress(ws.path());
            QVERIFY(progress.isOpen());
            QVERIFY2(progress.problem().contains(QStringLiteral("was damaged")),
                     qPrintable(progress.problem()));
            QVERIFY(progress.keptAs().startsWith(path + QStringLiteral(".damaged-")));
            QVERIFY(progress.problem().contains(progress.keptAs()));
            QCOMPARE(bytesOf(progress.keptAs()), garbage());
            QVERIFY(progress.record(QStringLiteral("ex1"), 3, 4, QDateTime::currentDateTimeUtc()));
            QCOMPARE(progress.latest().value(QStringLiteral("ex1")).score, 3.0);
        }
        Progress reopened(ws.path());
        QVERIFY(reopened.problem().isEmpty());
        QCOMPARE(reopened.latest().size(), 1);

        // The window says it where the student looks.
        QTemporaryDir ws2;
        QVERIFY(QDir().mkpath(ws2.filePath(QStringLiteral(".schedlab"))));
        QVERIFY(writeBytes(ws2.filePath(QStringLiteral(".schedlab/progress.db")), garbage()));
        MainWindow window(rubrics_, ws2.path());
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("was damaged")),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    // A damaged exam record while an exam may be running: the window stays locked (fail
    // closed), the student is told to call the instructor, the file is left byte for byte.
    void aDamagedExamRecordKeepsTheWindowLocked()
    {
        QTemporaryDir ws;
        const QString path = ws.filePath(QStringLiteral(".schedlab/exam.db"));
        QVERIFY(QDir().mkpath(ws.filePath(QStringLiteral(".schedlab"))));
        QVERIFY(writeBytes(path, garbage()));
        {
            MainWindow window(rubrics_, ws.path());
            QVERIFY(window.refusal().isEmpty());
            QVERIFY(window.examLocked());
            QVERIFY(!window.openExercise(QStringLiteral("ex1")));
            QVERIFY(!window.openLesson(QStringLiteral("01-ce-que-decide-l-ordonnanceur")));
            ExamPage *exam = window.examPage();
            QVERIFY(exam->inProgress());
            QVERIFY(!exam->startButton()->isEnabled());
            QVERIFY2(exam->message()->text().contains(QStringLiteral("call your instructor")),
                     qPrintable(exam->message()->text()));
            QVERIFY(exam->message()->text().contains(QStringLiteral("exam.db")));
            QVERIFY(!exam->handInNow());
            QVERIFY(window.examLocked());
            QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("damaged")));
        }
        QCOMPARE(bytesOf(path), garbage());

        // Not even a file (a folder in its place): locked too.
        QTemporaryDir ws2;
        QVERIFY(QDir().mkpath(ws2.filePath(QStringLiteral(".schedlab/exam.db"))));
        ExamStore store(ws2.path());
        QVERIFY(!store.isOpen());
        QVERIFY(store.damaged());

        // No record at all is no exam: nothing to lock.
        QTemporaryDir ws3;
        MainWindow fresh(rubrics_, ws3.path());
        QVERIFY(!fresh.examLocked());
    }

    // A full disk (here a file size limit, SIGXFSZ ignored as a shell may): the message says
    // why in SQLite's words, the answer stays on screen and is saved once there is room.
    void aFullDiskSaysWhyAndKeepsTheAnswer()
    {
        QTemporaryDir ws;
        Workspace workspace(ws.path());
        ExamPage page(examRubric_, &workspace);
        QVERIFY(page.startExam());
        const QString text = QString(300000, u'x');
        page.answerEditor(1)->setPlainText(text);
        struct rlimit saved = {};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto oldHandler = ::signal(SIGXFSZ, SIG_IGN);
        struct rlimit small = saved;
        small.rlim_cur = 64 * 1024;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const bool savedWhileFull = page.saveAnswers();
        setrlimit(RLIMIT_FSIZE, &saved);
        ::signal(SIGXFSZ, oldHandler);
        QVERIFY(!savedWhileFull);
        const QString message = page.message()->text();
        QVERIFY2(message.contains(QStringLiteral("cannot be written (answer 1): ")),
                 qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral(": .")), qPrintable(message));
        const QString reason = message.section(QStringLiteral("(answer 1): "), 1);
        QVERIFY2(reason.size() > 3, qPrintable(message));
        QCOMPARE(page.answerEditor(1)->toPlainText(), text);
        QVERIFY(page.inProgress());
        QVERIFY(page.saveAnswers()); // room again: the kept answer goes in
        ExamStore stored(ws.path());
        QCOMPARE(stored.answers().value(1), text);
    }

private:
    grader::RubricSet rubrics_;
    grader::Rubric examRubric_;
    std::unique_ptr<QProcess> child_;
};

QTEST_MAIN(TestLock)
#include "tst_lock.moc"
