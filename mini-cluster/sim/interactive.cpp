// srun and salloc: an allocation whose payload is a command the client runs itself, and
// srun inside an allocation, which makes a step of the running job.
#include "engine.h"

#include "helptexts.h"
#include "hostlist.h"
#include "sbatchparser.h"

#include <QFileInfo>
#include <QPointer>

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

int exitCodeOf(int raw)
{
    if (WIFSIGNALED(raw))
        return 128 + WTERMSIG(raw);
    return WEXITSTATUS(raw);
}

} // namespace

// Tasks go to the allocation's nodes in blocks, as many per node as its CPUs allow.
QStringList Engine::taskNodesOf(const Job &job)
{
    QStringList nodes;
    for (const NodeShare &share : job.allocation)
        for (int k = 0; k < std::max(1, share.cpus / std::max(1, job.cpusPerTask)); ++k)
            nodes << share.node;
    return nodes;
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
    Interactive pendingEntry{session, inv.env(QStringLiteral("SCHEDLAB_OWNER")), tool, argv};
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
        self->interactive_.remove(id);
        if (!srun)
            session->writeErr(
                QStringLiteral("salloc: Relinquishing job allocation %1\n").arg(id).toUtf8());
        self->controller_->payloadExited(id, raw);
        if (self->accounting_)
            self->accounting_->flush();
        session->finish(exitCodeOf(raw));
    };
    if (srun)
        launchTasks(entry.session, env, entry.argv, job.ntasks, taskNodesOf(job), finished);
    else
        entry.session->launch(env, entry.argv, finished);
    return true;
}

void Engine::runStepInAllocation(const Invocation &inv, CommandSessionPtr session, const Job &job,
                                 const QStringList &argv)
{
    // srun -n N (before the command); by default, the allocation's tasks.
    int ntasks = job.ntasks;
    for (int i = 0; i < inv.args.size() && inv.args[i] != argv.first(); ++i) {
        const QString &a = inv.args[i];
        if ((a == QLatin1String("-n") || a == QLatin1String("--ntasks")) && i + 1 < inv.args.size())
            ntasks = inv.args[i + 1].toInt();
        else if (a.startsWith(QLatin1String("--ntasks=")))
            ntasks = a.mid(9).toInt();
        else if (a.startsWith(QLatin1String("-n")) && a.size() > 2 && a[2].isDigit())
            ntasks = a.mid(2).toInt();
    }
    ntasks = std::max(1, ntasks);
    const QStringList taskNodes = taskNodesOf(job);
    const QString stepId = controller_->beginStep(job.id, QFileInfo(argv.first()).fileName());
    QStringList base = jobEnvironment(job, true);
    base << QStringLiteral("SLURM_STEP_ID=%1").arg(stepId)
         << QStringLiteral("SLURM_STEPID=%1").arg(stepId)
         << QStringLiteral("SLURM_STEP_NUM_TASKS=%1").arg(ntasks);
    QPointer<Engine> self(this);
    const std::uint32_t id = job.id;
    launchTasks(session, base, argv, ntasks, taskNodes, [self, id, stepId, session](int worst) {
        if (!self)
            return;
        self->controller_->endStep(id, stepId, worst);
        if (self->accounting_)
            self->accounting_->flush();
        session->finish(exitCodeOf(worst));
    });
}

// The tasks of a step run one after the other, so that their output comes in task order and
// two runs print the same bytes (real srun runs them at once, their output interleaved).
// `done` gets the first failing task's raw status, or the last one's.
void Engine::launchTasks(CommandSessionPtr session, const QStringList &base,
                         const QStringList &argv, int ntasks, const QStringList &taskNodes,
                         std::function<void(int)> done)
{
    auto next = std::make_shared<std::function<void(int, int)>>();
    *next = [session, base, argv, ntasks, taskNodes, done, next](int task, int worst) {
        if (task >= ntasks) {
            done(worst);
            *next = nullptr; // breaks the cycle through the captured pointer
            return;
        }
        const QString node = taskNodes.isEmpty() ? QString() : taskNodes[task % taskNodes.size()];
        QStringList env = base;
        env << QStringLiteral("SLURM_PROCID=%1").arg(task)
            << QStringLiteral("SLURM_LOCALID=%1").arg(task);
        if (!node.isEmpty())
            env << QStringLiteral("SLURMD_NODENAME=%1").arg(node)
                << QStringLiteral("SCHEDLAB_HOSTNAME=%1").arg(node);
        session->launch(env, argv, [next, task, worst](int raw) {
            const bool fine = worst == 0 || (WIFEXITED(worst) && WEXITSTATUS(worst) == 0);
            if (*next)
                (*next)(task + 1, fine ? raw : worst);
        });
    };
    (*next)(0, 0);
}

} // namespace schedlab
