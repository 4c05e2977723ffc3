// End-to-end scenarios: real processes, the real client and supervisor, virtual time.
#include "scenariorun.h"

#include <QBuffer>
#include <QFile>
#include <QtTest>

using namespace schedlab;

class TestScenarios : public QObject
{
    Q_OBJECT

private:
    static QString run(const QString &file)
    {
        return test::runScenarioFile(QStringLiteral("") + file);
    }

private Q_SLOTS:
    void sommeilRunsThenCompletes()
    {
        const QString t = run(QStringLiteral("sommeil.yaml"));
        QVERIFY2(t.contains(QStringLiteral(
                     "[+00:00:00] $ sbatch sommeil.sbatch\nSubmitted batch job 1\n")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral(
                "             JOBID PARTITION     NAME     USER ST       TIME  NODES "
                "NODELIST(REASON)\n"
                "                 1     court  sommeil      kim  R       0:03      1 cpu01\n")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("[+00:00:04] $ cat sommeil-1.out\ncpu01\n")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("1             COMPLETED      0:0   00:00:30 \n"
                                           "1.batch       COMPLETED      0:0   00:00:30 \n")),
                 qPrintable(t));
    }

    void timeoutKillsWithSlurmstepdLine()
    {
        const QString t = run(QStringLiteral("sommeil.yaml"));
        // Limit 1 min from 00:00:41; the 30 s check after 00:01:41 is at 00:02:00.
        QVERIFY2(
            t.contains(QStringLiteral("cpu01\nslurmstepd: error: *** JOB 2 ON cpu01 CANCELLED AT "
                                      "2026-11-05T09:32:00 DUE TO TIME LIMIT ***\n")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("2               TIMEOUT      0:0 \n"
                                           "2.batch       CANCELLED     0:15 \n")),
                 qPrintable(t));
    }

    // The course's exercise 2: the queue at 09:40 and the scheduler's reasons, in words.
    void exerciseTwoIsExplained()
    {
        const QString t = run(QStringLiteral("exercice2.yaml"));
        QVERIFY2(
            t.contains(QStringLiteral(
                "                51     court     simu      leo PD       0:00      2 (Resources)\n"
                "                52     court    rendu      kim PD       0:00      1 (Priority)\n"
                "                53     court      tri      ana PD       0:00      1 (Priority)\n"
                "                50     court  analyse      ana  R      10:00      1 node01\n")),
            qPrintable(t));
        QVERIFY2(t.contains(
                     QStringLiteral("le job 51 attend (Resources) : il demande 2 nœuds, 1 seul "
                                    "est libre ; le job 50 libère node01 au plus tard à 10:00:00")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral("le backfill ne peut pas lancer le job 52 maintenant : il "
                                      "tournerait jusqu'à 10:20:00, au-delà du démarrage réservé "
                                      "au job 51 à 10:00:00")),
            qPrintable(t));
        // After scancel 51, job 52 is backfilled on node02 and 53 still waits.
        QVERIFY2(
            t.contains(QStringLiteral(
                "                52     court    rendu      kim  R       0:30      1 node02\n")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("job 52 is backfilled on node02")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("53     court      tri      ana PD")), qPrintable(t));
    }

    // partition_prio: a job of a higher tier takes the nodes of lower tiers; REQUEUE sends a
    // job back to the queue (BeginTime for 121 s), CANCEL ends it PREEMPTED.
    void higherTierPreempts()
    {
        const QString t = run(QStringLiteral("preemption.yaml"));
        QVERIFY2(
            t.contains(QStringLiteral(
                "                 1       bas     long      ana PD       0:00      1 (BeginTime)\n"
                "                 2   jetable      jet      leo PR       1:01      1 node02\n"
                "                 3    urgent      urg      kim  R       0:01      2 "
                "node[01-02]\n")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("le job 2 est préempté sur node02 : le job 3")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral(
                "                 1       bas     long      ana  R       0:18      1 node01\n")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("2                   jet    jetable  PREEMPTED")),
                 qPrintable(t));
    }

    // Memory above --mem: the largest process is killed, as by the cgroup's OOM killer; the
    // script goes on, and the job ends OUT_OF_MEMORY (0:125).
    void memoryAboveTheLimitIsOutOfMemory()
    {
        const QString t = run(QStringLiteral("oom.yaml"));
        QVERIFY2(
            t.contains(QStringLiteral("avant\nslurmstepd: error: Detected 1 oom-kill event(s) in "
                                      "StepId=1.batch. Some of your processes may have been "
                                      "killed by the cgroup out-of-memory handler.\n")),
            qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("après\n")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("1            OUT_OF_ME+    0:125 \n"
                                           "1.batch      OUT_OF_ME+    0:125 \n")),
                 qPrintable(t));
    }

    // srun makes steps inside a batch job and inside salloc, one task per node by default;
    // alone it makes an allocation and runs its tasks.
    void srunMakesStepsAndTasks()
    {
        const QString t = run(QStringLiteral("srun.yaml"));
        QVERIFY2(t.contains(QStringLiteral("salloc: Granted job allocation 2\nnode01\nnode02\n"
                                           "salloc: Relinquishing job allocation 2\n")),
                 qPrintable(t));
        // srun -n1 in a two-node job gives up a node, as real srun does (and says so).
        QVERIFY2(t.contains(QStringLiteral("node01\nnode02\nsrun: Warning: can't run 1 processes "
                                           "on 2 nodes, setting nnodes to 1\ntask 0 of 1\n")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral("1.0            hostname  COMPLETED     node[01-02] \n"
                                      "1.1                bash  COMPLETED          node01 \n")),
            qPrintable(t));
        // Tasks run at once; their output comes in rank order, every time.
        QVERIFY2(t.contains(QStringLiteral("0 on node01 local 0\n1 on node01 local 1\n"
                                           "2 on node02 local 0\n")),
                 qPrintable(t));
        // A step holds what the job has on the nodes it uses (as real sacct shows them).
        QVERIFY2(
            t.contains(QStringLiteral(
                "1.batch               node01        1                   cpu=1,mem=4000M,node=1 \n"
                "1.0              node[01-02]        2                   cpu=2,mem=8000M,node=2 \n"
                "1.1                   node01        1                   cpu=1,mem=4000M,node=1 "
                "\n")),
            qPrintable(t));
    }

    // A job kept out of the schedulers (hold, limit, begin time, dependency) is explained too.
    void waitsOutsideTheSchedulersAreExplained()
    {
        const QString t = run(QStringLiteral("waits.yaml"));
        QVERIFY2(t.contains(QStringLiteral("Job 1 is held: scontrol release 1 frees it.\n")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("Job 2 waits (PartitionTimeLimit)")), qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("Job 3 waits for its begin time (09:40:00).\n")),
                 qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral("Job 4 waits for a dependency (afterok:1(unfulfilled)).\n")),
            qPrintable(t));
    }

    // An untyped gpu:1 fits the node's typed GPUs; more GPUs than any node has is refused.
    void gresRequestsFitTheGpuNode()
    {
        const QString t = run(QStringLiteral("gpus.yaml"));
        QVERIFY2(t.contains(QStringLiteral("Submitted batch job 1\nSubmitted batch job 2\n")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("Requested node configuration is not available")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("GPU=0\n")), qPrintable(t));
        // The GPU node has idle CPUs: the explanation says what it lacks.
        QVERIFY2(t.contains(QStringLiteral("il demande 1 nœud, aucun ne peut l'accueillir "
                                           "maintenant, faute de GPU libres")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("it needs 1 node, none can take it now, short of free "
                                           "GPUs")),
                 qPrintable(t));
    }
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
