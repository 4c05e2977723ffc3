// The command lines sent to a login node and the reading of their answers. The outputs below
// are what Slurm 22.05 prints for these exact formats (checked against the test login node of
// tst_loginnode).
#include "slurmcommands.h"

#include <QProcess>
#include <QTest>
#include <QTimeZone>

using namespace schedlab::remote;

class TestSlurmCommands : public QObject
{
    Q_OBJECT

private:
    // What a POSIX shell makes of a quoted word.
    static QString throughShell(const QString &quoted)
    {
        QProcess shell;
        shell.start(QStringLiteral("/bin/sh"),
                    {QStringLiteral("-c"), QStringLiteral("printf '%s' ") + quoted});
        shell.waitForFinished();
        return QString::fromUtf8(shell.readAllStandardOutput());
    }

private Q_SLOTS:
    void quotingSurvivesTheShell_data()
    {
        QTest::addColumn<QString>("word");
        QTest::newRow("plain") << QStringLiteral("sommeil.sbatch");
        QTest::newRow("space") << QStringLiteral("mon script.sbatch");
        QTest::newRow("quote") << QStringLiteral("it's");
        QTest::newRow("injection") << QStringLiteral("x'; rm -rf ~; echo '");
        QTest::newRow("dollar") << QStringLiteral("$HOME/`id`/$(id)");
        QTest::newRow("empty") << QString();
    }
    void quotingSurvivesTheShell()
    {
        QFETCH(QString, word);
        QCOMPARE(throughShell(shellQuote(word)), word);
    }

    void plainFileNames()
    {
        QVERIFY(isPlainFileName(QStringLiteral("sommeil.sbatch")));
        QVERIFY(isPlainFileName(QStringLiteral(".hidden")));
        QVERIFY(!isPlainFileName(QStringLiteral("../x")));
        QVERIFY(!isPlainFileName(QStringLiteral("..")));
        QVERIFY(!isPlainFileName(QStringLiteral("a/b")));
        QVERIFY(!isPlainFileName(QStringLiteral("a\nb")));
        QVERIFY(!isPlainFileName(QString()));
    }

    void sbatchAddsOptionsOnlyWhenSet()
    {
        QCOMPARE(
            sbatchCommand(QStringLiteral("schedlab/ex1"), QStringLiteral("sommeil.sbatch"), {}, {}),
            QStringLiteral("cd 'schedlab/ex1' && sbatch 'sommeil.sbatch'"));
        QCOMPARE(
            sbatchCommand(QStringLiteral("w"), QStringLiteral("s.sbatch"), QStringLiteral("short"),
                          QStringLiteral("cours")),
            QStringLiteral("cd 'w' && sbatch --partition='short' --account='cours' 's.sbatch'"));
    }

    void queriesNameTheirFormatAndClearTheUsersOwn()
    {
        const QString squeue = squeueCommand({12, 13});
        QVERIFY(squeue.contains(QLatin1String("-u SQUEUE_FORMAT")));
        QVERIFY(squeue.contains(QLatin1String("TZ=UTC SLURM_TIME_FORMAT=standard")));
        QVERIFY(squeue.contains(QLatin1String("squeue -h -t all -j 12,13 -o '")));
        QVERIFY(
            sacctCommand({7}).contains(QLatin1String("sacct -X -n -P -j 7 --format=JobID,State,")));
        QVERIFY(sacctCommand({7}).contains(QLatin1String("-u SACCT_FORMAT")));
        QCOMPARE(scancelCommand(42), QStringLiteral("scancel 42"));
    }

    void submittedJobId()
    {
        QCOMPARE(parseSubmittedJobId(QStringLiteral("Submitted batch job 1399\n")),
                 std::optional<quint32>(1399));
        QCOMPARE(parseSubmittedJobId(QStringLiteral("Submitted batch job 5 on cluster romeo\n")),
                 std::optional<quint32>(5));
        QCOMPARE(
            parseSubmittedJobId(QStringLiteral("sbatch: error: Batch job submission failed\n")),
            std::nullopt);
    }

    void squeueLines()
    {
        const QString output = QStringLiteral(
            "17|RUNNING|None|2026-12-01T10:00:01|2026-12-01T10:00:02|2026-12-01T10:02:02|2:00|"
            "debug|"
            "schedlab-test|sl1|sommeil\n"
            "18|PENDING|Resources|2026-12-01T10:00:03|N/A|N/A|2:00|debug|schedlab-test||a|b\n"
            "slurm_load_jobs error: Invalid job id specified\n");
        const QList<JobStatus> jobs = parseSqueue(output);
        QCOMPARE(jobs.size(), 2);
        QCOMPARE(jobs[0].id, 17u);
        QCOMPARE(jobs[0].state, QStringLiteral("RUNNING"));
        QCOMPARE(jobs[0].nodeList, QStringLiteral("sl1"));
        QCOMPARE(
            jobs[0].startTime,
            QDateTime(QDate(2026, 12, 1), QTime(10, 0, 2), QTimeZone::utc()).toSecsSinceEpoch());
        QCOMPARE(jobs[0].name, QStringLiteral("sommeil"));
        QVERIFY(!jobs[0].finished());
        QCOMPARE(jobs[1].reason, QStringLiteral("Resources"));
        QCOMPARE(jobs[1].startTime, 0);
        QCOMPARE(jobs[1].name, QStringLiteral("a|b")); // the free-text name comes last
    }

    void sacctLines()
    {
        const QString output = QStringLiteral(
            "20|CANCELLED by 1001|0:0|2026-12-01T10:00:00|2026-12-01T10:00:01|2026-12-01T10:00:09|"
            "00:02:00|debug|schedlab-test|sl1|sommeil\n"
            "21|TIMEOUT|0:0|2026-12-01T10:00:00|2026-12-01T10:00:01|2026-12-01T10:01:03|00:01:00|"
            "debug|"
            "schedlab-test|sl1|long\n");
        const QList<JobStatus> jobs = parseSacct(output);
        QCOMPARE(jobs.size(), 2);
        QCOMPARE(jobs[0].state, QStringLiteral("CANCELLED"));
        QVERIFY(jobs[0].finished());
        QCOMPARE(compactState(jobs[0].state), QStringLiteral("CA"));
        QCOMPARE(jobs[1].state, QStringLiteral("TIMEOUT"));
        QCOMPARE(compactState(jobs[1].state), QStringLiteral("TO"));
    }

    void scontrolOneLine()
    {
        const QString output = QStringLiteral(
            "JobId=31 JobName=sommeil UserId=schedlab-test(1002) GroupId=schedlab-test(1002) "
            "MCS_label=N/A "
            "Priority=1 Nice=0 Account=(null) QOS=(null) JobState=COMPLETED Reason=None "
            "Dependency=(null) "
            "Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:05 "
            "TimeLimit=00:02:00 "
            "TimeMin=N/A SubmitTime=2026-12-01T10:00:00 EligibleTime=2026-12-01T10:00:00 "
            "StartTime=2026-12-01T10:00:01 EndTime=2026-12-01T10:00:06 Partition=debug "
            "NodeList=sl1 "
            "BatchHost=sl1 NumNodes=1 NumCPUs=1 WorkDir=/home/schedlab-test/schedlab/ex 1 "
            "StdErr=/home/schedlab-test/schedlab/ex 1/sommeil-31.out StdIn=/dev/null "
            "StdOut=/home/schedlab-test/schedlab/ex 1/sommeil-31.out Power=\n");
        const auto job = parseScontrolJob(output);
        QVERIFY(job);
        QCOMPARE(job->id, 31u);
        QCOMPARE(job->user, QStringLiteral("schedlab-test"));
        QCOMPARE(job->state, QStringLiteral("COMPLETED"));
        QCOMPARE(job->exitCode, QStringLiteral("0:0"));
        QCOMPARE(job->nodeList, QStringLiteral("sl1"));
        QCOMPARE(job->stdOut, QStringLiteral("/home/schedlab-test/schedlab/ex 1/sommeil-31.out"));
        QVERIFY(
            !parseScontrolJob(QStringLiteral("slurm_load_jobs error: Invalid job id specified\n")));
    }

    void outputFileTellsHowAJobWasStopped()
    {
        QCOMPARE(stateFromOutputFile(
                     QStringLiteral("vm\nslurmstepd-n1: error: *** JOB 34 ON n1 CANCELLED AT "
                                    "2026-11-30T21:32:23 DUE TO TIME LIMIT ***\n"),
                     34),
                 QStringLiteral("TIMEOUT"));
        QCOMPARE(stateFromOutputFile(
                     QStringLiteral("vm\nslurmstepd-n1: error: *** JOB 2 ON n1 CANCELLED AT "
                                    "2026-11-30T21:29:42 ***\n"),
                     2),
                 QStringLiteral("CANCELLED"));
        QCOMPARE(stateFromOutputFile(QStringLiteral("vm\n"), 2), QString());
    }
};

QTEST_GUILESS_MAIN(TestSlurmCommands)
#include "tst_slurmcommands.moc"
