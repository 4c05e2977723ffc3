// The workbench driven as a student uses it (offscreen): open an exercise, type, see the
// mistakes pointed at, find the work saved, check it, jump to the line a criterion is about.
#include "clusterpage.h"
#include "exampage.h"
#include "exercise2.h"
#include "handin.h"
#include "language.h"
#include "mainwindow.h"
#include "queuemodel.h"
#include "queueview.h"
#include "scenario.h"
#include "scenarioreplay.h"
#include "terminalpane.h"
#include "terminalwidget.h"
#include "timecontrols.h"
#include "timelinewidget.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTranslator>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "guitest.h"

#include <zip.h>

using namespace schedlab;
using namespace schedlab::gui;

namespace {

const char kLateScript[] = "#!/bin/bash\n"
                           "#SBATCH --job-name=sommeil\n"
                           "#SBATCH --output=sommeil-%j.out\n"
                           "#SBATCH --time=00:02:00\n"
                           "#SBATCH --cpus-per-task=1\n"
                           "hostname\n"
                           "#SBATCH --mem=1G\n"
                           "sleep 30\n";

QString onDisk(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QTreeWidgetItem *navigationItem(QTreeWidget *navigation, const QString &exercise)
{
    for (QTreeWidgetItemIterator it(navigation); *it; ++it)
        if ((*it)->data(0, Qt::UserRole).toString() == exercise)
            return *it;
    return nullptr;
}

QTreeWidgetItem *resultFor(QTreeWidget *results, const QString &id)
{
    for (int i = 0; i < results->topLevelItemCount(); ++i)
        if (results->topLevelItem(i)->data(0, Qt::UserRole).toString() == id)
            return results->topLevelItem(i);
    return nullptr;
}

} // namespace

class TestWorkbench : public QObject
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
        window_.reset(); // one window per workspace: the next start comes after it
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        window_->show();
        QVERIFY(window_->openExercise(QStringLiteral("ex1")));
    }

    void cleanup() { window_.reset(); }

    void startingFilesAreCopiedOnce()
    {
        const QString script = workspace_->filePath(QStringLiteral("ex1/sommeil.sbatch"));
        QCOMPARE(onDisk(script), QStringLiteral("#!/bin/bash\n"));
        ExercisePage *page = window_->currentExercise();
        page->editor(QStringLiteral("sommeil.sbatch"))
            ->setText(QStringLiteral("#!/bin/bash\nhostname\n"));
        QVERIFY(page->saveAll());
        // Another start over the same workspace keeps the student's text.
        window_.reset(); // one window per workspace: the next start comes after it
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        QVERIFY(window_->openExercise(QStringLiteral("ex1")));
        QCOMPARE(window_->currentExercise()->editor(QStringLiteral("sommeil.sbatch"))->text(),
                 QStringLiteral("#!/bin/bash\nhostname\n"));
    }

    void mistakesArePointedAtAsTyped()
    {
        CodeEditor *editor = window_->currentExercise()->editor(QStringLiteral("sommeil.sbatch"));
        QSignalSpy diagnosed(editor, &CodeEditor::diagnosed);
        editor->setText(QString::fromLatin1(kLateScript));
        QVERIFY(diagnosed.wait(5000)); // after the typing pause, not at each key
        QVERIFY2(editor->annotationAt(7).contains(QStringLiteral("Slurm no longer reads it")),
                 qPrintable(editor->annotationAt(7)));
        QVERIFY(editor->annotationAt(2).isEmpty());
        editor->setText(QStringLiteral("hostname\n#SBATCH --output=$HOME/x.out\n"));
        editor->diagnoseNow();
        QVERIFY(editor->annotationAt(1).contains(QStringLiteral("#!")));
    }

    void workIsSavedAsTyped()
    {
        ExercisePage *page = window_->currentExercise();
        CodeEditor *editor = page->editor(QStringLiteral("lignes.md"));
        editor->setText(QStringLiteral("Une directive après hostname est ignorée.\n"));
        QVERIFY(editor->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(!editor->isModified(), 5000); // saved after the typing pause
        QCOMPARE(onDisk(workspace_->filePath(QStringLiteral("ex1/lignes.md"))), editor->text());
        // Closing the window saves what is still pending.
        editor->setText(QStringLiteral("dernier mot\n"));
        window_->close();
        QCOMPARE(onDisk(workspace_->filePath(QStringLiteral("ex1/lignes.md"))),
                 QStringLiteral("dernier mot\n"));
    }

    void checkGradesAndJumpsToTheLine()
    {
        ExercisePage *page = window_->currentExercise();
        page->editor(QStringLiteral("sommeil.sbatch"))->setText(QString::fromLatin1(kLateScript));
        QTest::mouseClick(page->checkButton(), Qt::LeftButton);
        QTreeWidget *results = page->results();
        QCOMPARE(results->topLevelItemCount(), 10);
        QTreeWidgetItem *late = resultFor(results, QStringLiteral("ex1.script.no-late-directive"));
        QVERIFY(late);
        QCOMPARE(late->text(1), QStringLiteral("failed"));
        QVERIFY(late->isExpanded()); // a failed criterion shows its feedback
        QVERIFY(late->child(0)->text(0).contains(QStringLiteral("#SBATCH")));
        results->setCurrentItem(late);
        QVERIFY(page->details()->toPlainText().contains(QStringLiteral("#SBATCH --mem=1G")));
        Q_EMIT results->itemActivated(late, 0);
        int line = -1, index = -1;
        page->editor(QStringLiteral("sommeil.sbatch"))->getCursorPosition(&line, &index);
        QCOMPARE(line + 1, 7);
        QCOMPARE(resultFor(results, QStringLiteral("ex1.script.shebang"))->text(1),
                 QStringLiteral("passed"));
    }

    void jobYamlIsCheckedByTheApi()
    {
        QVERIFY(window_->openExercise(QStringLiteral("ex3")));
        CodeEditor *yaml = window_->currentExercise()->editor(QStringLiteral("sommeil-job.yaml"));
        QVERIFY(yaml);
        yaml->setText(
            QStringLiteral("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sommeil\n"
                           "spec:\n  template:\n    spec:\n      restartPolicy: Always\n"
                           "      containers:\n        - name: c\n          image: busybox\n"
                           "          command: [sh, -c, hostname]\n"));
        yaml->diagnoseNow();
        QVERIFY2(yaml->annotationAt(8).contains(QStringLiteral("restartPolicy")),
                 qPrintable(yaml->annotationAt(8)));
        yaml->setText(QStringLiteral("apiVersion: apps/v1\nkind: Deployment\n"));
        yaml->diagnoseNow();
        QVERIFY(yaml->annotationAt(2).contains(QStringLiteral("write a Job")));
        yaml->setText(QStringLiteral("apiVersion: batch/v1\nkind: Job\n\tmetadata: x\n"));
        yaml->diagnoseNow();
        QVERIFY(!yaml->diagnostics().isEmpty());
        QCOMPARE(yaml->diagnostics().first().severity, Diagnostic::Severity::Error);
    }

    void progressIsKept()
    {
        ExercisePage *page = window_->currentExercise();
        page->editor(QStringLiteral("sommeil.sbatch"))->setText(QString::fromLatin1(kLateScript));
        page->grade();
        const QString shown =
            QStringLiteral("%1/%2").arg(page->lastResult().score).arg(page->lastResult().max);
        QCOMPARE(navigationItem(window_->navigation(), QStringLiteral("ex1"))->text(1), shown);
        // Another start over the same workspace shows it still.
        window_.reset(); // one window per workspace: the next start comes after it
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        QCOMPARE(navigationItem(window_->navigation(), QStringLiteral("ex1"))->text(1), shown);
        QVERIFY(navigationItem(window_->navigation(), QStringLiteral("ex2"))->text(1).isEmpty());
    }

    void hoverExplainsOptionsAndFields()
    {
        CodeEditor *script = window_->currentExercise()->editor(QStringLiteral("sommeil.sbatch"));
        script->setText(QString::fromLatin1(kLateScript));
        QVERIFY(script->helpAt(3, 12).contains(QStringLiteral("Arrondie à la minute supérieure")));
        QVERIFY(script->helpAt(5, 2).isEmpty()); // "hostname" is no option
        QVERIFY(window_->openExercise(QStringLiteral("ex3")));
        CodeEditor *yaml = window_->currentExercise()->editor(QStringLiteral("sommeil-job.yaml"));
        yaml->setText(QStringLiteral("spec:\n  backoffLimit: 1\n"));
        QVERIFY(yaml->helpAt(1, 4).contains(QStringLiteral("BackoffLimitExceeded")));
        QVERIFY(yaml->helpAt(1, 17).isEmpty()); // the value, not the key
    }

    void findAndReplace()
    {
        ExercisePage *page = window_->currentExercise();
        CodeEditor *editor = page->currentEditor();
        editor->setText(QStringLiteral("sleep 30\nsleep 30\necho sleep\n"));
        FindBar *bar = page->findBar();
        bar->open(true);
        QVERIFY(bar->isVisible());
        bar->findField()->setText(QStringLiteral("sleep"));
        QVERIFY(bar->findNext());
        QCOMPARE(editor->selectedText(), QStringLiteral("sleep"));
        bar->replaceField()->setText(QStringLiteral("sleep sleep"));
        QCOMPARE(bar->replaceAll(), 3);
        QCOMPARE(editor->text(),
                 QStringLiteral("sleep sleep 30\nsleep sleep 30\necho sleep sleep\n"));
        editor->undo(); // one step undoes the whole replacement
        QCOMPARE(editor->text(), QStringLiteral("sleep 30\nsleep 30\necho sleep\n"));
        QTest::keyClick(bar->findField(), Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
    }

    void theLastExerciseIsReopened()
    {
        QVERIFY(window_->openExercise(QStringLiteral("ex4")));
        window_->close();
        window_.reset(); // one window per workspace: the next start comes after it
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        QCOMPARE(window_->lastExercise(), QStringLiteral("ex4"));
    }

    void theOpenFileTabIsRestored()
    {
        QTabWidget *tabs = window_->currentExercise()->findChild<QTabWidget *>();
        tabs->setCurrentIndex(1); // lignes.md
        window_.reset();          // one window per workspace: the next start comes after it
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        QVERIFY(window_->openExercise(QStringLiteral("ex1")));
        QCOMPARE(window_->currentExercise()->currentEditor()->fileName(),
                 QStringLiteral("lignes.md"));
    }

    void navigationOpensEveryExercise()
    {
        QTreeWidget *nav = window_->navigation();
        QTreeWidgetItem *course = nav->topLevelItem(0);
        int exercises = 0;
        for (int i = 0; i < course->childCount(); ++i) {
            const QString id = course->child(i)->data(0, Qt::UserRole).toString();
            if (id.isEmpty())
                continue; // the lessons' groups
            ++exercises;
            nav->setCurrentItem(course->child(i));
            if (id == QLatin1String("examen"))
                QCOMPARE(window_->centralWidget()->findChild<QStackedWidget *>()->currentWidget(),
                         window_->examPage());
            else
                QCOMPARE(window_->currentExercise()->rubric().exercise, id);
        }
        QCOMPARE(exercises, rubrics_.rubrics.size());
    }

    void scriptSubmittedFromTheTerminalShowsInTheViews()
    {
        ExercisePage *page = window_->currentExercise();
        page->editor(QStringLiteral("sommeil.sbatch"))
            ->setText(QStringLiteral("#!/bin/bash\n#SBATCH --job-name=sommeil\n"
                                     "#SBATCH --output=sommeil-%j.out\n#SBATCH --time=00:02:00\n"
                                     "hostname\nsleep 30\n"));
        QVERIFY(page->saveAll());
        TerminalWidget *terminal = window_->terminals()->current();
        QVERIFY(terminal);
        window_->terminals()->runCommand(QStringLiteral("cd ex1 && sbatch sommeil.sbatch"));
        QTRY_VERIFY_WITH_TIMEOUT(
            terminal->screenText().contains(QStringLiteral("Submitted batch job")), 10000);
        window_->openCluster(ClusterPage::QueueTab);
        QueueModel *queue = window_->clusterPage()->queue()->model();
        QTRY_COMPARE(queue->rowCount(), 1);
        QCOMPARE(queue->index(0, QueueModel::Name).data().toString(), QStringLiteral("sommeil"));
        QTRY_COMPARE(queue->index(0, QueueModel::State).data().toString(), QStringLiteral("R"));
        window_->clusterPage()->refreshTimelines();
        const TimelineData &timeline = window_->clusterPage()->timeline()->data();
        QCOMPARE(timeline.items.size(), 1);
        QCOMPARE(timeline.items.first().label, QStringLiteral("%1 sommeil").arg(queue->jobAt(0)));
        // squeue in the same terminal says the same.
        window_->terminals()->runCommand(QStringLiteral("squeue"));
        QTRY_VERIFY_WITH_TIMEOUT(terminal->screenText().contains(QStringLiteral(" sommeil ")),
                                 10000);
    }

    void exercise2ScenarioIsReplayedAfterGrading()
    {
        QVERIFY(window_->openExercise(QStringLiteral("ex2")));
        ExercisePage *page = window_->currentExercise();
        QVERIFY(page->replayButton());
        QVERIFY(!page->replayButton()->isEnabled());
        page->grade();
        QVERIFY(page->replayButton()->isEnabled());
        ScenarioReplay replay;
        QString error;
        QVERIFY2(replay.replay(workspace_->filePath(QStringLiteral("ex2/exercice2.yaml")), &error),
                 qPrintable(error));
        QVERIFY(replay.transcript().contains(QStringLiteral("JOBID PARTITION")));
        // Every job of the scenario is on the timeline, the cancelled one with its state.
        QVERIFY(replay.history().size() >= 4);
        bool cancelled = false;
        for (const JobRecord *r : replay.history().records())
            cancelled = cancelled || r->finalState == QLatin1String("CANCELLED");
        QVERIFY(cancelled);
        QCOMPARE(replay.timeline()->data().items.size(), replay.history().size());
    }

    void theExamLocksTheRestUntilHandedIn()
    {
        ExamPage *exam = window_->examPage();
        QVERIFY(exam);
        QVERIFY(window_->openExercise(QStringLiteral("examen")));
        QVERIFY(exam->startExam());
        QVERIFY(window_->examLocked());
        QVERIFY(!window_->openExercise(QStringLiteral("ex1")));
        QVERIFY(window_->terminals()->isHidden() || !window_->terminals()->isVisible());
        QVERIFY(!window_->timeControls()->isEnabled());
        // A crash (no hand-in) and a new start: the exam comes back, still locked.
        window_.reset(); // one window per workspace: the next start comes after it
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        QVERIFY(window_->examLocked());
        QCOMPARE(window_->centralWidget()->findChild<QStackedWidget *>()->currentWidget(),
                 window_->examPage());
        QVERIFY(window_->examPage()->handInNow());
        QVERIFY(!window_->examLocked());
        QVERIFY(window_->openExercise(QStringLiteral("ex1")));
    }

    void exercise2IsTheStudentsOwnVariant()
    {
        Workspace::rememberStudentId(QStringLiteral("s07-chloe"));
        window_.reset(); // one window per workspace: the next start comes after it
        window_ = std::make_unique<MainWindow>(rubrics_, workspace_->path());
        QVERIFY(window_->openExercise(QStringLiteral("ex2")));
        const QString yaml = onDisk(workspace_->filePath(QStringLiteral("ex2/exercice2.yaml")));
        QString error;
        const auto scenario = readScenario(yaml.toUtf8(), QStringLiteral("exercice2.yaml"), &error);
        QVERIFY2(scenario, qPrintable(error));
        const auto p = grader::simulateExercise2(*scenario).parameters(scenario->start);
        QVERIFY(p.value(QStringLiteral("cancelled")) != QStringLiteral("51")); // not the base
        const QString statement =
            window_->currentExercise()->findChild<QTextBrowser *>()->toPlainText();
        QVERIFY2(statement.contains(QStringLiteral("JOBID PARTITION")), qPrintable(statement));
        QVERIFY(statement.contains(QStringLiteral("arrête le job ") +
                                   p.value(QStringLiteral("cancelled"))));
        QVERIFY(!statement.contains(u'{'));
        // Checking the answer grades it against that variant's own simulation.
        ExercisePage *page = window_->currentExercise();
        page->editor(QStringLiteral("decision.md"))
            ->setText(QStringLiteral("## Question 2\n\nscancel %1\n")
                          .arg(p.value(QStringLiteral("cancelled"))));
        page->grade();
        QCOMPARE(resultFor(page->results(), QStringLiteral("ex2.q2.command"))->text(1),
                 QStringLiteral("passed"));
    }

    void handInIsOneZipWithItsManifest()
    {
        QVERIFY(window_->openExercise(QStringLiteral("ex3")));
        const QString zipPath = workspace_->filePath(QStringLiteral("s01.zip"));
        const HandIn done = writeHandIn(Workspace(workspace_->path()), rubrics_.rubrics,
                                        QStringLiteral("s01"), zipPath);
        QVERIFY2(done.ok, qPrintable(done.error));
        QCOMPARE(done.files, 4); // ex1's two files, ex3's two
        int code = 0;
        zip_t *zip = zip_open(QFile::encodeName(zipPath).constData(), ZIP_RDONLY, &code);
        QVERIFY(zip);
        const auto read = [zip](const char *name) {
            zip_stat_t st;
            zip_stat(zip, name, 0, &st);
            zip_file_t *f = zip_fopen(zip, name, 0);
            QByteArray bytes(qsizetype(st.size), '\0');
            if (f) {
                zip_fread(f, bytes.data(), st.size);
                zip_fclose(f);
            }
            return bytes;
        };
        const QJsonObject manifest = QJsonDocument::fromJson(read("manifest.json")).object();
        QCOMPARE(manifest[QStringLiteral("student")].toObject()[QStringLiteral("name")].toString(),
                 QStringLiteral("s01"));
        const QJsonArray files = manifest[QStringLiteral("files")].toArray();
        QCOMPARE(files.size(), 4);
        for (const QJsonValue &v : files) {
            const QString path = v.toObject()[QStringLiteral("path")].toString();
            const QByteArray inZip = read(path.toUtf8().constData());
            QCOMPARE(inZip, onDisk(workspace_->filePath(path)).toUtf8());
            QCOMPARE(v.toObject()[QStringLiteral("sha256")].toString(),
                     QString::fromLatin1(
                         QCryptographicHash::hash(inZip, QCryptographicHash::Sha256).toHex()));
        }
        zip_close(zip);
        // A private key in the workspace stops the hand-in, and says where it is.
        QFile key(workspace_->filePath(QStringLiteral("ex3/id_ed25519_romeo")));
        QVERIFY(key.open(QIODevice::WriteOnly));
        key.write(
            "-----BEGIN OPENSSH PRIVATE "
            "KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
            "-----END OPENSSH PRIVATE KEY-----\n");
        key.close();
        const HandIn refused = writeHandIn(Workspace(workspace_->path()), rubrics_.rubrics,
                                           QStringLiteral("s01"), zipPath + QStringLiteral("2"));
        QVERIFY(!refused.ok);
        QVERIFY(refused.error.contains(QStringLiteral("ex3/id_ed25519_romeo")));
        QVERIFY(!QFile::exists(zipPath + QStringLiteral("2")));
    }

    // Last: the translation stays installed for the rest of the process otherwise.
    void frenchInterface()
    {
        QCOMPARE(installTranslations(QStringLiteral("fr")), QStringLiteral("fr"));
        window_.reset(); // one window per workspace
        MainWindow french(rubrics_, workspace_->path());
        QVERIFY(french.openExercise(QStringLiteral("ex1")));
        ExercisePage *page = french.currentExercise();
        QCOMPARE(page->checkButton()->text(), QStringLiteral("Vérifier"));
        CodeEditor *editor = page->editor(QStringLiteral("sommeil.sbatch"));
        editor->setText(QString::fromLatin1(kLateScript));
        editor->diagnoseNow();
        QVERIFY2(editor->annotationAt(7).contains(QStringLiteral("Slurm ne la lit plus")),
                 qPrintable(editor->annotationAt(7)));
        page->grade();
        QCOMPARE(resultFor(page->results(), QStringLiteral("ex1.script.shebang"))->text(1),
                 QStringLiteral("réussi"));
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>())
            QCoreApplication::removeTranslator(t);
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
    }

private:
    grader::RubricSet rubrics_;
    std::unique_ptr<QTemporaryDir> workspace_;
    std::unique_ptr<MainWindow> window_;
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
