// The real Slurm 22.05 transcripts (specs/slurm-transcripts/) replayed as scenarios: every
// recorded command at its recorded second, every recorded output expected byte for byte.
// Two things differ by nature and are normalised on both sides: the working directory
// (the recordings ran in /home/kim/oracle-jobs) and the session id in AllocNode:Sid=.
#include "scenario.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

class TestTranscripts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void replay_data()
    {
        QTest::addColumn<QString>("name");
        const QDir dir(QStringLiteral(SCHEDLAB_TEST_DATA "/transcripts"));
        for (const QString &file : dir.entryList({QStringLiteral("*.expected")}, QDir::Files, QDir::Name)) {
            const QString name = file.chopped(9);
            QTest::newRow(qPrintable(name)) << name;
        }
    }

    void replay()
    {
        QFETCH(QString, name);
        const QString base = QStringLiteral(SCHEDLAB_TEST_DATA "/transcripts/") + name;
        QFile yaml(base + QStringLiteral(".yaml"));
        QFile expectedFile(base + QStringLiteral(".expected"));
        QVERIFY(yaml.open(QIODevice::ReadOnly));
        QVERIFY(expectedFile.open(QIODevice::ReadOnly));
        QString error;
        auto scenario = readScenario(yaml.readAll(), yaml.fileName(), &error);
        QVERIFY2(scenario, qPrintable(error));
        QTemporaryDir tmp;
        const QString workDir = tmp.path() + QStringLiteral("/oracle-jobs");
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        const SimResult r = runScenario(*scenario, QStringLiteral(SCHEDLAB_LIBEXEC), &out, workDir);
        QCOMPARE(r.exitCode, 0);
        auto normalise = [&](QString text) {
            text.replace(workDir, QStringLiteral("/home/kim/oracle-jobs"));
            static const QRegularExpression sid(QStringLiteral("AllocNode:Sid=\\S+"));
            text.replace(sid, QStringLiteral("AllocNode:Sid=*"));
            return text;
        };
        const QStringList actual = normalise(QString::fromUtf8(out.data())).split(QLatin1Char('\n'));
        const QStringList expected = normalise(QString::fromUtf8(expectedFile.readAll())).split(QLatin1Char('\n'));
        // Compare line by line so that a failure names the first line that differs.
        for (int i = 0; i < std::max(actual.size(), expected.size()); ++i) {
            const QString a = actual.value(i, QStringLiteral("<end of transcript>"));
            const QString e = expected.value(i, QStringLiteral("<end of transcript>"));
            if (a != e) {
                QString context;
                for (int j = std::max(0, i - 6); j <= i; ++j)
                    context += actual.value(j) + QLatin1Char('\n');
                QFAIL(qPrintable(QStringLiteral("%1: line %2 differs\n  actual:   %3\n  expected: %4\n--- actual context:\n%5")
                                     .arg(name).arg(i + 1).arg(a, e, context)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTranscripts)
#include "tst_transcripts.moc"
