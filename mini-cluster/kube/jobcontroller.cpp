// The Job controller (1.31): pods created up to parallelism, failures counted against
// backoffLimit with the 10 s doubling re-creation delay, activeDeadlineSeconds from
// startTime, the FailureTarget / SuccessCriteriaMet conditions before Failed / Complete,
// suspend and resume, ttlSecondsAfterFinished.
#include "kubecluster.h"

namespace schedlab::kube {

namespace {

constexpr qint64 kPodFailureBackoff = 10;
constexpr qint64 kMaxPodFailureBackoff = 600;

QString phaseOf(const Value &pod)
{
    return at(pod, {"status", "phase"}).toString();
}

bool isDeleting(const Value &pod)
{
    return !at(pod, {"metadata", "deletionTimestamp"}).isNull();
}

int restartsOf(const Value &pod)
{
    int total = 0;
    for (const Value &s : at(pod, {"status", "containerStatuses"}).items())
        total += int(s[QStringLiteral("restartCount")].toInt());
    return total;
}

} // namespace

bool KubeCluster::hasCondition(const Value &job, const QString &type) const
{
    for (const Value &c : at(job, {"status", "conditions"}).items())
        if (c[QStringLiteral("type")].toString() == type &&
            c[QStringLiteral("status")].toString() == QLatin1String("True"))
            return true;
    return false;
}

void KubeCluster::addCondition(Value &job, const QString &type, const QString &reason,
                               const QString &message, const QString &status)
{
    Value &conditions = listAt(childAt(job, {"status"}), QStringLiteral("conditions"));
    Value c = Value::map();
    c.set(QStringLiteral("type"), Value::string(type));
    c.set(QStringLiteral("status"), Value::string(status));
    c.set(QStringLiteral("lastProbeTime"), Value::string(rfc3339(api_.now())));
    c.set(QStringLiteral("lastTransitionTime"), Value::string(rfc3339(api_.now())));
    c.set(QStringLiteral("reason"), Value::string(reason));
    c.set(QStringLiteral("message"), Value::string(message));
    for (Value &existing : conditions.items()) {
        if (existing[QStringLiteral("type")].toString() == type) {
            existing = c;
            changed_ = true;
            return;
        }
    }
    conditions.append(c);
    changed_ = true;
}

Value KubeCluster::newJobPod(const Value &job)
{
    const Value &tmpl = at(job, {"spec", "template"});
    Value pod = Value::map();
    pod.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("v1")));
    pod.set(QStringLiteral("kind"), Value::string(QStringLiteral("Pod")));
    Value meta =
        tmpl[QStringLiteral("metadata")].isMap() ? tmpl[QStringLiteral("metadata")] : Value::map();
    const QString ns = namespaceOf(job);
    const QString jobName = nameOf(job);
    meta.set(QStringLiteral("generateName"), Value::string(jobName + u'-'));
    meta.set(QStringLiteral("name"),
             Value::string(
                 api_.generateName(*kindForResource(QStringLiteral("pods")), ns, jobName + u'-')));
    meta.set(QStringLiteral("namespace"), Value::string(ns));
    Value finalizers = Value::list();
    finalizers.append(Value::string(QStringLiteral("batch.kubernetes.io/job-tracking")));
    meta.set(QStringLiteral("finalizers"), finalizers);
    Value owner = Value::map();
    owner.set(QStringLiteral("apiVersion"), Value::string(QStringLiteral("batch/v1")));
    owner.set(QStringLiteral("blockOwnerDeletion"), Value::boolean(true));
    owner.set(QStringLiteral("controller"), Value::boolean(true));
    owner.set(QStringLiteral("kind"), Value::string(QStringLiteral("Job")));
    owner.set(QStringLiteral("name"), Value::string(jobName));
    owner.set(QStringLiteral("uid"), Value::string(uidOf(job)));
    Value owners = Value::list();
    owners.append(owner);
    meta.set(QStringLiteral("ownerReferences"), owners);
    pod.set(QStringLiteral("metadata"), meta);
    Value podSpec = tmpl[QStringLiteral("spec")];
    // The Priority admission plugin writes the class's value into the pod.
    const QString className = podSpec[QStringLiteral("priorityClassName")].toString();
    if (!className.isEmpty())
        if (const Value *pc = api_.find(QStringLiteral("PriorityClass"), QString(), className))
            podSpec.set(QStringLiteral("priority"), (*pc)[QStringLiteral("value")]);
    pod.set(QStringLiteral("spec"), podSpec);
    return pod;
}

void KubeCluster::failJob(Value &job, const QString &reason, const QString &message)
{
    addCondition(job, QStringLiteral("FailureTarget"), reason, message);
    api_.recordEvent(job, QStringLiteral("Warning"), reason, message,
                     QStringLiteral("job-controller"));
    for (Value *pod : podsOwnedBy(uidOf(job))) {
        const QString phase = phaseOf(*pod);
        if (phase != QLatin1String("Succeeded") && phase != QLatin1String("Failed"))
            beginPodDeletion(*pod,
                             int(at(*pod, {"spec", "terminationGracePeriodSeconds"}).toInt()));
    }
}

void KubeCluster::syncJobs()
{
    const QList<Value *> jobs = api_.list(QStringLiteral("Job"));
    for (Value *job : jobs)
        syncJob(*job);
}

void KubeCluster::markOwnerDirty(const QString &ownerUid)
{
    if (auto it = jobs_.find(ownerUid); it != jobs_.end())
        it->dirty = true;
}

void KubeCluster::jobWakeAt(JobTracking &track, qint64 t)
{
    track.wakeAt = std::min(track.wakeAt, t);
    wakeAt(t);
}

void KubeCluster::syncJob(Value &job)
{
    const QString uid = uidOf(job);
    JobTracking &track = jobs_[uid];
    const QString version = at(job, {"metadata", "resourceVersion"}).toString();
    if (!track.dirty && track.seenVersion == version && api_.now() < track.wakeAt)
        return; // nothing it depends on has moved
    track.dirty = false;
    track.seenVersion = version;
    track.wakeAt = LLONG_MAX;
    // A copy: adding `status` to the Job may move the entries a reference would point into.
    const Value spec = job[QStringLiteral("spec")];
    Value &status = childAt(job, {"status"});
    const qint64 now = api_.now();
    const bool complete = hasCondition(job, QStringLiteral("Complete"));
    const bool failed = hasCondition(job, QStringLiteral("Failed"));

    // Count pods: each finished pod once, as the job-tracking finalizer guarantees.
    int active = 0, ready = 0, terminating = 0;
    int succeeded = int(status[QStringLiteral("succeeded")].toInt());
    int failedPods = int(status[QStringLiteral("failed")].toInt());
    int restarts = 0;
    QList<Value *> activePods;
    for (Value *pod : podsOwnedBy(uid)) {
        const QString phase = phaseOf(*pod);
        const QString podUid = uidOf(*pod);
        if (phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed")) {
            if (!track.countedPods.contains(podUid)) {
                track.countedPods.insert(podUid);
                if (phase == QLatin1String("Succeeded")) {
                    ++succeeded;
                    track.failuresSinceSuccess = 0;
                } else {
                    ++failedPods;
                    ++track.failuresSinceSuccess;
                    track.lastFailureAt = now;
                }
                changed_ = true;
            }
            continue;
        }
        if (isDeleting(*pod)) {
            ++terminating;
            continue;
        }
        ++active;
        activePods << pod;
        restarts += restartsOf(*pod);
        for (const Value &c : at(*pod, {"status", "conditions"}).items())
            if (c[QStringLiteral("type")].toString() == QLatin1String("Ready") &&
                c[QStringLiteral("status")].toString() == QLatin1String("True"))
                ++ready;
    }
    auto setCount = [&](const char *field, int value) {
        const Value v = Value::integer(value);
        if (status[QLatin1String(field)] != v) {
            status.set(QLatin1String(field), v);
            changed_ = true;
        }
    };
    auto dropZero = [&](const char *field, int value) {
        if (value == 0) {
            if (status.remove(QLatin1String(field)))
                changed_ = true;
        } else {
            setCount(field, value);
        }
    };
    dropZero("active", active);
    dropZero("succeeded", succeeded);
    dropZero("failed", failedPods);
    setCount("ready", ready);
    setCount("terminating", terminating);
    if (!status.contains(QStringLiteral("uncountedTerminatedPods")))
        status.set(QStringLiteral("uncountedTerminatedPods"), Value::map());

    if (complete || failed) {
        // ttlSecondsAfterFinished: the TTL controller deletes the finished Job.
        if (const Value *ttl = spec.find(QStringLiteral("ttlSecondsAfterFinished"))) {
            qint64 finishedAt = -1;
            for (const Value &c : status[QStringLiteral("conditions")].items())
                if (c[QStringLiteral("type")].toString() ==
                    (complete ? QLatin1String("Complete") : QLatin1String("Failed")))
                    finishedAt = parseRfc3339(c[QStringLiteral("lastTransitionTime")].toString());
            const qint64 due = finishedAt + ttl->toInt();
            if (finishedAt >= 0 && now >= due) {
                deleteOwnedPods(uid, 30);
                jobs_.remove(uid);
                api_.erase(*kindForResource(QStringLiteral("jobs")), namespaceOf(job), nameOf(job));
                changed_ = true;
            } else if (finishedAt >= 0) {
                jobWakeAt(track, due);
            }
        }
        return;
    }

    // A failure decided earlier becomes Failed once its pods are gone.
    if (hasCondition(job, QStringLiteral("FailureTarget"))) {
        if (active == 0 && terminating == 0) {
            QString reason, message;
            for (const Value &c : status[QStringLiteral("conditions")].items())
                if (c[QStringLiteral("type")].toString() == QLatin1String("FailureTarget")) {
                    reason = c[QStringLiteral("reason")].toString();
                    message = c[QStringLiteral("message")].toString();
                }
            addCondition(job, QStringLiteral("Failed"), reason, message);
        }
        return;
    }

    // Suspend and resume.
    const bool suspend = spec[QStringLiteral("suspend")].toBool();
    if (suspend) {
        if (!track.wasSuspended || !hasCondition(job, QStringLiteral("Suspended"))) {
            track.wasSuspended = true;
            for (Value *pod : activePods)
                beginPodDeletion(*pod,
                                 int(at(*pod, {"spec", "terminationGracePeriodSeconds"}).toInt()));
            addCondition(job, QStringLiteral("Suspended"), QStringLiteral("JobSuspended"),
                         QStringLiteral("Job suspended"));
            api_.recordEvent(job, QStringLiteral("Normal"), QStringLiteral("Suspended"),
                             QStringLiteral("Job suspended"), QStringLiteral("job-controller"));
            status.remove(QStringLiteral("startTime"));
        }
        return;
    }
    if (track.wasSuspended) {
        track.wasSuspended = false;
        addCondition(job, QStringLiteral("Suspended"), QStringLiteral("JobResumed"),
                     QStringLiteral("Job resumed"), QStringLiteral("False"));
        api_.recordEvent(job, QStringLiteral("Normal"), QStringLiteral("Resumed"),
                         QStringLiteral("Job resumed"), QStringLiteral("job-controller"));
        status.set(QStringLiteral("startTime"), Value::string(rfc3339(now)));
        changed_ = true;
    }
    if (!status.contains(QStringLiteral("startTime"))) {
        status.set(QStringLiteral("startTime"), Value::string(rfc3339(now)));
        changed_ = true;
    }
    const qint64 startTime = parseRfc3339(status[QStringLiteral("startTime")].toString());

    // Failure first (backoffLimit), then the deadline, as the controller checks them.
    const qint64 backoffLimit = spec[QStringLiteral("backoffLimit")].toInt();
    const QString policy = at(spec, {"template", "spec", "restartPolicy"}).toString();
    const bool exceeds = policy == QLatin1String("OnFailure")
                             ? (backoffLimit == 0 ? restarts > 0 : restarts >= backoffLimit)
                             : failedPods > backoffLimit;
    if (exceeds) {
        failJob(job, QStringLiteral("BackoffLimitExceeded"),
                QStringLiteral("Job has reached the specified backoff limit"));
        track.dirty = true; // go on at once with what was just decided
        syncJob(job);
        return;
    }
    if (const Value *deadline = spec.find(QStringLiteral("activeDeadlineSeconds"))) {
        if (now - startTime >= deadline->toInt()) {
            failJob(job, QStringLiteral("DeadlineExceeded"),
                    QStringLiteral("Job was active longer than specified deadline"));
            track.dirty = true; // go on at once with what was just decided
            syncJob(job);
            return;
        }
        jobWakeAt(track, startTime + deadline->toInt());
    }

    // Completion.
    const Value *completions = spec.find(QStringLiteral("completions"));
    const bool done = completions && !completions->isNull()
                          ? succeeded >= completions->toInt() && active == 0
                          : succeeded > 0 && active == 0;
    if (done) {
        addCondition(job, QStringLiteral("SuccessCriteriaMet"),
                     QStringLiteral("CompletionsReached"),
                     QStringLiteral("Reached expected number of succeeded pods"));
        addCondition(job, QStringLiteral("Complete"), QStringLiteral("CompletionsReached"),
                     QStringLiteral("Reached expected number of succeeded pods"));
        status.set(QStringLiteral("completionTime"), Value::string(rfc3339(now)));
        api_.recordEvent(job, QStringLiteral("Normal"), QStringLiteral("Completed"),
                         QStringLiteral("Job completed"), QStringLiteral("job-controller"));
        track.dirty = true;
        syncJob(job); // the TTL, if any
        return;
    }

    // Pods wanted now.
    const qint64 parallelism = spec[QStringLiteral("parallelism")].toInt();
    qint64 wanted = parallelism;
    if (completions && !completions->isNull())
        wanted = std::min<qint64>(parallelism, completions->toInt() - succeeded);
    else if (succeeded > 0)
        wanted = 0;
    const qint64 missing = wanted - active;
    if (missing <= 0)
        return;
    if (track.failuresSinceSuccess > 0) {
        qint64 delay = kPodFailureBackoff;
        for (int i = 1; i < track.failuresSinceSuccess && delay < kMaxPodFailureBackoff; ++i)
            delay *= 2;
        delay = std::min(delay, kMaxPodFailureBackoff);
        if (now < track.lastFailureAt + delay) {
            jobWakeAt(track, track.lastFailureAt + delay);
            return;
        }
    }
    for (qint64 i = 0; i < missing; ++i) {
        Value &pod = createPod(newJobPod(job));
        api_.recordEvent(job, QStringLiteral("Normal"), QStringLiteral("SuccessfulCreate"),
                         QStringLiteral("Created pod: %1").arg(nameOf(pod)),
                         QStringLiteral("job-controller"));
    }
    dropZero("active", active + int(missing));
}

} // namespace schedlab::kube
