// Snapshots of the real cluster's jobs. Each snapshot is dated with the instant the real
// scheduler gives for it (submit, start, end) when it has one, so the timeline shows when
// things happened on the node rather than when the next squeue saw them.
#include "remotebackend.h"

#include "hostlist.h"
#include "slurmcommands.h"
#include "slurmtime.h"

#include <QDateTime>
#include <QPointer>

namespace schedlab::gui {

namespace {

QString clockTime(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch).toString(QStringLiteral("HH:mm:ss"));
}

QString reasonSentence(quint32 id, const QString &reason)
{
    const QString job = QString::number(id);
    if (reason == QLatin1String("None") || reason.isEmpty())
        return RemoteBackend::tr("Job %1 waits for nothing in particular: the scheduler has not "
                                 "looked at it yet, it starts at its next pass.")
            .arg(job);
    if (reason == QLatin1String("Priority"))
        return RemoteBackend::tr("Job %1 waits because other jobs have a higher priority: they "
                                 "go first (Reason=Priority).")
            .arg(job);
    if (reason == QLatin1String("Resources"))
        return RemoteBackend::tr("Job %1 is next, but the CPUs, memory or nodes it asks for are "
                                 "busy: it starts as soon as enough are free (Reason=Resources).")
            .arg(job);
    if (reason == QLatin1String("PartitionTimeLimit"))
        return RemoteBackend::tr("Job %1 asks for more time than its partition allows: it will "
                                 "never start as it is. Cancel it and submit it again with a "
                                 "shorter --time (Reason=PartitionTimeLimit).")
            .arg(job);
    if (reason == QLatin1String("QOSMaxJobsPerUserLimit"))
        return RemoteBackend::tr("You already run as many jobs as your QOS allows: job %1 starts "
                                 "when one of them ends (Reason=QOSMaxJobsPerUserLimit).")
            .arg(job);
    if (reason == QLatin1String("AssocGrpCpuLimit"))
        return RemoteBackend::tr("Your account's group already uses all the CPUs it is allowed: "
                                 "job %1 starts when some are released "
                                 "(Reason=AssocGrpCpuLimit).")
            .arg(job);
    if (reason == QLatin1String("ReqNodeNotAvail"))
        return RemoteBackend::tr("A node job %1 needs is not available (down, drained or "
                                 "reserved) (Reason=ReqNodeNotAvail).")
            .arg(job);
    if (reason == QLatin1String("Dependency"))
        return RemoteBackend::tr("Job %1 waits for the job it depends on (--dependency) "
                                 "(Reason=Dependency).")
            .arg(job);
    if (reason == QLatin1String("BeginTime"))
        return RemoteBackend::tr("Job %1 may not start before the time given with --begin "
                                 "(Reason=BeginTime).")
            .arg(job);
    if (reason == QLatin1String("JobHeldUser"))
        return RemoteBackend::tr("Job %1 is held by its owner: `scontrol release %1` lets it "
                                 "go (Reason=JobHeldUser).")
            .arg(job);
    return RemoteBackend::tr("Job %1 waits with reason %2: see \"JOB REASON CODES\" in "
                             "`man squeue` for its meaning.")
        .arg(job, reason);
}

} // namespace

RemoteBackend::RemoteBackend(remote::LoginNodeSession *session, QObject *parent)
    : Backend(parent)
    , session_(session)
{
    connect(session_, &remote::LoginNodeSession::jobUpdated, this, &RemoteBackend::onJobUpdated);
    clock_.setInterval(1000);
    connect(&clock_, &QTimer::timeout, this, [this] {
        Q_EMIT clockChanged(now());
        scheduleChanged(); // elapsed times move with the clock
    });
    clock_.start();
}

QString RemoteBackend::displayName() const
{
    const QString host = session_->profile().host;
    return host.isEmpty() ? tr("Login node") : tr("Login node %1").arg(host);
}

qint64 RemoteBackend::now() const
{
    return QDateTime::currentSecsSinceEpoch();
}

JobSnapshot RemoteBackend::snapshotOf(const remote::JobStatus &status, qint64 now)
{
    JobSnapshot s;
    s.id = status.id;
    s.name = status.name;
    s.user = status.user;
    s.partition = status.partition;
    s.state = remote::baseState(status.state);
    s.compactState = remote::compactState(status.state);
    s.reason = status.reason.isEmpty() ? QStringLiteral("None") : status.reason;
    s.submitTime = status.submitTime;
    s.startTime = status.startTime;
    s.endTime = status.endTime;
    s.finished = status.finished();
    if (const auto minutes = slurm::parseTimeLimit(status.timeLimit)) {
        s.timeLimitMinutes = *minutes;
        s.timeLimitText = slurm::formatSqueueLimit(*minutes);
    } else {
        s.timeLimitText = status.timeLimit;
    }
    s.nodeList = status.nodeList;
    if (!s.pending() && !status.nodeList.isEmpty()) {
        // A short list is spelled out; a huge one is left as the node printed it.
        if (const auto names = slurm::expandHostlist(status.nodeList, 64))
            s.nodes = *names;
        else if (!status.nodeList.contains(u'[') && !status.nodeList.contains(u','))
            s.nodes = {status.nodeList};
    }
    s.nodeCount = s.nodes.isEmpty() ? 1 : int(s.nodes.size());
    s.at = now;
    return s;
}

void RemoteBackend::onJobUpdated(quint32 id)
{
    const remote::JobStatus status = session_->job(id);
    const qint64 wall = now();
    JobSnapshot snap = snapshotOf(status, wall);
    // The instant the scheduler itself gives for this state, when it has one.
    if (snap.running() && snap.startTime > 0)
        snap.at = snap.startTime;
    else if (snap.finished && snap.endTime > 0)
        snap.at = snap.endTime;
    else if (snap.pending() && snap.submitTime > 0 && !lastState_.contains(id))
        snap.at = snap.submitTime;
    snap.at = std::max(snap.at, lastAt_.value(id, 0));

    const QString before = lastState_.value(id);
    if (before.isEmpty() && !snap.pending() && snap.submitTime > 0) {
        // First seen already started (an idle node starts it before the first squeue): it
        // waited all the same, if only for a second.
        JobSnapshot waited = snap;
        waited.state = QStringLiteral("PENDING");
        waited.compactState = QStringLiteral("PD");
        waited.reason = QStringLiteral("None");
        waited.finished = false;
        waited.startTime = 0;
        waited.endTime = 0;
        waited.nodes.clear();
        waited.nodeList.clear();
        waited.at = snap.submitTime;
        lastAt_.insert(id, waited.at);
        Q_EMIT jobChanged(waited);
    }
    const bool neverRan = before.isEmpty() || before == QLatin1String("PD");
    if (snap.finished && neverRan && snap.startTime > 0 && snap.endTime > snap.startTime) {
        // It ran between two polls: the views still see it start.
        JobSnapshot ran = snap;
        ran.state = QStringLiteral("RUNNING");
        ran.compactState = QStringLiteral("R");
        ran.reason = QStringLiteral("None");
        ran.finished = false;
        ran.endTime = 0;
        ran.at = std::max(snap.startTime, lastAt_.value(id, 0));
        Q_EMIT jobChanged(ran);
    }
    lastState_.insert(id, snap.compactState);
    lastAt_.insert(id, snap.at);
    Q_EMIT jobChanged(snap);
    scheduleChanged();
}

void RemoteBackend::scheduleChanged()
{
    if (changePending_)
        return;
    changePending_ = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            changePending_ = false;
            Q_EMIT changed();
        },
        Qt::QueuedConnection);
}

QList<JobSnapshot> RemoteBackend::jobs() const
{
    QList<JobSnapshot> list;
    const qint64 t = now();
    for (const remote::JobStatus &status : session_->jobs())
        list.append(snapshotOf(status, t));
    return list;
}

QList<NodeSnapshot> RemoteBackend::nodes() const
{
    return {};
}

QString RemoteBackend::explain(const remote::JobStatus &status)
{
    const QString id = QString::number(status.id);
    const QString base = remote::baseState(status.state);
    QString text;
    if (base == QLatin1String("PENDING")) {
        text = reasonSentence(status.id, status.reason);
    } else if (base == QLatin1String("RUNNING") || base == QLatin1String("COMPLETING")) {
        text = status.startTime > 0 ? tr("Job %1 runs on %2 since %3.")
                                          .arg(id, status.nodeList, clockTime(status.startTime))
                                    : tr("Job %1 runs on %2.").arg(id, status.nodeList);
    } else if (status.finished()) {
        text = tr("Job %1 ended: %2, exit code %3.")
                   .arg(id, base, status.exitCode.isEmpty() ? tr("unknown") : status.exitCode);
        if (!status.reason.isEmpty() && status.reason != QLatin1String("None"))
            text += QLatin1Char(' ') + tr("Reason: %1.").arg(status.reason);
    } else {
        text = tr("Job %1 is %2 (reason: %3).").arg(id, base, status.reason);
    }
    return text + QStringLiteral("\n\n") +
           tr("The real scheduler gives only its reason code; the detailed explanations of "
              "SchedLab exist only in the mini-cluster.");
}

void RemoteBackend::run(const QStringList &argv, const QString &cwd,
                        std::function<void(const CommandOutput &)> done)
{
    if (argv.isEmpty()) {
        done({{}, tr("Nothing to run.").toUtf8(), 1});
        return;
    }
    if (argv.first() == QLatin1String("schedlab-explain")) {
        const quint32 id = argv.last().toUInt();
        const remote::JobStatus status = session_->job(id);
        if (status.id == 0) {
            done({{},
                  tr("schedlab-explain: job %1 is not followed in this session.\n")
                      .arg(argv.last())
                      .toUtf8(),
                  1});
            return;
        }
        done({explain(status).toUtf8() + '\n', {}, 0});
        return;
    }
    if (session_->stage() != remote::LoginNodeSession::Stage::Connected) {
        done({{}, tr("Not connected to the login node.\n").toUtf8(), 1});
        return;
    }
    QStringList words;
    for (const QString &word : argv)
        words.append(remote::shellQuote(word));
    QString command = words.join(u' ');
    if (!cwd.isEmpty())
        command = QStringLiteral("cd %1 && %2").arg(remote::shellQuote(cwd), command);
    // The views look jobs up on every selection: only actions (scancel...) enter the transcript.
    static const QStringList lookUps = {QStringLiteral("scontrol"), QStringLiteral("squeue"),
                                        QStringLiteral("sacct"), QStringLiteral("sinfo"),
                                        QStringLiteral("sprio")};
    const auto transcript = lookUps.contains(argv.first())
                                ? remote::LoginNodeSession::Transcript::Quiet
                                : remote::LoginNodeSession::Transcript::Shown;
    QPointer<RemoteBackend> self(this);
    session_->run(
        command,
        [self, done](const remote::RemoteResult &result, const remote::SshError &error) {
            if (!self)
                return;
            if (error)
                done({result.out, error.message.toUtf8() + '\n', 255}); // ssh's own failure code
            else
                done({result.out, result.err, result.exitCode});
        },
        transcript);
}

} // namespace schedlab::gui
