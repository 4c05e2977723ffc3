// The course's Kubernetes cases run through `schedlab-cli sim`'s engine: the Job of the notes,
// a retry within backoffLimit, a deadline, the Deployment's restart loop, apply twice, and
// kubectl get's -o jsonpath / custom-columns / go-template and --field-selector.
#include "scenariorun.h"

#include <QtTest>

using schedlab::test::runScenarioFile;

namespace {

// The text of the step whose header is `header` (up to the next header).
QString block(const QString &transcript, const QString &header)
{
    const qsizetype start = transcript.indexOf(header);
    if (start < 0)
        return QStringLiteral("<no step %1>").arg(header);
    const qsizetype bodyStart = transcript.indexOf(u'\n', start) + 1;
    const qsizetype next = transcript.indexOf(QStringLiteral("\n[+"), bodyStart - 1);
    return transcript.mid(bodyStart, next < 0 ? -1 : next - bodyStart + 1);
}

// One run of the get-output scenario serves every test that reads it.
const QString &getOutputTranscript()
{
    static const QString transcript = runScenarioFile(QStringLiteral("kube/get-output.yaml"));
    return transcript;
}

} // namespace

class TestKube : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void jobOfTheNotesCompletes()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/job-notes.yaml"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:00] $ kubectl apply")),
                 QStringLiteral("job.batch/sommeil created\n"));
        // Created and not yet started: the pod waits for its container.
        QVERIFY2(block(t, QStringLiteral("[+00:00:00] $ kubectl get pods"))
                     .contains(QStringLiteral("0/1     ContainerCreating   0          0s")),
                 qPrintable(t));
        const QString running = block(t, QStringLiteral("[+00:00:05] $ kubectl get pods"));
        QVERIFY2(
            running.startsWith(QStringLiteral("NAME            READY   STATUS    RESTARTS   AGE\n"
                                              "sommeil-")),
            qPrintable(running));
        QVERIFY2(running.contains(QStringLiteral("   1/1     Running   0          5s\n")),
                 qPrintable(running));
        QCOMPARE(block(t, QStringLiteral("[+00:00:06] $ kubectl get jobs")),
                 QStringLiteral("NAME      STATUS    COMPLETIONS   DURATION   AGE\n"
                                "sommeil   Running   0/1           6s         6s\n"));
        // The log line is the pod's name, as `hostname` prints it inside the container.
        const QString podName = running.section(u'\n', 1, 1).section(u' ', 0, 0);
        QCOMPARE(block(t, QStringLiteral("[+00:00:10] $ kubectl logs")), podName + u'\n');
        QCOMPARE(block(t, QStringLiteral("[+00:00:40] $ kubectl get jobs")),
                 QStringLiteral("NAME      STATUS     COMPLETIONS   DURATION   AGE\n"
                                "sommeil   Complete   1/1           32s        40s\n"));
        QVERIFY2(block(t, QStringLiteral("[+00:00:41] $ kubectl get pods"))
                     .contains(QStringLiteral("0/1     Completed   0          41s")),
                 qPrintable(t));
        QCOMPARE(block(t, QStringLiteral("[+00:00:42] $ kubectl apply")),
                 QStringLiteral("job.batch/sommeil unchanged\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:43] $ kubectl delete")),
                 QStringLiteral("job.batch \"sommeil\" deleted\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:44] $ kubectl delete")),
                 QStringLiteral("Error from server (NotFound): jobs.batch \"sommeil\" not found\n"
                                "[exit 1]\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:50] $ kubectl get jobs")),
                 QStringLiteral("No resources found in default namespace.\n"));
    }

    void failingCommandIsRetriedOnceThenFails()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/job-retry.yaml"));
        const QString first = block(t, QStringLiteral("[+00:00:05] $ kubectl get pods"));
        QVERIFY2(first.contains(QStringLiteral("0/1     Error    0          5s")), qPrintable(t));
        QCOMPARE(first.count(u'\n'), 2); // one pod: the retry waits 10 s
        const QString later = block(t, QStringLiteral("[+00:00:20] $ kubectl get pods"));
        QCOMPARE(later.count(QStringLiteral("Error")), 2);
        QVERIFY2(block(t, QStringLiteral("[+00:00:30] $ kubectl get jobs"))
                     .contains(QStringLiteral("echec   Failed   0/1")),
                 qPrintable(t));
        const QString describe = block(t, QStringLiteral("[+00:00:31] $ kubectl describe"));
        QVERIFY2(describe.contains(QStringLiteral("Backoff Limit:    1\n")), qPrintable(describe));
        QVERIFY2(describe.contains(QStringLiteral("0 Active (0 Ready) / 0 Succeeded / 2 Failed")),
                 qPrintable(describe));
        QVERIFY2(describe.contains(QStringLiteral("BackoffLimitExceeded")), qPrintable(describe));
        QVERIFY2(describe.contains(QStringLiteral("Job has reached the specified backoff limit")),
                 qPrintable(describe));
    }

    void deadlineStopsTheJob()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/job-deadline.yaml"));
        // Past the deadline the pod is being stopped: FailureTarget until it is gone. Its
        // shell is PID 1 of the container and ignores SIGTERM: it dies at the grace period's
        // end, 30 s later.
        QVERIFY2(block(t, QStringLiteral("[+00:00:21] $ kubectl get jobs"))
                     .contains(QStringLiteral("long   FailureTarget   0/1")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:21] $ kubectl get pods"))
                     .contains(QStringLiteral("1/1     Terminating   0          21s")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:30] $ kubectl get pods"))
                     .contains(QStringLiteral("Terminating")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:52] $ kubectl get jobs"))
                     .contains(QStringLiteral("long   Failed   0/1           52s        52s")),
                 qPrintable(t));
        QCOMPARE(block(t, QStringLiteral("[+00:00:52] $ kubectl get pods")),
                 QStringLiteral("No resources found in default namespace.\n"));
        const QString events = block(t, QStringLiteral("[+00:00:53] $ kubectl get events"));
        QVERIFY2(events.contains(QStringLiteral("Job was active longer than specified deadline")),
                 qPrintable(events));
        QVERIFY2(events.contains(QStringLiteral("Stopping container long")), qPrintable(events));
    }

    void deploymentRestartsTheFiniteTaskForever()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/deployment-loop.yaml"));
        QVERIFY2(block(t, QStringLiteral("[+00:00:10] $"))
                     .contains(QStringLiteral("1/1     Running   0          10s")),
                 qPrintable(t));
        // sleep 30 ends at 31, noticed at 32: Completed for a second, then restarted.
        QVERIFY2(block(t, QStringLiteral("[+00:00:32] $"))
                     .contains(QStringLiteral("0/1     Completed   0          32s")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:40] $"))
                     .contains(QStringLiteral("1/1     Running   1 (9s ago)   40s")),
                 qPrintable(t));
        // The second run ends at 63: Completed for a second, then CrashLoopBackOff until its
        // 10 s back-off is over; RESTARTS counts from the run that just ended.
        QVERIFY2(block(t, QStringLiteral("[+00:01:04] $"))
                     .contains(QStringLiteral("0/1     Completed   1 (33s ago)   64s")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:01:06] $"))
                     .contains(QStringLiteral("0/1     CrashLoopBackOff   1 (3s ago)   66s")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:01:15] $ kubectl get pods"))
                     .contains(QStringLiteral("Running   2 (")),
                 qPrintable(t));
        // Watching shows the cycle itself, row by row.
        const QString watch = block(t, QStringLiteral("[+00:01:20] $ kubectl get pods -w"));
        const qsizetype completed = watch.indexOf(QStringLiteral("Completed"));
        const qsizetype backoff = watch.indexOf(QStringLiteral("CrashLoopBackOff"), completed);
        const qsizetype running = watch.indexOf(QStringLiteral("Running"), backoff);
        QVERIFY2(completed > 0 && backoff > completed && running > backoff, qPrintable(watch));
        QVERIFY2(block(t, QStringLiteral("[+00:01:15] $ kubectl get deployments"))
                     .startsWith(QStringLiteral(
                         "NAME      READY   UP-TO-DATE   AVAILABLE   AGE\nsommeil   1/1")),
                 qPrintable(t));
    }

    void secondApplyDoesNotRunAgain()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/job-reapply.yaml"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:20] $")),
                 QStringLiteral("job.batch/sommeil unchanged\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:21] $")).trimmed(), QStringLiteral("1"));
        const QString changed = block(t, QStringLiteral("[+00:00:22] $"));
        QVERIFY2(changed.startsWith(QStringLiteral("The Job \"sommeil\" is invalid: spec.template: "
                                                   "Invalid value: core.PodTemplateSpec{")),
                 qPrintable(changed));
        QVERIFY2(changed.contains(QStringLiteral("field is immutable")), qPrintable(changed));
        QVERIFY2(changed.endsWith(QStringLiteral("[exit 1]\n")), qPrintable(changed));
        QCOMPARE(block(t, QStringLiteral("[+00:00:24] $")),
                 QStringLiteral("job.batch/sommeil created\n"));
        QVERIFY2(block(t, QStringLiteral("[+00:00:40] $")).startsWith(QStringLiteral("sommeil-")),
                 qPrintable(t));
        QVERIFY2(
            block(t, QStringLiteral("[+00:00:41] $")).contains(QStringLiteral("Complete   1/1")),
            qPrintable(t));
    }

    void twoJobsShareOneClusterQueue()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/kueue-quota.yaml"));
        // The queue holds 2 CPUs: the second Job stays suspended until the first is done.
        QCOMPARE(block(t, QStringLiteral("[+00:00:05] $ kubectl get jobs")),
                 QStringLiteral("NAME       STATUS      COMPLETIONS   DURATION   AGE\n"
                                "calcul-a   Running     0/1           4s         4s\n"
                                "calcul-b   Suspended   0/1                      4s\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:05] $ kubectl get clusterqueues")),
                 QStringLiteral("NAME            COHORT   PENDING WORKLOADS\n"
                                "cluster-queue            1\n"));
        QVERIFY2(
            block(t, QStringLiteral("[+00:00:07] $ kubectl describe"))
                .contains(QStringLiteral("couldn't assign flavors to pod set main: insufficient "
                                         "unused quota for cpu in flavor default-flavor, 2 more "
                                         "needed")),
            qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:40] $ kubectl get jobs"))
                     .contains(QStringLiteral("calcul-a   Complete   1/1           32s")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:40] $ kubectl get jobs"))
                     .contains(QStringLiteral("calcul-b   Running    0/1           7s")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:01:20] $ kubectl get jobs"))
                     .contains(QStringLiteral("calcul-b   Complete   1/1")),
                 qPrintable(t));
    }

    void podThatDoesNotFitWaitsPending()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/node-full.yaml"));
        // Two CPUs, three pods of one CPU: the third is not bound to a node, so it has no
        // container yet (Pending, not ContainerCreating), and the scheduler says why.
        QCOMPARE(block(t, QStringLiteral("[+00:00:05] $ kubectl get pods")),
                 QStringLiteral("NAME         READY   STATUS    RESTARTS   AGE\n"
                                "trio-72tlb   1/1     Running   0          5s\n"
                                "trio-b44kj   0/1     Pending   0          5s\n"
                                "trio-j2r2h   1/1     Running   0          5s\n"));
        const QString why = QStringLiteral(
            "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 "
            "No preemption victims found for incoming pod.");
        QCOMPARE(block(t, QStringLiteral("[+00:00:06] $ kubectl get events | grep")),
                 QStringLiteral("6s          Warning   FailedScheduling   pod/trio-b44kj   ") +
                     why + u'\n');
        QVERIFY2(block(t, QStringLiteral("[+00:00:06] $ kubectl describe"))
                     .contains(QStringLiteral("  Warning  FailedScheduling  6s    "
                                              "default-scheduler  ") +
                               why),
                 qPrintable(t));
        // Bound once the first two are done and noticed (20 s of sleep, a second to notice).
        QVERIFY2(block(t, QStringLiteral("[+00:00:30] $ kubectl get pods"))
                     .contains(QStringLiteral("trio-b44kj   1/1     Running     0          30s")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:30] $ kubectl describe"))
                     .contains(QStringLiteral("  Normal   Scheduled         8s    "
                                              "default-scheduler  Successfully assigned "
                                              "default/trio-b44kj to node01")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:01:00] $ kubectl get jobs"))
                     .contains(QStringLiteral("trio   Complete   3/3")),
                 qPrintable(t));
    }

    void cohortReclaimsBorrowedQuota()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/kueue-cohort.yaml"));
        // gros-a borrows team b's 2 CPUs; when b needs them, gros-a is evicted (suspended),
        // and b's Job starts once gros-a's pod is gone (its shell ignores SIGTERM: 30 s).
        QVERIFY2(
            block(t, QStringLiteral("[+00:00:05] $")).contains(QStringLiteral("gros-a   Running")),
            qPrintable(t));
        const QString after = block(t, QStringLiteral("[+00:00:11] $ kubectl get jobs"));
        QVERIFY2(after.contains(QStringLiteral("gros-a    Suspended")), qPrintable(after));
        QVERIFY2(after.contains(QStringLiteral("petit-b   Suspended")), qPrintable(after));
        QVERIFY2(block(t, QStringLiteral("[+00:00:12] $"))
                     .contains(QStringLiteral("due to reclamation within the cohort")),
                 qPrintable(t));
        QVERIFY2(block(t, QStringLiteral("[+00:00:30] $")).contains(QStringLiteral("Terminating")),
                 qPrintable(t));
        QVERIFY2(
            block(t, QStringLiteral("[+00:00:50] $")).contains(QStringLiteral("petit-b   Running")),
            qPrintable(t));
        const QString end = block(t, QStringLiteral("[+00:01:20] $"));
        QVERIFY2(end.contains(QStringLiteral("petit-b   Complete")), qPrintable(end));
        QVERIFY2(end.contains(QStringLiteral("gros-a    Running")), qPrintable(end));
    }

    void higherPriorityTakesTheQueue()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/kueue-priority.yaml"));
        QVERIFY2(
            block(t, QStringLiteral("[+00:00:00] $ kubectl get priorityclasses"))
                .contains(QStringLiteral("haute                     1000         false            "
                                         "0s    PreemptLowerPriority")),
            qPrintable(t));
        const QString after = block(t, QStringLiteral("[+00:00:11] $ kubectl get jobs"));
        QVERIFY2(after.contains(QStringLiteral("lent     Suspended")), qPrintable(after));
        QVERIFY2(block(t, QStringLiteral("[+00:00:11] $ kubectl get events"))
                     .contains(QStringLiteral("due to prioritization in the ClusterQueue")),
                 qPrintable(t));
        QVERIFY2(
            block(t, QStringLiteral("[+00:00:50] $")).contains(QStringLiteral("urgent   Running")),
            qPrintable(t));
        const QString end = block(t, QStringLiteral("[+00:01:20] $"));
        QVERIFY2(end.contains(QStringLiteral("urgent   Complete")), qPrintable(end));
        QVERIFY2(end.contains(QStringLiteral("lent     Running")), qPrintable(end));
    }

    void waitFollowAndPrevious()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/wait-and-follow.yaml"));
        // Right after apply the container is not started yet, as kubectl says.
        QCOMPARE(
            block(t, QStringLiteral("[+00:00:00] $ kubectl logs -f")),
            QStringLiteral("Error from server (BadRequest): container \"compte\" in pod "
                           "\"compte-fjkdt\" is waiting to start: ContainerCreating\n[exit 1]\n"));
        // -f follows the container until it ends; the clock runs meanwhile.
        QCOMPARE(block(t, QStringLiteral("[+00:00:02] $ kubectl logs -f")),
                 QStringLiteral("tour 1\ntour 2\ntour 3\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:40] $")),
                 QStringLiteral("job.batch/compte condition met\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:42] $")),
                 QStringLiteral(
                     "error: timed out waiting for the condition on jobs/compte\n[exit 1]\n"));
        // The previous run of the restarted container printed its start time.
        QCOMPARE(block(t, QStringLiteral("[+00:01:00] $")), QStringLiteral("09:30:42\n"));
        // delete waits for the pod to be gone: here its container ended by itself at 1:09,
        // and the kubelet confirmed it a second later.
        QVERIFY2(t.contains(QStringLiteral("[+00:01:10] $ kubectl get pods -l app=boucle")),
                 qPrintable(t));
    }

    void sortByAFieldPath()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/sort-by.yaml"));
        const QString byAge =
            block(t, QStringLiteral("[+00:00:06] $ kubectl get jobs --sort-by=.metadata"));
        QVERIFY2(byAge.indexOf(QStringLiteral("zz ")) < byAge.indexOf(QStringLiteral("aa ")),
                 qPrintable(t));
        const QString byName =
            block(t, QStringLiteral("[+00:00:06] $ kubectl get jobs --sort-by='"));
        QVERIFY2(byName.indexOf(QStringLiteral("aa ")) < byName.indexOf(QStringLiteral("zz ")),
                 qPrintable(t));
    }

    void getPrintsJsonPath()
    {
        const QString &t = getOutputTranscript();
        const auto step = [&t](const char *command) {
            return block(t, QStringLiteral("$ ") + QString::fromUtf8(command));
        };
        // Names separated by single spaces, and no newline after the last one.
        QCOMPARE(step("kubectl get pods -o jsonpath='{.items[*].metadata.name}'"),
                 QStringLiteral("court-jlrhv echec-2mhwd long-jzv28<\n"));
        QCOMPARE(
            step("kubectl get pods -o jsonpath='{range"),
            QStringLiteral("court-jlrhv\tSucceeded\nechec-2mhwd\tFailed\nlong-jzv28\tRunning\n"));
        QCOMPARE(step("kubectl get pods -o=jsonpath"), QStringLiteral("long-jzv28\n"));
        // A union lists every name, then the one Job that has succeeded pods.
        QCOMPARE(step("kubectl get jobs -o jsonpath=\"{.items[*]['metadata.name'"),
                 QStringLiteral("court echec long 1\n"));
        // On one object asked for by name, the template reads that object.
        QCOMPARE(step("kubectl get job long -o jsonpath"),
                 QStringLiteral("long alpine:3.20 calcul journal Job busybox:1.36 alpine:3.20\n"));
        QCOMPARE(step("kubectl get pods --sort-by=.metadata.name -o jsonpath"),
                 QStringLiteral("court-jlrhv\n"));
        QCOMPARE(step("kubectl get pods -o jsonpath-file=noms.jsonpath"),
                 QStringLiteral("court-jlrhv\nechec-2mhwd\nlong-jzv28\n\n"));
        QCOMPARE(step("kubectl get jobs -o jsonpath --template"), QStringLiteral("1\n"));
        QCOMPARE(step("kubectl get jobs -o jsonpath-as-json"),
                 QStringLiteral("[\n    \"court\",\n    \"echec\",\n    \"long\"\n]\n"));
    }

    void getJsonPathErrors()
    {
        const QString &t = getOutputTranscript();
        const auto step = [&t](const char *command) {
            return block(t, QStringLiteral("$ ") + QString::fromUtf8(command));
        };
        // --allow-missing-template-keys is true by default: nothing printed, success.
        QCOMPARE(step("kubectl get pods -o jsonpath='{.items[*].foo}'"),
                 QStringLiteral("[rc=0]\n"));
        QCOMPARE(step("kubectl get jobs -o jsonpath='{.items[*].foo}' --allow-missing"),
                 QStringLiteral("error: error executing jsonpath \"{.items[*].foo}\": Error "
                                "executing template: foo is not found. Printing more information "
                                "for debugging the template:\n\ttemplate was:\n\t\t"
                                "{.items[*].foo}\n\tobject given to jsonpath engine was:\n"));
        QCOMPARE(step("kubectl get deployments -o jsonpath"),
                 QStringLiteral("error: error executing jsonpath \"{.items[0].metadata.name}\": "
                                "Error executing template: array index out of bounds: index 0, "
                                "length 0. Printing more information for debugging the "
                                "template:\n\ttemplate was:\n\t\t{.items[0].metadata.name}\n\t"
                                "object given to jsonpath engine was:\n\t\tmap[string]interface "
                                "{}{\"apiVersion\":\"v1\", \"items\":[]interface {}{}, "
                                "\"kind\":\"List\", \"metadata\":map[string]interface "
                                "{}{\"resourceVersion\":\"\"}}\n\n[exit 1]\n"));
        QCOMPARE(step("kubectl get pods -o jsonpath='{.items[*'\n"),
                 QStringLiteral("error: error parsing jsonpath {.items[*, unterminated "
                                "array\n[exit 1]\n"));
        QCOMPARE(step("kubectl get pods -o jsonpath\n"),
                 QStringLiteral("error: template format specified but no template given\n"
                                "[exit 1]\n"));
        // Outside the tables, an empty list prints nothing at all.
        QCOMPARE(step("kubectl get deployments -o name"), QStringLiteral("[rc=0]\n"));
    }

    void getPrintsCustomColumns()
    {
        const QString &t = getOutputTranscript();
        const auto step = [&t](const char *command) {
            return block(t, QStringLiteral("$ ") + QString::fromUtf8(command));
        };
        QCOMPARE(step("kubectl get pods -o custom-columns=NAME:.metadata.name,STATUS"),
                 QStringLiteral("NAME          STATUS      NODE    MISSING\n"
                                "court-jlrhv   Succeeded   cpu01   <none>\n"
                                "echec-2mhwd   Failed      cpu01   <none>\n"
                                "long-jzv28    Running     cpu01   <none>\n"));
        // Several values in a cell are joined by commas; --no-headers drops the header row.
        QCOMPARE(step("kubectl get pods -l app=long -o custom-columns"),
                 QStringLiteral("calcul,journal   busybox:1.36,alpine:3.20   long\n"));
        QCOMPARE(step("kubectl get pods -o custom-columns-file=colonnes.txt"),
                 QStringLiteral("NOM           PHASE\n"
                                "court-jlrhv   Succeeded\n"
                                "echec-2mhwd   Failed\n"
                                "long-jzv28    Running\n"));
        QCOMPARE(step("kubectl get deployments -o custom-columns"), QStringLiteral("NAME\n"));
        QCOMPARE(step("kubectl get pods -o custom-columns=NAME\n"),
                 QStringLiteral("error: unexpected custom-columns spec: NAME, expected "
                                "<header>:<json-path-expr>\n[exit 1]\n"));
    }

    void getSelectsByField()
    {
        const QString &t = getOutputTranscript();
        const auto step = [&t](const char *command) {
            return block(t, QStringLiteral("$ ") + QString::fromUtf8(command));
        };
        QCOMPARE(step("kubectl get pods --field-selector status.phase=Running"),
                 QStringLiteral("NAME         READY   STATUS    RESTARTS   AGE\n"
                                "long-jzv28   2/2     Running   0          13s\n"));
        QCOMPARE(step("kubectl get pods --field-selector=status.phase!=Running"),
                 QStringLiteral("NAME          READY   STATUS      RESTARTS   AGE\n"
                                "court-jlrhv   0/1     Completed   0          13s\n"
                                "echec-2mhwd   0/1     Error       0          13s\n"));
        QCOMPARE(step("kubectl get pods --field-selector status.phase=Succeeded"),
                 QStringLiteral("pod/court-jlrhv\n"));
        QCOMPARE(step("kubectl get pods --field-selector status.phase=Pending"),
                 QStringLiteral("No resources found in default namespace.\n"));
        QCOMPARE(step("kubectl get pods --field-selector foo=bar"),
                 QStringLiteral("Error from server (BadRequest): Unable to find \"/v1, "
                                "Resource=pods\" that match label selector \"\", field selector "
                                "\"foo=bar\": field label not supported: foo\n[exit 1]\n"));
        QCOMPARE(step("kubectl get pods --field-selector status.phase\n"),
                 QStringLiteral("Error from server (BadRequest): Unable to find \"/v1, "
                                "Resource=pods\" that match label selector \"\", field selector "
                                "\"status.phase\": invalid selector: 'status.phase'; can't "
                                "understand 'status.phase'\n[exit 1]\n"));
        QCOMPARE(step("kubectl get jobs --field-selector status.successful=1"),
                 QStringLiteral("job.batch/court\n"));
        QCOMPARE(step("kubectl get jobs --field-selector status.phase=Running"),
                 QStringLiteral("Error from server (BadRequest): Unable to find \"batch/v1, "
                                "Resource=jobs\" that match label selector \"\", field selector "
                                "\"status.phase=Running\": field label \"status.phase\" not "
                                "supported for Job\n[exit 1]\n"));
        QCOMPARE(step("kubectl get deployments --field-selector"),
                 QStringLiteral("Error from server (BadRequest): Unable to find \"apps/v1, "
                                "Resource=deployments\" that match label selector \"\", field "
                                "selector \"spec.replicas=1\": \"spec.replicas\" is not a known "
                                "field selector: only \"metadata.name\", "
                                "\"metadata.namespace\"\n[exit 1]\n"));
        // Only the Job is named long: one kind found, so no kind before the name.
        QCOMPARE(step("kubectl get pods,jobs --field-selector metadata.name=long"),
                 QStringLiteral("NAME   STATUS    COMPLETIONS   DURATION   AGE\n"
                                "long   Running   0/1           13s        13s\n"));
        QCOMPARE(step("kubectl get pod long --field-selector"),
                 QStringLiteral("error: name cannot be provided when a selector is "
                                "specified\n[exit 1]\n"));
        QCOMPARE(step("kubectl get events --field-selector type=Warning"),
                 QStringLiteral("LAST SEEN   TYPE      REASON                 OBJECT      MESSAGE\n"
                                "11s         Warning   BackoffLimitExceeded   job/echec   Job has "
                                "reached the specified backoff limit\n"));
    }

    void getPrintsGoTemplates()
    {
        const QString &t = getOutputTranscript();
        const auto step = [&t](const char *command) {
            return block(t, QStringLiteral("$ ") + QString::fromUtf8(command));
        };
        QCOMPARE(step("kubectl get pods -o go-template"),
                 QStringLiteral("court-jlrhv Succeeded\nechec-2mhwd Failed\nlong-jzv28 Running\n"));
        QCOMPARE(step("kubectl get job long -o go-template='{{.spec.backoffLimit}}"),
                 QStringLiteral("6 <no value> 2\n"));
        QCOMPARE(step("kubectl get job long -o go-template='{{.metadata.name.foo}}'"),
                 QStringLiteral("error: error executing template \"{{.metadata.name.foo}}\": "
                                "template: output:1:11: executing \"output\" at "
                                "<.metadata.name.foo>: can't evaluate field foo in type interface "
                                "{}\n[exit 1]\n"));
    }

    void badManifestsAreRefusedCleanly()
    {
        const QString t = runScenarioFile(QStringLiteral("kube/bad-input.yaml"));
        const QString prefix =
            QStringLiteral("error: error parsing %1: error converting YAML to JSON: ");
        QCOMPARE(block(t, QStringLiteral("[+00:00:01] $")),
                 prefix.arg(QStringLiteral("tabs.yaml")) +
                     QStringLiteral(
                         "yaml: line 4: found character that cannot start any token\n[exit 1]\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:02] $")),
                 prefix.arg(QStringLiteral("double.yaml")) +
                     QStringLiteral("yaml: unmarshal errors:\n  line 5: key \"name\" already set "
                                    "in map\n[exit 1]\n"));
        QCOMPARE(
            block(t, QStringLiteral("[+00:00:03] $")),
            prefix.arg(QStringLiteral("syntaxe.yaml")) +
                QStringLiteral(
                    "yaml: line 3: mapping values are not allowed in this context\n[exit 1]\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:04] $")),
                 prefix.arg(QStringLiteral("bombe.yaml")) +
                     QStringLiteral("yaml: document contains excessive aliasing\n[exit 1]\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:05] $")),
                 prefix.arg(QStringLiteral("binaire.yaml")) +
                     QStringLiteral("yaml: control characters are not allowed\n[exit 1]\n"));
        QVERIFY2(block(t, QStringLiteral("[+00:00:06] $")).contains(QStringLiteral("UTF-8 octet")),
                 qPrintable(t));
        QCOMPARE(block(t, QStringLiteral("[+00:00:07] $")),
                 QStringLiteral(
                     "Error from server (RequestEntityTooLarge): error when creating "
                     "\"gros.yaml\": Request entity too large: limit is 3145728\n[exit 1]\n"));
        QCOMPARE(
            block(t, QStringLiteral("[+00:00:08] $")),
            QStringLiteral("Error from server (BadRequest): error when creating \"faute.yaml\": "
                           "Job in version \"v1\" cannot be handled as a Job: strict decoding "
                           "error: unknown field \"spec.template.spec.containers[0].comand\"\n"
                           "[exit 1]\n"));
        QCOMPARE(
            block(t, QStringLiteral("[+00:00:09] $")),
            QStringLiteral("error: error validating \"sanskind.yaml\": error validating data: "
                           "kind not set; if you choose to ignore these errors, turn validation "
                           "off with --validate=false\n[exit 1]\n"));
        QCOMPARE(
            block(t, QStringLiteral("[+00:00:10] $")),
            QStringLiteral("error: resource mapping not found for name: \"inconnu\" namespace: "
                           "\"\" from \"inconnu.yaml\": no matches for kind \"Jobb\" in version "
                           "\"batch/v1\"\nensure CRDs are installed first\n[exit 1]\n"));
        QCOMPARE(
            block(t, QStringLiteral("[+00:00:11] $")),
            QStringLiteral("The Job \"toujours\" is invalid: spec.template.spec.restartPolicy: "
                           "Required value: valid values: \"OnFailure\", \"Never\"\n[exit 1]\n"));
        QCOMPARE(block(t, QStringLiteral("[+00:00:12] $")),
                 QStringLiteral("error: the path \"absent.yaml\" does not exist\n[exit 1]\n"));
        // Nothing else was disturbed: the good Job ran to its end.
        QVERIFY2(block(t, QStringLiteral("[+00:00:20] $"))
                     .contains(QStringLiteral("bon    Complete   1/1")),
                 qPrintable(t));
    }
};

QTEST_GUILESS_MAIN(TestKube)
#include "tst_kube.moc"
