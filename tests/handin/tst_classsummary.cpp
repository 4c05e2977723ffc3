// The class at a glance: deliverables in the course's order, empty when not handed in, the
// total out of 20 over every deliverable, what awaits review, and both CSV exports.
#include "classsummary.h"

#include <QtTest>

using namespace schedlab::handin;
using schedlab::grader::Criterion;
using schedlab::grader::CriterionResult;
using schedlab::grader::ExerciseResult;
using schedlab::grader::Rubric;

namespace {

Rubric rubric(const QString &exercise, const QList<double> &points)
{
    Rubric r;
    r.exercise = exercise;
    for (qsizetype i = 0; i < points.size(); ++i) {
        Criterion c;
        c.id = QStringLiteral("%1.c%2").arg(exercise).arg(i + 1);
        c.points = points[i];
        r.criteria << c;
    }
    return r;
}

CriterionResult criterion(const QString &id, double points, double max, bool review = false,
                          const QString &feedback = QString())
{
    CriterionResult c;
    c.id = id;
    c.title = QStringLiteral("Titre de %1").arg(id);
    c.points = points;
    c.max = max;
    c.passed = points >= max;
    c.review = review;
    c.feedback = feedback;
    return c;
}

ExerciseResult result(const QString &student, const QString &exercise,
                      const QList<CriterionResult> &criteria)
{
    ExerciseResult r;
    r.student = student;
    r.exercise = exercise;
    r.criteria = criteria;
    for (const CriterionResult &c : criteria)
        r.max += c.max;
    r.recomputeScore();
    return r;
}

// ex1 /5, ex2 /4, ex3 /6, examen /5: 20 points in all, given out of the course's order.
QList<Rubric> rubrics()
{
    return {rubric(QStringLiteral("examen"), {5}), rubric(QStringLiteral("ex3"), {3, 3}),
            rubric(QStringLiteral("ex1"), {2, 3}), rubric(QStringLiteral("ex2"), {4})};
}

QList<ExerciseResult> results()
{
    return {result(QStringLiteral("s1"), QStringLiteral("ex1"),
                   {criterion(QStringLiteral("ex1.c1"), 2, 2),
                    criterion(QStringLiteral("ex1.c2"), 2, 3)}),
            result(QStringLiteral("s1"), QStringLiteral("ex3"),
                   {criterion(QStringLiteral("ex3.c1"), 3, 3),
                    criterion(QStringLiteral("ex3.c2"), 0.5, 3, true,
                              QStringLiteral("=HYPERLINK(\"x\")"))}),
            result(QStringLiteral("s3"), QStringLiteral("ex2"),
                   {criterion(QStringLiteral("ex2.c1"), 4, 4)})};
}

QList<SummaryIdentity> identities()
{
    SummaryIdentity camille;
    camille.key = QStringLiteral("s1");
    camille.number = QStringLiteral("21004567");
    camille.name = QStringLiteral("Camille Durand");
    camille.lmsParticipantId = QStringLiteral("1201");
    camille.lmsFullName = QStringLiteral("Camille Durand");
    SummaryIdentity elodie;
    elodie.key = QStringLiteral("s2");
    elodie.number = QStringLiteral("21004568");
    elodie.name = QStringLiteral("=cmd|' /C calc'!A0");
    elodie.lmsParticipantId = QStringLiteral("1202");
    elodie.flags << nameMismatchFlag();
    return {camille, elodie};
}

} // namespace

class TestClassSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneRowPerStudentInTheCoursesOrder()
    {
        const ClassSummary s = buildClassSummary(results(), rubrics(), identities());
        QCOMPARE(s.exercises, QStringList({QStringLiteral("ex1"), QStringLiteral("ex2"),
                                           QStringLiteral("ex3"), QStringLiteral("examen")}));
        QCOMPARE(s.maxima, QList<double>({5, 4, 6, 5}));
        QCOMPARE(s.maxTotal(), 20.0);
        QCOMPARE(s.rows.size(), 3);
        QCOMPARE(s.rows[0].identity.key, QStringLiteral("s1"));
        QCOMPARE(s.rows[1].identity.key, QStringLiteral("s2"));
        QCOMPARE(s.rows[2].identity.key, QStringLiteral("s3")); // no identity: after, by key
        QCOMPARE(s.rows[2].identity.name, QStringLiteral("s3"));
    }

    void scoresEmptyWhenNotHandedInAndTotalOverEveryDeliverable()
    {
        const ClassSummary s = buildClassSummary(results(), rubrics(), identities());
        const SummaryRow &camille = s.rows[0];
        QCOMPARE(camille.scores[0], std::optional<double>(4));
        QCOMPARE(camille.scores[1], std::nullopt);
        QCOMPARE(camille.scores[2], std::optional<double>(3.5));
        QCOMPARE(camille.scores[3], std::nullopt);
        QCOMPARE(camille.total20, 7.5); // 20 x 7.5 / 20
        QCOMPARE(camille.toReview, 1);
        QVERIFY(camille.flags.isEmpty());
        const SummaryRow &elodie = s.rows[1];
        QVERIFY(!elodie.handedIn());
        QCOMPARE(elodie.total20, 0.0);
        QVERIFY(elodie.flags.contains(QStringLiteral("non rendu")));
        QVERIFY(elodie.flags.contains(QStringLiteral("nom du manifeste différent du nom Moodle")));
        QCOMPARE(s.rows[2].total20, 4.0); // 20 x 4 / 20
    }

    void anUnreadableDeliverableIsFlagged()
    {
        ExerciseResult broken;
        broken.student = QStringLiteral("s1");
        broken.exercise = QStringLiteral("ex2");
        broken.error = QStringLiteral("zip corrompu");
        const ClassSummary s =
            buildClassSummary(QList<ExerciseResult>{broken}, rubrics(), identities());
        QCOMPARE(s.rows[0].scores[1], std::nullopt);
        QVERIFY(s.rows[0].flags.contains(QStringLiteral("ex2 illisible")));
        QVERIFY(!s.rows[0].flags.contains(QStringLiteral("non rendu")));
    }

    void summaryCsvInFrench()
    {
        const ClassSummary s = buildClassSummary(results(), rubrics(), identities());
        const QByteArray csv = summaryToCsv(s, CsvDialect::french());
        QVERIFY(csv.startsWith("\xEF\xBB\xBF"));
        const QStringList lines = QString::fromUtf8(csv).split(QStringLiteral("\r\n"));
        QCOMPARE(lines[0], QStringLiteral("numéro;nom;id Moodle;ex1 (/5);ex2 (/4);ex3 (/6);"
                                          "examen (/5);total /20;à vérifier;remarques"));
        QCOMPARE(lines[1], QStringLiteral("21004567;Camille Durand;1201;4;;3,5;;7,5;1;"));
        // A name that could start a formula never does.
        QCOMPARE(lines[2], QStringLiteral("21004568;'=cmd|' /C calc'!A0;1202;;;;;0;0;"
                                          "nom du manifeste différent du nom Moodle, non rendu"));
        QCOMPARE(lines[3], QStringLiteral(";s3;;;4;;;4;0;"));
        QCOMPARE(lines.size(), 5); // and a final line ending
    }

    void summaryCsvInEnglish()
    {
        const ClassSummary s = buildClassSummary(results(), rubrics(), identities());
        const QByteArray csv = summaryToCsv(s, CsvDialect::english());
        QVERIFY(!csv.startsWith("\xEF\xBB\xBF"));
        QVERIFY(csv.startsWith("number,name,LMS id,ex1 (/5),"));
        QVERIFY(csv.contains("\r\n21004567,Camille Durand,1201,4,,3.5,,7.5,1,\r\n"));
    }

    void namesComparedAsAPersonWouldCompareThem()
    {
        QVERIFY(sameName(QStringLiteral("Camille Durand"), QStringLiteral("DURAND Camille")));
        QVERIFY(sameName(QStringLiteral("Élodie N'Diaye"), QStringLiteral("elodie n diaye")));
        QVERIFY(!sameName(QStringLiteral("Camille Durand"), QStringLiteral("Camille Dupont")));
        QVERIFY(!sameName(QStringLiteral("Camille Durand"), QStringLiteral("Camille")));
    }

    void criterionSheet()
    {
        const QByteArray fr = criteriaToCsv(results(), identities(), CsvDialect::french());
        QVERIFY(fr.startsWith("\xEF\xBB\xBF"));
        const QStringList lines = QString::fromUtf8(fr).split(QStringLiteral("\r\n"));
        QCOMPARE(lines[0], QStringLiteral("numéro;nom;exercice;critère;intitulé;points;max;"
                                          "réussi;à vérifier;commentaire"));
        QCOMPARE(lines.size(), 1 + 5 + 1);
        QCOMPARE(lines[1],
                 QStringLiteral("21004567;Camille Durand;ex1;ex1.c1;Titre de ex1.c1;2;2;oui;non;"));
        QCOMPARE(lines[4],
                 QStringLiteral("21004567;Camille Durand;ex3;ex3.c2;Titre de ex3.c2;0,5;3;"
                                "non;oui;\"'=HYPERLINK(\"\"x\"\")\""));
        QCOMPARE(lines[5], QStringLiteral(";s3;ex2;ex2.c1;Titre de ex2.c1;4;4;oui;non;"));
        const QByteArray en = criteriaToCsv(results(), identities(), CsvDialect::english());
        QVERIFY(en.startsWith("number,name,exercise,criterion,title,points,max,passed,to review,"
                              "feedback\r\n"));
        QVERIFY(en.contains(",0.5,3,no,yes,"));
    }
};

QTEST_GUILESS_MAIN(TestClassSummary)
#include "tst_classsummary.moc"
