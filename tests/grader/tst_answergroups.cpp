// Review in bulk: which answers one decision may cover. Identical and near-identical answers
// are grouped; a negation, a number or an option that differs keeps them apart.
#include "answergroups.h"
#include "grader.h"
#include "rubric.h"
#include "submission.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab::grader;

namespace {

QStringList studentsOf(const AnswerGroup &g)
{
    return g.students;
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

} // namespace

class TestAnswerGroups : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void similarity_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("alike");
        const auto row = [](const char *name, const char *a, const char *b, bool alike) {
            QTest::newRow(name) << QString::fromUtf8(a) << QString::fromUtf8(b) << alike;
        };
        row("case, accents and punctuation", "Ça dépend du cluster : on garde 30 secondes !",
            "ca depend du cluster, on garde 30 secondes", true);
        row("a label and Markdown", "**Q2 :** le job attend la priorité",
            "le job attend la priorite", true);
        row("small words", "Le job 52 attend pour la priorité", "job 52 attend pour priorité",
            true);
        row("a typo", "le job attend des ressources disponibles",
            "le job attend des resources disponibles", true);
        row("a plural", "les jobs attendent leur tour car un autre est prioritaire",
            "le job attend son tour car un autre est prioritaire", true);
        row("a negation", "la directive est prise en compte par Slurm",
            "la directive n'est pas prise en compte par Slurm", false);
        row("sans", "les deux flux vont dans le fichier avec --error",
            "les deux flux vont dans le fichier sans --error", false);
        row("another job id", "scancel 51", "scancel 52", false);
        row("another option", "le fichier de --output reçoit tout",
            "le fichier de --error reçoit tout", false);
        row("another file name", "tout va dans sommeil-%j.out", "tout va dans slurm-%j.out", false);
        row("another answer", "le job attend des ressources", "le conteneur redémarre en boucle",
            false);
        row("a word more or less in a long answer",
            "Slurm arrondit la durée demandée à la minute supérieure donc une minute",
            "Slurm arrondit la durée demandée à la minute supérieure donc une minute entière",
            true);
    }

    void similarity()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, alike);
        const double s = answerSimilarity(a, b);
        QVERIFY2((s >= kNearIdenticalAnswers) == alike, qPrintable(QString::number(s)));
        QCOMPARE(answerSimilarity(b, a), s);
    }

    void comparableWordsLeaveOutTheLabelAndSmallWords()
    {
        QCOMPARE(comparableWords(QStringLiteral("Q2 : scancel 51")),
                 (QStringList{QStringLiteral("scancel"), QStringLiteral("51")}));
        QCOMPARE(comparableWords(QStringLiteral("2) Le job reste PD")),
                 comparableWords(QStringLiteral("job reste pd")));
    }

    void groupsComeLargestFirstAndSayWhetherIdentical()
    {
        const QList<ReviewAnswer> answers = {
            {QStringLiteral("e1"), QStringLiteral("Ça dépend du cluster, parfois 30 secondes")},
            {QStringLiteral("e2"), QStringLiteral("je ne sais pas")},
            {QStringLiteral("e3"), QStringLiteral("ca depend du cluster : parfois 30 secondes !")},
            {QStringLiteral("e4"), QStringLiteral("Ça dépend du cluster, parfois 30 secondes")},
            {QStringLiteral("e5"), QStringLiteral("ça dépend du cluster parfois 30 secondes")},
            {QStringLiteral("e6"), QStringLiteral("ça dépend du cluster, parfois pas 30 secondes")},
            {QStringLiteral("e7"), QStringLiteral("")},
            {QStringLiteral("e8"), QStringLiteral("Ça dépend des clusters, parfois 30 secondes")},
            {QStringLiteral("e9"), QStringLiteral("  ")},
        };
        const QList<AnswerGroup> groups = groupAnswers(answers);
        QCOMPARE(groups.size(), 4);
        QCOMPARE(studentsOf(groups[0]), (QStringList{"e1", "e3", "e4", "e5", "e8"}));
        QVERIFY(!groups[0].identical); // "des clusters" comes near, not identical
        QCOMPARE(groups[0].answer, answers[0].answer);
        QCOMPARE(groups[0].answers.size(), 5);
        QCOMPARE(groups[0].answers[1], answers[2].answer);
        QCOMPARE(studentsOf(groups[1]), (QStringList{"e7", "e9"})); // no answer
        QVERIFY(groups[1].identical);
        QCOMPARE(studentsOf(groups[2]), QStringList{"e2"});
        QCOMPARE(studentsOf(groups[3]), QStringList{"e6"}); // the negation kept it apart

        const QList<AnswerGroup> exact = groupAnswers(answers.mid(0, 5));
        QCOMPARE(studentsOf(exact[0]), (QStringList{"e1", "e3", "e4", "e5"}));
        QVERIFY(exact[0].identical);
    }

    // The answer a criterion reads: under its section, or the paragraphs naming its question.
    void criterionAnswerIsTheQuestionsParagraph()
    {
        const RubricSet rubrics = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics.error.isEmpty(), qPrintable(rubrics.error));
        const Rubric *ex1 = rubrics.find(QStringLiteral("ex1"));
        QVERIFY(ex1);
        const Criterion *rounding = ex1->criterion(QStringLiteral("ex1.answer.time-rounding"));
        QVERIFY(rounding);
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("lignes.md")),
              "# Lignes\n\n1. `#!/bin/bash` : le shell.\n\n# Réponses\n\n"
              "La directive après hostname est ignorée.\n\n"
              "Pour --time=00:00:30, Slurm garde une minute.\n\n"
              "Sans --error, tout va dans sommeil-%j.out.\n");
        const ExerciseSubmission s = readExercise(QStringLiteral("e1"), *ex1, dir.path());
        QCOMPARE(criterionAnswer(*ex1, *rounding, s),
                 QStringLiteral("Pour --time=00:00:30, Slurm garde une minute."));
        // Answers as the lines of one list: the line naming the question.
        write(dir.filePath(QStringLiteral("lignes.md")),
              "# Réponses\n\n- Directive après hostname : ignorée.\n"
              "- Durée retenue pour --time=00:00:30 : 1 minute.\n"
              "- Fichier sans --error : sommeil-%j.out.\n");
        QCOMPARE(
            criterionAnswer(*ex1, *rounding, readExercise(QStringLiteral("e1"), *ex1, dir.path())),
            QStringLiteral("- Durée retenue pour --time=00:00:30 : 1 minute."));
        // A title naming the question: what follows it.
        write(dir.filePath(QStringLiteral("lignes.md")),
              "# Réponses\n\n## Arrondi de 00:00:30\n\nSlurm garde une minute entière.\n\n"
              "## Sans --error\n\nsommeil-%j.out\n");
        QCOMPARE(
            criterionAnswer(*ex1, *rounding, readExercise(QStringLiteral("e1"), *ex1, dir.path())),
            QStringLiteral("## Arrondi de 00:00:30\n\nSlurm garde une minute entière."));
        QTemporaryDir empty;
        const ExerciseSubmission none = readExercise(QStringLiteral("e2"), *ex1, empty.path());
        QCOMPARE(criterionAnswer(*ex1, *rounding, none), QString());
    }
};

QTEST_GUILESS_MAIN(TestAnswerGroups)
#include "tst_answergroups.moc"
