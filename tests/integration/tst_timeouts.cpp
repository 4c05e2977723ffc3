// Time limits and backfill as the real transcripts 03, 04 and 08 recorded them. Those recordings
// poll squeue in a loop whose wall-clock drift no virtual clock reproduces, and start jobs in the
// second after their submission; so these tests check the behaviour line by line: the kill time on
// slurmctld's 30 s beat, the slurmstepd line, TERM then KILL after KillWait, the states.
#include "scenariorun.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

class TestTimeouts : public QObject
{
    Q_OBJECT

private:
    static QString run(const QString &file)
    {
        return test::runScenarioFile(QStringLiteral("transcripts/") + file);
    }

private Q_SLOTS:
    void timeLimitKillsOnTheThirtySecondBeat()
    {
        const QString t = run(QStringLiteral("03-timeout.yaml"));
        QVERIFY2(t.contains(QStringLiteral(
                     "$ cat timeout-34.out\nstart 21:31:20\nslurmstepd: error: *** JOB 34 ON n1 "
                     "CANCELLED AT 2026-11-30T21:32:23 DUE TO TIME LIMIT ***\n")),
                 qPrintable(t));
        // A script that traps SIGTERM hears TERM and CONT, and is killed KillWait later.
        QVERIFY2(
            t.contains(QStringLiteral(
                "slurmstepd: error: *** JOB 35 ON n1 CANCELLED AT 2026-11-30T21:32:23 DUE TO "
                "TIME LIMIT ***\nTerminated\nSIGTERM received at 21:32:23\nSIGCONT received at "
                "21:32:23\n")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("35:COMPLETING:")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral(
                     "34              timeout    TIMEOUT      0:0   00:01:03   00:01:00 "
                     "2026-11-30T21:31:20 2026-11-30T21:32:23 \n"
                     "34.batch          batch  CANCELLED     0:15   00:01:03            "
                     "2026-11-30T21:31:20 2026-11-30T21:32:23 \n")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral("35.batch          batch  CANCELLED      0:9   00:01:33")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("JobState=TIMEOUT Reason=TimeLimit Dependency=(null)")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("ExitCode=0:15")), qPrintable(t));
    }

    void overTimeLimitGivesAMinuteMore()
    {
        const QString t = run(QStringLiteral("08-overtime.yaml"));
        QVERIFY2(t.contains(QStringLiteral("scontrol: error: Invalid OverTimeLimit value: NONE\n"
                                           "slurm_update error: No error\n[exit 1]\n")),
                 qPrintable(t));
        // 90 s with a 1 min limit and OverTimeLimit=1: completes; 200 s: killed at 2:03.
        QVERIFY2(
            t.contains(QStringLiteral("42                 ot90  COMPLETED      0:0   00:01:30")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("43                ot200    TIMEOUT      0:0")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral("CANCELLED AT 2026-11-30T21:38:23 DUE TO TIME LIMIT ***")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("OverTimeLimit=1 PreemptMode=OFF")), qPrintable(t));
    }

    // Transcript 04: slurmctld started A in the second after its submission, which shifts every
    // later time of the recording by one second; the decisions are what is checked here.
    void backfillReservesAndFillsTheGap()
    {
        const QString t = run(QStringLiteral("04-backfill.yaml"));
        // B (2 nodes, top priority) waits for A's limit on both nodes ...
        QVERIFY2(t.contains(
                     QStringLiteral("                38    normal        B      kim PD "
                                    "2026-11-30T21:36:05      2 n[1-2]               (Resources)")),
                 qPrintable(t));
        // ... C5 (5 min) would overlap that reservation: it is planned at its end, rounded
        // down to bf_resolution, on n2 ...
        QVERIFY2(t.contains(
                     QStringLiteral("                39    normal       C5      kim PD "
                                    "2026-11-30T21:38:00      1 n2                   (Priority)")),
                 qPrintable(t));
        // ... C1 (1 min) ends before B could start: the backfill starts it on n2.
        QVERIFY2(t.contains(QStringLiteral("      40    normal       C1  R ")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral(
                     "JobName=C1\n   Priority=900 Nice=100 Account=cours QOS=normal\n"
                     "   JobState=RUNNING Reason=None")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral(
                "Scheduler=Backfill\n   ReqNodeList=(null) ExcNodeList=(null)\n   NodeList=n2")),
            qPrintable(t));
        // D asks for more than MaxTime: PartitionConfig, then the backfill names the limit.
        QVERIFY2(t.contains(QStringLiteral("(PartitionConfig)       1000")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("41    normal        D      kim PD                 N/A  "
                                           "    1 (null)               (PartitionTimeLimit)")),
                 qPrintable(t));
        // Once B is cancelled, C5 starts on n2 while A still runs on n1.
        QVERIFY2(t.contains(QStringLiteral("      37    normal        A  R       1:05       3:00   "
                                           "   1                   n1       1000\n"
                                           "      39    normal       C5  R ")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("38                    B CANCELLED+      0:0            "
                                           "    None 2026-11-30T21:34:03                 None \n"
                                           "41                    D CANCELLED+      0:0            "
                                           "    None 2026-11-30T21:34:10   PartitionTimeLimit \n")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("38                    B CANCELLED+     100000")),
                 qPrintable(t));
    }

    // Transcript 06: 1,000 jobs of 40 ms on 4 slots take minutes, since jobs start in bursts
    // at the scheduler's cadence (batch_sched_delay, bf_interval), not as slots free up.
    void shortJobsFollowTheSchedulersCadence()
    {
        const QString t = run(QStringLiteral("06-bench1000.yaml"));
        auto queueAt = [&](const QString &header) {
            const qsizetype at = t.indexOf(header);
            return at < 0 ? -1 : t.mid(at + header.size()).section(QLatin1Char('\n'), 0, 0).toInt();
        };
        const int at100 = queueAt(QStringLiteral("[+00:01:40] $ squeue -h | wc -l\n"));
        const int at200 = queueAt(QStringLiteral("[+00:03:20] $ squeue -h | wc -l\n"));
        // Real Slurm: ~2.4 jobs/s, about 760 waiting after 100 s and 540 after 200 s.
        QVERIFY2(at100 > 550 && at100 < 850, qPrintable(t));
        QVERIFY2(at200 > 250 && at200 < 650, qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("   1000  COMPLETED")), qPrintable(t));
    }
};

QTEST_GUILESS_MAIN(TestTimeouts)
#include "tst_timeouts.moc"
