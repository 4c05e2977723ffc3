// Rubrics are shared between colleagues and evaluation files travel with them: a hostile
// one (an alias inside itself, a billion laughs, deep nesting) gives an error naming the
// file and line, never a crash, whatever part of the rubric it sits in.
#include "checkers.h"
#include "evaluation.h"
#include "rubric.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace schedlab::grader;

namespace {

const QByteArray kHeader = "exercise: ex9\n"
                           "criteria:\n"
                           "  - id: ex9.a\n"
                           "    points: 1\n"
                           "    check: text.concepts\n"
                           "    file: a.md\n"
                           "    pass: oui\n"
                           "    fail: non\n";

QByteArray regression(const QString &name)
{
    QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/tests/common/data/fuzz-regressions/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing %s", qPrintable(name));
    return f.readAll();
}

// `yaml` as the value of a criterion's parameter, where the rubric converts it recursively.
QByteArray asParameter(const QByteArray &yaml)
{
    QByteArray out = kHeader + "    params:\n";
    for (const QByteArray &line : yaml.split('\n'))
        out += "      " + line + '\n';
    return out;
}

} // namespace

class TestHostileYaml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rubrics_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected");
        QTest::newRow("alias in its own parameter")
            << kHeader + "    extra: &x\n      - a\n      - *x\n"
            << "rubric.yaml:11: alias *x refers to the node that contains it";
        QTest::newRow("map alias in a parameter") << kHeader + "    extra: &m {b: *m}\n"
                                                  << "rubric.yaml:9: alias *m refers";
        QTest::newRow("whole rubric inside itself")
            << regression(QStringLiteral("yaml-self-alias-block"))
            << "rubric.yaml:8: alias *c refers";
        QTest::newRow("billion laughs in parameters")
            << asParameter(regression(QStringLiteral("yaml-billion-laughs"))) << "too many aliases";
        QTest::newRow("deep flow parameter")
            << asParameter(regression(QStringLiteral("yaml-deep-flow")))
            << "rubric.yaml:10: nested deeper than 400 levels";
        QTest::newRow("deep block parameter")
            << asParameter(regression(QStringLiteral("yaml-deep-block")))
            << "rubric.yaml:10: nested deeper than 400 levels";
        QTest::newRow("deep through aliases")
            << asParameter(regression(QStringLiteral("yaml-deep-through-aliases")))
            << "nested deeper than 400 levels";
        QTest::newRow("self alias as concepts")
            << "concepts: &c {x: {patterns: *c}}\n" + kHeader << "rubric.yaml:1: alias *c";
        QTest::newRow("bad conversion") << QByteArray("exercise: ex9\nversion: [1]\ncriteria: []\n")
                                        << "rubric.yaml:2: bad conversion";
    }

    void rubrics()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        QElapsedTimer clock;
        clock.start();
        const RubricLoad load = parseRubric(yaml, QStringLiteral("rubric.yaml"));
        QVERIFY(!load.rubric);
        QVERIFY2(load.error.contains(expected), qPrintable(load.error));
        QVERIFY2(load.error.startsWith(QStringLiteral("rubric.yaml:")), qPrintable(load.error));
        QVERIFY(clock.elapsed() < 5000);
    }

    // Aliases used as intended still work: the conversion sees their values.
    void sharedValuesStillWork()
    {
        const RubricLoad load = parseRubric(
            kHeader + "    any: &mots [nom, job]\n  - id: ex9.b\n    points: 1\n"
                      "    check: text.concepts\n    file: a.md\n    pass: oui\n    fail: non\n"
                      "    any: *mots\n",
            QStringLiteral("rubric.yaml"));
        QVERIFY2(load.rubric, qPrintable(load.error));
        QCOMPARE(load.rubric->criteria[1].params.value(QStringLiteral("any")).toStringList(),
                 (QStringList{QStringLiteral("nom"), QStringLiteral("job")}));
    }

    void everyRegressionThroughTheRubricReader()
    {
        const QDir dir(QStringLiteral(SCHEDLAB_SOURCE_DIR "/tests/common/data/fuzz-regressions"));
        for (const QString &name : dir.entryList({QStringLiteral("yaml-*")}, QDir::Files)) {
            for (const QByteArray &yaml : {regression(name), asParameter(regression(name))}) {
                const RubricLoad load = parseRubric(yaml, name);
                if (load.rubric)
                    (void)validateRubric(*load.rubric);
                else
                    QVERIFY2(load.error.startsWith(name + u':'), qPrintable(load.error));
            }
        }
    }

    void rubricFilesAreReadSafely()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("rubric.yaml"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const RubricLoad load = loadRubric(fifo); // returns, never waits for a writer
        QVERIFY(!load.rubric);
        QVERIFY2(load.error.contains(fifo), qPrintable(load.error));
    }

    void evaluationFiles_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("expected");
        QTest::newRow("self alias")
            << QByteArray("exercise: ex1\ncases: &c\n  - {criterion: x, text: *c}\n")
            << ":3: alias *c refers";
        QTest::newRow("billion laughs")
            << regression(QStringLiteral("yaml-billion-laughs")) << "too many aliases";
        QTest::newRow("deep") << regression(QStringLiteral("yaml-deep-flow"))
                              << ":1: nested deeper than 400 levels";
        QTest::newRow("not text") << QByteArray("exercise: ex1\ncases:\n  - {text: [a]}\n")
                                  << ":3: bad conversion";
    }

    void evaluationFiles()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("cas.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(yaml);
        f.close();
        QString error;
        const QList<LabelledCase> cases = readLabelledCases(dir.path(), &error);
        QVERIFY(cases.isEmpty());
        QVERIFY2(error.startsWith(f.fileName() + u':') && error.contains(expected),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestHostileYaml)
#include "tst_hostileyaml.moc"
