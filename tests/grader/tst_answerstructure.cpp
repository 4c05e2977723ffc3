// Where a question's answer is found in a student's file: headings, labels, bare numbers.
#include "answerstructure.h"

#include <QtTest>

using namespace schedlab::grader;

namespace {

// The answer to question `n`, trimmed; "<none>" when the file marks no such question.
QString answer(const QString &text, int n)
{
    const std::optional<TextSpan> s = AnswerStructure(text).question(n);
    return s ? text.mid(s->from, s->to - s->from).trimmed() : QStringLiteral("<none>");
}

} // namespace

class TestAnswerStructure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void labels_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("second");
        const auto row = [](const char *name, const char *text, const char *second) {
            QTest::newRow(name) << QString::fromUtf8(text) << QString::fromUtf8(second);
        };
        row("markdown headings", "## Question 1\nPD\n\n## Question 2\nscancel 51\n", "scancel 51");
        row("Q2 : on its line", "Q1 : 51 et 52\nQ2 : scancel 51\nQ3 : 52 démarre", "scancel 51");
        row("Q 2)", "Q 1) rien\nQ 2) scancel 51\n", "scancel 51");
        row("Question 2 -", "Question 1 - a\nQuestion 2 - scancel 51\n", "scancel 51");
        row("Question 2 : then lines", "Question 1 :\na\nQuestion 2 :\nscancel 51\nvoilà\n",
            "scancel 51\nvoilà");
        row("bold label", "**Question 1**\na\n**Question 2** scancel 51\n", "scancel 51");
        row("bold number", "**1.** a\n**2.** scancel 51\n", "scancel 51");
        row("2)", "1) a\n2) scancel 51\n3) c\n", "scancel 51");
        row("2.", "1. a\n2. scancel 51\n3. c\n", "scancel 51");
        row("2 -", "1 - a\n2 - scancel 51\n3 - c\n", "scancel 51");
        row("list item Q2", "- Q1 : a\n- Q2 : scancel 51\n", "scancel 51");
        row("Réponse 2", "Réponse 1\na\nRéponse 2\nscancel 51\n", "scancel 51");
        row("Answer 2:", "Answer 1: a\nAnswer 2: scancel 51\n", "scancel 51");
        row("question n°2", "Question n°1 : a\nQuestion n°2 : scancel 51\n", "scancel 51");
        row("heading Q2", "# Décision\n## Q1\na\n## Q2\nscancel 51\n## Q3\nc\n", "scancel 51");
        row("2/", "1/ a\n2/ scancel 51\n3/ c\n", "scancel 51");
        row("(2)", "(1) a\n(2) scancel 51\n(3) c\n", "scancel 51");
        row("Roman II.", "I. a\nII. scancel 51\nIII. c\n", "scancel 51");
        row("b)", "a) rien\nb) scancel 51\nc) 52\n", "scancel 51");
        row("letters after the script's numbered lines",
            "1) #!/bin/bash : bash\n2) --job-name : nom\n\na) ignorée\nb) scancel 51\nc) c\n",
            "scancel 51");
        row("(b)", "(a) rien\n(b) scancel 51\n", "scancel 51");
        // Letters inside a numbered answer are its points, not questions.
        row("letters inside numbered answers", "1. a) x\nb) y\n2. scancel 51\n3. c\n",
            "scancel 51");
        row("Roman heading", "# Examen\n## I - Attente\na\n## II - Annuler\nscancel 51\n",
            "scancel 51");
        row("Partie 2", "Partie 1 : a\nPartie 2 : scancel 51\n", "scancel 51");
        row("Q2/", "Q1/ a\nQ2/ scancel 51\n", "scancel 51");
        row("no structure", "scancel 51, voilà", "<none>");
    }

    void labels()
    {
        QFETCH(QString, text);
        QFETCH(QString, second);
        QCOMPARE(answer(text, 2), second);
    }

    // A numbered list inside a question's answer is the answer's, not other questions.
    void numbersInsideAnAnswerAreItsOwn()
    {
        const QString text = QStringLiteral("## Question 1\n1) 51 PD\n2) 52 PD\n3) 53 PD\n"
                                            "## Question 2\nscancel 51\n");
        QCOMPARE(answer(text, 1), QStringLiteral("1) 51 PD\n2) 52 PD\n3) 53 PD"));
        QCOMPARE(answer(text, 2), QStringLiteral("scancel 51"));
        const QString labelled =
            QStringLiteral("Q1 :\n1. 51 PD\n2. 52 PD\nQ2 : scancel 51\nQ3 : 52 part\n");
        QCOMPARE(answer(labelled, 1), QStringLiteral("1. 51 PD\n2. 52 PD"));
        QCOMPARE(answer(labelled, 3), QStringLiteral("52 part"));
    }

    // A rubric's `section:` pattern reads labels as "Question N".
    void sectionPatterns()
    {
        const QRegularExpression q2(QStringLiteral("question\\s*2\\b"),
                                    QRegularExpression::CaseInsensitiveOption);
        const QString text = QStringLiteral("Q1: a\nQ2: le Deployment pour le service\nQ3: c\n");
        const std::optional<TextSpan> s = AnswerStructure(text).section(q2);
        QVERIFY(s);
        QCOMPARE(text.mid(s->from, s->to - s->from).trimmed(),
                 QStringLiteral("le Deployment pour le service"));
        QVERIFY(!AnswerStructure(QStringLiteral("rien ici")).section(q2));
        // A question 12 is not question 1.
        const QRegularExpression q1(QStringLiteral("question\\s*1\\b"),
                                    QRegularExpression::CaseInsensitiveOption);
        QVERIFY(!AnswerStructure(QStringLiteral("Q12 : x\n")).section(q1));
    }

    // Words that merely start like a label are not one.
    void notLabels()
    {
        QCOMPARE(answer(QStringLiteral("Quoi 2 : rien\n"), 2), QStringLiteral("<none>"));
        QCOMPARE(answer(QStringLiteral("2 noeuds sont libres\n"), 2), QStringLiteral("<none>"));
        QCOMPARE(answer(QStringLiteral("Q2026 : x\n"), 2), QStringLiteral("<none>"));
    }
};

QTEST_GUILESS_MAIN(TestAnswerStructure)
#include "tst_answerstructure.moc"
