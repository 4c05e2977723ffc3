// scontrol: show job/partition/node/config/hostnames/hostlist; update, hold, release, requeue.
#include "commandcontext.h"
#include "helptexts.h"

#include "hostlist.h"

namespace schedlab::slurm {

namespace {

QString memText(qint64 mb)
{
    if (mb > 0 && mb % 1024 == 0)
        return QStringLiteral("%1G").arg(mb / 1024);
    return QStringLiteral("%1M").arg(mb);
}

QString showJob(const Controller &c, const Job &j, const QString &tf)
{
    auto ts = [&](qint64 t) { return t ? formatTimestamp(t, tf) : QStringLiteral("Unknown"); };
    const bool pending = j.state == JobState::Pending;
    const qint64 runTime =
        pending || !j.startTime
            ? 0
            : ((isFinished(j.state) || j.completing) ? j.endTime : c.now()) - j.startTime;
    const int cpus = pending ? j.totalCpus() : j.allocatedCpus();
    const int nodes = j.nodeCount();
    const NodeConfig *first =
        j.allocation.isEmpty() ? nullptr : c.config().node(j.allocation.first().node);
    // Memory: per CPU when it is counted so (even from DefMemPerCPU), else per node.
    qint64 memTotal = 0;
    for (const NodeShare &share : j.allocation)
        memTotal += share.memMb;
    qint64 memNode = j.memPerNodeMb;
    if (memNode < 0) {
        const PartitionConfig *p = c.config().partition(j.partition);
        const NodeConfig *n =
            p && !p->nodes.isEmpty() ? c.config().node(p->nodes.first()) : nullptr;
        memNode = n ? n->realMemoryMb : 0;
    }
    if (j.allocation.isEmpty())
        memTotal = j.memPerCpuMb > 0 ? j.memPerCpuMb * cpus : memNode * nodes;
    Q_UNUSED(first);
    const QString state = j.completing ? QStringLiteral("COMPLETING") : stateName(j.state);
    QString reason = j.stateDesc.isEmpty() ? reasonName(j.reason) : j.stateDesc;
    reason.replace(QLatin1Char(' '), QLatin1Char('_'));
    QStringList lines;
    lines << QStringLiteral("JobId=%1 JobName=%2").arg(j.id).arg(j.name);
    if (j.arrayJobId) {
        const QString tasks =
            j.isArrayMaster() ? arrayTasksText(j) : QString::number(j.arrayTaskId);
        const QString throttle =
            j.arrayMaxRunning > 0 ? QStringLiteral(" ArrayTaskThrottle=%1").arg(j.arrayMaxRunning)
                                  : QString();
        lines.last() = QStringLiteral("JobId=%1 ArrayJobId=%2 ArrayTaskId=%3%4 JobName=%5")
                           .arg(j.id)
                           .arg(j.arrayJobId)
                           .arg(tasks, throttle, j.name);
    }
    lines << QStringLiteral("UserId=%1(%2) GroupId=%1(%3) MCS_label=N/A")
                 .arg(j.user)
                 .arg(j.uid)
                 .arg(j.gid);
    lines << QStringLiteral("Priority=%1 Nice=%2 Account=%3 QOS=%4")
                 .arg(j.priority)
                 .arg(j.nice)
                 .arg(j.account, j.qos);
    lines << QStringLiteral("JobState=%1 Reason=%2 Dependency=%3")
                 .arg(state, reason,
                      j.state == JobState::Cancelled && j.reason == Reason::DependencyNeverSatisfied
                          ? j.request.dependencyText
                          : c.dependencyStatus(j));
    lines << QStringLiteral("Requeue=%1 Restarts=%2 BatchFlag=1 Reboot=0 ExitCode=%3:%4")
                 .arg(j.requeue ? 1 : 0)
                 .arg(j.restarts)
                 .arg(j.exitCode)
                 .arg(isFinished(j.state) && j.exitCode == 0 && j.exitSignal == 0 &&
                              !j.steps.isEmpty()
                          ? j.steps.last().exitSignal
                          : j.exitSignal);
    lines << QStringLiteral("RunTime=%1 TimeLimit=%2 TimeMin=N/A")
                 .arg(formatHms(runTime), formatScontrolLimit(j.timeLimit));
    lines << QStringLiteral("SubmitTime=%1 EligibleTime=%2")
                 .arg(ts(j.submitTime), ts(j.eligibleTime));
    lines << QStringLiteral("AccrueTime=%1").arg(ts(j.accrueTime));
    qint64 start = j.startTime, end = pending && !j.startTime ? 0 : j.endTime;
    if (pending && !start && j.beginTime > c.now()) {
        start = j.beginTime;
        end = j.timeLimit == kInfiniteMinutes || j.timeLimit == kNoValMinutes
                  ? 0
                  : start + qint64(j.timeLimit) * 60;
    }
    lines << QStringLiteral("StartTime=%1 EndTime=%2 Deadline=N/A").arg(ts(start), ts(end));
    // With preemption configured, a job that started may be preempted from its start on
    // (PreemptExemptTime 0); a waiting one has no such time yet.
    if (c.config().preemptType != PreemptKind::None && !pending && j.startTime)
        lines << QStringLiteral("PreemptEligibleTime=%1 PreemptTime=None").arg(ts(j.startTime));
    lines << QStringLiteral("SuspendTime=None SecsPreSuspend=0 LastSchedEval=%1 Scheduler=%2")
                 .arg(ts(j.lastSchedEval ? j.lastSchedEval : j.submitTime),
                      j.scheduler.isEmpty() ? QStringLiteral("Main") : j.scheduler);
    lines << QStringLiteral("Partition=%1 AllocNode:Sid=localhost:%2")
                 .arg(j.partition)
                 .arg(10000 + j.id);
    lines << QStringLiteral("ReqNodeList=(null) ExcNodeList=(null)");
    if (pending)
        lines << (j.schedNodes.isEmpty() ? QStringLiteral("NodeList=")
                                         : QStringLiteral("NodeList= SchedNodeList=%1")
                                               .arg(compressHostlistSorted(j.schedNodes)));
    else {
        lines << QStringLiteral("NodeList=%1").arg(compressHostlistSorted(j.nodeNames()));
        lines << QStringLiteral("BatchHost=%1")
                     .arg(j.allocation.isEmpty() ? QString() : j.allocation.first().node);
    }
    const QString numNodes = pending && j.request.minNodes
                                 ? QStringLiteral("%1-%2").arg(j.minNodes).arg(j.maxNodes)
                                 : QString::number(nodes);
    lines << QStringLiteral("NumNodes=%1 NumCPUs=%2 NumTasks=%3 CPUs/Task=%4 ReqB:S:C:T=0:0:*:*")
                 .arg(numNodes)
                 .arg(cpus)
                 .arg(j.ntasks)
                 .arg(j.cpusPerTask);
    // A pending job's TRES counts the nodes it asked for with -N (1 without it).
    const int tresNodes = pending ? j.request.minNodes.value_or(1) : nodes;
    QString tres = QStringLiteral("cpu=%1,mem=%2,node=%3,billing=%1")
                       .arg(cpus)
                       .arg(memText(memTotal))
                       .arg(tresNodes);
    lines << QStringLiteral("TRES=%1").arg(tres);
    lines
        << QStringLiteral("Socks/Node=* NtasksPerN:B:S:C=%1:0:*:* CoreSpec=*").arg(j.ntasksPerNode);
    lines << (j.memPerCpuMb > 0 ? QStringLiteral("MinCPUsNode=%1 MinMemoryCPU=%2 MinTmpDiskNode=0")
                                      .arg(j.cpusPerNode)
                                      .arg(memText(j.memPerCpuMb))
                                : QStringLiteral("MinCPUsNode=%1 MinMemoryNode=%2 MinTmpDiskNode=0")
                                      .arg(j.cpusPerNode)
                                      .arg(memText(memNode)));
    lines << QStringLiteral("Features=(null) DelayBoot=00:00:00");
    lines << QStringLiteral("OverSubscribe=%1 Contiguous=0 Licenses=(null) Network=(null)")
                 .arg(j.exclusive ? QStringLiteral("NO") : QStringLiteral("OK"));
    lines << QStringLiteral("Command=%1").arg(j.command);
    lines << QStringLiteral("WorkDir=%1").arg(j.workDir);
    lines << QStringLiteral("StdErr=%1").arg(j.stderrPath);
    lines << QStringLiteral("StdIn=%1").arg(j.stdinPath);
    lines << QStringLiteral("StdOut=%1").arg(j.stdoutPath);
    lines << QStringLiteral("Power=");
    // slurm_sprint_job_info() prints each TRES request that was made, after Power=.
    const QList<QPair<const char *, QString>> tresPer{{"TresPerJob", tresPerJob(j.request)},
                                                      {"TresPerNode", tresPerNode(j.request)},
                                                      {"TresPerSocket", tresPerSocket(j.request)},
                                                      {"TresPerTask", tresPerTask(j.request)}};
    for (const auto &[key, value] : tresPer)
        if (!value.isEmpty())
            lines << QLatin1String(key) + QLatin1Char('=') + value;
    return lines.join(QStringLiteral("\n   ")) + QStringLiteral("\n   \n\n");
}

QString showPartition(const Controller &c, const PartitionConfig &p)
{
    int cpus = 0;
    qint64 mem = 0;
    for (const QString &n : p.nodes)
        if (const NodeConfig *node = c.config().node(n)) {
            cpus += node->cpus;
            mem += node->realMemoryMb;
        }
    auto limit = [](std::uint32_t m) {
        return m == kInfiniteMinutes ? QStringLiteral("UNLIMITED") : formatHms(qint64(m) * 60);
    };
    QStringList l;
    l << QStringLiteral("PartitionName=%1").arg(p.name);
    l << QStringLiteral("AllowGroups=ALL AllowAccounts=ALL AllowQos=ALL");
    l << QStringLiteral("AllocNodes=ALL Default=%1 QoS=N/A")
             .arg(p.isDefault ? QStringLiteral("YES") : QStringLiteral("NO"));
    l << QStringLiteral("DefaultTime=%1 DisableRootJobs=NO ExclusiveUser=NO GraceTime=%2 Hidden=%3")
             .arg(p.defaultTimeMinutes == kNoValMinutes ? QStringLiteral("NONE")
                                                        : limit(p.defaultTimeMinutes))
             .arg(p.graceTimeSeconds)
             .arg(p.hidden ? QStringLiteral("YES") : QStringLiteral("NO"));
    l << QStringLiteral("MaxNodes=%1 MaxTime=%2 MinNodes=0 LLN=NO MaxCPUsPerNode=UNLIMITED")
             .arg(p.maxNodes == kInfiniteMinutes ? QStringLiteral("UNLIMITED")
                                                 : QString::number(p.maxNodes),
                  limit(p.maxTimeMinutes));
    l << QStringLiteral("Nodes=%1").arg(compressHostlistSorted(p.nodes));
    l << QStringLiteral(
             "PriorityJobFactor=%1 PriorityTier=%2 RootOnly=NO ReqResv=NO OverSubscribe=NO")
             .arg(p.priorityJobFactor)
             .arg(p.priorityTier);
    static const char *modes[] = {"OFF", "CANCEL", "REQUEUE", "SUSPEND", "GANG"};
    const PreemptMode mode = p.preemptMode.value_or(c.config().preemptMode);
    l << QStringLiteral("OverTimeLimit=%1 PreemptMode=%2")
             .arg(p.overTimeLimitMinutes
                      ? (*p.overTimeLimitMinutes < 0 ? QStringLiteral("UNLIMITED")
                                                     : QString::number(*p.overTimeLimitMinutes))
                      : QStringLiteral("NONE"),
                  QLatin1String(modes[int(mode)]));
    l << QStringLiteral("State=%1 TotalCPUs=%2 TotalNodes=%3 SelectTypeParameters=NONE")
             .arg(p.stateText)
             .arg(cpus)
             .arg(p.nodes.size());
    l << QStringLiteral("JobDefaults=(null)");
    l << QStringLiteral("DefMemPerNode=UNLIMITED MaxMemPerNode=UNLIMITED");
    l << QStringLiteral("TRES=cpu=%1,mem=%2M,node=%3,billing=%1")
             .arg(cpus)
             .arg(mem)
             .arg(p.nodes.size());
    return l.join(QStringLiteral("\n   ")) + QStringLiteral("\n\n");
}

QString showNode(const Controller &c, const NodeConfig &n)
{
    const NodeLoad &load = c.usage().load(n.name);
    QStringList parts;
    for (const PartitionConfig &p : c.config().partitions)
        if (p.nodes.contains(n.name))
            parts << p.name;
    const QString state = load.jobs == 0 ? QStringLiteral("IDLE")
                                         : (load.usedCpus >= n.cpus ? QStringLiteral("ALLOCATED")
                                                                    : QStringLiteral("MIXED"));
    QStringList l;
    l << QStringLiteral("NodeName=%1 Arch=x86_64 CoresPerSocket=%2")
             .arg(n.name)
             .arg(n.coresPerSocket);
    l << QStringLiteral("CPUAlloc=%1 CPUEfctv=%2 CPUTot=%2 CPULoad=0.00")
             .arg(load.usedCpus)
             .arg(n.cpus);
    l << QStringLiteral("AvailableFeatures=(null)");
    l << QStringLiteral("ActiveFeatures=(null)");
    l << QStringLiteral("Gres=%1").arg(n.gresSpec.isEmpty() ? QStringLiteral("(null)")
                                                            : n.gresSpec);
    l << QStringLiteral("NodeAddr=%1 NodeHostName=%1 Version=22.05.8").arg(n.name);
    l << QStringLiteral("OS=Linux ");
    l << QStringLiteral("RealMemory=%1 AllocMem=%2 FreeMem=%3 Sockets=%4 Boards=1")
             .arg(n.realMemoryMb)
             .arg(load.usedMemMb)
             .arg(n.realMemoryMb - load.usedMemMb)
             .arg(n.sockets);
    l << QStringLiteral("State=%1 ThreadsPerCore=%2 TmpDisk=0 Weight=%3 Owner=N/A MCS_label=N/A")
             .arg(state)
             .arg(n.threadsPerCore)
             .arg(n.weight);
    l << QStringLiteral("Partitions=%1 ").arg(parts.join(QLatin1Char(',')));
    l << QStringLiteral("CfgTRES=cpu=%1,mem=%2M,billing=%1").arg(n.cpus).arg(n.realMemoryMb);
    l << QStringLiteral("AllocTRES=%1")
             .arg(load.usedCpus
                      ? QStringLiteral("cpu=%1,mem=%2M").arg(load.usedCpus).arg(load.usedMemMb)
                      : QString());
    return l.join(QStringLiteral("\n   ")) + QStringLiteral("\n\n");
}

QString updateError(Controller::UpdateResult r)
{
    switch (r) {
    case Controller::UpdateResult::Ok:
        return {};
    case Controller::UpdateResult::InvalidId:
        return QStringLiteral("Invalid job id specified");
    case Controller::UpdateResult::PermissionDenied:
        return QStringLiteral("Access/permission denied");
    case Controller::UpdateResult::AlreadyDone:
        return QStringLiteral("Job/step already completing or completed");
    case Controller::UpdateResult::InvalidValue:
        return QStringLiteral("Invalid value");
    }
    return {};
}

} // namespace

int runScontrol(CommandContext &ctx)
{
    QStringList args = ctx.invocation.args;
    if (args.isEmpty()) {
        ctx.err(QStringLiteral(
            "scontrol: error: no command given (interactive mode is not available here)\n"));
        return ctx.finish(1);
    }
    if (args.first() == QLatin1String("--version") || args.first() == QLatin1String("-V") ||
        args.first() == QLatin1String("version")) {
        ctx.out(slurmVersionLine());
        return ctx.finish(0);
    }
    if (args.first() == QLatin1String("--help") || args.first() == QLatin1String("--usage") ||
        args.first() == QLatin1String("help") || args.first() == QLatin1String("-h")) {
        ctx.out(helpText(QStringLiteral("scontrol")));
        return ctx.finish(0);
    }
    Controller &c = ctx.controller;
    const QString verb = args.takeFirst().toLower();
    if (verb == QLatin1String("show")) {
        if (args.isEmpty()) {
            ctx.err(QStringLiteral("scontrol: error: too few arguments for keyword:show\n"));
            return ctx.finish(1);
        }
        const QString entity = args.takeFirst().toLower();
        const QString id = args.isEmpty() ? QString() : args.first();
        if (entity.startsWith(QLatin1String("job"))) {
            QString out;
            if (!id.isEmpty()) {
                const std::uint32_t wanted = id.section(QLatin1Char('_'), 0, 0).toUInt();
                const bool oneTask = id.contains(QLatin1Char('_'));
                const std::uint32_t task = id.section(QLatin1Char('_'), 1).toUInt();
                // An array's id shows its pending record and every task, newest first.
                QList<const Job *> records;
                for (const Job *j : c.jobs()) {
                    const bool ofArray = j->arrayJobId == wanted;
                    if (j->id == wanted && !j->arrayJobId)
                        records << j;
                    else if (ofArray &&
                             (!oneTask || j->arrayTaskId == task || j->pendingTasks.contains(task)))
                        records << j;
                }
                if (records.isEmpty()) {
                    ctx.err(QStringLiteral("slurm_load_jobs error: Invalid job id specified\n"));
                    return ctx.finish(1);
                }
                std::stable_sort(records.begin(), records.end(),
                                 [wanted](const Job *a, const Job *b) {
                                     if ((a->id == wanted) != (b->id == wanted))
                                         return a->id == wanted;
                                     return a->id > b->id;
                                 });
                for (const Job *j : std::as_const(records))
                    out += showJob(c, *j, ctx.timeFormat());
            } else {
                for (const Job *j : c.jobs())
                    out += showJob(c, *j, ctx.timeFormat());
                if (out.isEmpty())
                    out = QStringLiteral("No jobs in the system\n");
            }
            ctx.out(out);
            return ctx.finish(0);
        }
        if (entity.startsWith(QLatin1String("part"))) {
            QString out;
            for (const PartitionConfig &p : c.config().partitions)
                if (id.isEmpty() || p.name == id)
                    out += showPartition(c, p);
            if (out.isEmpty()) {
                ctx.err(QStringLiteral("Partition %1 not found\n").arg(id));
                return ctx.finish(1);
            }
            ctx.out(out);
            return ctx.finish(0);
        }
        if (entity.startsWith(QLatin1String("node"))) {
            QString out;
            for (const NodeConfig &n : c.config().nodes)
                if (id.isEmpty() || n.name == id)
                    out += showNode(c, n);
            if (out.isEmpty()) {
                ctx.err(QStringLiteral("Node %1 not found\n").arg(id));
                return ctx.finish(1);
            }
            ctx.out(out);
            return ctx.finish(0);
        }
        if (entity == QLatin1String("hostnames")) {
            auto names = expandHostlist(id);
            if (!names) {
                ctx.err(QStringLiteral("scontrol: error: Invalid hostlist: %1\n").arg(id));
                return ctx.finish(1);
            }
            ctx.out(names->join(QLatin1Char('\n')) + QLatin1Char('\n'));
            return ctx.finish(0);
        }
        if (entity == QLatin1String("hostlist") || entity == QLatin1String("hostlistsorted")) {
            QStringList names;
            for (const QString &part : id.split(QLatin1Char(','), Qt::SkipEmptyParts))
                if (auto e = expandHostlist(part))
                    names += *e;
            if (entity == QLatin1String("hostlistsorted"))
                names.sort();
            ctx.out(compressHostlistSorted(names) + QLatin1Char('\n'));
            return ctx.finish(0);
        }
        if (entity == QLatin1String("config")) {
            const ClusterConfig &cfg = c.config();
            auto row = [](const QString &k, const QString &v) {
                return k.leftJustified(23) + QStringLiteral(" = ") + v + QLatin1Char('\n');
            };
            static const char *modes[] = {"OFF", "CANCEL", "REQUEUE", "SUSPEND", "GANG"};
            const QString preemptType = cfg.preemptType == PreemptKind::None
                                            ? QStringLiteral("preempt/none")
                                        : cfg.preemptType == PreemptKind::PartitionPrio
                                            ? QStringLiteral("preempt/partition_prio")
                                            : QStringLiteral("preempt/qos");
            // Sorted by key, as scontrol prints them.
            const QList<QPair<QString, QString>> rows{
                {QStringLiteral("AccountingStorageType"), cfg.accountingStorageType},
                {QStringLiteral("ClusterName"), cfg.clusterName},
                cfg.defMemPerCpu ? QPair<QString, QString>{QStringLiteral("DefMemPerCPU"),
                                                           QString::number(cfg.defMemPerCpu)}
                                 : QPair<QString, QString>(),
                // DefMemPerCPU and DefMemPerNode are one setting in slurmctld: one line shows.
                cfg.defMemPerCpu
                    ? QPair<QString, QString>()
                    : QPair<QString, QString>{QStringLiteral("DefMemPerNode"),
                                              cfg.defMemPerNode ? QString::number(cfg.defMemPerNode)
                                                                : QStringLiteral("UNLIMITED")},
                {QStringLiteral("EnforcePartLimits"),
                 cfg.enforcePartLimits == EnforcePartLimits::No
                     ? QStringLiteral("NO")
                     : (cfg.enforcePartLimits == EnforcePartLimits::All ? QStringLiteral("ALL")
                                                                        : QStringLiteral("ANY"))},
                {QStringLiteral("FirstJobId"), QString::number(cfg.firstJobId)},
                {QStringLiteral("GresTypes"), cfg.gresTypes.isEmpty()
                                                  ? QStringLiteral("(null)")
                                                  : cfg.gresTypes.join(QLatin1Char(','))},
                {QStringLiteral("JobRequeue"),
                 cfg.jobRequeue ? QStringLiteral("1") : QStringLiteral("0")},
                {QStringLiteral("KillWait"), QStringLiteral("%1 sec").arg(cfg.killWait)},
                {QStringLiteral("MaxMemPerNode"), QStringLiteral("UNLIMITED")},
                {QStringLiteral("MessageTimeout"), QStringLiteral("10 sec")},
                {QStringLiteral("MinJobAge"), QStringLiteral("%1 sec").arg(cfg.minJobAge)},
                {QStringLiteral("OverTimeLimit"),
                 cfg.overTimeLimitMinutes < 0
                     ? QStringLiteral("UNLIMITED")
                     : QStringLiteral("%1 min").arg(cfg.overTimeLimitMinutes)},
                {QStringLiteral("PreemptMode"), QLatin1String(modes[int(cfg.preemptMode)])},
                {QStringLiteral("PreemptType"), preemptType},
                {QStringLiteral("PriorityCalcPeriod"), formatHms(cfg.priorityCalcPeriodSecs)},
                {QStringLiteral("PriorityDecayHalfLife"),
                 formatHms(cfg.priorityDecayHalfLifeSecs)
                     .replace(QLatin1String("7-00:00:00"), QLatin1String("7-00:00:00"))},
                {QStringLiteral("PriorityMaxAge"), formatHms(cfg.priorityMaxAgeSecs)},
                {QStringLiteral("PriorityType"), cfg.priority == PriorityKind::Basic
                                                     ? QStringLiteral("priority/basic")
                                                     : QStringLiteral("priority/multifactor")},
                {QStringLiteral("PriorityWeightAge"), QString::number(cfg.weightAge)},
                {QStringLiteral("PriorityWeightAssoc"), QString::number(cfg.weightAssoc)},
                {QStringLiteral("PriorityWeightFairShare"), QString::number(cfg.weightFairshare)},
                {QStringLiteral("PriorityWeightJobSize"), QString::number(cfg.weightJobSize)},
                {QStringLiteral("PriorityWeightPartition"), QString::number(cfg.weightPartition)},
                {QStringLiteral("PriorityWeightQOS"), QString::number(cfg.weightQos)},
                {QStringLiteral("PriorityWeightTRES"), QStringLiteral("(null)")},
                {QStringLiteral("ProctrackType"), QStringLiteral("proctrack/linuxproc")},
                {QStringLiteral("PrologFlags"),
                 cfg.prologFlagsText.isEmpty()
                     ? QStringLiteral("(null)")
                     : (cfg.prologContain && !cfg.prologFlagsText.contains(QLatin1String("Alloc"))
                            ? QStringLiteral("Alloc,") + cfg.prologFlagsText
                            : cfg.prologFlagsText)},
                {QStringLiteral("SchedulerParameters"),
                 cfg.schedParams.text.isEmpty() ? QStringLiteral("(null)") : cfg.schedParams.text},
                {QStringLiteral("SchedulerType"), cfg.scheduler == SchedulerKind::Backfill
                                                      ? QStringLiteral("sched/backfill")
                                                      : QStringLiteral("sched/builtin")},
                {QStringLiteral("SelectType"), cfg.selectType},
                {QStringLiteral("SelectTypeParameters"), cfg.selectTypeParameters.toUpper()},
            };
            QString out = QStringLiteral("Configuration data as of %1\n")
                              .arg(formatTimestamp(c.now(), ctx.timeFormat()));
            for (const auto &[k, v] : rows)
                if (!k.isEmpty())
                    out += row(k, v);
            ctx.out(out);
            return ctx.finish(0);
        }
        ctx.err(
            QStringLiteral("scontrol: error: invalid entity:%1 for keyword:show\n").arg(entity));
        return ctx.finish(1);
    }
    if (verb == QLatin1String("hold") || verb == QLatin1String("uhold") ||
        verb == QLatin1String("release") || verb == QLatin1String("requeue")) {
        QList<std::uint32_t> ids;
        QString bad;
        if (args.isEmpty() || !parseJobIdList(args.join(QLatin1Char(',')), &ids, &bad)) {
            ctx.err(QStringLiteral("Invalid job id specified\n"));
            return ctx.finish(1);
        }
        int rc = 0;
        for (std::uint32_t id : ids) {
            Controller::UpdateResult r =
                verb == QLatin1String("release")   ? c.release(id, ctx.user())
                : verb == QLatin1String("requeue") ? c.requeue(id, ctx.user())
                                                   : c.hold(id, ctx.user());
            if (r != Controller::UpdateResult::Ok) {
                ctx.err(QStringLiteral("%1 for job %2\n").arg(updateError(r)).arg(id));
                if (r == Controller::UpdateResult::InvalidId)
                    ctx.err(QStringLiteral("slurm_suspend error: %1\n").arg(updateError(r)));
                rc = 1;
            }
        }
        return ctx.finish(rc);
    }
    if (verb == QLatin1String("top")) {
        // Without enable_user_top, only an operator may reorder jobs.
        QList<std::uint32_t> ids;
        parseJobIdList(args.join(QLatin1Char(',')), &ids, nullptr);
        if (!c.users().isOperator(ctx.user())) {
            for (std::uint32_t id : std::as_const(ids))
                ctx.err(QStringLiteral("Access/permission denied for job %1\n").arg(id));
            return ctx.finish(1);
        }
        std::uint32_t top = 0;
        for (const Job *j : c.jobs())
            if (j->state == JobState::Pending)
                top = std::max(top, j->priority);
        for (std::uint32_t id : std::as_const(ids))
            c.setPriority(id, top + 1, ctx.user());
        return ctx.finish(0);
    }
    if (verb == QLatin1String("update")) {
        QString jobId, partition;
        QList<QPair<QString, QString>> settings;
        for (const QString &a : std::as_const(args)) {
            const QString key = a.section(QLatin1Char('='), 0, 0).toLower();
            const QString value = a.section(QLatin1Char('='), 1);
            if (key == QLatin1String("jobid") || key == QLatin1String("job"))
                jobId = value;
            else if (key == QLatin1String("partitionname"))
                partition = value;
            else
                settings << qMakePair(key, value);
        }
        if (!partition.isEmpty()) {
            if (!c.users().isOperator(ctx.user())) {
                ctx.err(QStringLiteral("slurm_update error: Access/permission denied\n"));
                return ctx.finish(1);
            }
            for (const auto &[k, v] : settings) {
                if (k == QLatin1String("overtimelimit")) {
                    bool ok = false;
                    int m = v.toInt(&ok);
                    if (v.compare(QLatin1String("UNLIMITED"), Qt::CaseInsensitive) == 0) {
                        m = -1;
                        ok = true;
                    }
                    if (!ok) {
                        ctx.err(QStringLiteral("scontrol: error: Invalid OverTimeLimit value: "
                                               "%1\nslurm_update error: No error\n")
                                    .arg(v));
                        return ctx.finish(1);
                    }
                    c.setPartitionOverTime(partition, m);
                }
            }
            return ctx.finish(0);
        }
        bool ok = false;
        const std::uint32_t id = jobId.section(QLatin1Char('_'), 0, 0).toUInt(&ok);
        if (!ok) {
            ctx.err(QStringLiteral("scontrol: error: No job id specified\n"));
            return ctx.finish(1);
        }
        for (const auto &[k, v] : settings) {
            Controller::UpdateResult r = Controller::UpdateResult::InvalidValue;
            if (k == QLatin1String("priority")) {
                bool okp = false;
                const uint p = v.toUInt(&okp);
                r = okp ? c.setPriority(id, p, ctx.user()) : Controller::UpdateResult::InvalidValue;
            } else if (k == QLatin1String("timelimit")) {
                auto m = parseTimeLimit(v);
                r = m ? c.setTimeLimit(id, *m, ctx.user()) : Controller::UpdateResult::InvalidValue;
            } else if (k == QLatin1String("nice")) {
                bool okn = false;
                const int n = v.toInt(&okn);
                r = okn ? c.setNice(id, n, ctx.user()) : Controller::UpdateResult::InvalidValue;
            } else {
                ctx.err(QStringLiteral(
                            "Update of this parameter is not supported: %1=%2\nRequest aborted\n")
                            .arg(k, v));
                return ctx.finish(1);
            }
            if (r == Controller::UpdateResult::PermissionDenied ||
                r == Controller::UpdateResult::AlreadyDone) {
                ctx.err(QStringLiteral("%1 for job %2\n").arg(updateError(r)).arg(id));
                return ctx.finish(1);
            }
            if (r != Controller::UpdateResult::Ok) {
                ctx.err(QStringLiteral("slurm_update error: %1\n").arg(updateError(r)));
                return ctx.finish(1);
            }
        }
        return ctx.finish(0);
    }
    ctx.err(QStringLiteral("invalid keyword: %1\n").arg(verb));
    return ctx.finish(1);
}

} // namespace schedlab::slurm
