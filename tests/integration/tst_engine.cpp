// The engine as the workbench drives it: resetting the cluster, the accounting that
// survives a restart, and job ids that keep increasing.
#include "engine.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

class TestEngine : public QObject
{
    Q_OBJECT

    static EngineOptions options(const QString &dir)
    {
        EngineOptions o;
        auto parsed =
            slurm::parseClusterConfig(slurm::defaultSlurmConf(), slurm::defaultGresConf());
        o.config = parsed.config;
        o.config.accountingEnabled = true;
        o.startEpoch = 1793870000;
        o.workDir = dir;
        o.stateDir = dir + QStringLiteral("/state");
        o.libexecDir = QStringLiteral(SCHEDLAB_LIBEXEC);
        return o;
    }

    static std::uint32_t submitModeled(Engine &engine)
    {
        slurm::Submission s;
        s.request.timeLimitMinutes = 10;
        s.user = QStringLiteral("kim");
        s.workDir = QStringLiteral("/tmp");
        s.defaultName = QStringLiteral("wrap");
        s.modeled = true;
        s.modeledRuntime = 60;
        return engine.controller().submit(s).jobId;
    }

private Q_SLOTS:
    void resetKeepsTheJobIdCounter()
    {
        QTemporaryDir dir;
        Engine engine(options(dir.path()));
        QString error;
        QVERIFY2(engine.start(&error), qPrintable(error));
        QCOMPARE(submitModeled(engine), 1u);
        QCOMPARE(submitModeled(engine), 2u);
        engine.resetCluster();
        QVERIFY(engine.controller().jobs().isEmpty());
        QCOMPARE(submitModeled(engine), 3u);
    }

    void idsAndHistorySurviveARestart()
    {
        QTemporaryDir dir;
        {
            Engine engine(options(dir.path()));
            QString error;
            QVERIFY2(engine.start(&error), qPrintable(error));
            QCOMPARE(submitModeled(engine), 1u);
            engine.controller().settle();
            QVERIFY(engine.advanceTo(1793870000 + 120, nullptr, QString(), &error));
        }
        Engine again(options(dir.path()));
        QString error;
        QVERIFY2(again.start(&error), qPrintable(error));
        QCOMPARE(submitModeled(again), 2u);
        const slurm::JobRecord *old = again.controller().accounting()->find(1);
        QVERIFY(old);
        QCOMPARE(old->state, slurm::JobState::Completed);
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
