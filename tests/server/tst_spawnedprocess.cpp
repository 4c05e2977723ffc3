// SpawnedProcess: how the engine starts its supervisors (posix_spawn + pidfd).
#include "spawnedprocess.h"

#include <QSignalSpy>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace schedlab;

class TestSpawnedProcess : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsOutputAndNoticesTheEnd();
    void environmentIsExactlyTheOneGiven();
    void signalsReachTheChild();
    void missingProgramIsAClearError();
    void destructorLeavesNoChild();
};

void TestSpawnedProcess::readsOutputAndNoticesTheEnd()
{
    SpawnedProcess process;
    QString error;
    QVERIFY2(process.start(QStringLiteral("/bin/sh"),
                           {QStringLiteral("-c"), QStringLiteral("echo pid $$; read x; echo x=$x")},
                           {}, &error),
             qPrintable(error));
    QVERIFY(process.pid() > 0);
    QSignalSpy finished(&process, &SpawnedProcess::finished);
    QVERIFY(finished.wait(10000));
    QVERIFY(!process.isRunning());
    QCOMPARE(process.pid(), 0); // reaped: the number may be someone else's now
    // Standard input is /dev/null: `read` sees the end of file at once.
    QCOMPARE(process.readAllStandardOutput().split('\n').value(1), QByteArray("x="));
    QCOMPARE(process.readAllStandardOutput(), QByteArray());
}

void TestSpawnedProcess::environmentIsExactlyTheOneGiven()
{
    SpawnedProcess process;
    QString error;
    QVERIFY(process.start(QStringLiteral("/usr/bin/env"), {},
                          {QStringLiteral("A=1"), QStringLiteral("B=deux mots")}, &error));
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.readAllStandardOutput(), QByteArray("A=1\nB=deux mots\n"));
}

void TestSpawnedProcess::signalsReachTheChild()
{
    SpawnedProcess process;
    QString error;
    // The engine may have blocked or ignored signals; the child gets the defaults back.
    sigset_t term;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    sigprocmask(SIG_BLOCK, &term, nullptr);
    const bool started =
        process.start(QStringLiteral("/bin/sh"),
                      {QStringLiteral("-c"), QStringLiteral("echo up; exec sleep 60")}, {}, &error);
    sigprocmask(SIG_UNBLOCK, &term, nullptr);
    QVERIFY2(started, qPrintable(error));
    QSignalSpy ready(&process, &SpawnedProcess::readyReadStandardOutput);
    QVERIFY(ready.wait(10000));
    process.sendSignal(SIGTERM);
    QVERIFY(process.waitForFinished(10000));
    process.sendSignal(SIGTERM); // after the end: nothing, and no stray kill
}

void TestSpawnedProcess::missingProgramIsAClearError()
{
    SpawnedProcess process;
    QString error;
    QVERIFY(!process.start(QStringLiteral("/nonexistent/schedlab-stepd"), {}, {}, &error));
    QCOMPARE(error, QStringLiteral("/nonexistent/schedlab-stepd: No such file or directory"));
    QVERIFY(!process.isRunning());
}

void TestSpawnedProcess::destructorLeavesNoChild()
{
    qint64 pid = 0;
    {
        SpawnedProcess process;
        QString error;
        QVERIFY(process.start(QStringLiteral("/bin/sleep"), {QStringLiteral("60")}, {}, &error));
        pid = process.pid();
    }
    // Killed and reaped: not even a zombie is left.
    QCOMPARE(::kill(pid_t(pid), 0), -1);
}

QTEST_GUILESS_MAIN(TestSpawnedProcess)
#include "tst_spawnedprocess.moc"
