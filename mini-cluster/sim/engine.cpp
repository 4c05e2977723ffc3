// Wires the controller to real processes and the command socket, and drives virtual time.
#include "engine.h"

#include "installpaths.h"
#include "privatefiles.h"

#include "commandcontext.h"
#include "commandserver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QThread>

#include "hostlist.h"

#include <cmath>

#include <climits>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace schedlab {

using namespace schedlab::slurm;

Engine::Engine(EngineOptions options, QObject *parent)
    : QObject(parent)
    , options_(std::move(options))
{}

template <typename Key> void Engine::stopAll(QHash<Key, Payload> &processes, bool later)
{
    for (auto it = processes.begin(); it != processes.end(); ++it) {
        if (!it->process)
            continue;
        it->process->disconnect();
        it->process->sendSignal(SIGHUP); // stepd kills its whole job
        it->process->waitForFinished(2000);
        if (later)
            it->process->deleteLater();
    }
    processes.clear();
}

void Engine::Payload::readControl(int openFailedStatus)
{
    control += process->readAllStandardOutput();
    while (true) {
        const int nl = control.indexOf('\n');
        if (nl < 0)
            break;
        const QByteArray line = control.left(nl);
        control.remove(0, nl + 1);
        if (line.startsWith("pid "))
            pid = line.mid(4).toLongLong();
        else if (line.startsWith("exit "))
            rawStatus = line.mid(5).toInt();
        else if (line.startsWith("open-failed"))
            rawStatus = openFailedStatus;
    }
}

Engine::~Engine()
{
    stopAll(containers_, false);
    stopAll(payloads_, false);
}

bool Engine::start(QString *error)
{
    // Steps and jobs run in other directories: a relative command folder would silently let
    // PATH fall through to a real Slurm installed on the machine.
    options_.libexecDir = QDir(options_.libexecDir).absolutePath();
    QString stateDir = options_.stateDir;
    if (stateDir.isEmpty()) {
        if (!privateDir_.isValid()) {
            *error = QStringLiteral("cannot create a private directory: %1")
                         .arg(privateDir_.errorString());
            return false;
        }
        stateDir = privateDir_.path();
    }
    // Accounting and socket are the cluster's own: a folder made here is private (one the
    // user gave keeps its mode).
    if (!QFileInfo::exists(stateDir) && !files::makePrivateFolder(stateDir, error))
        return false;
    if (!options_.stateDir.isEmpty() && !lockState(stateDir, error))
        return false;
    users_.setAccounts(options_.accounts);
    if (options_.accounts.isEmpty())
        users_ = UserDirectory();
    accounting_ = std::make_unique<AccountingStore>();
    if (options_.config.accountingEnabled &&
        !accounting_->open(stateDir + QStringLiteral("/accounting.sqlite"), error))
        return false;
    controller_ = std::make_unique<Controller>(options_.config, &users_, options_.startEpoch);
    controller_->setAccounting(accounting_.get());
    controller_->setLauncher(this);
    kube_ = makeKubeCluster(options_.startEpoch);
    server_ = std::make_unique<CommandServer>(this);
    socketPath_ = stateDir + QStringLiteral("/socket");
    if (!server_->listen(socketPath_)) {
        *error = server_->errorString();
        return false;
    }
    if (!options_.simulated) {
        wall_.start();
        liveBaseVirtualMs_ = options_.startEpoch * 1000;
        connect(&liveTimer_, &QTimer::timeout, this, &Engine::liveTick);
        liveTimer_.start(100);
    }
    return true;
}

// One engine per state folder: a second one would share the accounting database and take
// the socket over from under the first one's clients.
bool Engine::lockState(const QString &stateDir, QString *error)
{
    const QString holder =
        options_.holderName.isEmpty() ? QCoreApplication::applicationName() : options_.holderName;
    QString why;
    if (stateLock_.acquire(stateDir + QStringLiteral("/engine.lock"), holder, &why))
        return true;
    *error = QStringLiteral("%1; two mini-clusters cannot share one accounting database and "
                            "socket: stop that one first or give another --state folder")
                 .arg(why);
    return false;
}

void Engine::resetCluster()
{
    stopAll(payloads_, true);
    stopAll(containers_, true);
    for (const Waiter &w : std::as_const(waiters_))
        w.session->finish(1);
    waiters_.clear();
    for (const Interactive &entry : std::as_const(interactive_)) {
        entry.session->signalChild(SIGKILL);
        entry.session->finish(1);
    }
    interactive_.clear();
    // The steps of an salloc (whose shell was just killed) go too, all of their processes.
    for (const auto &run : std::as_const(stepRuns_)) {
        run->session->signalChild(SIGKILL);
        run->session->finish(1);
    }
    stepRuns_.clear();
    for (const Sleeper &s : std::as_const(sleepers_list_))
        s.session->finish(0);
    sleepers_list_.clear();
    sleepers_.clear();
    stirred_.clear();
    const qint64 now = controller_->now();
    const std::uint32_t nextId = controller_->nextJobId();
    controller_ = std::make_unique<Controller>(options_.config, &users_, now);
    controller_->setAccounting(accounting_.get());
    controller_->setLauncher(this);
    controller_->setNextJobId(nextId);
    kube_ = makeKubeCluster(now);
}

std::unique_ptr<kube::KubeCluster> Engine::makeKubeCluster(qint64 now) const
{
    // Kubernetes sees the same machines as Slurm (DESIGN.md): each scheduler accounts for
    // its own work only, as two schedulers sharing a lab's nodes would.
    kube::KubeOptions ko;
    ko.seed = options_.seed;
    ko.startEpoch = now;
    ko.kueue = options_.kueue;
    ko.stateDir = (privateDir_.isValid() ? privateDir_.path() : options_.stateDir) +
                  QStringLiteral("/kubelet");
    for (const NodeConfig &node : options_.config.nodes) {
        kube::KubeNode kn;
        kn.name = node.name;
        kn.cpuMillis = node.cpus * 1000;
        kn.memoryBytes = node.realMemoryMb * 1024 * 1024;
        ko.nodes << kn;
    }
    auto cluster = std::make_unique<kube::KubeCluster>(ko);
    cluster->setRuntime(const_cast<Engine *>(this));
    return cluster;
}

QProcessEnvironment Engine::stepEnvironment(const QString &user, const QString &owner) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString path = env.value(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("PATH"),
               binDir() + QLatin1Char(':') + shimsDir() + QLatin1Char(':') + path);
    env.insert(QStringLiteral("SCHEDLAB_SOCKET"), socketPath_);
    env.insert(QStringLiteral("SCHEDLAB_USER"), user);
    env.insert(QStringLiteral("SCHEDLAB_OWNER"), owner);
    env.insert(QStringLiteral("USER"), user);
    env.insert(QStringLiteral("LOGNAME"), user);
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    env.insert(QStringLiteral("HOME"), options_.workDir);
    env.insert(QStringLiteral("PWD"), options_.workDir);
    env.remove(QStringLiteral("SCHEDLAB_HOSTNAME"));
    return env;
}

EngineOptions liveEngineOptions(slurm::ClusterConfig config, const QString &confText,
                                QString workDir, QString stateDir)
{
    EngineOptions o;
    o.config = std::move(config);
    if (!confText.contains(QLatin1String("AccountingStorageType"), Qt::CaseInsensitive)) {
        o.config.accountingEnabled = true;
        o.config.accountingStorageType = QStringLiteral("accounting_storage/slurmdbd");
    }
    o.startEpoch = QDateTime::currentSecsSinceEpoch();
    o.workDir = std::move(workDir);
    o.stateDir = std::move(stateDir);
    o.libexecDir = libexecDir();
    o.simulated = false;
    return o;
}

// --- commands ----------------------------------------------------------------------------

void Engine::run(const Invocation &invocation, CommandSessionPtr session)
{
    if (invocation.command == QLatin1String("sleep")) {
        runSleep(invocation, session);
        return;
    }
    if (invocation.command == QLatin1String("srun") ||
        invocation.command == QLatin1String("salloc")) {
        runInteractive(invocation, session);
        controller_->settle();
        return;
    }
    if (invocation.command == QLatin1String("schedlab-task-exit")) {
        // schedlab-stepd: one of a step's tasks is over; the clock no longer waits for it.
        const QString owner = invocation.env(QStringLiteral("SCHEDLAB_OWNER"));
        liveTasks_.remove(owner);
        sleepers_.remove(owner);
        stirred_.remove(owner);
        session->finish(0);
        return;
    }
    if (invocation.command == QLatin1String("schedlab-time")) {
        session->writeOut(QByteArray::number(controller_->now()) + '\n');
        session->finish(0);
        return;
    }
    if (invocation.command == QLatin1String("kubectl")) {
        kube::runKubectl(invocation, *kube_, session, this);
        return;
    }
    CommandContext ctx{invocation, *controller_, *session, session};
    if (!runSlurmCommand(invocation.command, ctx)) {
        session->writeErr(QStringLiteral("%1: command not available in the mini-cluster\n")
                              .arg(invocation.command)
                              .toUtf8());
        session->finish(127);
        return;
    }
    // Live, a submission is scheduled right after its command. In a simulation the pass
    // comes after the step (or before the clock moves on): a step of 1,000 sbatch is a burst.
    if (!options_.simulated)
        controller_->settle();
    if (accounting_)
        accounting_->flush();
}

void Engine::runSleep(const Invocation &inv, CommandSessionPtr session)
{
    double total = 0;
    for (const QString &arg : inv.args) {
        if (arg == QLatin1String("infinity")) {
            total = 1e12;
            continue;
        }
        QString number = arg;
        double unit = 1;
        if (!number.isEmpty() && QStringLiteral("smhd").contains(number.back())) {
            const QChar u = number.back();
            number.chop(1);
            unit = u == QLatin1Char('m')   ? 60
                   : u == QLatin1Char('h') ? 3600
                   : u == QLatin1Char('d') ? 86400
                                           : 1;
        }
        bool ok = false;
        const double v = number.toDouble(&ok);
        if (!ok || v < 0) {
            session->writeErr(
                QStringLiteral(
                    "sleep: invalid time interval '%1'\nTry 'sleep --help' for more information.\n")
                    .arg(arg)
                    .toUtf8());
            session->finish(1);
            return;
        }
        total += v * unit;
    }
    if (inv.args.isEmpty()) {
        session->writeErr("sleep: missing operand\nTry 'sleep --help' for more information.\n");
        session->finish(1);
        return;
    }
    // Virtual time moves in whole seconds: a fraction rounds up, so `sleep 0.5` still waits.
    const qint64 seconds = qint64(std::ceil(total));
    const QString owner = inv.env(QStringLiteral("SCHEDLAB_OWNER"));
    if (seconds <= 0) {
        session->finish(0);
        return;
    }
    Sleeper s{controller_->now() + seconds, owner, session};
    sleepers_list_ << s;
    sleepers_[owner] += 1;
    stirred_.remove(owner);
    endOnSignal(session, owner, &Engine::sleepers_list_);
}

// Ctrl-C (or a client gone) on a command that waits in virtual time: it stops waiting and
// ends as the signal would end it.
template <typename Entry>
void Engine::endOnSignal(CommandSessionPtr session, const QString &owner,
                         QList<Entry> Engine::*entries)
{
    QPointer<Engine> self(this);
    std::weak_ptr<CommandSession> weak = session;
    session->onSignal = [self, weak, owner, entries](int signal) {
        if (!self)
            return;
        QList<Entry> &list = (*self).*entries;
        for (int i = 0; i < list.size(); ++i) {
            if (list[i].session == weak.lock()) {
                list.removeAt(i);
                self->sleepers_[owner] -= 1;
                break;
            }
        }
        if (auto s = weak.lock())
            s->finish(128 + (signal > 0 ? signal : SIGHUP));
    };
}

qint64 Engine::nextWake() const
{
    qint64 next = LLONG_MAX;
    for (const Sleeper &s : sleepers_list_)
        next = std::min(next, s.wakeAt);
    for (const Waiter &w : waiters_)
        if (w.deadline > 0)
            next = std::min(next, w.deadline);
    return next;
}

qint64 Engine::nextClusterEvent() const
{
    return std::min({controller_->nextEventTime(), kube_->nextEventTime(), nextWake()});
}

// Both halves move together: Slurm's controller first, then Kubernetes, then whoever waits.
void Engine::advanceClusters(qint64 t)
{
    controller_->advanceTo(t);
    kube_->advanceTo(t);
    wakeDue();
    checkWaiters();
}

void Engine::waitFor(CommandSessionPtr session, const QString &owner, std::function<bool()> check,
                     qint64 deadline, std::function<void()> timedOut)
{
    if (check())
        return; // already so: nothing to wait for
    Waiter w{session, owner, std::move(check), deadline, std::move(timedOut)};
    waiters_ << w;
    sleepers_[owner] += 1; // a waiting kubectl lets the clock run, like a sleep
    stirred_.remove(owner);
    endOnSignal(session, owner, &Engine::waiters_);
}

void Engine::checkWaiters()
{
    const qint64 now = controller_->now();
    for (int i = 0; i < waiters_.size();) {
        Waiter &w = waiters_[i];
        bool done = w.check();
        if (!done && w.deadline > 0 && now >= w.deadline) {
            if (w.timedOut)
                w.timedOut();
            done = true;
        }
        if (done) {
            sleepers_[w.owner] -= 1;
            w.session->onSignal = nullptr;
            waiters_.removeAt(i);
        } else {
            ++i;
        }
    }
}

// --- containers --------------------------------------------------------------------------

bool Engine::startContainer(const kube::ContainerLaunch &launch)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"),
               shimsDir() + QStringLiteral(":/usr/local/bin:/usr/bin:/bin"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    env.insert(QStringLiteral("HOME"), QStringLiteral("/root"));
    for (const QString &pair : launch.environment)
        env.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    env.insert(QStringLiteral("SCHEDLAB_SOCKET"), socketPath_);
    env.insert(QStringLiteral("SCHEDLAB_OWNER"), QStringLiteral("pod:") + launch.key);
    env.insert(QStringLiteral("SCHEDLAB_HOSTNAME"), launch.hostname);
    QStringList args{QStringLiteral("--stdout"),   launch.logPath,
                     QStringLiteral("--stderr"),   launch.logPath,
                     QStringLiteral("--cwd"),      launch.workDir,
                     QStringLiteral("--make-cwd"), QStringLiteral("--")};
    args += launch.argv;
    auto *process = new SpawnedProcess(this);
    QString error;
    if (!process->start(stepdPath(), args, env.toStringList(), &error)) {
        delete process;
        return false; // the kubelet ends the container as a command that could not start
    }
    const QString key = launch.key;
    connect(process, &SpawnedProcess::readyReadStandardOutput, this,
            [this, key] { onContainerOutput(key); });
    connect(process, &SpawnedProcess::finished, this, [this, key] { onContainerFinished(key); });
    Payload p;
    p.process = process;
    containers_.insert(key, p);
    return true;
}

void Engine::onContainerOutput(const QString &key)
{
    if (auto it = containers_.find(key); it != containers_.end())
        it->readControl(127 << 8); // a container whose log cannot be opened ends like a bad exec
}

void Engine::onContainerFinished(const QString &key)
{
    onContainerOutput(key);
    auto it = containers_.find(key);
    if (it == containers_.end())
        return;
    const int raw = it->rawStatus;
    it->process->deleteLater();
    containers_.erase(it);
    const QString owner = QStringLiteral("pod:") + key;
    sleepers_.remove(owner);
    stirred_.remove(owner);
    kube_->containerExited(key, raw < 0 ? SIGKILL : raw);
}

namespace {

// Whether `pid` has a handler for `signal` (SigCgt in /proc/PID/status).
bool catchesSignal(qint64 pid, int signal)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (!line.startsWith("SigCgt:"))
            continue;
        bool ok = false;
        const quint64 mask = line.mid(7).trimmed().toULongLong(&ok, 16);
        return ok && (mask >> (signal - 1)) & 1;
    }
    return false;
}

} // namespace

void Engine::signalContainer(const QString &key, int signal)
{
    auto it = containers_.find(key);
    if (it == containers_.end() || !it->process)
        return;
    const QString owner = QStringLiteral("pod:") + key;
    if (signal == SIGKILL) {
        // The end of the grace period: everything in the container dies (stepd: SIGUSR1).
        forgetSleeps(owner);
        it->process->sendSignal(SIGUSR1);
        return;
    }
    // The runtime signals the container's main process only, and that process is PID 1 of
    // its namespace: the kernel drops a signal it has no handler for. So `sh -c "...; sleep
    // 600"` ignores SIGTERM and is killed when the grace period ends, as on a real cluster.
    if (!it->pid || !catchesSignal(it->pid, signal))
        return;
    // Not marked busy: a shell that traps the signal runs its trap only once its foreground
    // sleep is over, and the clock must be free to get there.
    ::kill(pid_t(it->pid), signal);
}

void Engine::wakeDue()
{
    const qint64 now = controller_->now();
    for (int i = 0; i < sleepers_list_.size();) {
        if (sleepers_list_[i].wakeAt <= now) {
            Sleeper s = sleepers_list_.takeAt(i);
            sleepers_[s.owner] -= 1;
            s.session->onSignal = nullptr;
            s.session->finish(0);
        } else {
            ++i;
        }
    }
}

// --- payloads ----------------------------------------------------------------------------

bool Engine::launch(const Job &job)
{
    if (job.interactive)
        return launchInteractive(job);
    // Where slurmd keeps a job's script, so that bash's messages read as on a node.
    const QString spool = QStringLiteral("%1/slurmd/job%2")
                              .arg(privateDir_.isValid() ? privateDir_.path() : options_.stateDir)
                              .arg(job.id, 5, 10, QLatin1Char('0'));
    QDir().mkpath(spool);
    const QString scriptPath = spool + QStringLiteral("/slurm_script");
    QFile script(scriptPath);
    if (!script.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    script.write(job.script);
    script.close();
    script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);

    QProcessEnvironment env;
    for (const auto &[k, v] : job.environment)
        env.insert(k, v);
    const QString node = job.allocation.isEmpty() ? QString() : job.allocation.first().node;
    QString path = env.value(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    if (!path.startsWith(shimsDir()))
        path = shimsDir() + QLatin1Char(':') + binDir() + QLatin1Char(':') + path;
    env.insert(QStringLiteral("PATH"), path);
    env.insert(QStringLiteral("SCHEDLAB_SOCKET"), socketPath_);
    env.insert(QStringLiteral("SCHEDLAB_OWNER"), QStringLiteral("job:%1").arg(job.id));
    env.insert(QStringLiteral("SCHEDLAB_HOSTNAME"), node);
    env.insert(QStringLiteral("SCHEDLAB_USER"), job.user);
    env.insert(QStringLiteral("SLURM_JOB_ID"), QString::number(job.id));
    env.insert(QStringLiteral("SLURM_JOBID"), QString::number(job.id));
    env.insert(QStringLiteral("SLURM_JOB_NAME"), job.name);
    env.insert(QStringLiteral("SLURM_JOB_USER"), job.user);
    env.insert(QStringLiteral("SLURM_JOB_UID"), QString::number(job.uid));
    env.insert(QStringLiteral("SLURM_JOB_ACCOUNT"), job.account);
    env.insert(QStringLiteral("SLURM_JOB_PARTITION"), job.partition);
    env.insert(QStringLiteral("SLURM_JOB_NODELIST"), compressHostlistSorted(job.nodeNames()));
    env.insert(QStringLiteral("SLURM_NODELIST"), compressHostlistSorted(job.nodeNames()));
    env.insert(QStringLiteral("SLURM_JOB_NUM_NODES"), QString::number(job.allocation.size()));
    env.insert(QStringLiteral("SLURM_NNODES"), QString::number(job.allocation.size()));
    env.insert(QStringLiteral("SLURM_NTASKS"), QString::number(job.ntasks));
    env.insert(QStringLiteral("SLURM_NPROCS"), QString::number(job.ntasks));
    env.insert(QStringLiteral("SLURM_CPUS_ON_NODE"),
               QString::number(job.allocation.isEmpty() ? 0 : job.allocation.first().cpus));
    env.insert(QStringLiteral("SLURM_JOB_CPUS_PER_NODE"),
               QString::number(job.allocation.isEmpty() ? 0 : job.allocation.first().cpus));
    if (job.request.cpusPerTask)
        env.insert(QStringLiteral("SLURM_CPUS_PER_TASK"), QString::number(job.cpusPerTask));
    env.insert(QStringLiteral("SLURMD_NODENAME"), node);
    env.insert(QStringLiteral("SLURM_TOPOLOGY_ADDR"), node);
    env.insert(QStringLiteral("SLURM_SUBMIT_DIR"), job.workDir);
    env.insert(QStringLiteral("SLURM_SUBMIT_HOST"), QStringLiteral("login"));
    env.insert(QStringLiteral("SLURM_CLUSTER_NAME"), controller_->config().clusterName);
    env.insert(QStringLiteral("SLURM_JOB_QOS"), job.qos);
    env.insert(QStringLiteral("SLURM_PRIO_PROCESS"), QStringLiteral("0"));
    env.insert(QStringLiteral("SLURM_RESTART_COUNT"), QString::number(job.restarts));
    env.insert(QStringLiteral("ENVIRONMENT"), QStringLiteral("BATCH"));
    if (job.arrayJobId && job.arrayTaskId != Job::kNoTask) {
        env.insert(QStringLiteral("SLURM_ARRAY_JOB_ID"), QString::number(job.arrayJobId));
        env.insert(QStringLiteral("SLURM_ARRAY_TASK_ID"), QString::number(job.arrayTaskId));
        if (job.request.array && !job.request.array->taskIds.isEmpty()) {
            const QList<std::uint32_t> &ids = job.request.array->taskIds;
            env.insert(QStringLiteral("SLURM_ARRAY_TASK_COUNT"), QString::number(ids.size()));
            env.insert(QStringLiteral("SLURM_ARRAY_TASK_MIN"),
                       QString::number(*std::min_element(ids.begin(), ids.end())));
            env.insert(QStringLiteral("SLURM_ARRAY_TASK_MAX"),
                       QString::number(*std::max_element(ids.begin(), ids.end())));
            if (job.arrayMaxRunning > 0)
                env.insert(QStringLiteral("SLURM_ARRAY_TASK_STEP"), QStringLiteral("1"));
        }
    }
    if (!job.allocation.isEmpty() && !job.allocation.first().gpuIndices.isEmpty()) {
        QStringList gpus;
        for (int i : job.allocation.first().gpuIndices)
            gpus << QString::number(i);
        env.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), gpus.join(QLatin1Char(',')));
        env.insert(QStringLiteral("GPU_DEVICE_ORDINAL"), gpus.join(QLatin1Char(',')));
    }
    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));

    QStringList args{QStringLiteral("--stdout"), job.stdoutPath,
                     QStringLiteral("--stderr"), job.stderrPath,
                     QStringLiteral("--cwd"),    job.workDir};
    if (job.stdinPath != QLatin1String("/dev/null"))
        args << QStringLiteral("--stdin") << job.stdinPath;
    args << QStringLiteral("--") << QStringLiteral("/bin/bash") << scriptPath;
    args += job.scriptArgs;
    auto *process = new SpawnedProcess(this);
    QString error;
    if (!process->start(stepdPath(), args, env.toStringList(), &error)) {
        delete process;
        return false;
    }
    const std::uint32_t id = job.id;
    connect(process, &SpawnedProcess::readyReadStandardOutput, this,
            [this, id] { onPayloadOutput(id); });
    connect(process, &SpawnedProcess::finished, this, [this, id] { onPayloadFinished(id); });
    Payload p;
    p.process = process;
    payloads_.insert(id, p);
    return true;
}

void Engine::onPayloadOutput(std::uint32_t jobId)
{
    if (auto it = payloads_.find(jobId); it != payloads_.end())
        it->readControl(-2); // the controller fails the launch (payloadLaunchFailed)
}

void Engine::onPayloadFinished(std::uint32_t jobId)
{
    onPayloadOutput(jobId);
    auto it = payloads_.find(jobId);
    if (it == payloads_.end())
        return;
    const int raw = it->rawStatus;
    it->process->deleteLater();
    payloads_.erase(it);
    sleepers_.remove(QStringLiteral("job:%1").arg(jobId));
    stirred_.remove(QStringLiteral("job:%1").arg(jobId));
    if (raw == -2)
        controller_->payloadLaunchFailed(jobId);
    else
        controller_->payloadExited(jobId, raw < 0 ? SIGKILL : raw);
    if (accounting_)
        accounting_->flush();
}

// A signalled job is busy until it sleeps again or ends: its sleeps are being killed, and
// the clock must not move before its processes had their say.
void Engine::forgetSleeps(const QString &owner)
{
    sleepers_.insert(owner, 0);
    for (int i = 0; i < sleepers_list_.size();) {
        if (sleepers_list_[i].owner == owner) {
            sleepers_list_[i].session->onSignal = nullptr;
            sleepers_list_.removeAt(i);
        } else {
            ++i;
        }
    }
}

void Engine::terminate(std::uint32_t jobId)
{
    if (auto it = interactive_.find(jobId); it != interactive_.end()) {
        if (it->tool == QLatin1String("salloc")) {
            // salloc's command runs on the login node, outside the allocation: only the
            // allocation's steps are killed, and salloc waits for its command as before.
            it->revoked = true;
            signalSteps(jobId, SIGTERM);
            allocationGone(jobId);
            return;
        }
        forgetSleeps(it->owner);
        forgetTaskSleeps(it->taskPrefix);
        it->session->signalChild(SIGTERM);
        return;
    }
    auto it = payloads_.find(jobId);
    if (it == payloads_.end() || !it->process)
        return;
    forgetSleeps(QStringLiteral("job:%1").arg(jobId));
    it->process->sendSignal(SIGTERM);
}

void Engine::kill(std::uint32_t jobId)
{
    if (auto it = interactive_.find(jobId); it != interactive_.end()) {
        if (it->tool == QLatin1String("salloc")) {
            signalSteps(jobId, SIGKILL);
            return;
        }
        forgetSleeps(it->owner);
        forgetTaskSleeps(it->taskPrefix);
        it->session->signalChild(SIGKILL);
        return;
    }
    auto it = payloads_.find(jobId);
    if (it == payloads_.end() || !it->process)
        return;
    forgetSleeps(QStringLiteral("job:%1").arg(jobId));
    it->process->sendSignal(SIGUSR1);
}

void Engine::sendSignal(std::uint32_t jobId, int signal, bool wholeJob)
{
    if (auto it = interactive_.find(jobId); it != interactive_.end()) {
        it->session->signalChild(signal);
        return;
    }
    auto it = payloads_.find(jobId);
    if (it == payloads_.end() || !it->pid)
        return;
    if (!wholeJob) {
        // bash runs a trap once its foreground sleep returns: nothing to wait for here.
        ::kill(pid_t(it->pid), signal);
        return;
    }
    // Its sleeps get the signal too: the job is busy until it sleeps again or ends, so the
    // clock does not move before it has handled the signal.
    stirred_.insert(QStringLiteral("job:%1").arg(jobId));
    for (qint64 pid : descendantsOf(it->pid, true))
        ::kill(pid_t(pid), signal);
}

// srun's lines when the allocation of its step ends: the step is aborted, and slurmstepd's
// cancellation line names the step.
void Engine::abortSteps(const slurm::Job &job, const QByteArray &why)
{
    for (const auto &run : std::as_const(stepRuns_)) {
        if (run->jobId != job.id || run->aborted)
            continue;
        run->aborted = true;
        QByteArray stepLine = why;
        stepLine.replace(QByteArray("*** JOB ") + QByteArray::number(job.id),
                         QByteArray("*** STEP ") + QByteArray::number(job.id) + '.' +
                             run->stepId.toUtf8());
        run->session->writeErr(
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n" +
            stepLine);
    }
}

void Engine::signalSteps(std::uint32_t jobId, int signal)
{
    for (const auto &run : std::as_const(stepRuns_)) {
        if (run->jobId != jobId)
            continue;
        forgetTaskSleeps(run->taskPrefix);
        run->session->signalChild(signal);
    }
}

// A revoked salloc allocation has ended once none of its steps runs any more.
void Engine::allocationGone(std::uint32_t jobId)
{
    for (const auto &run : std::as_const(stepRuns_))
        if (run->jobId == jobId)
            return;
    const auto it = interactive_.constFind(jobId);
    if (it == interactive_.constEnd() || !it->revoked)
        return;
    controller_->payloadExited(jobId, SIGTERM);
    if (accounting_)
        accounting_->flush();
}

void Engine::appendToStderr(const Job &job, const QByteArray &line)
{
    if (auto it = interactive_.find(job.id); it != interactive_.end()) {
        // srun shows the step's cancellation on the terminal; salloc says it lost the allocation.
        if (it->tool == QLatin1String("srun")) {
            QByteArray stepLine = line;
            stepLine.replace(QByteArray("*** JOB ") + QByteArray::number(job.id),
                             QByteArray("*** STEP ") + QByteArray::number(job.id) + ".0");
            it->session->writeErr(
                "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n" +
                stepLine);
        } else {
            // salloc says "exceeded" once the srun_timeout warning it got is in the past,
            // that is when the limit is checked after the second it ran out.
            const bool overLimit = job.state == slurm::JobState::Timeout &&
                                   controller_->now() > job.startTime + qint64(job.timeLimit) * 60;
            it->session->writeErr(
                (overLimit ? QStringLiteral("salloc: Job %1 has exceeded its time limit and its "
                                            "allocation has been revoked.\n")
                           : QStringLiteral("salloc: Job allocation %1 has been revoked.\n"))
                    .arg(job.id)
                    .toUtf8());
            abortSteps(job, line);
        }
        return;
    }
    // POSIX append: QFile would try to seek on /dev/null and warn. Never blocking: `-e` may
    // name a FIFO nobody reads, and the engine must not wait on it.
    const int fd = ::open(QFile::encodeName(job.stderrPath).constData(),
                          O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return;
    struct stat st;
    if (::fstat(fd, &st) != 0 || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) {
        ::close(fd);
        return;
    }
    qsizetype done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(fd, line.constData() + done, size_t(line.size() - done));
        if (n <= 0)
            break;
        done += n;
    }
    ::close(fd);
}

// --- virtual time ------------------------------------------------------------------------

namespace {} // namespace

// A process and every process under it, from the parent links in /proc.
QList<qint64> Engine::descendantsOf(qint64 root, bool includeRoot)
{
    QHash<qint64, QList<qint64>> children;
    const QStringList pids =
        QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : pids) {
        bool ok = false;
        const qint64 pid = name.toLongLong(&ok);
        if (!ok)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const int close = line.lastIndexOf(')');
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() > 1)
            children[fields[1].toLongLong()] << pid;
    }
    QList<qint64> result;
    QList<qint64> todo{root};
    while (!todo.isEmpty()) {
        const qint64 pid = todo.takeLast();
        todo += children.value(pid);
        if (pid != root || includeRoot)
            result << pid;
    }
    return result;
}

namespace {

qint64 rssKb(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &l : status.readAll().split('\n'))
        if (l.startsWith("VmRSS:"))
            return l.mid(6).trimmed().split(' ').first().toLongLong();
    return 0;
}

} // namespace

void Engine::sampleMemory()
{
    QList<std::uint32_t> over;
    for (auto it = payloads_.constBegin(); it != payloads_.constEnd(); ++it) {
        const Job *job = controller_->job(it.key());
        if (!job || job->completing || job->allocation.isEmpty() || !it->pid)
            continue;
        const qint64 limitKb = job->allocation.first().memMb * 1024;
        qint64 total = 0, largest = 0, largestPid = 0;
        for (qint64 pid : descendantsOf(it->pid, true)) {
            const qint64 rss = rssKb(pid);
            total += rss;
            if (rss > largest) {
                largest = rss;
                largestPid = pid;
            }
        }
        if (limitKb > 0 && total > limitKb && largestPid) {
            // As the cgroup's OOM killer: the largest process dies, the rest goes on.
            ::kill(pid_t(largestPid), SIGKILL);
            stirred_.insert(QStringLiteral("job:%1").arg(it.key()));
            over << it.key();
        }
    }
    for (std::uint32_t id : over)
        controller_->outOfMemory(id);
}

bool Engine::payloadsBusy(QString *busyJob) const
{
    for (auto it = containers_.constBegin(); it != containers_.constEnd(); ++it) {
        const QString owner = QStringLiteral("pod:") + it.key();
        if (sleepers_.value(owner) <= 0 || stirred_.contains(owner)) {
            if (busyJob)
                *busyJob = QStringLiteral("(container %1)").arg(it.key());
            return true;
        }
    }
    for (auto it = payloads_.constBegin(); it != payloads_.constEnd(); ++it) {
        const QString owner = QStringLiteral("job:%1").arg(it.key());
        if (sleepers_.value(owner) <= 0 || stirred_.contains(owner)) {
            if (busyJob)
                *busyJob = QString::number(it.key());
            return true;
        }
    }
    for (const QString &owner : liveTasks_) {
        if (sleepers_.value(owner) <= 0 || stirred_.contains(owner)) {
            if (busyJob)
                *busyJob = QStringLiteral("(srun task %1)").arg(owner);
            return true;
        }
    }
    return false;
}

bool Engine::waitQuiescent(QProcess *step, const QString &stepOwner, QString *error)
{
    QElapsedTimer payloadTimer, stepTimer;
    payloadTimer.start();
    stepTimer.start();
    while (true) {
        QString busyJob;
        const bool stepBusy =
            step && step->state() != QProcess::NotRunning && sleepers_.value(stepOwner) <= 0;
        const bool payloadBusy = payloadsBusy(&busyJob);
        if (!payloadBusy && !stepBusy)
            return true;
        if (!payloadBusy)
            payloadTimer.restart();
        if (payloadBusy && payloadTimer.elapsed() > options_.watchdogMs) {
            *error = QStringLiteral("job %1 stayed busy for more than %2 s of wall time (the "
                                    "watchdog stopped the run)")
                         .arg(busyJob)
                         .arg(options_.watchdogMs / 1000);
            return false;
        }
        if (stepTimer.elapsed() > options_.stepWatchdogMs) {
            *error = QStringLiteral("a step stayed busy for more than %1 s of wall time")
                         .arg(options_.stepWatchdogMs / 1000);
            return false;
        }
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
}

bool Engine::advanceTo(qint64 t, QProcess *step, const QString &stepOwner, QString *error)
{
    while (true) {
        if (!waitQuiescent(step, stepOwner, error))
            return false;
        controller_->settle(); // submissions made so far get their pass before time moves
        // That pass may have started jobs (a dependency just met): their scripts run at the
        // start recorded for them, so they have their say before the clock moves on.
        if (!waitQuiescent(step, stepOwner, error))
            return false;
        const qint64 next = nextClusterEvent();
        if (next > t)
            break;
        if (!payloads_.isEmpty())
            sampleMemory();
        advanceClusters(next);
        if (accounting_)
            accounting_->flush();
    }
    advanceClusters(t);
    return waitQuiescent(step, stepOwner, error);
}

void Engine::liveTick()
{
    if (paused_)
        return;
    const qint64 virtualMs =
        liveBaseVirtualMs_ + qint64((wall_.elapsed() - liveBaseWallMs_) * options_.speed);
    const qint64 t = virtualMs / 1000;
    if (t > controller_->now()) {
        if (!payloads_.isEmpty())
            sampleMemory();
        advanceClusters(t);
        if (accounting_)
            accounting_->flush();
    }
}

void Engine::setPaused(bool paused)
{
    if (paused == paused_)
        return;
    if (paused)
        liveTick();
    paused_ = paused;
    liveBaseVirtualMs_ = controller_->now() * 1000;
    liveBaseWallMs_ = wall_.elapsed();
}

void Engine::setSpeed(double speed)
{
    liveTick();
    liveBaseVirtualMs_ = controller_->now() * 1000;
    liveBaseWallMs_ = wall_.elapsed();
    options_.speed = speed;
}

void Engine::jumpToNextEvent()
{
    const qint64 next = nextClusterEvent();
    if (next == LLONG_MAX)
        return;
    advanceClusters(next);
    liveBaseVirtualMs_ = controller_->now() * 1000;
    liveBaseWallMs_ = wall_.elapsed();
}

} // namespace schedlab
