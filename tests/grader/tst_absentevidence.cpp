// Absent evidence never passes: for every checker kind, a criterion whose file is missing,
// empty or white space only fails « Non rendu », with 0 points, surely, not for review; and a
// student with nothing for an exercise, graded by schedlab-cli grade.
#include "../common/testfiles.h"
#include "checkers.h"
#include "grader.h"
#include "report.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab::grader;
using schedlab::testing::writeFile;

namespace {

const QString kExercises = QStringLiteral(SCHEDLAB_SOURCE_DIR "/exercises");
// The real exam's rubric, the instructor's, uses checkers no shipped exercise needs.
const QString kInstructor = QStringLiteral(SCHEDLAB_SOURCE_DIR "/instructor");

// A file of the exercise as handed out: what a student who opened it and wrote a little has.
QByteArray starter(const Rubric &rubric, const QString &name)
{
    QFile f(kExercises + u'/' + rubric.exercise + u'/' + name);
    if (!f.exists())
        f.setFileName(kInstructor + u'/' + rubric.exercise + u'/' + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() + "\nRéponse.\n" : QByteArray("Réponse.\n");
}

QByteArray privateKey()
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/keys/id_ed25519"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList sorted(QStringList names)
{
    names.sort();
    return names;
}

enum class Absence { Missing, Empty, WhiteSpace, HandedIn };

const CriterionResult *findCriterion(const ExerciseResult &r, const QString &id)
{
    for (const CriterionResult &c : r.criteria)
        if (c.id == id)
            return &c;
    return nullptr;
}

QJsonObject onlyResult(const QByteArray &json)
{
    const QJsonArray all = QJsonDocument::fromJson(json).array();
    return all.size() == 1 ? all.first().toObject() : QJsonObject();
}

} // namespace

class TestAbsentEvidence : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        rubrics_ = loadRubrics(kExercises);
        QVERIFY2(rubrics_.error.isEmpty(), qPrintable(rubrics_.error));
        instructor_ = loadRubrics(kInstructor);
        QVERIFY2(instructor_.error.isEmpty(), qPrintable(instructor_.error));
        all_ = rubrics_.rubrics + instructor_.rubrics;
    }

    // One row per checker kind and way of not handing in: a checker added without a criterion
    // using it in a shipped rubric fails here.
    void everyCheckerKind_data()
    {
        QTest::addColumn<QString>("checker");
        QTest::addColumn<int>("absence");
        const QStringList names = checkerNames();
        QCOMPARE(names.size(), 24);
        for (const QString &name : names) {
            const QByteArray row = name.toUtf8();
            QTest::newRow(row + " missing") << name << int(Absence::Missing);
            QTest::newRow(row + " empty") << name << int(Absence::Empty);
            QTest::newRow(row + " white space") << name << int(Absence::WhiteSpace);
            QTest::newRow(row + " handed in") << name << int(Absence::HandedIn);
        }
    }

    void everyCheckerKind()
    {
        QFETCH(QString, checker);
        QFETCH(int, absence);
        const Rubric *rubric = nullptr;
        const Criterion *criterion = nullptr;
        for (const Rubric &r : all_)
            for (const Criterion &c : r.criteria)
                if (c.check == checker && !criterion) {
                    rubric = &r;
                    criterion = &c;
                }
        QVERIFY2(criterion, qPrintable(QStringLiteral("no criterion uses %1: add one, and "
                                                      "make sure absent evidence fails it")
                                           .arg(checker)));
        const QStringList needed = evidenceFiles(*criterion, *rubric);
        QVERIFY2(!needed.isEmpty(), qPrintable(criterion->id));

        // Every other file of the exercise is handed in: only this criterion's evidence is not.
        QTemporaryDir dir;
        for (const QString &name : exerciseFiles(*rubric)) {
            const bool evidence = needed.contains(name);
            if (evidence && absence == int(Absence::Missing))
                continue;
            QByteArray bytes = starter(*rubric, name);
            if (evidence && absence == int(Absence::Empty))
                bytes.clear();
            if (evidence && absence == int(Absence::WhiteSpace))
                bytes = "  \n\t\r\n   \n";
            writeFile(dir.filePath(name), bytes);
        }
        const ExerciseResult result =
            gradeExercise(*rubric, readExercise(QStringLiteral("s01"), *rubric, dir.path()));
        const CriterionResult *c = findCriterion(result, criterion->id);
        QVERIFY(c);
        const QString said = c->id + QStringLiteral(": ") + c->feedback;
        if (absence == int(Absence::HandedIn)) {
            QVERIFY2(!c->feedback.startsWith(QLatin1String("Non rendu")), qPrintable(said));
            QVERIFY(result.missingFiles.isEmpty() && result.emptyFiles.isEmpty());
            return;
        }
        QVERIFY2(c->feedback.startsWith(QLatin1String("Non rendu : ")), qPrintable(said));
        QVERIFY2(!c->passed, qPrintable(said));
        QCOMPARE(c->points, 0.0);
        QCOMPARE(c->confidence, 1.0);
        QVERIFY2(!c->review, qPrintable(said));
        QVERIFY(!c->voidsExercise);
        for (const QString &name : needed)
            QVERIFY2(c->feedback.contains(name), qPrintable(said));
        const bool one = needed.size() == 1;
        if (absence == int(Absence::Missing)) {
            QVERIFY2(c->feedback.contains(one ? QStringLiteral("n'a pas été rendu.")
                                              : QStringLiteral("n'ont pas été rendus.")),
                     qPrintable(said));
            QCOMPARE(sorted(result.missingFiles), sorted(needed));
        } else {
            QVERIFY2(c->feedback.contains(one ? QLatin1String("est vide.")
                                              : QLatin1String("sont vides.")),
                     qPrintable(said));
            QCOMPARE(sorted(result.emptyFiles), sorted(needed));
        }
        // The exercise's result says what was not handed in, in the report too.
        QVERIFY2(resultToMarkdown(result).contains(QStringLiteral("\n\nNon rendu : ")),
                 qPrintable(resultToMarkdown(result)));
    }

    // The two negative checks of issue 16, by name: nothing handed in earns nothing.
    void negativeChecksNeedTheirFile()
    {
        QTemporaryDir empty;
        for (const char *exercise : {"ex4", "solo", "groupe"}) {
            const Rubric *rubric = rubrics_.find(QLatin1String(exercise));
            const ExerciseResult r =
                gradeExercise(*rubric, readExercise(QStringLiteral("s01"), *rubric, empty.path()));
            QCOMPARE(r.score, 0.0);
            for (const CriterionResult &c : r.criteria)
                QVERIFY2(!c.passed && !c.review, qPrintable(c.id));
        }
    }

    // A private key in another file is handed-in evidence: flagged, even when the sheet is not.
    void aKeyBesideAMissingSheetIsStillFlagged()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("id_ed25519")), privateKey());
        const Rubric *rubric = rubrics_.find(QStringLiteral("ex4"));
        const ExerciseResult r =
            gradeExercise(*rubric, readExercise(QStringLiteral("s01"), *rubric, dir.path()));
        const CriterionResult *c = findCriterion(r, QStringLiteral("ex4.no-private-key"));
        QVERIFY(!c->passed);
        QVERIFY(c->review);
        QVERIFY2(c->feedback.startsWith(QStringLiteral("Non rendu : acces.md n'a pas été rendu.")),
                 qPrintable(c->feedback));
        QVERIFY2(c->feedback.contains(QStringLiteral("Signalé")), qPrintable(c->feedback));
        QVERIFY(c->evidence.contains(QLatin1String("id_ed25519:1")));
        QCOMPARE(r.score, 0.0);
    }

    // A file handed in but not readable as an answer fails for what it is, not « Non rendu ».
    void anUnreadableFileIsNamedForWhatItIs()
    {
        const Rubric *rubric = rubrics_.find(QStringLiteral("solo"));
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("sommeil.sbatch")),
                  starter(*rubric, "sommeil.sbatch"));
        writeFile(dir.filePath(QStringLiteral("explication.md")), QByteArray("trace\0binaire", 13));
        const ExerciseResult r =
            gradeExercise(*rubric, readExercise(QStringLiteral("s01"), *rubric, dir.path()));
        const CriterionResult *c = findCriterion(r, QStringLiteral("solo.run.evidence"));
        QVERIFY(!c->passed && !c->review);
        QVERIFY2(c->feedback.contains(QLatin1String("explication.md n'est pas un fichier texte.")),
                 qPrintable(c->feedback));
        QVERIFY(!c->feedback.startsWith(QLatin1String("Non rendu")));
        QVERIFY(r.missingFiles.isEmpty() && r.emptyFiles.isEmpty());
    }

    // A rubric can say what a criterion rests on (needs:), beyond the file it reads.
    void aRubricDeclaresWhatACriterionNeeds()
    {
        const RubricLoad load = parseRubric("exercise: essai\nfiles: [a.sbatch, b.md]\ncriteria:\n"
                                            "  - id: essai.shebang\n    points: 1\n"
                                            "    check: script.shebang\n    file: a.sbatch\n"
                                            "    needs: [a.sbatch, b.md]\n"
                                            "    pass: ok\n    fail: non\n",
                                            QStringLiteral("essai.yaml"));
        QVERIFY2(load.rubric, qPrintable(load.error));
        QVERIFY(validateRubric(*load.rubric).isEmpty());
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("a.sbatch")), "#!/bin/bash\nhostname\n");
        const ExerciseResult r = gradeExercise(
            *load.rubric, readExercise(QStringLiteral("s01"), *load.rubric, dir.path()));
        QCOMPARE(r.criteria.first().feedback,
                 QStringLiteral("Non rendu : b.md n'a pas été rendu."));
        writeFile(dir.filePath(QStringLiteral("b.md")), "Explication.\n");
        const ExerciseResult complete = gradeExercise(
            *load.rubric, readExercise(QStringLiteral("s01"), *load.rubric, dir.path()));
        QVERIFY(complete.criteria.first().passed);
    }

    // The instructor grades a class where a student has nothing for an exercise: every
    // criterion of it fails « Non rendu », and the result lists the files not handed in.
    void aStudentWithNothingForAnExercise()
    {
        QTemporaryDir dir;
        const QString classDir = dir.filePath(QStringLiteral("classe"));
        writeFile(classDir + QStringLiteral("/s01-amelie/ex1/lignes.md"), "Une réponse.\n");
        writeFile(classDir + QStringLiteral("/s01-amelie/ex1/sommeil.sbatch"), "#!/bin/bash\n");
        for (const Rubric &rubric : rubrics_.rubrics) {
            if (rubric.exercise == QLatin1String("ex1"))
                continue;
            const auto r = schedlab::testing::runCli(
                {QStringLiteral("grade"), QStringLiteral("--exercise"), rubric.exercise, classDir});
            QVERIFY(r.finished);
            QCOMPARE(r.exitCode, 0);
            const QJsonObject result = onlyResult(r.out);
            QCOMPARE(result.value(QLatin1String("student")).toString(),
                     QStringLiteral("s01-amelie"));
            QCOMPARE(result.value(QLatin1String("score")).toDouble(), 0.0);
            QStringList missing;
            for (const QJsonValue &name : result.value(QLatin1String("missing_files")).toArray())
                missing << name.toString();
            QCOMPARE(missing, exerciseFiles(rubric));
            const QJsonArray criteria = result.value(QLatin1String("criteria")).toArray();
            QCOMPARE(criteria.size(), rubric.criteria.size());
            for (const QJsonValue &v : criteria) {
                const QJsonObject c = v.toObject();
                const QString feedback = c.value(QLatin1String("feedback")).toString();
                QVERIFY2(feedback.startsWith(QLatin1String("Non rendu : ")),
                         qPrintable(rubric.exercise + u' ' + feedback));
                QVERIFY(!c.value(QLatin1String("passed")).toBool());
                QVERIFY(!c.value(QLatin1String("review")).toBool());
                QCOMPARE(c.value(QLatin1String("points")).toDouble(), 0.0);
                QCOMPARE(c.value(QLatin1String("confidence")).toDouble(), 1.0);
            }
        }
        const auto md = schedlab::testing::runCli(
            {QStringLiteral("grade"), QStringLiteral("--exercise"), QStringLiteral("ex4"),
             QStringLiteral("--format"), QStringLiteral("md"), classDir});
        QCOMPARE(md.exitCode, 0);
        QVERIFY2(md.out.contains("**Note : 0 / 6**"), md.out.constData());
        QVERIFY2(md.out.contains("\n\nNon rendu : acces.md n'a pas été rendu.\n\n"),
                 md.out.constData());
    }

private:
    RubricSet rubrics_;
    RubricSet instructor_;
    QList<Rubric> all_; // both, kept for the pointers the rows take
};

QTEST_GUILESS_MAIN(TestAbsentEvidence)
#include "tst_absentevidence.moc"
