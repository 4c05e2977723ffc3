// Typing on a disk that refuses the save (file size limit; a really full disk as root): the
// editor and the status bar say the file was NOT saved and why, the text stays in the editor,
// the file on disk keeps its previous content, and once there is room again the next save
// (an edit, or the retry timer) succeeds and the warning goes away.
#include "../common/fulldisk.h"

#include "codeeditor.h"
#include "exercisepage.h"
#include "mainwindow.h"
#include "rubric.h"
#include "workspace.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "guitest.h"

#include <memory>

using namespace schedlab;
using namespace schedlab::gui;
using schedlab::testing::FileSizeLimit;
using schedlab::testing::FullDisk;

namespace {

const QString kScript = QStringLiteral("sommeil.sbatch");

QString onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll())
                                       : QStringLiteral("<missing>");
}

// A long script: larger than the room left.
QString longScript()
{
    QString text = QStringLiteral("#!/bin/bash\n#SBATCH --job-name=sommeil\n");
    for (int i = 0; i < 600; ++i)
        text += QStringLiteral("echo \"étape %1 : le nœud est $(hostname)\"\n").arg(i);
    return text + QStringLiteral("sleep 30\n");
}

// The save bar is shown over the editor (in its tab, whether that tab is in front or not).
bool barShown(const CodeEditor *editor)
{
    return editor->saveBar() && !editor->saveBar()->isHidden();
}

// Answers the next modal dialog (the window's warning) and keeps its text.
void dismissNextDialog(QString *text, int attempts = 200)
{
    QTimer::singleShot(25, qApp, [text, attempts] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            *text = box->text();
            box->done(QMessageBox::Ok);
        } else if (attempts > 0) {
            dismissNextDialog(text, attempts - 1);
        }
    });
}

} // namespace

class TestSave : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = schedlab::testing::startWindowTest();
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        QVERIFY(rubrics_.find(QStringLiteral("ex1")));
    }

    void init()
    {
        root_ = std::make_unique<QTemporaryDir>();
        QVERIFY(QDir().mkpath(root_->filePath(QStringLiteral("ex1"))));
    }

    void cleanup()
    {
        page_ = nullptr;
        host_.reset();
        workspace_.reset();
        disk_.reset(); // unmounted before the folder goes
        root_.reset();
    }

    // Any user: past RLIMIT_FSIZE the save fails with "File too large". Nothing is typed once
    // the limit is lifted: the retry timer saves it.
    void sizeLimitIsShownAndRetried()
    {
        openPage();
        CodeEditor *editor = page_->editor(kScript);
        const QString path = scriptPath();
        const QString before = onDisk(path);
        QVERIFY(!before.isEmpty());
        QSignalSpy problems(page_, &ExercisePage::problem);
        auto limit = std::make_unique<FileSizeLimit>(1024);
        const QString typed = longScript();
        editor->setText(typed);
        QTRY_VERIFY_WITH_TIMEOUT(barShown(editor), 5000);
        QCOMPARE(editor->saveBar()->isVisible(), editor->isVisible());
        QVERIFY(editor->saveBar()->geometry().bottom() < editor->viewport()->geometry().top());
        const QString bar = editor->saveBar()->text();
        QVERIFY2(bar.contains(QStringLiteral("sommeil.sbatch was NOT saved")), qPrintable(bar));
        QVERIFY2(bar.contains(QStringLiteral("File too large")), qPrintable(bar));
        QVERIFY2(host_->statusBar()->currentMessage().contains(QStringLiteral("File too large")),
                 qPrintable(host_->statusBar()->currentMessage()));
        QCOMPARE(problems.count(), 0); // typing never opens a dialog
        QCOMPARE(editor->text(), typed);
        QVERIFY(editor->isModified());
        QCOMPARE(onDisk(path), before);
        QVERIFY(page_->hasUnsavedText());

        limit.reset();
        QTRY_VERIFY_WITH_TIMEOUT(!barShown(editor), 10000);
        QCOMPARE(onDisk(path), typed);
        QVERIFY(!editor->isModified());
        QVERIFY(!page_->hasUnsavedText());
        QVERIFY2(host_->statusBar()->currentMessage().contains(QStringLiteral("is saved")),
                 qPrintable(host_->statusBar()->currentMessage()));
        QCOMPARE(editor->text(), typed);
    }

    // Root: a really full disk. The bar names the system's reason; freeing space and typing
    // again saves the text and takes the bar away.
    void fullDiskIsShownAndSavedOnceFreed()
    {
        if (!mountFullDisk())
            return;
        openPage();
        CodeEditor *editor = page_->editor(kScript);
        const QString path = scriptPath();
        const QString before = onDisk(path);
        QVERIFY(!before.isEmpty());
        QVERIFY(disk_->fill());
        const QString typed = longScript();
        editor->setText(typed);
        QTRY_VERIFY_WITH_TIMEOUT(barShown(editor), 5000);
        const QString bar = editor->saveBar()->text();
        QVERIFY2(bar.contains(QStringLiteral("NOT saved")), qPrintable(bar));
        QVERIFY2(bar.contains(QStringLiteral("No space left on device")), qPrintable(bar));
        QVERIFY2(host_->statusBar()->currentMessage().contains(
                     QStringLiteral("No space left on device")),
                 qPrintable(host_->statusBar()->currentMessage()));
        QCOMPARE(editor->saveProblem(), bar);
        QCOMPARE(editor->text(), typed);
        QCOMPARE(onDisk(path), before); // not 0 bytes
        QCOMPARE(QDir(root_->filePath(QStringLiteral("ex1")))
                     .entryList(QDir::Files | QDir::Hidden)
                     .filter(QStringLiteral(".tmp")),
                 QStringList());

        // An explicit save (grading, handing in, closing) says it in a dialog too.
        QSignalSpy problems(page_, &ExercisePage::problem);
        QVERIFY(!page_->saveAll());
        QCOMPARE(problems.count(), 1);
        QVERIFY(
            problems.at(0).at(0).toString().contains(QStringLiteral("No space left on device")));

        disk_->free();
        editor->append(QStringLiteral("hostname\n"));
        QTRY_VERIFY_WITH_TIMEOUT(!barShown(editor), 5000);
        QCOMPARE(onDisk(path), typed + QStringLiteral("hostname\n"));
        QVERIFY(editor->saveProblem().isEmpty());
        QVERIFY(!page_->hasUnsavedText());
    }

    // Root: the window does not close over text the disk refused; it says why, and closes
    // once the text is saved.
    void windowStaysOpenOverUnsavedText()
    {
        if (!mountFullDisk())
            return;
        MainWindow window(rubrics_, root_->path());
        window.show();
        QVERIFY(window.openExercise(QStringLiteral("ex1")));
        CodeEditor *editor = window.currentExercise()->editor(kScript);
        const QString before = onDisk(scriptPath());
        QVERIFY(disk_->fill());
        const QString typed = longScript();
        editor->setText(typed);
        QString warning;
        dismissNextDialog(&warning);
        QVERIFY(!window.close());
        QVERIFY2(warning.contains(QStringLiteral("No space left on device")), qPrintable(warning));
        QVERIFY(window.isVisible());
        QCOMPARE(editor->text(), typed);
        QCOMPARE(onDisk(scriptPath()), before);
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("NOT saved")));
        disk_->free();
        QVERIFY(window.close());
        QCOMPARE(onDisk(scriptPath()), typed);
    }

private:
    QString scriptPath() const { return root_->filePath(QStringLiteral("ex1/") + kScript); }

    bool mountFullDisk()
    {
        disk_ = std::make_unique<FullDisk>(root_->filePath(QStringLiteral("ex1")), 256 * 1024);
        if (!disk_->ok()) {
            const QByteArray why = disk_->error().toUtf8();
            disk_.reset();
            QTest::qSkip(why.constData(), __FILE__, __LINE__);
            return false;
        }
        return true;
    }

    void openPage()
    {
        const grader::Rubric *rubric = rubrics_.find(QStringLiteral("ex1"));
        workspace_ = std::make_unique<Workspace>(root_->path());
        QString error;
        QVERIFY2(workspace_->prepare(*rubric, &error), qPrintable(error));
        host_ = std::make_unique<QMainWindow>();
        page_ = new ExercisePage(*rubric, workspace_.get(), host_.get());
        host_->setCentralWidget(page_);
        host_->show();
    }

    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> root_;
    std::unique_ptr<FullDisk> disk_;
    std::unique_ptr<Workspace> workspace_;
    std::unique_ptr<QMainWindow> host_;
    ExercisePage *page_ = nullptr;
};

QTEST_MAIN(TestSave)
#include "tst_save.moc"
