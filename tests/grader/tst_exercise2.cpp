// Exercise 2's facts come from the mini-cluster: the grader's quick simulation agrees with the
// full engine's transcript, and every student's variant keeps the exercise's structure.
#include "exercise2.h"
#include "scenario.h"

#include "gradingfixture.h"

#include <QBuffer>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::grader;

using schedlab::test::exercise2BaseScenario;

namespace {

// "ID STATE REASON-OR-NODES" per job of each squeue block of an engine transcript.
QList<QStringList> squeueBlocks(const QString &transcript)
{
    QList<QStringList> blocks;
    static const QRegularExpression row(QStringLiteral(
        "^\\s*(\\d+)\\s+\\S+\\s+\\S+\\s+\\S+\\s+(\\S+)\\s+\\S+\\s+\\d+\\s+\\(?([^)]*)\\)?$"));
    for (const QString &block : transcript.split(QStringLiteral("[+"))) {
        if (!block.contains(QLatin1String("] $ squeue")))
            continue;
        QStringList rows;
        for (const QString &line : block.split(u'\n')) {
            const QRegularExpressionMatch m = row.match(line);
            if (m.hasMatch())
                rows << QStringLiteral("%1 %2 %3").arg(m.captured(1), m.captured(2), m.captured(3));
        }
        rows.sort();
        blocks << rows;
    }
    return blocks;
}

QList<QStringList> factBlocks(const Exercise2Facts &facts)
{
    QList<QStringList> blocks;
    for (const Snapshot &s : facts.snapshots) {
        QStringList rows;
        for (const JobFact &j : s.jobs)
            rows << QStringLiteral("%1 %2 %3").arg(j.id).arg(j.state, j.reason);
        rows.sort();
        blocks << rows;
    }
    return blocks;
}

QString engineTranscript(const Scenario &s)
{
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    const SimResult r = runScenario(s, QStringLiteral(SCHEDLAB_LIBEXEC), &out);
    return QString::fromUtf8(out.data()) + r.error;
}

} // namespace

class TestExercise2 : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void baseSituation()
    {
        const Exercise2Facts facts = simulateExercise2(exercise2BaseScenario());
        QVERIFY2(facts.error.isEmpty(), qPrintable(facts.error));
        QVERIFY(facts.structureKept());
        const QHash<QString, QString> p = facts.parameters(exercise2BaseScenario().start);
        QCOMPARE(p.value(QStringLiteral("resources")), QStringLiteral("51"));
        QCOMPARE(p.value(QStringLiteral("priority1")), QStringLiteral("52"));
        QCOMPARE(p.value(QStringLiteral("priority2")), QStringLiteral("53"));
        QCOMPARE(p.value(QStringLiteral("running")), QStringLiteral("50"));
        QCOMPARE(p.value(QStringLiteral("cancelled")), QStringLiteral("51"));
        QCOMPARE(p.value(QStringLiteral("canceller")), QStringLiteral("leo"));
        QCOMPARE(p.value(QStringLiteral("starts")), QStringLiteral("52"));
        QCOMPARE(p.value(QStringLiteral("stays")), QStringLiteral("53"));
        QCOMPARE(p.value(QStringLiteral("first_time")), QStringLiteral("09:40"));
    }

    void quickSimulationAgreesWithTheEngine()
    {
        const Scenario s = exercise2BaseScenario();
        const QList<QStringList> engine = squeueBlocks(engineTranscript(s));
        QCOMPARE(engine.size(), 2);
        QCOMPARE(factBlocks(simulateExercise2(s)), engine);
    }

    void variantsKeepTheStructure_data()
    {
        QTest::addColumn<QString>("student");
        for (const char *id : {"s01-amelie", "s02-bruno", "Élodie.Martin", "x", "s200"})
            QTest::newRow(id) << QString::fromUtf8(id);
    }

    void variantsKeepTheStructure()
    {
        QFETCH(QString, student);
        const Scenario base = exercise2BaseScenario();
        const auto variant = exercise2Variant(base, variantSeed(student));
        QVERIFY(variant);
        const Exercise2Facts facts = simulateExercise2(*variant);
        QVERIFY(facts.structureKept());
        // Reproducible: the same student always gets the same scenario.
        QCOMPARE(scenarioToYaml(*exercise2Variant(base, variantSeed(student))),
                 scenarioToYaml(*variant));
        // What travels in the student's folder reads back to the same situation, and the
        // engine sees it as the quick simulation does.
        QString error;
        const auto reread =
            readScenario(scenarioToYaml(*variant), QStringLiteral("exercice2.yaml"), &error);
        QVERIFY2(reread, qPrintable(error));
        QCOMPARE(factBlocks(simulateExercise2(*reread)), factBlocks(facts));
        QCOMPARE(squeueBlocks(engineTranscript(*reread)), factBlocks(facts));
    }

    void variantsDiffer()
    {
        const Scenario base = exercise2BaseScenario();
        const QByteArray a =
            scenarioToYaml(*exercise2Variant(base, variantSeed(QStringLiteral("s01"))));
        const QByteArray b =
            scenarioToYaml(*exercise2Variant(base, variantSeed(QStringLiteral("s02"))));
        QVERIFY(a != b);
        // The id is normalised: case, spaces and accents do not make another variant.
        QCOMPARE(variantSeed(QStringLiteral("  Élodie ")), variantSeed(QStringLiteral("elodie")));
    }

    void parametersFillText()
    {
        QCOMPARE(fillParameters(QStringLiteral("scancel {cancelled} ({canceller})"),
                                {{QStringLiteral("cancelled"), QStringLiteral("51")},
                                 {QStringLiteral("canceller"), QStringLiteral("leo")}}),
                 QStringLiteral("scancel 51 (leo)"));
    }
};

QTEST_GUILESS_MAIN(TestExercise2)
#include "tst_exercise2.moc"
