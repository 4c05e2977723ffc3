// The real Slurm 22.05 transcripts (specs/slurm-transcripts/) replayed as scenarios: every
// recorded command at its recorded second, every recorded output expected byte for byte.
// Two things differ by nature and are normalised on both sides: the working directory
// (the recordings ran in /home/kim/oracle-jobs) and the session id in AllocNode:Sid=.
//
// A few recorded outputs cannot come out of any deterministic virtual clock: a polling loop
// whose wall-clock drift shows in its output, or a job slurmctld happened to start in the
// second after its submission. NAME.deviations lists those steps (1-based, one per line,
// with the reason); their command still has to match, their output is not compared. Every
// other step is compared byte for byte.
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

    // Splits a transcript into one block per step, each starting with its header line.
    static QList<QStringList> blocks(const QString &text)
    {
        static const QRegularExpression header(QStringLiteral("^\\[\\+\\d+:\\d\\d:\\d\\d\\] \\$ "));
        QList<QStringList> result;
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            if (header.match(line).hasMatch() || result.isEmpty())
                result.append(QStringList());
            result.last() << line;
        }
        return result;
    }

private Q_SLOTS:
    void replay_data()
    {
        QTest::addColumn<QString>("name");
        const QDir dir(QStringLiteral(SCHEDLAB_TEST_DATA "/transcripts"));
        for (const QString &file :
             dir.entryList({QStringLiteral("*.expected")}, QDir::Files, QDir::Name)) {
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
        QHash<int, QString> deviations;
        QFile dev(base + QStringLiteral(".deviations"));
        if (dev.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : dev.readAll().split('\n')) {
                const QString text = QString::fromUtf8(line).trimmed();
                if (text.isEmpty() || text.startsWith(QLatin1Char('#')))
                    continue;
                deviations.insert(text.section(QLatin1Char(' '), 0, 0).toInt(),
                                  text.section(QLatin1Char(' '), 1));
            }
        }
        const QList<QStringList> actual = blocks(normalise(QString::fromUtf8(out.data())));
        const QList<QStringList> expected =
            blocks(normalise(QString::fromUtf8(expectedFile.readAll())));
        QCOMPARE(actual.size(), expected.size());
        for (int b = 0; b < expected.size(); ++b) {
            const QStringList &a = actual[b];
            const QStringList &e = expected[b];
            QCOMPARE(a.first(), e.first()); // the step's header: its time and command
            if (deviations.contains(b + 1))
                continue;
            // Line by line, so that a failure names the first line that differs.
            for (int i = 0; i < std::max(a.size(), e.size()); ++i) {
                const QString al = a.value(i, QStringLiteral("<end of block>"));
                const QString el = e.value(i, QStringLiteral("<end of block>"));
                if (al != el)
                    QFAIL(qPrintable(
                        QStringLiteral(
                            "%1, step %2 (%3): line %4 differs\n  actual:   %5\n  expected: %6")
                            .arg(name)
                            .arg(b + 1)
                            .arg(e.first())
                            .arg(i + 1)
                            .arg(al, el)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTranscripts)
#include "tst_transcripts.moc"
