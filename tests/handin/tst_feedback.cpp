// The feedback a student gets back: their grades in course order, a pending criterion shown
// as « à vérifier » and not lost, everything they wrote inert once rendered (Markdown and
// HTML, as QTextDocument renders them), no JSON; and the class's bundle zip.
#include "../common/testfiles.h"
#include "feedback.h"
#include "grader.h"
#include "report.h"

#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QtTest>

#include <zip.h>

using namespace schedlab::grader;
using namespace schedlab::handin;

namespace {

// What a student may write, quoted back to them as evidence.
const QStringList kHostile{
    QStringLiteral("![x](http://e/x.png)"),
    QStringLiteral("<img src=\"http://e/y.png\">"),
    QStringLiteral("<script>alert(1)</script>"),
    QStringLiteral("[a](javascript:alert(1))"),
    QStringLiteral("# Titre"),
    QStringLiteral("`code` et ```bloc```"),
    QStringLiteral("bonjour \u202eexe.txt"),
    QStringLiteral("fin de ligne Windows\r\nsuite"),
    QStringLiteral("http://exemple.fr/lien et www.exemple.fr et moi@exemple.fr"),
    QStringLiteral("Titre\n===="),
    QStringLiteral("1. liste | a | b |"),
    QStringLiteral("&lt;b&gt; &#x202e;"),
};

// How each hostile text reads once rendered: itself, control characters made visible.
QString shown(const QString &text)
{
    return terminalSafe(text);
}

CriterionResult criterion(const QString &id, const QString &title, double points, double max,
                          bool passed, bool review, const QString &evidence)
{
    CriterionResult c;
    c.id = id;
    c.title = title;
    c.points = points;
    c.max = max;
    c.passed = passed;
    c.review = review;
    c.confidence = review ? 0.5 : 1.0;
    c.feedback = QStringLiteral("Retour : %1").arg(evidence.section(u'\n', 0, 0));
    c.evidence = evidence;
    return c;
}

ExerciseResult hostileResult()
{
    ExerciseResult r;
    r.student = QStringLiteral("s01");
    r.exercise = QStringLiteral("ex1");
    r.rubricTag = QStringLiteral("ex1@1");
    for (int i = 0; i < kHostile.size(); ++i)
        r.criteria << criterion(QStringLiteral("ex1.c%1").arg(i),
                                QStringLiteral("Critère %1").arg(i), 1, 1, true, false,
                                kHostile[i]);
    r.max = r.criteria.size();
    r.recomputeScore();
    return r;
}

const FeedbackHeader kStudent{QStringLiteral("Camille <b>Durand</b> [x](http://e)"),
                              QStringLiteral("21 004 567"), QStringLiteral("# G1")};

// Headings, anchors and images of a rendered document, and its text.
struct Rendered
{
    QStringList headings;
    int anchors = 0;
    int images = 0;
    QString text;
};

Rendered inspect(const QTextDocument &doc)
{
    Rendered r;
    r.text = doc.toPlainText();
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() > 0)
            r.headings << b.text();
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            r.anchors += f.charFormat().isAnchor() || !f.charFormat().anchorHref().isEmpty();
            r.images += f.charFormat().isImageFormat();
        }
    }
    return r;
}

QStringList zipNames(const QByteArray &bytes)
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t *source =
        zip_source_buffer_create(bytes.constData(), zip_uint64_t(bytes.size()), 0, &error);
    zip_t *archive = source ? zip_open_from_source(source, ZIP_RDONLY, &error) : nullptr;
    QStringList names;
    if (!archive) {
        zip_source_free(source);
        return names;
    }
    for (zip_int64_t i = 0; i < zip_get_num_entries(archive, 0); ++i)
        names << QString::fromUtf8(zip_get_name(archive, zip_uint64_t(i), ZIP_FL_ENC_GUESS));
    zip_discard(archive);
    return names;
}

} // namespace

class TestFeedback : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = loadRubrics(QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises"));
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
    }

    // The inspection below sees what it must not find, when it is there unescaped. (Qt's
    // Markdown reader drops raw HTML; other readers do not: the source is checked for it.)
    void unescapedTextWouldBeInterpreted()
    {
        QTextDocument image;
        image.setMarkdown(QStringLiteral("![x](http://e/x.png)"));
        QCOMPARE(inspect(image).images, 1);
        for (const QString &text :
             {QStringLiteral("[a](javascript:alert(1))"),
              QStringLiteral("voir http://exemple.fr/lien"), QStringLiteral("voir www.exemple.fr"),
              QStringLiteral("moi@exemple.fr")}) {
            QTextDocument doc;
            doc.setMarkdown(text);
            QVERIFY2(inspect(doc).anchors > 0, qPrintable(text));
        }
        QTextDocument headings;
        headings.setMarkdown(QStringLiteral("Titre\n====\n\n# Titre"));
        QCOMPARE(inspect(headings).headings.size(), 2);
        QTextDocument html;
        html.setHtml(QStringLiteral("<img src=\"http://e/y.png\"> <a href=\"http://e\">a</a>"));
        QCOMPARE(inspect(html).images, 1);
        QCOMPARE(inspect(html).anchors, 1);
    }

    void hostileTextIsInertInMarkdown()
    {
        const ExerciseResult r = hostileResult();
        const QString md = studentFeedbackMarkdown(kStudent, {r}, {});
        QVERIFY(!md.contains(QChar(0x202e)) && !md.contains(u'\r'));
        // No HTML tag nor entity for any Markdown reader: every < and & is escaped.
        for (qsizetype i = 0; i < md.size(); ++i)
            if (md[i] == u'<' || md[i] == u'&')
                QVERIFY2(i > 0 && md[i - 1] == u'\\', qPrintable(md.mid(i - 20, 40)));
        QTextDocument doc;
        doc.setMarkdown(md);
        const Rendered seen = inspect(doc);
        QCOMPARE(seen.anchors, 0);
        QCOMPARE(seen.images, 0);
        // Only the document's own headings: its title, the deliverable, one per criterion.
        QStringList expected{QStringLiteral("Retour de correction"),
                             QStringLiteral("Exercice 1 : %1 / %1").arg(kHostile.size())};
        for (int i = 0; i < kHostile.size(); ++i)
            expected << QStringLiteral("Critère %1 — réussi — 1 / 1").arg(i);
        QCOMPARE(seen.headings, expected);
        for (const QString &text : kHostile)
            for (const QString &line : shown(text).split(u'\n'))
                QVERIFY2(seen.text.contains(line), qPrintable(line + u'\n' + seen.text));
        QVERIFY2(seen.text.contains(shown(kStudent.name)), qPrintable(seen.text));
        QVERIFY(seen.text.contains(QStringLiteral("Groupe : # G1")));
    }

    void hostileTextIsInertInHtml()
    {
        const QString html = studentFeedbackHtml(kStudent, {hostileResult()}, {});
        QVERIFY(!html.contains(QLatin1String("<img")) && !html.contains(QLatin1String("<script")) &&
                !html.contains(QLatin1String("<a ")) && !html.contains(QLatin1String("href")));
        QTextDocument doc;
        doc.setHtml(html);
        const Rendered seen = inspect(doc);
        QCOMPARE(seen.anchors, 0);
        QCOMPARE(seen.images, 0);
        QCOMPARE(seen.headings.size(), 2 + kHostile.size());
        for (const QString &text : kHostile)
            for (const QString &line : shown(text).split(u'\n'))
                QVERIFY2(seen.text.contains(line), qPrintable(line + u'\n' + seen.text));
        QVERIFY(seen.text.contains(shown(kStudent.name)));
    }

    void pendingIsNotLost()
    {
        ExerciseResult r;
        r.student = QStringLiteral("s01");
        r.exercise = QStringLiteral("ex1");
        r.criteria << criterion(QStringLiteral("a"), QStringLiteral("Shebang"), 1, 1, true, false,
                                QString())
                   << criterion(QStringLiteral("b"), QStringLiteral("Directives"), 0, 3, false,
                                false, QString())
                   << criterion(QStringLiteral("c"), QStringLiteral("Explication"), 0, 2, true,
                                true, QString());
        r.max = 6;
        r.recomputeScore();
        const Rubric *ex1 = rubrics_.find(QStringLiteral("ex1"));
        const QString md = studentFeedbackMarkdown(kStudent, {r}, {*ex1});
        QTextDocument doc;
        doc.setMarkdown(md);
        const Rendered seen = inspect(doc);
        QVERIFY2(seen.headings.contains(QStringLiteral("Explication — à vérifier — ? / 2")),
                 qPrintable(seen.headings.join(u'\n')));
        QVERIFY(seen.headings.contains(QStringLiteral("Directives — non réussi — 0 / 3")));
        QVERIFY(seen.headings.contains(QStringLiteral("Shebang — réussi — 1 / 1")));
        QVERIFY2(seen.text.contains(QStringLiteral("Total : 1 / 6")), qPrintable(seen.text));
        QVERIFY(seen.text.contains(QStringLiteral("2 point(s) sont en attente de la décision de "
                                                  "l'enseignant")));
        QVERIFY(seen.text.contains(QStringLiteral("ne sont pas comptés comme perdus")));
        QVERIFY(studentFeedbackHtml(kStudent, {r}, {*ex1}).contains(QStringLiteral("à vérifier")));
    }

    // Each deliverable in the course's order, whatever the order of the results; one with no
    // result is « non rendu ».
    void deliverablesInCourseOrder()
    {
        ExerciseResult exam;
        exam.exercise = QStringLiteral("examen");
        exam.max = rubrics_.find(QStringLiteral("examen"))->maxPoints();
        exam.missingFiles = {QStringLiteral("examen.md")};
        ExerciseResult ex1;
        ex1.exercise = QStringLiteral("ex1");
        ex1.max = rubrics_.find(QStringLiteral("ex1"))->maxPoints();
        ex1.score = ex1.max;
        QTextDocument doc;
        doc.setMarkdown(studentFeedbackMarkdown(kStudent, {exam, ex1}, rubrics_.rubrics));
        const Rendered seen = inspect(doc);
        QStringList order;
        for (const QString &h : seen.headings)
            order << h.section(QStringLiteral(" — "), 0, 0);
        QCOMPARE(order,
                 (QStringList{QStringLiteral("Retour de correction"), QStringLiteral("Exercice 1"),
                              QStringLiteral("Exercice 2"), QStringLiteral("Exercice 3"),
                              QStringLiteral("Exercice 4"), QStringLiteral("Projet individuel"),
                              QStringLiteral("Projet de groupe"), QStringLiteral("Examen")}));
        QVERIFY(seen.text.contains(QStringLiteral("Non rendu : examen.md n'a pas été rendu.")));
        QVERIFY(
            seen.text.contains(QStringLiteral("Non rendu : rien n'a été rendu pour ce livrable.")));
        double max = 0;
        for (const Rubric &rubric : rubrics_.rubrics)
            max += rubric.maxPoints();
        QVERIFY2(seen.text.contains(QStringLiteral("Total : %1 / %2").arg(ex1.score).arg(max)),
                 qPrintable(seen.text));
    }

    // A Job graded for real: its differences are said as YAML, never as JSON.
    void noJsonInFeedback()
    {
        QTemporaryDir dir;
        schedlab::testing::writeFile(
            dir.filePath(QStringLiteral("sommeil-job.yaml")),
            "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sommeil\n  labels: {a: b}\n"
            "spec:\n  backoffLimit: 1\n  template:\n    spec:\n      restartPolicy: Never\n"
            "      containers:\n      - name: sommeil\n        image: busybox:1.36\n"
            "        command: [sh, -c, \"hostname; sleep 30\"]\n"
            "        env: [{name: X, value: \"1\"}]\n");
        schedlab::testing::writeFile(dir.filePath(QStringLiteral("refus.md")), "Je ne sais pas.\n");
        const Rubric *ex3 = rubrics_.find(QStringLiteral("ex3"));
        const ExerciseResult r =
            gradeExercise(*ex3, readExercise(QStringLiteral("s01"), *ex3, dir.path()));
        const QString md = studentFeedbackMarkdown(kStudent, {r}, {*ex3});
        QTextDocument doc;
        doc.setMarkdown(md);
        const QString text = doc.toPlainText();
        QVERIFY2(text.contains(QStringLiteral("metadata.labels : {a: b} au lieu de (absent)")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[{name: X, value: '1'}]")), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("\"a\"")) && !text.contains(QLatin1String("{\n")),
                 qPrintable(text));
    }

    void bundleKeepsTheGivenNames()
    {
        const QList<FeedbackFile> files{
            {QStringLiteral("Camille Durand_1234_assignsubmission_file_/retour.md"), "# a\n"},
            {QStringLiteral("Élodie N'Diaye_1235_assignsubmission_file_/retour.pdf"), "%PDF"}};
        QString error;
        const auto zip = feedbackBundle(files, &error);
        QVERIFY2(zip, qPrintable(error));
        QCOMPARE(zipNames(*zip), (QStringList{files[0].pathInZip, files[1].pathInZip}));
    }

    void bundleRefusesUnsafeNames_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QString>("problem");
        QTest::newRow("parent") << QStringList{QStringLiteral("../evil.md")}
                                << QStringLiteral("\"../evil.md\"");
        QTest::newRow("absolute") << QStringList{QStringLiteral("/tmp/x.md")}
                                  << QStringLiteral("absolute path");
        QTest::newRow("backslash")
            << QStringList{QStringLiteral("a\\..\\x.md")} << QStringLiteral("backslash");
        QTest::newRow("twice") << QStringList{QStringLiteral("A/retour.md"),
                                              QStringLiteral("a/RETOUR.md")}
                               << QStringLiteral("\"a/RETOUR.md\": appears twice");
        QTest::newRow("empty") << QStringList{QString()} << QStringLiteral("empty path");
    }

    void bundleRefusesUnsafeNames()
    {
        QFETCH(QStringList, paths);
        QFETCH(QString, problem);
        QList<FeedbackFile> files;
        for (const QString &p : paths)
            files << FeedbackFile{p, "x"};
        QString error;
        QVERIFY(!feedbackBundle(files, &error));
        QVERIFY2(error.contains(problem), qPrintable(error));
    }

private:
    RubricSet rubrics_;
};

QTEST_MAIN(TestFeedback)
#include "tst_feedback.moc"
