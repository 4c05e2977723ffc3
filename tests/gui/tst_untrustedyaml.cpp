// The app's YAML readers (lesson blocks, the hover help) refuse hostile YAML with the file
// and line; a scenario replayed from a workspace runs the mini-cluster's commands only,
// while the project's own lesson scenarios keep their shell.
#include "lesson.h"
#include "optionhelp.h"
#include "scenarioreplay.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab::gui;

namespace {

QString lessonWithBlock(const QString &body)
{
    return QStringLiteral("---\ntitle: X\n---\ntexte\n```schedlab-check\n") + body +
           QStringLiteral("```\n");
}

} // namespace

class TestUntrustedYaml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lessonBlocks_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("expected");
        QTest::newRow("self alias") << "question: q\nconcepts: &c {a: *c}\n"
                                    << "x.md:7: invalid YAML: alias *c refers to the node";
        QTest::newRow("sequence alias") << "question: q\nrequire: &r [*r]\n"
                                        << "x.md:7: invalid YAML: alias *r refers";
        QString laughs = QStringLiteral("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 9; ++i)
            laughs += QStringLiteral("a%1: &a%1 [*a%2, *a%2, *a%2, *a%2, *a%2, *a%2, *a%2, "
                                     "*a%2, *a%2, *a%2]\n")
                          .arg(i)
                          .arg(i - 1);
        QTest::newRow("billion laughs") << laughs << "invalid YAML: too many aliases";
        QTest::newRow("deep") << "question: q\nconcepts: " + QString(3000, u'[') + u'\n'
                              << "x.md:7: invalid YAML: nested deeper than 400 levels";
        QTest::newRow("syntax") << "question: [q\n"
                                << "x.md:";
    }

    void lessonBlocks()
    {
        QFETCH(QString, body);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parseLesson(QStringLiteral("x.md"), lessonWithBlock(body), &error));
        QVERIFY2(error.contains(expected) && error.startsWith(QStringLiteral("x.md:")),
                 qPrintable(error));
    }

    void shippedLessonsStillRead()
    {
        QStringList errors;
        const QList<Lesson> lessons = loadLessons(defaultLessonsDir(), &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QVERIFY(lessons.size() > 5);
    }

    void optionHelp()
    {
        QCOMPARE(optionHelpProblem("sbatch:\n  time: La limite\n", QStringLiteral("h.yaml")),
                 QString());
        QVERIFY(optionHelpProblem("sbatch: &s {time: *s}\n", QStringLiteral("h.yaml"))
                    .startsWith(QStringLiteral("h.yaml:1: alias *s refers")));
        QVERIFY(optionHelpProblem("sbatch:\n  time: [a]\n", QStringLiteral("h.yaml"))
                    .startsWith(QStringLiteral("h.yaml:2: ")));
        QVERIFY(optionHelpProblem(QByteArray(3000, '['), QStringLiteral("h.yaml"))
                    .contains(QStringLiteral("nested deeper")));
        QVERIFY(!sbatchOptionHelp(QStringLiteral("--time=00:02:00")).isEmpty());
    }

    // A workspace's scenario never reaches a shell: the whole replay is refused, nothing
    // ran, and the message names the file, the step's line and why.
    void workspaceScenarioRunsNoShell()
    {
        QTemporaryDir workspace;
        const QString file = workspace.filePath(QStringLiteral("exercice2.yaml"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("jobs:\n  - {submit: 0, options: \"-N 1 -t 10\", runtime: 60}\n"
                "steps:\n  - {at: 5, run: squeue}\n"
                "  - {at: 6, run: \"squeue > /tmp/x; touch " +
                QFile::encodeName(workspace.filePath(QStringLiteral("pwned"))) + "\"}\n");
        f.close();
        ScenarioReplay replay;
        QString error;
        QVERIFY(!replay.replay(file, &error));
        QVERIFY2(
            error.startsWith(file + QStringLiteral(": the replay stopped: scenario:5: steps: ")),
            qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("no pipes, redirections")), qPrintable(error));
        QVERIFY(!QFile::exists(workspace.filePath(QStringLiteral("pwned"))));
    }

    void workspaceScenarioWithClusterCommandsReplays()
    {
        QTemporaryDir workspace;
        QVERIFY(QFile::copy(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises/ex2/scenario.yaml"),
                            workspace.filePath(QStringLiteral("exercice2.yaml"))));
        ScenarioReplay replay;
        QString error;
        QVERIFY2(replay.replay(workspace.filePath(QStringLiteral("exercice2.yaml")), &error),
                 qPrintable(error));
        QVERIFY(replay.transcript().contains(QStringLiteral("JOBID PARTITION")));
    }

    // The project's own lesson uses a pipe into srun: it still replays.
    void ownLessonScenarioKeepsItsShell()
    {
        ScenarioReplay replay;
        QString error;
        const QString file =
            defaultLessonsDir() + QStringLiteral("/scenarios/25-sessions-interactives.yaml");
        QVERIFY2(replay.replay(file, &error), qPrintable(error));
        QVERIFY2(!replay.transcript().contains(QStringLiteral("not run from this scenario")),
                 qPrintable(replay.transcript()));
    }
};

QTEST_MAIN(TestUntrustedYaml)
#include "tst_untrustedyaml.moc"
