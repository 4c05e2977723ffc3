// The guarded YAML loader: hostile inputs (aliases that contain themselves, a billion
// laughs, deep nesting, huge files) give an error naming the file and line, never a crash.
#include "yamlload.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace schedlab;

namespace {

QByteArray regression(const QString &name)
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/fuzz-regressions/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing %s", qPrintable(name));
    return f.readAll();
}

long maxRssKb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

} // namespace

class TestYamlLoad : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ordinaryYamlLoads()
    {
        const YamlLoad load = loadYaml("a: 1\nb: [x, y]\nc: &k {d: e}\nf: *k\n", "f.yaml");
        QVERIFY2(load.ok(), qPrintable(load.error));
        QCOMPARE(load.root["a"].as<int>(), 1);
        QCOMPARE(load.root["b"][1].as<std::string>(), std::string("y"));
        QCOMPARE(load.root["f"]["d"].as<std::string>(), std::string("e"));
    }

    void syntaxErrorNamesFileAndLine()
    {
        const YamlLoad load = loadYaml("a: 1\nb: [x, y\nc: 2\n", "rubric.yaml");
        QVERIFY(!load.ok());
        QVERIFY2(load.error.startsWith(QStringLiteral("rubric.yaml:")), qPrintable(load.error));
        QVERIFY(load.line >= 2);
        QVERIFY(load.error.contains(QStringLiteral(":%1: ").arg(load.line)));
    }

    void linesCountFromWhereTheTextStarts()
    {
        const YamlLoad load = loadYaml("a: 1\nb: &x [*x]\n", "lesson.md", 40);
        QVERIFY(!load.ok());
        QCOMPARE(load.line, 41);
        QVERIFY2(load.error.startsWith(QStringLiteral("lesson.md:41: alias *x refers to the node "
                                                      "that contains it")),
                 qPrintable(load.error));
    }

    void hostileInputs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<int>("line");
        QTest::newRow("billion laughs") << "yaml-billion-laughs"
                                        << "too many aliases" << 0;
        QTest::newRow("&a [*a]") << "yaml-self-alias-sequence"
                                 << "refers to the node" << 1;
        QTest::newRow("a: &a {b: *a}") << "yaml-self-alias-map"
                                       << "refers to the node" << 1;
        QTest::newRow("criteria inside itself") << "yaml-self-alias-block"
                                                << "refers to the node" << 8;
        QTest::newRow("deep flow") << "yaml-deep-flow"
                                   << "nested deeper than 400 levels" << 1;
        QTest::newRow("deep block") << "yaml-deep-block"
                                    << "nested deeper than 400 levels" << 1;
        QTest::newRow("deep through aliases") << "yaml-deep-through-aliases"
                                              << "nested deeper than 400 levels" << 0;
    }

    // Every fuzz regression is refused quickly, in little memory, with a clear message.
    void hostileInputs()
    {
        QFETCH(QString, file);
        QFETCH(QString, problem);
        QFETCH(int, line);
        const long rssBefore = maxRssKb();
        QElapsedTimer clock;
        clock.start();
        const YamlLoad load = loadYaml(regression(file), file);
        QVERIFY(!load.ok());
        QVERIFY2(load.error.contains(problem), qPrintable(load.error));
        QVERIFY2(load.error.startsWith(file + u':'), qPrintable(load.error));
        if (line > 0)
            QCOMPARE(load.line, line);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(maxRssKb() - rssBefore < 200 * 1024);
    }

    // Every file of the regressions folder, including those added later by the fuzzers.
    void everyRegressionIsRefusedOrLoaded()
    {
        const QDir dir(QStringLiteral(SCHEDLAB_TEST_DATA "/fuzz-regressions"));
        const QStringList names = dir.entryList({QStringLiteral("yaml-*")}, QDir::Files);
        QVERIFY(names.size() >= 7);
        for (const QString &name : names) {
            const YamlLoad load = loadYaml(regression(name), name);
            QVERIFY2(load.ok() || load.error.startsWith(name + u':'), qPrintable(load.error));
        }
    }

    void aliasesWithinBoundsAreFine()
    {
        // A few anchors reused many times, as instructors share feedback texts.
        QByteArray yaml = "texte: &t \"Bien vu\"\nliste:\n";
        for (int i = 0; i < 2000; ++i)
            yaml += "  - *t\n";
        const YamlLoad load = loadYaml(yaml, "ok.yaml");
        QVERIFY2(load.ok(), qPrintable(load.error));
        QCOMPARE(load.root["liste"].size(), std::size_t(2000));
    }

    void nestingUpToTheLimitIsFine()
    {
        const QByteArray yaml = QByteArray(399, '[') + QByteArray(399, ']');
        const YamlLoad load = loadYaml(yaml, "deep.yaml");
        QVERIFY2(load.ok(), qPrintable(load.error));
    }

    void bracketsInTextAreNotNesting()
    {
        // Plain and quoted scalars may hold brackets; only those that open a node count.
        QByteArray yaml = "pass: \"" + QByteArray(500, '[') + "\"\nfail: voir " +
                          QByteArray(500, '[') + "\nnote: '" + QByteArray(500, '{') + "'\n";
        const YamlLoad load = loadYaml(yaml, "text.yaml");
        QVERIFY2(load.ok(), qPrintable(load.error));
    }

    void tooLargeIsRefusedBeforeParsing()
    {
        const QByteArray yaml = "a: \"" + QByteArray(4 * 1024 * 1024, 'x') + "\"\n";
        const YamlLoad load = loadYaml(yaml, "big.yaml");
        QVERIFY(!load.ok());
        QCOMPARE(load.line, 0);
        QVERIFY2(load.error.startsWith(QStringLiteral("big.yaml: ")), qPrintable(load.error));
        QVERIFY(load.error.contains(QStringLiteral("more than the 3145728")));
    }

    void fileIsReadSafely()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe.yaml"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const YamlLoad load = loadYamlFile(fifo); // never blocks on a FIFO
        QVERIFY(!load.ok());
        QVERIFY2(load.error.contains(fifo), qPrintable(load.error));
        QVERIFY(!loadYamlFile(dir.filePath(QStringLiteral("absent.yaml"))).ok());
    }

    void conversionErrorsNameTheLine()
    {
        const YamlLoad load = loadYaml("a: 1\nb: [x]\n", "c.yaml");
        QVERIFY(load.ok());
        try {
            (void)load.root["b"].as<int>();
            QFAIL("no exception");
        } catch (const YAML::Exception &e) {
            QCOMPARE(yamlErrorMessage(e, QStringLiteral("c.yaml")).left(9),
                     QStringLiteral("c.yaml:2:"));
        }
    }
};

QTEST_GUILESS_MAIN(TestYamlLoad)
#include "tst_yamlload.moc"
