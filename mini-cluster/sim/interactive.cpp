// srun and salloc: an allocation whose payload is a command the client runs itself, and
// srun inside an allocation, which makes a step of the running job.
#include "engine.h"

#include "helptexts.h"
#include "hostlist.h"
#include "sbatchparser.h"

#include <QFileInfo>
#include <QPointer>

#include <optional>

#include <csignal>
#include <sys/wait.h>

namespace schedlab {

using namespace schedlab::slurm;

namespace {

// srun's own options that sbatch's parser does not know; they change nothing here.
bool isSrunOnlyFlag(const QString &arg)
{
    static const QStringList flags{QStringLiteral("--pty"),
                                   QStringLiteral("-l"),
                                   QStringLiteral("--label"),
                                   QStringLiteral("-u"),
                                   QStringLiteral("--unbuffered"),
                                   QStringLiteral("-K"),
                                   QStringLiteral("--kill-on-bad-exit"),
                                   QStringLiteral("--exact"),
                                   QStringLiteral("--overlap"),
                                   QStringLiteral("-X"),
                                   QStringLiteral("--disable-status")};
    return flags.contains(arg) || arg.startsWith(QLatin1String("--mpi=")) ||
           arg.startsWith(QLatin1String("--cpu-bind=")) ||
           arg.startsWith(QLatin1String("--kill-on-bad-exit="));
}

// srun's own -n / -N (short, glued or long form) given before its command.
std::optional<int> srunCount(const QStringList &args, const QString &command, char letter,
                             const QString &longName)
{
    const QString shortOpt = QStringLiteral("-") + QLatin1Char(letter);
    const QString longOpt = QStringLiteral("--") + longName;
    std::optional<int> value;
    for (int i = 0; i < args.size() && args[i] != command; ++i) {
        const QString &a = args[i];
        if ((a == shortOpt || a == longOpt) && i + 1 < args.size())
            value = args[i + 1].toInt();
        else if (a.startsWith(longOpt + QLatin1Char('=')))
            value = a.mid(longOpt.size() + 1).toInt();
        else if (a.startsWith(shortOpt) && a.size() > 2 && a[2].isDigit())
            value = a.mid(2).toInt();
    }
    return value;
}

// A signal srun itself got while its step runs. Real srun forces the step's termination on
// SIGTERM and SIGHUP (its terminal closed): the client's supervisor kills every process of the
// step. Ctrl-C reached the tasks from the terminal already: srun waits for them.
void forceStepTermination(const CommandSessionPtr &session, int signal)
{
    if (signal == SIGTERM || signal == SIGHUP)
        session->signalChild(SIGKILL);
}

int exitCodeOf(int raw)
{
    if (WIFSIGNALED(raw))
        return 128 + WTERMSIG(raw);
    return WEXITSTATUS(raw);
}

} // namespace

// srun's block distribution: the step uses `nodes` of the allocation's nodes (by default as
// many as it has tasks, up to all of them), and the tasks are spread evenly over them, the
// first nodes taking one more when they do not divide.
QList<Engine::TaskPlace> Engine::taskPlaces(const Job &job, int ntasks, int nodes)
{
    const int available = std::max<int>(1, int(job.allocation.size()));
    const int used = std::clamp(nodes > 0 ? nodes : std::min(ntasks, available), 1, available);
    QList<TaskPlace> places;
    for (int n = 0; n < used; ++n) {
        const int count = ntasks / used + (n < ntasks % used ? 1 : 0);
        const QString node = job.allocation.isEmpty() ? QString() : job.allocation[n].node;
        for (int local = 0; local < count; ++local)
            places << TaskPlace{node, n, local};
    }
    return places;
}

QStringList Engine::jobEnvironment(const Job &job, bool onNode) const
{
    const QString node = job.allocation.isEmpty() ? QString() : job.allocation.first().node;
    const QString nodes = compressHostlistSorted(job.nodeNames());
    QStringList env{
        QStringLiteral("SLURM_JOB_ID=%1").arg(job.id),
        QStringLiteral("SLURM_JOBID=%1").arg(job.id),
        QStringLiteral("SLURM_JOB_NAME=%1").arg(job.name),
        QStringLiteral("SLURM_JOB_NODELIST=%1").arg(nodes),
        QStringLiteral("SLURM_NODELIST=%1").arg(nodes),
        QStringLiteral("SLURM_JOB_NUM_NODES=%1").arg(job.allocation.size()),
        QStringLiteral("SLURM_NNODES=%1").arg(job.allocation.size()),
        QStringLiteral("SLURM_JOB_PARTITION=%1").arg(job.partition),
        QStringLiteral("SLURM_JOB_ACCOUNT=%1").arg(job.account),
        QStringLiteral("SLURM_NTASKS=%1").arg(job.ntasks),
        QStringLiteral("SLURM_CLUSTER_NAME=%1").arg(controller_->config().clusterName),
        QStringLiteral("SLURM_JOB_CPUS_PER_NODE=%1")
            .arg(job.allocation.isEmpty() ? 0 : job.allocation.first().cpus),
    };
    if (onNode) {
        env << QStringLiteral("SLURMD_NODENAME=%1").arg(node)
            << QStringLiteral("SCHEDLAB_HOSTNAME=%1").arg(node) << QStringLiteral("SLURM_PROCID=0")
            << QStringLiteral("SLURM_LOCALID=0")
            << QStringLiteral("SLURM_CPUS_ON_NODE=%1")
                   .arg(job.allocation.isEmpty() ? 0 : job.allocation.first().cpus);
        if (!job.allocation.isEmpty() && !job.allocation.first().gpuIndices.isEmpty()) {
            QStringList gpus;
            for (int i : job.allocation.first().gpuIndices)
                gpus << QString::number(i);
            env << QStringLiteral("CUDA_VISIBLE_DEVICES=%1").arg(gpus.join(QLatin1Char(',')));
        }
    }
    return env;
}

void Engine::runInteractive(const Invocation &inv, CommandSessionPtr session)
{
    const QString tool = inv.command;
    QStringList args;
    for (const QString &a : inv.args)
        if (tool != QLatin1String("srun") || !isSrunOnlyFlag(a))
            args << a;
    auto first = parseSbatchCommandLine(args);
    auto toolText = [&](QString text) {
        return text.replace(QLatin1String("sbatch"), tool).toUtf8();
    };
    if (auto *failure = std::get_if<ToolFailure>(&first)) {
        session->writeErr(toolText(failure->stderrText));
        session->finish(failure->exitCode);
        return;
    }
    SbatchCommandLine cmd = std::get<SbatchCommandLine>(first);
    if (cmd.wantsVersion) {
        session->writeOut("slurm 22.05.8\n");
        session->finish(0);
        return;
    }
    if (cmd.wantsHelp || cmd.wantsUsage) {
        session->writeOut(cmd.wantsHelp ? helpText(tool).toUtf8() : usageText(tool).toUtf8());
        session->finish(0);
        return;
    }
    QStringList argv;
    if (!cmd.scriptPath.isEmpty())
        argv << cmd.scriptPath << cmd.scriptArgs;
    if (argv.isEmpty() && tool == QLatin1String("salloc")) {
        const QString shell = inv.env(QStringLiteral("SHELL"));
        argv << (shell.isEmpty() ? QStringLiteral("/bin/bash") : shell);
    }
    if (argv.isEmpty()) {
        session->writeErr("srun: fatal: No command given to execute.\n");
        session->finish(1);
        return;
    }
    // Inside an allocation, srun runs a step of it.
    bool inJob = false;
    const std::uint32_t jobId = inv.env(QStringLiteral("SLURM_JOB_ID")).toUInt(&inJob);
    if (tool == QLatin1String("srun") && inJob) {
        const Job *job = controller_->job(jobId);
        if (job && job->state == JobState::Running && !job->completing) {
            runStepInAllocation(inv, session, *job, argv);
            return;
        }
        // The allocation it names is over (salloc's command outlives a revoked allocation).
        const QString why = job ? QStringLiteral("srun: error: Slurm job %1 has expired\n")
                                : QStringLiteral("srun: error: Unable to confirm allocation for "
                                                 "job %1: Invalid job id specified\n");
        session->writeErr((why + QStringLiteral("srun: Check SLURM_JOB_ID environment variable. "
                                                "Expired or invalid job %1\n"))
                              .arg(jobId)
                              .toUtf8());
        session->finish(1);
        return;
    }
    // The allocation is parsed as a --wrap job whose script never runs: the client runs argv.
    auto withWrap = parseSbatchCommandLine(cmd.options + QStringList{QStringLiteral("--wrap=:")});
    if (auto *failure = std::get_if<ToolFailure>(&withWrap)) {
        session->writeErr(toolText(failure->stderrText));
        session->finish(failure->exitCode);
        return;
    }
    SbatchInput input;
    input.commandLine = std::get<SbatchCommandLine>(withWrap);
    input.environment = inv.environment;
    input.submitEpoch = controller_->now();
    auto parsed = parseSbatch(input);
    if (auto *failure = std::get_if<ToolFailure>(&parsed)) {
        session->writeErr(toolText(failure->stderrText));
        session->finish(failure->exitCode);
        return;
    }
    Submission s;
    s.request = std::get<SbatchParse>(parsed).request;
    s.request.wrap.clear();
    s.user = inv.user;
    s.workDir = inv.cwd;
    s.defaultName = tool == QLatin1String("srun") ? QFileInfo(argv.first()).fileName()
                                                  : QStringLiteral("interactive");
    s.interactive = true;
    s.interactiveCommand =
        tool == QLatin1String("srun") ? QFileInfo(argv.first()).fileName() : QString();
    // The allocation's record is kept before the submission, which may start it at once.
    Interactive pendingEntry;
    pendingEntry.session = session;
    pendingEntry.owner = inv.env(QStringLiteral("SCHEDLAB_OWNER"));
    pendingEntry.tool = tool;
    pendingEntry.argv = argv;
    const std::uint32_t expectedId = controller_->nextJobId();
    interactive_.insert(expectedId, pendingEntry);
    const SubmitResult r = controller_->submit(s);
    if (!r.ok) {
        interactive_.remove(expectedId);
        session->writeErr(
            toolText(r.errorMessages)
                .replace("Batch job submission failed", "Unable to allocate resources"));
        session->finish(1);
        return;
    }
    const Job *job = controller_->job(r.jobId);
    if (job && job->state == JobState::Pending) {
        Interactive &entry = interactive_[r.jobId];
        entry.waited = true;
        entry.waitingCounted = true;
        sleepers_[entry.owner] += 1; // a waiting srun lets the clock run, like sleep
        if (tool == QLatin1String("salloc"))
            session->writeErr(
                QStringLiteral("salloc: Pending job allocation %1\n").arg(r.jobId).toUtf8());
        session->writeErr(QStringLiteral("%1: job %2 queued and waiting for resources\n")
                              .arg(tool)
                              .arg(r.jobId)
                              .toUtf8());
    }
    QPointer<Engine> self(this);
    const std::uint32_t id = r.jobId;
    session->onSignal = [self, id](int signal) {
        if (!self)
            return;
        auto it = self->interactive_.find(id);
        if (it == self->interactive_.end())
            return;
        const Job *j = self->controller_->job(id);
        if (j && j->state == JobState::Running && it->tool == QLatin1String("srun")) {
            forceStepTermination(it->session, signal);
            return;
        }
        if (j && j->state == JobState::Pending) {
            // Ctrl-C while waiting: the allocation request is withdrawn.
            CommandSessionPtr s = it->session;
            if (it->waitingCounted)
                self->sleepers_[it->owner] -= 1;
            self->interactive_.erase(it);
            self->controller_->cancel(id, j->user);
            if (signal > 0) {
                s->writeErr(
                    QStringLiteral("srun: Job allocation %1 has been revoked\n").arg(id).toUtf8());
                s->finish(1);
            }
        }
        // Once running, the command got the terminal's signal itself.
    };
}

bool Engine::launchInteractive(const Job &job)
{
    auto it = interactive_.find(job.id);
    if (it == interactive_.end())
        return false;
    Interactive &entry = *it;
    if (entry.waitingCounted) {
        sleepers_[entry.owner] -= 1;
        entry.waitingCounted = false;
    }
    const bool srun = entry.tool == QLatin1String("srun");
    if (entry.waited)
        entry.session->writeErr(QStringLiteral("%1: job %2 has been allocated resources\n")
                                    .arg(entry.tool)
                                    .arg(job.id)
                                    .toUtf8());
    if (!srun)
        entry.session->writeErr(
            QStringLiteral("salloc: Granted job allocation %1\n").arg(job.id).toUtf8());
    QStringList env = jobEnvironment(job, srun);
    if (srun)
        env << QStringLiteral("SLURM_STEP_ID=0") << QStringLiteral("SLURM_STEPID=0");
    QPointer<Engine> self(this);
    const std::uint32_t id = job.id;
    CommandSessionPtr session = entry.session;
    auto finished = [self, id, session, srun](int raw) {
        if (!self)
            return;
        // salloc gives back an allocation it still has; a revoked one is gone already.
        const bool revoked = self->interactive_.value(id).revoked;
        self->interactive_.remove(id);
        if (!srun && !revoked)
            session->writeErr(
                QStringLiteral("salloc: Relinquishing job allocation %1\n").arg(id).toUtf8());
        self->controller_->payloadExited(id, raw);
        if (self->accounting_)
            self->accounting_->flush();
        session->finish(exitCodeOf(raw));
    };
    if (srun)
        entry.taskPrefix =
            launchTasks(entry.session, entry.owner, env, entry.argv,
                        taskPlaces(job, job.ntasks, int(job.allocation.size())), finished);
    else
        entry.session->launch(env, entry.argv, finished);
    return true;
}

void Engine::runStepInAllocation(const Invocation &inv, CommandSessionPtr session, const Job &job,
                                 const QStringList &argv)
{
    // srun -n N and -N M (before the command); by default, the allocation's tasks, on as
    // many of its nodes as they need.
    const int ntasks = std::max(
        1, srunCount(inv.args, argv.first(), 'n', QStringLiteral("ntasks")).value_or(job.ntasks));
    // Without -N, srun takes the allocation's node count from SLURM_NNODES, and gives up
    // the nodes its tasks cannot fill, saying so.
    int nodes = srunCount(inv.args, argv.first(), 'N', QStringLiteral("nodes"))
                    .value_or(inv.env(QStringLiteral("SLURM_NNODES")).toInt());
    if (nodes > ntasks) {
        session->writeErr(QStringLiteral("srun: Warning: can't run %1 processes on %2 nodes, "
                                         "setting nnodes to %1\n")
                              .arg(ntasks)
                              .arg(nodes)
                              .toUtf8());
        nodes = ntasks;
    }
    const QList<TaskPlace> places = taskPlaces(job, ntasks, nodes);
    QStringList stepNodes;
    for (const TaskPlace &p : places)
        if (!stepNodes.contains(p.node))
            stepNodes << p.node;
    const QString stepId = controller_->beginStep(job.id, QFileInfo(argv.first()).fileName(),
                                                  stepNodes, int(places.size()));
    QStringList base = jobEnvironment(job, true);
    base << QStringLiteral("SLURM_STEP_ID=%1").arg(stepId)
         << QStringLiteral("SLURM_STEPID=%1").arg(stepId);
    QPointer<Engine> self(this);
    const std::uint32_t id = job.id;
    auto run = std::make_shared<StepRun>();
    run->jobId = id;
    run->stepId = stepId;
    run->session = session;
    stepRuns_ << run;
    session->onSignal = [session](int signal) { forceStepTermination(session, signal); };
    auto done = [self, id, stepId, session, run](int worst) {
        if (!self)
            return;
        self->stepRuns_.removeOne(run);
        self->controller_->endStep(id, stepId, worst);
        if (self->accounting_)
            self->accounting_->flush();
        session->finish(exitCodeOf(worst));
        self->allocationGone(id);
    };
    run->taskPrefix = launchTasks(session, inv.env(QStringLiteral("SCHEDLAB_OWNER")), base, argv,
                                  places, std::move(done));
}

// The tasks of a step run at once, as real srun's do, under schedlab-stepd's tasks mode, which
// the client starts in its terminal. Each task's virtual sleeps count for an owner of its own,
// so that the clock waits for every task; the srun itself waits, like a sleep, meanwhile.
// `done` gets the worst task's raw status (stepd ends that way).
QString Engine::launchTasks(CommandSessionPtr session, const QString &waitingOwner,
                            const QStringList &base, const QStringList &argv,
                            const QList<TaskPlace> &places, std::function<void(int)> done)
{
    const QString prefix = QStringLiteral("%1/tasks%2").arg(waitingOwner).arg(++taskLaunches_);
    QStringList stepd{stepdPath(),
                      QStringLiteral("--tasks"),
                      QStringLiteral("--notify"),
                      options_.libexecDir + QStringLiteral("/schedlab-client"),
                      QStringLiteral("--owner"),
                      prefix};
    for (const TaskPlace &p : places)
        stepd << QStringLiteral("--task")
              << QStringLiteral("%1:%2:%3").arg(p.node).arg(p.nodeId).arg(p.localId);
    stepd << QStringLiteral("--") << argv;
    QStringList owners;
    for (int t = 0; t < places.size(); ++t)
        owners << QStringLiteral("%1.%2").arg(prefix).arg(t);
    for (const QString &owner : std::as_const(owners))
        liveTasks_.insert(owner);
    sleepers_[waitingOwner] += 1;
    QStringList env = base;
    env << QStringLiteral("SLURM_NTASKS=%1").arg(places.size())
        << QStringLiteral("SLURM_STEP_NUM_TASKS=%1").arg(places.size());
    QPointer<Engine> self(this);
    session->launch(env, stepd, [self, owners, waitingOwner, done](int raw) {
        if (!self)
            return;
        for (const QString &owner : owners) {
            self->liveTasks_.remove(owner);
            self->sleepers_.remove(owner);
            self->stirred_.remove(owner);
        }
        if (self->sleepers_.value(waitingOwner) > 0)
            self->sleepers_[waitingOwner] -= 1;
        done(raw);
    });
    return prefix;
}

// A signalled step is busy until its tasks sleep again or end, as a signalled job is.
void Engine::forgetTaskSleeps(const QString &prefix)
{
    const QSet<QString> tasks = liveTasks_;
    for (const QString &owner : tasks)
        if (owner.startsWith(prefix + QLatin1Char('.')))
            forgetSleeps(owner);
}

} // namespace schedlab
