// Files changed outside the editor (offscreen): a line appended from the built-in terminal
// shows in the editor and survives the next keystroke; a file changed both outside and in the
// editor is never saved over, and whichever version the student does not keep is found where
// the bar says; a file deleted outside keeps its text in the editor and comes back on saving.
#include "lessonpage.h"
#include "mainwindow.h"
#include "safefiles.h"
#include "terminalpane.h"
#include "terminalwidget.h"

#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "guitest.h"

#include <memory>

using namespace schedlab;
using namespace schedlab::gui;

namespace {

constexpr int kTimeout = 10000;
const QString kJobLine = QStringLiteral("Submitted batch job 17");

QString onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Another program's write, as `>>` does it: in place, not through a rename.
void appendOutside(const QString &path, const QString &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QVERIFY(f.write(text.toUtf8()) > 0);
}

// The student types at the end of the editor's text.
void typeAtEnd(CodeEditor *editor, const QString &keys)
{
    const int last = editor->lines() - 1;
    editor->setCursorPosition(last, int(editor->text(last).size()));
    QTest::keyClicks(editor, keys);
}

// What the page saves with (Workspace::save), as ExercisePage::saveEdited calls it.
QString saveLikeThePage(CodeEditor *editor, const QString &path, bool *wrote)
{
    *wrote = false;
    return editor->saveWith(editor->fileName(), [&](const QString &text, QString *error) {
        *wrote = true;
        const files::WriteResult w = files::saveFile(path, text.toUtf8());
        *error = w.error;
        return w.ok;
    });
}

} // namespace

class TestReload : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = schedlab::testing::startWindowTest();
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
    }

    void init()
    {
        workspace_ = std::make_unique<QTemporaryDir>();
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        window_->show();
        QVERIFY(window_->openExercise(QStringLiteral("ex1")));
        editor_ = window_->currentExercise()->editor(QStringLiteral("lignes.md"));
        QVERIFY(editor_);
        // The student looks at lignes.md.
        for (auto *tabs : window_->currentExercise()->findChildren<QTabWidget *>())
            if (const int index = tabs->indexOf(editor_); index >= 0)
                tabs->setCurrentIndex(index);
        QVERIFY(editor_->isVisible());
        file_ = workspace_->filePath(QStringLiteral("ex1/lignes.md"));
        QVERIFY(QFile::exists(file_));
    }

    void cleanup()
    {
        window_.reset();
        workspace_.reset();
    }

    // The issue's scenario: `... | tee -a lignes.md` in the app's terminal, then a keystroke.
    void lineAppendedFromTheTerminalSurvivesTyping()
    {
        // The student has typed and the editor has saved, as before any terminal command.
        typeAtEnd(editor_, QStringLiteral("Ma reponse."));
        QTRY_VERIFY_WITH_TIMEOUT(!editor_->isModified(), kTimeout);
        QVERIFY(onDisk(file_).endsWith(QStringLiteral("Ma reponse.")));
        editor_->setCursorPosition(2, 0); // reading "1. " while the command runs
        const QString before = onDisk(file_);

        TerminalWidget *terminal = window_->terminals()->current();
        QVERIFY(terminal);
        QTRY_VERIFY_WITH_TIMEOUT(!terminal->screenText().trimmed().isEmpty(), kTimeout); // prompt
        terminal->setFocus();
        QTest::keyClicks(terminal, QStringLiteral("cd ex1"));
        QTest::keyClick(terminal, Qt::Key_Return);
        QTest::keyClicks(terminal, QStringLiteral("echo '%1' | tee -a lignes.md").arg(kJobLine));
        QTest::keyClick(terminal, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(onDisk(file_), before + kJobLine + u'\n', kTimeout);

        // Loaded without a question: the editor had nothing unsaved.
        QTRY_COMPARE_WITH_TIMEOUT(editor_->text(), before + kJobLine + u'\n', kTimeout);
        QVERIFY(!editor_->isModified());
        QCOMPARE(editor_->diskState(), CodeEditor::DiskState::Same);
        QVERIFY(editor_->diskMessage().isEmpty());
        int line = -1, index = -1;
        editor_->getCursorPosition(&line, &index);
        QCOMPARE(line, 2); // the cursor stayed on its line

        // The next keystroke saves the appended line with the student's text.
        typeAtEnd(editor_, QStringLiteral("Vu."));
        QTRY_VERIFY_WITH_TIMEOUT(!editor_->isModified(), kTimeout);
        QCOMPARE(onDisk(file_), before + kJobLine + QStringLiteral("\nVu."));
        QCOMPARE(editor_->text(), onDisk(file_));
    }

    // Both changed: the bar offers the choice, and nothing is written until it is made.
    void conflictKeepingTheFilesVersion()
    {
        QString outside;
        makeConflict(QStringLiteral("Mon texte"), &outside);
        if (QTest::currentTestFailed())
            return;
        const QString mine = editor_->text();
        QVERIFY(editor_->keepFileButton()->isVisible());
        QVERIFY(editor_->keepMineButton()->isVisible());

        QTest::mouseClick(editor_->keepFileButton(), Qt::LeftButton);
        QCOMPARE(editor_->diskState(), CodeEditor::DiskState::Same);
        QCOMPARE(editor_->text(), outside);
        QVERIFY(!editor_->isModified());
        QCOMPARE(onDisk(file_), outside);
        // The student's text is beside the file, under the name the bar gives.
        const QString copy = workspace_->filePath(QStringLiteral("ex1/lignes.md.~mine~"));
        QCOMPARE(editor_->keptCopy(), copy);
        QVERIFY2(editor_->diskMessage().contains(QStringLiteral("lignes.md.~mine~")),
                 qPrintable(editor_->diskMessage()));
        QCOMPARE(onDisk(copy), mine);
        // Typing again saves as usual.
        typeAtEnd(editor_, QStringLiteral("!"));
        QTRY_VERIFY_WITH_TIMEOUT(!editor_->isModified(), kTimeout);
        QCOMPARE(onDisk(file_), outside + u'!');

        // A second conflict resolved the same way never overwrites the first copy.
        makeConflict(QStringLiteral("Encore"), &outside);
        if (QTest::currentTestFailed())
            return;
        const QString mineAgain = editor_->text();
        QTest::mouseClick(editor_->keepFileButton(), Qt::LeftButton);
        QCOMPARE(onDisk(copy), mine);
        const QString second = workspace_->filePath(QStringLiteral("ex1/lignes.md.~mine.2~"));
        QCOMPARE(onDisk(second), mineAgain);
        QVERIFY(editor_->diskMessage().contains(QStringLiteral("lignes.md.~mine.2~")));
    }

    void conflictKeepingMyVersion()
    {
        QString outside;
        makeConflict(QStringLiteral("Mon texte"), &outside);
        if (QTest::currentTestFailed())
            return;
        const QString mine = editor_->text();
        QTest::mouseClick(editor_->keepMineButton(), Qt::LeftButton);
        QCOMPARE(editor_->diskState(), CodeEditor::DiskState::Same);
        QTRY_COMPARE_WITH_TIMEOUT(onDisk(file_), mine, kTimeout);
        QVERIFY(!editor_->isModified());
        QCOMPARE(editor_->text(), mine);
        const QString copy = workspace_->filePath(QStringLiteral("ex1/lignes.md.~file~"));
        QCOMPARE(editor_->keptCopy(), copy);
        QVERIFY2(editor_->diskMessage().contains(QStringLiteral("lignes.md.~file~")),
                 qPrintable(editor_->diskMessage()));
        QCOMPARE(onDisk(copy), outside);
        // The bar's report goes away when the student has read it.
        QVERIFY(editor_->dismissButton()->isVisible());
        QTest::mouseClick(editor_->dismissButton(), Qt::LeftButton);
        QVERIFY(editor_->diskMessage().isEmpty());
    }

    // The change outside is seen before the save even when the watcher has not spoken yet.
    void theDiskIsLookedAtBeforeEachSave()
    {
        typeAtEnd(editor_, QStringLiteral("X"));
        appendOutside(file_, kJobLine + u'\n');
        const QString outside = onDisk(file_);
        bool wrote = true;
        const QString message = saveLikeThePage(editor_, file_, &wrote); // no event processed
        QVERIFY(!wrote);
        QVERIFY2(message.contains(QStringLiteral("changed outside SchedLab")), qPrintable(message));
        QCOMPARE(editor_->diskState(), CodeEditor::DiskState::Conflict);
        QCOMPARE(onDisk(file_), outside);
        QVERIFY(window_->currentExercise()->hasUnsavedText()); // the window will not close over it
    }

    void deletedOutside()
    {
        const QString text = editor_->text();
        QVERIFY(QFile::remove(file_));
        QTRY_COMPARE_WITH_TIMEOUT(editor_->diskState(), CodeEditor::DiskState::Deleted, kTimeout);
        QCOMPARE(editor_->text(), text); // kept
        QVERIFY2(editor_->diskMessage().contains(QStringLiteral("deleted outside SchedLab")),
                 qPrintable(editor_->diskMessage()));
        QVERIFY(editor_->saveAgainButton()->isVisible());
        QTest::mouseClick(editor_->saveAgainButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(onDisk(file_), text, kTimeout);
        QCOMPARE(editor_->diskState(), CodeEditor::DiskState::Same);
        QVERIFY(editor_->diskMessage().isEmpty());

        // Deleted again, then typed into: the save makes the file again.
        QVERIFY(QFile::remove(file_));
        QTRY_COMPARE_WITH_TIMEOUT(editor_->diskState(), CodeEditor::DiskState::Deleted, kTimeout);
        typeAtEnd(editor_, QStringLiteral("?"));
        QTRY_VERIFY_WITH_TIMEOUT(!editor_->isModified(), kTimeout);
        QCOMPARE(onDisk(file_), text + u'?');
        QCOMPARE(editor_->diskState(), CodeEditor::DiskState::Same);

        // Made again outside (`mv`, another editor) while unsaved text waits: a conflict.
        typeAtEnd(editor_, QStringLiteral("#"));
        QVERIFY(QFile::remove(file_));
        QVERIFY(files::saveFile(file_, "refait\n").ok);
        QTRY_COMPARE_WITH_TIMEOUT(editor_->diskState(), CodeEditor::DiskState::Conflict, kTimeout);
        QCOMPARE(onDisk(file_), QStringLiteral("refait\n"));
    }

    // The lessons' editors follow their files the same way.
    void lessonFilesAreReloaded()
    {
        QTemporaryDir work;
        LessonPage page({}, work.path());
        CodeEditor *editor = page.openFile(QStringLiteral("notes.md"), QStringLiteral("# Notes\n"));
        QVERIFY(editor);
        appendOutside(work.filePath(QStringLiteral("notes.md")), kJobLine + u'\n');
        QTRY_COMPARE_WITH_TIMEOUT(editor->text(), QStringLiteral("# Notes\n") + kJobLine + u'\n',
                                  kTimeout);
        // With unsaved text, a change outside waits for the student's choice.
        typeAtEnd(editor, QStringLiteral("moi"));
        appendOutside(work.filePath(QStringLiteral("notes.md")), QStringLiteral("encore\n"));
        QVERIFY(!page.saveAll());
        QCOMPARE(editor->diskState(), CodeEditor::DiskState::Conflict);
        QTest::mouseClick(editor->keepMineButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(onDisk(work.filePath(QStringLiteral("notes.md"))),
                                  QStringLiteral("# Notes\n") + kJobLine + QStringLiteral("\nmoi"),
                                  kTimeout);
        QCOMPARE(onDisk(work.filePath(QStringLiteral("notes.md.~file~"))),
                 QStringLiteral("# Notes\n") + kJobLine + QStringLiteral("\nencore\n"));
    }

private:
    // Unsaved text in the editor, then a line appended outside before any save: the bar shows.
    // `outside`: the file's text.
    void makeConflict(const QString &typed, QString *outside)
    {
        typeAtEnd(editor_, typed);
        appendOutside(file_, kJobLine + u'\n');
        *outside = onDisk(file_);
        QTRY_COMPARE_WITH_TIMEOUT(editor_->diskState(), CodeEditor::DiskState::Conflict, kTimeout);
        QVERIFY2(editor_->diskMessage().contains(QStringLiteral("changed outside SchedLab")),
                 qPrintable(editor_->diskMessage()));
        QVERIFY(editor_->isModified());
        // A save now (the page's, after the typing pause) writes nothing.
        bool wrote = true;
        saveLikeThePage(editor_, file_, &wrote);
        QVERIFY(!wrote);
        QCOMPARE(onDisk(file_), *outside);
    }

    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> workspace_;
    std::unique_ptr<MainWindow> window_;
    CodeEditor *editor_ = nullptr;
    QString file_;
};

QTEST_MAIN(TestReload)
#include "tst_reload.moc"
