// The lessons: every file of lessons/ reads without a problem, every scenario a lesson plays
// runs and prints what its .expect file says (so the text and the cluster agree), and the
// reader's blocks do what they say in the real window.
#include "lesson.h"
#include "lessonpage.h"
#include "mainwindow.h"
#include "scenario.h"
#include "terminalpane.h"
#include "terminalwidget.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::gui;

namespace {

const QString kLessons = QStringLiteral(SCHEDLAB_SOURCE_DIR "/lessons");

QString readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

const char kSample[] = "---\n"
                       "title: Essai\n"
                       "part: module\n"
                       "---\n"
                       "Un texte **en gras**.\n"
                       "\n"
                       "```schedlab-open\n"
                       "file: essai.sbatch\n"
                       "content: |\n"
                       "  #!/bin/bash\n"
                       "  hostname\n"
                       "```\n"
                       "```schedlab-run\n"
                       "# label: Soumettre\n"
                       "echo lecon-$((40+2))\n"
                       "```\n"
                       "```schedlab-check\n"
                       "question: Pourquoi attend-il ?\n"
                       "concepts:\n"
                       "  reservation: [\"reserv*\"]\n"
                       "  limite: [\"limite*|trop long*\"]\n"
                       "right: Oui.\n"
                       "wrong: Pas encore.\n"
                       "```\n";

} // namespace

class TestLessons : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SchedLabTests"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void everyLessonReads()
    {
        QStringList errors;
        const QList<Lesson> lessons = loadLessons(kLessons, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        for (const Lesson &lesson : lessons) {
            QVERIFY2(!lesson.title.isEmpty(), qPrintable(lesson.path));
            QVERIFY2(lesson.part == QLatin1String("module") ||
                         lesson.part == QLatin1String("plus-loin"),
                     qPrintable(lesson.path));
            for (const LessonBlock &b : lesson.blocks)
                if (b.kind == LessonBlock::Kind::Scenario)
                    QVERIFY2(QFile::exists(kLessons + QStringLiteral("/scenarios/") + b.file),
                             qPrintable(QStringLiteral("%1:%2: no scenario %3")
                                            .arg(lesson.path)
                                            .arg(b.line)
                                            .arg(b.file)));
        }
    }

    void everyScenarioPrintsWhatItsLessonSays_data()
    {
        QTest::addColumn<QString>("scenario");
        const QDir dir(kLessons + QStringLiteral("/scenarios"));
        for (const QString &name : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }
    void everyScenarioPrintsWhatItsLessonSays()
    {
        QFETCH(QString, scenario);
        QString error;
        const auto parsed = readScenario(readAll(scenario).toUtf8(), scenario, &error);
        QVERIFY2(parsed, qPrintable(error));
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        const SimResult result = runScenario(*parsed, QStringLiteral(SCHEDLAB_LIBEXEC), &out);
        QVERIFY2(result.exitCode == 0, qPrintable(result.error));
        const QString transcript = QString::fromUtf8(out.data());
        const QString expect = scenario.chopped(5) + QStringLiteral(".expect");
        QVERIFY2(QFile::exists(expect), qPrintable(expect + QStringLiteral(" is missing")));
        for (const QString &line : readAll(expect).split(u'\n')) {
            if (line.trimmed().isEmpty() || line.startsWith(u'#'))
                continue;
            QVERIFY2(transcript.contains(line),
                     qPrintable(QStringLiteral("%1: not in the transcript: %2\n%3")
                                    .arg(scenario, line, transcript)));
        }
    }

    void blocksAreRead()
    {
        QString error;
        const auto lesson =
            parseLesson(QStringLiteral("essai.md"), QString::fromLatin1(kSample), &error);
        QVERIFY2(lesson, qPrintable(error));
        QCOMPARE(lesson->title, QStringLiteral("Essai"));
        QCOMPARE(lesson->blocks.size(), 4);
        QCOMPARE(lesson->blocks[1].kind, LessonBlock::Kind::Open);
        QCOMPARE(lesson->blocks[1].content, QStringLiteral("#!/bin/bash\nhostname\n"));
        QCOMPARE(lesson->blocks[2].label, QStringLiteral("Soumettre"));
        QCOMPARE(lesson->blocks[2].commands, QStringList{QStringLiteral("echo lecon-$((40+2))")});
        const LessonBlock &check = lesson->blocks[3];
        QVERIFY(checkAnswer(check, QStringLiteral("Le backfill a réservé les nœuds et sa limite "
                                                  "est trop longue"))
                    .right);
        const CheckVerdict wrong = checkAnswer(check, QStringLiteral("Il a une réservation."));
        QVERIFY(!wrong.right);
        QCOMPARE(wrong.missing, QStringList{QStringLiteral("limite")});
    }

    void badBlocksNameTheFileAndLine()
    {
        QString error;
        QVERIFY(!parseLesson(QStringLiteral("x.md"),
                             QStringLiteral("---\ntitle: X\n---\ntexte\n```schedlab-scenario\n"
                                            "label: sans fichier\n```\n"),
                             &error));
        QVERIFY2(error.startsWith(QStringLiteral("x.md:5: ")), qPrintable(error));
        QVERIFY(!parseLesson(QStringLiteral("y.md"),
                             QStringLiteral("---\ntitle: Y\n---\n```schedlab-run\nls\n"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("y.md:4: ")), qPrintable(error));
        QVERIFY(!parseLesson(QStringLiteral("z.md"), QStringLiteral("# pas de front matter\n"),
                             &error));
        QVERIFY2(error.startsWith(QStringLiteral("z.md:1: ")), qPrintable(error));
    }

    void tryItYourselfInTheWindow()
    {
        // A lesson folder of its own with the sample lesson.
        QTemporaryDir workspace;
        const grader::RubricSet rubrics =
            grader::loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        MainWindow window(rubrics, workspace.path());
        window.show();
        QVERIFY(window.lessonPage());
        QVERIFY(window.openLesson(window.lessonPage()->lessons().first().id));

        QString error;
        const auto sample =
            parseLesson(QStringLiteral("essai.md"), QString::fromLatin1(kSample), &error);
        LessonPage page({*sample}, workspace.filePath(QStringLiteral("lecons")));
        QVERIFY(page.showLesson(QStringLiteral("essai")));
        QCOMPARE(page.actionButtons().size(), 3);
        // Open: the file is created once and never overwritten.
        page.actionButtons()[0]->click();
        const QString script = workspace.filePath(QStringLiteral("lecons/essai.sbatch"));
        QCOMPARE(readAll(script), QStringLiteral("#!/bin/bash\nhostname\n"));
        page.editor(QStringLiteral("essai.sbatch"))->setText(QStringLiteral("#!/bin/bash\nls\n"));
        QVERIFY(page.saveAll());
        page.actionButtons()[0]->click();
        QCOMPARE(readAll(script), QStringLiteral("#!/bin/bash\nls\n"));
        // Run: the window types the lines into its terminal, in the lesson's folder.
        connect(&page, &LessonPage::runCommands, &window, &MainWindow::runLessonCommands);
        TerminalWidget *terminal = window.terminals()->current();
        QVERIFY(terminal);
        QSignalSpy ran(&page, &LessonPage::runCommands);
        page.actionButtons()[1]->click();
        QCOMPARE(ran.size(), 1);
        QCOMPARE(ran.first().at(1).toString(), workspace.filePath(QStringLiteral("lecons")));
        QTRY_VERIFY_WITH_TIMEOUT(terminal->screenText().contains(QStringLiteral("lecon-42")),
                                 10000);
        // Check: a right answer says so.
        QSignalSpy passed(&page, &LessonPage::checkPassed);
        auto *answer = page.findChild<QLineEdit *>();
        answer->setText(QStringLiteral("une réservation et une limite trop longue"));
        page.actionButtons()[2]->click();
        QCOMPARE(passed.size(), 1);
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
