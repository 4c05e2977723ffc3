// The embedded mini-cluster behind the views: snapshots of the controller's jobs, taken at
// the instant of each change, and the time controls of the live engine.
#include "localbackend.h"

#include "engine.h"
#include "hostlist.h"
#include "installpaths.h"
#include "slurmconfig.h"
#include "slurmtime.h"

#include <QDateTime>
#include <QDir>
#include <QHash>

#include <pwd.h>
#include <unistd.h>

namespace schedlab::gui {

namespace {

QString currentUser()
{
    const struct passwd *pw = getpwuid(getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name)
              : qEnvironmentVariable("USER", QStringLiteral("student"));
}

std::optional<EngineOptions> defaultOptions(const QString &workDir, const QString &stateDir,
                                            QString *error)
{
    const QString conf = slurm::defaultSlurmConf();
    auto parsed =
        slurm::parseClusterConfig(conf, slurm::defaultGresConf(), QStringLiteral("slurm.conf"), 0,
                                  QStringLiteral("gres.conf"), 0);
    if (!parsed.ok()) {
        *error = QObject::tr("The built-in cluster configuration does not load.");
        return std::nullopt;
    }
    return liveEngineOptions(parsed.config, conf, workDir, stateDir);
}

} // namespace

LocalBackend::LocalBackend(QString workDir, QString stateDir, QObject *parent)
    : Backend(parent)
    , workDir_(std::move(workDir))
    , stateDir_(std::move(stateDir))
    , user_(currentUser())
{
    clockTimer_.setInterval(100);
    connect(&clockTimer_, &QTimer::timeout, this, &LocalBackend::pollClock);
}

LocalBackend::~LocalBackend()
{
    if (engine_)
        engine_->controller().setEventListener({});
}

bool LocalBackend::start(QString *error)
{
    if (!QDir().mkpath(stateDir_)) {
        *error = tr("Cannot create the cluster's folder %1.").arg(stateDir_);
        return false;
    }
    auto options = defaultOptions(workDir_, stateDir_, error);
    if (!options)
        return false;
    options->holderName = QStringLiteral("SchedLab");
    engine_ = std::make_unique<Engine>(*options);
    if (!engine_->start(error)) {
        engine_.reset();
        return false;
    }
    engine_->users().addUser(user_);
    attachToController();
    lastClock_ = now();
    clockTimer_.start();
    return true;
}

void LocalBackend::attachToController()
{
    engine_->controller().setEventListener(
        [this](const slurm::JobEvent &event) { noticeJob(event.jobId); });
}

void LocalBackend::noticeJob(std::uint32_t jobId)
{
    // Called inside the controller, right after the change: the job is consistent now and
    // may be gone (purged) by the time the event loop runs again.
    if (const slurm::Job *job = engine_->controller().job(jobId))
        Q_EMIT jobChanged(snapshotOf(*job, engine_->controller().now()));
    scheduleChanged();
}

void LocalBackend::scheduleChanged()
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

void LocalBackend::pollClock()
{
    const qint64 t = now();
    if (t == lastClock_)
        return;
    lastClock_ = t;
    Q_EMIT clockChanged(t);
    scheduleChanged(); // elapsed times and pods move with the clock
}

QString LocalBackend::displayName() const
{
    return tr("Mini-cluster");
}

qint64 LocalBackend::now() const
{
    return engine_ ? engine_->controller().now() : QDateTime::currentSecsSinceEpoch();
}

QList<JobSnapshot> LocalBackend::jobs() const
{
    QList<JobSnapshot> list;
    if (!engine_)
        return list;
    const qint64 t = now();
    for (const slurm::Job *job : engine_->controller().jobs())
        list.append(snapshotOf(*job, t));
    return list;
}

JobSnapshot LocalBackend::snapshotOf(const slurm::Job &job, qint64 now)
{
    JobSnapshot s;
    s.id = job.id;
    s.name = job.name;
    s.user = job.user;
    s.partition = job.partition;
    s.at = now;
    if (job.completing) {
        s.state = QStringLiteral("COMPLETING");
        s.compactState = QStringLiteral("CG");
    } else {
        s.state = slurm::stateName(job.state);
        s.compactState = slurm::stateCompact(job.state);
    }
    s.finished = slurm::isFinished(job.state) && !job.completing;
    s.reason = job.stateDesc.isEmpty() ? slurm::reasonName(job.reason) : job.stateDesc;
    s.submitTime = job.submitTime;
    s.startTime = job.startTime;
    s.endTime = job.endTime;
    s.timeLimitMinutes = job.timeLimit;
    s.timeLimitText = slurm::formatSqueueLimit(job.timeLimit);
    for (const slurm::NodeShare &share : job.allocation) {
        s.nodes.append(share.node);
        s.cpus += share.cpus;
        s.memMb += share.memMb;
    }
    s.nodeCount = s.nodes.isEmpty() ? job.minNodes : int(s.nodes.size());
    s.nodeList = slurm::compressHostlist(s.nodes);
    if (s.cpus == 0)
        s.cpus = job.totalCpus();
    s.plannedNodes = job.schedNodes;
    s.backfilled =
        job.scheduler == QLatin1String("Backfill") && job.state != slurm::JobState::Pending;
    s.plannedByBackfill = job.state == slurm::JobState::Pending &&
                          job.scheduler.startsWith(QLatin1String("Backfill"));
    return s;
}

QList<NodeSnapshot> LocalBackend::nodes() const
{
    QList<NodeSnapshot> list;
    if (!engine_)
        return list;
    const slurm::Controller &controller = engine_->controller();
    QHash<QString, int> index;
    for (const slurm::NodeConfig &node : controller.config().nodes) {
        NodeSnapshot n;
        n.name = node.name;
        n.cpus = node.cpus;
        n.memMb = node.realMemoryMb;
        for (const auto &g : node.gres) {
            if (g.name == QLatin1String("gpu")) {
                n.gpus += g.count;
                n.gpuType = g.type;
            }
        }
        n.state = node.state == QLatin1String("DOWN") ? node.state : QStringLiteral("IDLE");
        index.insert(n.name, int(list.size()));
        list.append(n);
    }
    for (const slurm::Job *job : controller.jobs()) {
        if (job->state != slurm::JobState::Running && !job->completing)
            continue;
        for (const slurm::NodeShare &share : job->allocation) {
            const int i = index.value(share.node, -1);
            if (i < 0)
                continue;
            list[i].shares.append({job->id, share.cpus, share.memMb, share.gpuIndices});
        }
    }
    for (NodeSnapshot &n : list) {
        if (n.shares.isEmpty() || n.state == QLatin1String("DOWN"))
            continue;
        int used = 0;
        for (const auto &share : n.shares)
            used += share.cpus;
        n.state = used >= n.cpus ? QStringLiteral("ALLOCATED") : QStringLiteral("MIXED");
    }
    return list;
}

void LocalBackend::run(const QStringList &argv, const QString &cwd,
                       std::function<void(const CommandOutput &)> done)
{
    if (!engine_ || argv.isEmpty()) {
        done({{}, tr("The mini-cluster is not running.").toUtf8(), 1});
        return;
    }
    Invocation invocation;
    invocation.command = argv.first();
    invocation.args = argv.mid(1);
    invocation.cwd = cwd.isEmpty() ? workDir_ : cwd;
    invocation.user = user_;
    invocation.environment.insert(QStringLiteral("USER"), user_);
    auto session = std::make_shared<BufferSession>();
    // The session owns the callback; the callback must not own the session (a cycle).
    BufferSession *raw = session.get();
    session->onFinish = [raw, done](int code) { done({raw->out, raw->err, code}); };
    engine_->run(invocation, session);
}

void LocalBackend::setPaused(bool paused)
{
    paused_ = paused;
    if (engine_)
        engine_->setPaused(paused);
}

void LocalBackend::setSpeed(double speed)
{
    speed_ = speed;
    if (engine_)
        engine_->setSpeed(speed);
}

void LocalBackend::jumpToNextEvent()
{
    if (!engine_)
        return;
    engine_->jumpToNextEvent();
    pollClock();
}

void LocalBackend::resetCluster()
{
    if (!engine_)
        return;
    engine_->resetCluster();
    attachToController(); // a new controller: listen to it
    Q_EMIT reset();
    scheduleChanged();
}

QProcessEnvironment LocalBackend::terminalEnvironment(bool withCluster) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (withCluster && engine_) {
        env = engine_->stepEnvironment(user_, QStringLiteral("terminal"));
    } else {
        // A laptop with no cluster: none of our commands, none of our variables.
        const QString bin = libexecDir() + QStringLiteral("/bin");
        QStringList path = env.value(QStringLiteral("PATH")).split(u':', Qt::SkipEmptyParts);
        path.removeAll(bin);
        env.insert(QStringLiteral("PATH"), path.join(u':'));
        env.remove(QStringLiteral("SCHEDLAB_SOCKET"));
    }
    env.insert(QStringLiteral("HOME"), QDir::homePath());
    env.insert(QStringLiteral("USER"), user_);
    env.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    return env;
}

} // namespace schedlab::gui
