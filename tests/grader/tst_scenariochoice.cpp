// Exercise 2's scenario is never the student's choice: the grader uses the rubric's
// scenario, or the variant it draws itself from the student's id when the instructor turns
// variants on; an exercice2.yaml in the folder is only reported when it differs.
#include "exercise2.h"
#include "gradingfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::grader;

using schedlab::test::exercise2BaseScenario;

namespace {

// The right answer to the scenario's questions.
QByteArray answerFor(const Scenario &s)
{
    const auto p = simulateExercise2(s).parameters(s.start);
    return QStringLiteral("## Question 1\n%1 attend pour Resources ; %2 et %3 pour Priority.\n"
                          "## Question 2\nscancel %4\n## Question 3\n%5 démarre ; %6 reste PD, "
                          "faute de priorité.\n")
        .arg(p[QStringLiteral("resources")], p[QStringLiteral("priority1")],
             p[QStringLiteral("priority2")], p[QStringLiteral("cancelled")],
             p[QStringLiteral("starts")], p[QStringLiteral("stays")])
        .toUtf8();
}

// An easier scenario: the cancel is aimed at another job, so that another answer passes.
QByteArray tamperedScenario(const Scenario &base)
{
    Scenario easy = base;
    for (ScenarioStep &st : easy.steps)
        if (st.run.startsWith(QLatin1String("scancel")))
            st.run = QStringLiteral("scancel 52");
    return scenarioToYaml(easy);
}

const QString kNote = QStringLiteral("Le fichier exercice2.yaml du dossier n'est pas");

bool noted(const ExerciseResult &r)
{
    for (const CriterionResult &c : r.criteria)
        if (c.feedback.contains(kNote))
            return true;
    return false;
}

ExerciseResult gradeIn(const RubricSet &rubrics, const QByteArray &answer,
                       const std::optional<QByteArray> &scenarioInFolder,
                       const QString &variantOf = QString())
{
    QTemporaryDir dir;
    QFile a(dir.filePath(QStringLiteral("decision.md")));
    if (!a.open(QIODevice::WriteOnly))
        qFatal("cannot write");
    a.write(answer);
    a.close();
    if (scenarioInFolder) {
        QFile s(dir.filePath(QStringLiteral("exercice2.yaml")));
        if (!s.open(QIODevice::WriteOnly))
            qFatal("cannot write");
        s.write(*scenarioInFolder);
    }
    const Rubric *rubric = rubrics.find(QStringLiteral("ex2"));
    GradeOptions options;
    options.variantOf = variantOf;
    return gradeExercise(*rubric, readExercise(QStringLiteral("s07-chloe"), *rubric, dir.path()),
                         options);
}

struct Run
{
    int exitCode = -1;
    QByteArray out, err;
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(SCHEDLAB_CLI), args);
    p.waitForFinished(120000);
    return Run{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

double scoreOf(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).array()[0].toObject()[QStringLiteral("score")].toDouble();
}

} // namespace

class TestScenarioChoice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        base_ = exercise2BaseScenario();
        variant_ = *exercise2Variant(base_, variantSeed(QStringLiteral("s07-chloe")));
    }

    // The base answer gets the same grade whatever the folder holds: nothing, a tampered
    // scenario, or the student's real variant; only what differs is reported.
    void theFolderNeverChoosesTheScenario()
    {
        const QByteArray answer = answerFor(base_);
        const ExerciseResult none = gradeIn(rubrics_, answer, std::nullopt);
        QCOMPARE(none.score, none.max);
        QVERIFY(!noted(none));

        const ExerciseResult tampered = gradeIn(rubrics_, answer, tamperedScenario(base_));
        QCOMPARE(tampered.score, none.score);
        QVERIFY(noted(tampered));

        const ExerciseResult variant = gradeIn(rubrics_, answer, scenarioToYaml(variant_));
        QCOMPARE(variant.score, none.score);
        QVERIFY(noted(variant)); // variants are off: it is not what was graded against

        const ExerciseResult same = gradeIn(rubrics_, answer, scenarioToYaml(base_));
        QCOMPARE(same.score, none.score);
        QVERIFY(!noted(same));

        const ExerciseResult garbage = gradeIn(rubrics_, answer, QByteArray("&a [*a]\n"));
        QCOMPARE(garbage.score, none.score);
        QVERIFY(noted(garbage));
    }

    // The answer to the easier scenario gains nothing from the tampered file.
    void aTamperedScenarioGainsNothing()
    {
        Scenario easy = base_;
        QString error;
        easy = *readScenario(tamperedScenario(base_), QStringLiteral("t.yaml"), &error);
        const QByteArray easyAnswer = answerFor(easy);
        const ExerciseResult without = gradeIn(rubrics_, easyAnswer, std::nullopt);
        const ExerciseResult with = gradeIn(rubrics_, easyAnswer, tamperedScenario(base_));
        QCOMPARE(with.score, without.score);
        QVERIFY(with.score < with.max);
    }

    // With variants on, the grader draws the student's variant itself: their folder's copy
    // changes nothing, a tampered one is reported and ignored.
    void variantsOnAreDrawnByTheGrader()
    {
        const QByteArray answer = answerFor(variant_);
        const QString who = QStringLiteral("s07-chloe");
        const ExerciseResult none = gradeIn(rubrics_, answer, std::nullopt, who);
        QCOMPARE(none.score, none.max);
        const ExerciseResult own = gradeIn(rubrics_, answer, scenarioToYaml(variant_), who);
        QCOMPARE(own.score, none.max);
        QVERIFY(!noted(own));
        const ExerciseResult base = gradeIn(rubrics_, answer, scenarioToYaml(base_), who);
        QCOMPARE(base.score, none.max);
        QVERIFY(noted(base));
        // Without variants, that answer is checked against the rubric's scenario.
        QVERIFY(gradeIn(rubrics_, answer, scenarioToYaml(variant_)).score < none.max);
    }

    void aFolderScenarioIsReadSafely()
    {
        QTemporaryDir dir;
        QFile a(dir.filePath(QStringLiteral("decision.md")));
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write(answerFor(base_));
        a.close();
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"),
                            dir.filePath(QStringLiteral("exercice2.yaml"))));
        const Rubric *rubric = rubrics_.find(QStringLiteral("ex2"));
        const ExerciseResult r =
            gradeExercise(*rubric, readExercise(QStringLiteral("s01"), *rubric, dir.path()));
        QCOMPARE(r.score, r.max);
        QVERIFY(noted(r));
        for (const CriterionResult &c : r.criteria)
            QVERIFY(!c.feedback.contains(QStringLiteral("root:")));
    }

    // The instructor's command line: variants only with --variants, drawn from the folder's
    // name.
    void gradeCommandTakesVariantsFromTheInstructor()
    {
        QTemporaryDir dir;
        const QString student = dir.filePath(QStringLiteral("s07-chloe"));
        QVERIFY(QDir().mkpath(student + QStringLiteral("/ex2")));
        QFile a(student + QStringLiteral("/ex2/decision.md"));
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write(answerFor(variant_));
        a.close();
        QFile s(student + QStringLiteral("/ex2/exercice2.yaml"));
        QVERIFY(s.open(QIODevice::WriteOnly));
        s.write(scenarioToYaml(variant_));
        s.close();
        const QStringList grade{QStringLiteral("grade"), QStringLiteral("--exercise"),
                                QStringLiteral("ex2"), student};
        const Run off = cli(grade);
        QCOMPARE(off.exitCode, 0);
        const Run on = cli(QStringList(grade) << QStringLiteral("--variants"));
        QCOMPARE(on.exitCode, 0);
        QVERIFY2(scoreOf(on.out) > scoreOf(off.out), on.out.constData());
        QVERIFY(
            cli({QStringLiteral("grade"), QStringLiteral("--help")}).out.contains("--variants"));
    }

private:
    RubricSet rubrics_;
    Scenario base_;
    Scenario variant_;
};

QTEST_GUILESS_MAIN(TestScenarioChoice)
#include "tst_scenariochoice.moc"
