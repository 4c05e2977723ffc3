// Answers written as students write them, graded with the shipped rubrics (and the real exam's,
// the instructor's): each case asserts the verdict, whether an instructor must review it, and the
// words the student is shown as evidence.
#include "checkers.h"
#include "gradingfixture.h"

#include <QtTest>

using namespace schedlab::grader;
using schedlab::test::FileList;

namespace {

const QByteArray kScript = "#!/bin/bash\n#SBATCH --job-name=sommeil\n"
                           "#SBATCH --output=sommeil-%j.out\n#SBATCH --time=00:02:00\n"
                           "#SBATCH --cpus-per-task=1\n#SBATCH --mem=1G\nhostname\nsleep 30\n";

QByteArray exam(const QByteArray &q2)
{
    return "## Question 1\nLe fairshare est bas.\n\n## Question 2\n" + q2 +
           "\n\n## Question 3\nsommeil-17.out, dans le dossier de soumission.\n";
}

} // namespace

class TestStudentWriting : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        instructor_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor"));
        QVERIFY2(instructor_.error.isEmpty(), qPrintable(instructor_.error));
    }

    void cases_data()
    {
        QTest::addColumn<QString>("exercise");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<bool>("passed");
        QTest::addColumn<QString>("shown"); // in the evidence or the feedback
        QTest::addColumn<bool>("review");   // an instructor decides (the verdict is a guess)
        const auto row = [](const char *name, const char *exercise, const char *file,
                            const QByteArray &text, const char *criterion, bool passed,
                            const char *shown, bool review = false) {
            QTest::newRow(name) << QString::fromUtf8(exercise) << QString::fromUtf8(file) << text
                                << QString::fromUtf8(criterion) << passed
                                << QString::fromUtf8(shown) << review;
        };
        // Roles reversed: the right words, the wrong pairing.
        const QByteArray swapped =
            exam("Le Deployment porte la conversion et le job Slurm porte le service.");
        row("reversed roles: service", "examen", "examen.md", swapped, "examen.q2.service", false,
            "Les rôles sont inversés");
        row("reversed roles: conversion", "examen", "examen.md", swapped, "examen.q2.conversion",
            false, "Le Deployment porte la conversion");
        const QByteArray right = exam("Le service va dans un Deployment, la conversion dans un "
                                      "job Slurm. Si la conversion était dans un Deployment, il "
                                      "la relancerait en boucle.");
        row("right roles, and the loop beside", "examen", "examen.md", right,
            "examen.q2.conversion", true, "la conversion dans un job Slurm");
        row("right roles: service", "examen", "examen.md", right, "examen.q2.service", true,
            "Le service va dans un Deployment");
        // Questions labelled on one line, without a Markdown heading.
        row("Q2 : label", "ex2", "decision.md",
            "Q1 : 51 Resources, 52 et 53 Priority\nQ2 : scancel 51\nQ3 : 52 demarre, 53 attend\n",
            "ex2.q2.command", true, "scancel 51");
        row("2) label", "ex2", "decision.md",
            "1) 51 Resources, 52 et 53 Priority\n2) scancel 51\n3) 52 demarre, 53 attend\n",
            "ex2.q2.command", true, "scancel 51");
        // No accents, no "ne".
        row("no accents, no ne", "examen", "examen.md",
            "## Question 1\nLe fairshare est tres bas et d'autres jobs ont une priorite plus "
            "haute. Les noeuds libres et la limite changent rien.\n",
            "examen.q1.irrelevant-fact", true, "changent rien");
        // A fuller answer: the extra detail is right, and costs nothing.
        const QByteArray lines = "Question sur --error : sans --error, tout va dans "
                                 "sommeil-%j.out (le nom slurm-%j.out ne sert que sans "
                                 "--output).\n";
        row("fuller answer", "ex1", "lignes.md", lines, "ex1.answer.output-file", true,
            "sommeil-%j.out");
        // A second, wrong answer beside the right one is not extra detail: never passed
        // without an instructor.
        row("two answers at once", "ex1", "lignes.md",
            "Question sur --error : sans --error, la sortie va dans sommeil-%j.out et les "
            "erreurs dans slurm-%j.err.\n",
            "ex1.answer.output-file", true, "La réponse contient aussi : « slurm-%j.err »", true);
        // The course's rules on directives.
        QByteArray variable = kScript;
        variable.replace("--output=sommeil-%j.out", "--output=$HOME/sommeil-%j.out");
        row("variable in a directive", "ex1", "sommeil.sbatch", variable, "ex1.script.no-variable",
            false, "$HOME");
        row("no variable", "ex1", "sommeil.sbatch", kScript, "ex1.script.no-variable", true, "");
        QByteArray account = kScript;
        account.replace("#SBATCH --mem=1G\n", "#SBATCH --mem=1G\n#SBATCH -A projet42\n");
        row("unsolicited account", "ex1", "sommeil.sbatch", account, "ex1.script.only-given", false,
            "ligne 7 : #SBATCH -A projet42");
        QByteArray partition = kScript;
        partition.replace("#SBATCH --mem=1G\n", "#SBATCH --mem=1G\n#SBATCH --partition=gpu\n");
        row("unsolicited partition (solo)", "solo", "sommeil.sbatch", partition,
            "solo.script.only-given", false, "--partition");
        row("nothing unsolicited", "solo", "sommeil.sbatch", kScript, "solo.script.only-given",
            true, "");
        // The starting file's lines are the questions, not answers: untouched, a sure failure;
        // answered after them, read as the answer.
        const QByteArray starting = "# Le script ligne par ligne\n\n1. \n\n# Réponses\n\n"
                                    "- Directive après hostname :\n"
                                    "- Durée retenue pour --time=00:00:30 :\n"
                                    "- Fichier de la sortie et de l'erreur sans --error :\n";
        row("untouched starting file", "ex1", "lignes.md", starting, "ex1.answer.output-file",
            false, "Sans --error, la sortie et l'erreur standard vont toutes deux");
        QByteArray answered = starting;
        answered.replace("sans --error :\n", "sans --error : sommeil-%j.out.\n");
        row("starting file answered", "ex1", "lignes.md", answered, "ex1.answer.output-file", true,
            "sommeil-%j.out");
        // Labelled with its number, the answer is found without the question's words (which
        // the line-by-line explanation uses: "30 secondes").
        const QByteArray labelled = "ligne 8 : sleep 30 -> dort 30 secondes\n\n"
                                    "Q1 : une directive apres hostname n'est pas lue\n"
                                    "Q2 : 1 minute (slurm arrondit a la minute au dessus)\n"
                                    "Q3 : tout va dans sommeil-%j.out\n";
        row("Q2 label without the question's words", "ex1", "lignes.md", labelled,
            "ex1.answer.time-rounding", true, "1 minute");
        // SMS shorthand, read as written out.
        row("shorthand", "ex1", "lignes.md",
            "Q1 : c ignore, slurm lit pa les directives apres la 1ere commande\n",
            "ex1.answer.late-directive", true, "ignore");
        // An account opened long ago, checked before the session.
        row("2025 date", "ex4", "acces.md", "Compte deja ouvert, verifie le 12/06/2025.\n",
            "ex4.date", true, "12/06/2025");
    }

    // Blanked where the student kept the starting file's lines; offsets kept.
    void startingTextIsBlanked()
    {
        const QString starting = QStringLiteral("# Réponses\n\n- Durée retenue :\n1. \n");
        const QString text = QStringLiteral("# Réponses\n  - Durée retenue : 1 minute\n1. ok\n");
        const QString blanked = withoutStartingText(text, starting);
        QCOMPARE(blanked.size(), text.size());
        QCOMPARE(blanked, QStringLiteral("          \n                    1 minute\n1. ok\n"));
        QCOMPARE(withoutStartingText(text, QString()), text);
    }

    void cases()
    {
        QFETCH(QString, exercise);
        QFETCH(QString, file);
        QFETCH(QByteArray, text);
        QFETCH(QString, criterion);
        QFETCH(bool, passed);
        QFETCH(QString, shown);
        QFETCH(bool, review);
        const RubricSet &set = exercise == QLatin1String("examen") ? instructor_ : rubrics_;
        FileList files{{file, text}};
        if (exercise == QLatin1String("ex1") && file != QLatin1String("sommeil.sbatch"))
            files << qMakePair(QStringLiteral("sommeil.sbatch"), kScript);
        const ExerciseResult r =
            schedlab::test::gradeFiles(set, exercise.toUtf8().constData(), files);
        const CriterionResult *c = schedlab::test::findCriterion(r, criterion);
        QVERIFY2(c, qPrintable(criterion));
        const QString said = c->evidence + QStringLiteral(" | ") + c->feedback;
        QVERIFY2(
            c->review == review,
            qPrintable(
                QStringLiteral("review %1 (%2): %3").arg(c->review).arg(c->confidence).arg(said)));
        QVERIFY2(review || c->passed == passed, qPrintable(said));
        QCOMPARE(c->points, c->passed && !c->review ? c->max : 0.0);
        QVERIFY2(said.contains(shown), qPrintable(said));
    }

private:
    RubricSet rubrics_;
    RubricSet instructor_;
};

QTEST_GUILESS_MAIN(TestStudentWriting)
#include "tst_studentwriting.moc"
