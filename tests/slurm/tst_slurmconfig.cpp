// Tests of the slurm.conf / gres.conf reader: the built-in cluster, the real cluster of the
// transcripts, Slurm's syntax, and the messages a user sees for mistakes.
#include "slurmconfig.h"

#include <QFile>
#include <QTest>

using namespace schedlab::slurm;

class TestSlurmConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultCluster();
    void transcriptClusterParsesWithWarningsOnly();
    void defaultsWhenUnset();
    void syntax();
    void continuationAndComments();
    void crlfAndOddBytes();
    void severalPerLineWarns();
    void nodeDefaultsAndInference();
    void partitionSettings();
    void partitionDefaults();
    void globalSettings();
    void preemptRules();
    void errors_data();
    void errors();
    void unknownKeyNamesLine();
    void ignoredKeysWarn();
    void lineOffsets();
    void gresConf();
    void gresConfErrors();
    void binaryInputDoesNotCrash();
};

static ConfigParseResult parse(const QString &text, const QString &gres = {})
{
    return parseClusterConfig(text, gres);
}

static QString allMessages(const ConfigParseResult &r)
{
    QStringList lines;
    for (const ConfigMessage &m : r.messages)
        lines << m.toString();
    return lines.join(QLatin1Char('\n'));
}

static bool hasMessage(const ConfigParseResult &r, const QString &part, bool isError)
{
    for (const ConfigMessage &m : r.messages) {
        if (m.isError == isError && m.toString().contains(part))
            return true;
    }
    return false;
}

static const char *const kMinimal = "ClusterName=t\n"
                                    "NodeName=n[1-2] CPUs=2 RealMemory=1000\n"
                                    "PartitionName=p Nodes=n[1-2] Default=YES\n";

void TestSlurmConfig::defaultCluster()
{
    const ConfigParseResult r = parseClusterConfig(defaultSlurmConf(), defaultGresConf());
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    QVERIFY(r.ok());
    const ClusterConfig &c = r.config;
    QCOMPARE(c.clusterName, QStringLiteral("mini"));
    QCOMPARE(c.scheduler, SchedulerKind::Backfill);
    QCOMPARE(c.selectType, QStringLiteral("select/cons_tres"));
    QCOMPARE(c.selectTypeParameters, QStringLiteral("CR_Core_Memory"));
    QCOMPARE(c.priority, PriorityKind::Multifactor);
    QCOMPARE(c.weightAge, 1000);
    QCOMPARE(c.weightFairshare, 10000);
    QCOMPARE(c.weightPartition, 1000);
    QCOMPARE(c.weightJobSize, 0);
    QCOMPARE(c.priorityDecayHalfLifeSecs, qint64(604800));
    QCOMPARE(c.preemptType, PreemptKind::None);
    QCOMPARE(c.defMemPerCpu, qint64(1000));
    QCOMPARE(c.killWait, 30);
    QCOMPARE(c.minJobAge, 300);
    QCOMPARE(c.gresTypes, QStringList{QStringLiteral("gpu")});
    QVERIFY(!c.accountingEnabled);

    QCOMPARE(c.nodes.size(), 3);
    const NodeConfig *cpu01 = c.node(QStringLiteral("cpu01"));
    QVERIFY(cpu01);
    QCOMPARE(cpu01->cpus, 8);
    QCOMPARE(cpu01->realMemoryMb, qint64(16000));
    QCOMPARE(cpu01->sockets, 8); // inferred from CPUs, as Slurm does
    QCOMPARE(cpu01->coresPerSocket, 1);
    QCOMPARE(cpu01->state, QStringLiteral("UNKNOWN"));
    const NodeConfig *gpu01 = c.node(QStringLiteral("gpu01"));
    QVERIFY(gpu01);
    QCOMPARE(gpu01->cpus, 16);
    QCOMPARE(gpu01->gresSpec, QStringLiteral("gpu:l4:2"));
    QCOMPARE(gpu01->gres.size(), 1);
    QCOMPARE(gpu01->gres[0].name, QStringLiteral("gpu"));
    QCOMPARE(gpu01->gres[0].type, QStringLiteral("l4"));
    QCOMPARE(gpu01->gres[0].count, 2);
    QCOMPARE(gpu01->devices.size(), 1);
    QCOMPARE(gpu01->devices[0].files,
             (QStringList{QStringLiteral("/dev/nvidia0"), QStringLiteral("/dev/nvidia1")}));

    QCOMPARE(c.partitions.size(), 3);
    const PartitionConfig *court = c.defaultPartition();
    QVERIFY(court);
    QCOMPARE(court->name, QStringLiteral("court"));
    QCOMPARE(court->nodes, (QStringList{QStringLiteral("cpu01"), QStringLiteral("cpu02")}));
    QCOMPARE(court->nodesSpec, QStringLiteral("cpu[01-02]"));
    QCOMPARE(court->maxTimeMinutes, 60u);
    QCOMPARE(c.partition(QStringLiteral("long"))->maxTimeMinutes, 1440u);
    QCOMPARE(c.partition(QStringLiteral("gpu"))->maxTimeMinutes, 240u);
    QCOMPARE(c.partition(QStringLiteral("gpu"))->nodes, QStringList{QStringLiteral("gpu01")});
    QVERIFY(!c.partition(QStringLiteral("long"))->isDefault);
    QVERIFY(!c.partition(QStringLiteral("nope")));
}

void TestSlurmConfig::transcriptClusterParsesWithWarningsOnly()
{
    QFile f(QStringLiteral(SCHEDLAB_TEST_DATA "/config-oracle.conf"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const ConfigParseResult r = parse(QString::fromUtf8(f.readAll()));
    QVERIFY2(r.ok(), qPrintable(allMessages(r)));
    QVERIFY(!r.messages.isEmpty());
    // Line 3 is SlurmctldHost, line 20 ProctrackType: both ignored, with a warning each.
    QVERIFY(hasMessage(r, QStringLiteral("slurm.conf:3: warning: SlurmctldHost"), false));
    QVERIFY(hasMessage(r, QStringLiteral("slurm.conf:21: warning: ProctrackType"), false));
    QVERIFY(hasMessage(r, QStringLiteral("AccountingStorageEnforce"), false));
    const ClusterConfig &c = r.config;
    QCOMPARE(c.clusterName, QStringLiteral("oracle"));
    QVERIFY(c.accountingEnabled);
    QCOMPARE(c.schedParams.bfInterval, 5);
    QCOMPARE(c.schedParams.text, QStringLiteral("bf_interval=5"));
    QCOMPARE(c.priorityMaxAgeSecs, qint64(86400));
    QCOMPARE(c.weightAge, 1000);
    QCOMPARE(c.weightFairshare, 1000);
    QCOMPARE(c.overTimeLimitMinutes, 0);
    QCOMPARE(c.defMemPerCpu, qint64(1000));
    QCOMPARE(c.nodes.size(), 3);
    // scontrol show node n3 in 02-inputs.txt: RealMemory=512, Sockets=1 Boards=1.
    const NodeConfig *n3 = c.node(QStringLiteral("n3"));
    QCOMPARE(n3->realMemoryMb, qint64(512));
    QCOMPARE(n3->sockets, 1);
    QCOMPARE(n3->boards, 1);
    QCOMPARE(n3->coresPerSocket, 2);
    QCOMPARE(n3->cpus, 2);
    const PartitionConfig *normal = c.defaultPartition();
    QCOMPARE(normal->name, QStringLiteral("normal"));
    QCOMPARE(normal->nodes, (QStringList{QStringLiteral("n1"), QStringLiteral("n2")}));
    QCOMPARE(normal->maxTimeMinutes, 10u);
    QCOMPARE(normal->defaultTimeMinutes, kNoValMinutes);
    QVERIFY(!normal->overTimeLimitMinutes);
    QVERIFY(!normal->preemptMode);
    const PartitionConfig *petit = c.partition(QStringLiteral("petit"));
    QVERIFY(petit->hidden);
    QCOMPARE(petit->nodes, QStringList{QStringLiteral("n3")});
}

void TestSlurmConfig::defaultsWhenUnset()
{
    const ConfigParseResult r = parse(QString::fromLatin1(kMinimal));
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    const ClusterConfig &c = r.config;
    // Slurm 22.05's defaults, except cons_tres and multifactor (scenario.md).
    QCOMPARE(c.firstJobId, 1u);
    QCOMPARE(c.scheduler, SchedulerKind::Backfill);
    QCOMPARE(c.selectType, QStringLiteral("select/cons_tres"));
    QCOMPARE(c.priority, PriorityKind::Multifactor);
    QCOMPARE(c.preemptType, PreemptKind::None);
    QCOMPARE(c.preemptMode, PreemptMode::Off);
    QCOMPARE(c.killWait, 30);
    QCOMPARE(c.overTimeLimitMinutes, 0);
    QCOMPARE(c.enforcePartLimits, EnforcePartLimits::No);
    QCOMPARE(c.minJobAge, 300);
    QCOMPARE(c.defMemPerCpu, qint64(0));
    QVERIFY(c.jobRequeue);
    QVERIFY(!c.prologContain);
    QVERIFY(!c.accountingEnabled);
    QCOMPARE(c.priorityCalcPeriodSecs, qint64(300));
    QCOMPARE(c.priorityMaxAgeSecs, qint64(604800));
    QCOMPARE(c.schedParams.bfInterval, 30);
    QCOMPARE(c.schedParams.batchSchedDelay, 3);
    QCOMPARE(c.schedParams.schedInterval, 60);
    const PartitionConfig *p = c.defaultPartition();
    QCOMPARE(p->maxTimeMinutes, kInfiniteMinutes);
    QCOMPARE(p->defaultTimeMinutes, kNoValMinutes);
    QCOMPARE(p->priorityTier, 1);
    QCOMPARE(p->priorityJobFactor, 1);
    QCOMPARE(p->maxNodes, kInfiniteMinutes);
    QVERIFY(p->up);
    QCOMPARE(p->stateText, QStringLiteral("UP"));
    QCOMPARE(c.nodes[0].weight, 1);
    QCOMPARE(c.nodes[0].threadsPerCore, 1);
}

void TestSlurmConfig::syntax()
{
    // Case-insensitive keys, spaces around '=', quoted values, CamelCase or not.
    const ConfigParseResult r = parse(QStringLiteral("clustername = Alpha\n"
                                                     "FIRSTJOBID=50\n"
                                                     "nodename=n1 cpus=4 realmemory=\"2000\"\n"
                                                     "partitionname=p nodes=n1 default=yes\n"));
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    QCOMPARE(r.config.clusterName, QStringLiteral("alpha")); // Slurm lowers it
    QCOMPARE(r.config.firstJobId, 50u);
    QCOMPARE(r.config.nodes[0].cpus, 4);
    QCOMPARE(r.config.nodes[0].realMemoryMb, qint64(2000));
    QVERIFY(r.config.partitions[0].isDefault);

    // Numbers are read as C does: 0x.. is hexadecimal, a k suffix multiplies by 1024.
    const ConfigParseResult hex = parse(QStringLiteral("ClusterName=t\nFirstJobId=0x10\n"
                                                       "NodeName=n1 RealMemory=2k\n"));
    QVERIFY2(hex.ok(), qPrintable(allMessages(hex)));
    QCOMPARE(hex.config.firstJobId, 16u);
    QCOMPARE(hex.config.nodes[0].realMemoryMb, qint64(2048));
}

void TestSlurmConfig::continuationAndComments()
{
    const ConfigParseResult r =
        parse(QStringLiteral("# a comment\n"
                             "ClusterName=t\\#1 # trailing comment\n"
                             "   \n"
                             "NodeName=n[1-2] \\\n"
                             "   CPUs=4 \\   \n"
                             "   RealMemory=100\n"
                             "PartitionName=p Nodes=n[1-2] Default=YES MaxTime=5\n"));
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    QCOMPARE(r.config.nodes.size(), 2);
    QCOMPARE(r.config.nodes[1].cpus, 4);
    QCOMPARE(r.config.nodes[1].realMemoryMb, qint64(100));
    QCOMPARE(r.config.clusterName, QStringLiteral("t#1")); // "\\#" is a '#'
    QCOMPARE(r.config.partitions[0].maxTimeMinutes, 5u);
    // A continued line is reported at its first line.
    const ConfigParseResult bad = parse(QStringLiteral("ClusterName=t\n"
                                                       "NodeName=n1 \\\n"
                                                       "  Frobnicate=1\n"));
    QVERIFY(hasMessage(bad, QStringLiteral("slurm.conf:2: error: unknown key 'Frobnicate'"), true));
}

void TestSlurmConfig::crlfAndOddBytes()
{
    const ConfigParseResult r = parse(QStringLiteral("ClusterName=t\r\n"
                                                     "NodeName=n1 CPUs=2 State=UNKNOWN\r\n"
                                                     "PartitionName=p Nodes=n1 State=UP\r\n"));
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    QCOMPARE(r.config.nodes[0].cpus, 2);
    QCOMPARE(r.config.partitions[0].stateText, QStringLiteral("UP"));

    // Non-ASCII node names are names like any other.
    const ConfigParseResult u = parse(QStringLiteral("ClusterName=t\nNodeName=nœud[1-2]\n"));
    QVERIFY2(u.ok(), qPrintable(allMessages(u)));
    QCOMPARE(u.config.nodes[1].name, QStringLiteral("nœud2"));
}

void TestSlurmConfig::severalPerLineWarns()
{
    const ConfigParseResult r =
        parse(QStringLiteral("ClusterName=t FirstJobId=7\n") + QString::fromLatin1(kMinimal));
    QVERIFY(r.ok());
    QCOMPARE(r.config.firstJobId, 7u);
    QVERIFY(hasMessage(r, QStringLiteral("slurm.conf:1: warning: several parameters"), false));
    const ConfigParseResult bad = parse(QStringLiteral("ClusterName=t NodeName=n1\nNodeName=n2\n"));
    QVERIFY(hasMessage(bad, QStringLiteral("slurm.conf:1: error: NodeName= must start"), true));
}

void TestSlurmConfig::nodeDefaultsAndInference()
{
    const ConfigParseResult r =
        parse(QStringLiteral("ClusterName=t\n"
                             "NodeName=DEFAULT CPUs=8 RealMemory=4000\n"
                             "NodeName=a1\n"
                             "NodeName=DEFAULT RealMemory=8000\n"
                             "NodeName=a2 Sockets=2 CoresPerSocket=2 ThreadsPerCore=2\n"
                             "NodeName=a3 CPUs=6 Sockets=2 CoresPerSocket=2\n"
                             "NodeName=a4 Boards=2 SocketsPerBoard=2 CoresPerSocket=4 Weight=5\n"
                             "NodeName=a5 Procs=3 State=drain Gres=gpu:2\n"
                             "NodeName=DEFAULT CPUs=0\n"
                             "NodeName=a6 Procs=3\n"
                             "GresTypes=gpu\n"));
    const ClusterConfig &c = r.config;
    QCOMPARE(c.nodes.size(), 6);
    QCOMPARE(c.node(QStringLiteral("a1"))->cpus, 8);
    QCOMPARE(c.node(QStringLiteral("a1"))->realMemoryMb, qint64(4000));
    // A later DEFAULT line adds to the earlier one.
    QCOMPARE(c.node(QStringLiteral("a2"))->cpus, 8);
    QCOMPARE(c.node(QStringLiteral("a2"))->realMemoryMb, qint64(8000));
    QCOMPARE(c.node(QStringLiteral("a2"))->sockets, 2);
    // CPUs=6 fits no product of 2 sockets x 2 cores x 1 thread: Slurm resets it, with a word.
    QCOMPARE(c.node(QStringLiteral("a3"))->cpus, 4);
    QVERIFY(hasMessage(r, QStringLiteral("slurm.conf:6: warning: NodeNames=a3 CPUs=6 match no"),
                       false));
    // Boards x SocketsPerBoard make the sockets; CPUs=8 (the default) = 4 x 4 x 1? No: 16.
    const NodeConfig *a4 = c.node(QStringLiteral("a4"));
    QCOMPARE(a4->sockets, 4);
    QCOMPARE(a4->boards, 2);
    QCOMPARE(a4->cpus, 16);
    QCOMPARE(a4->weight, 5);
    const NodeConfig *a5 = c.node(QStringLiteral("a5"));
    // Slurm looks for CPUs (line, then DEFAULT) before Procs: the DEFAULT CPUs=8 wins.
    QCOMPARE(a5->cpus, 8);
    QCOMPARE(a5->state, QStringLiteral("DRAIN"));
    QCOMPARE(a5->gres.size(), 1);
    QCOMPARE(a5->gres[0].count, 2);
    QVERIFY(a5->gres[0].type.isEmpty());
    // CPUs=0 in DEFAULT still hides Procs, then reads as the invalid 0 Slurm resets to 1.
    QCOMPARE(c.node(QStringLiteral("a6"))->cpus, 1);
    QVERIFY(hasMessage(r, QStringLiteral("slurm.conf:10: warning: NodeNames=a6 CPUs=0 is invalid"),
                       false));
}

void TestSlurmConfig::partitionSettings()
{
    const ConfigParseResult r =
        parse(QStringLiteral("ClusterName=t\n"
                             "NodeName=n[1-4]\n"
                             "PartitionName=a Nodes=n[3-4],n1 MaxTime=UNLIMITED DefaultTime=5 "
                             "State=DOWN PriorityTier=10 PriorityJobFactor=3 MaxNodes=2 "
                             "OverTimeLimit=UNLIMITED GraceTime=30 Hidden=YES\n"
                             "PartitionName=b Nodes=ALL MaxTime=1-12 State=INACTIVE "
                             "OverTimeLimit=3 PreemptMode=REQUEUE Default=YES\n"
                             "PartitionName=c Nodes=n1 State=DRAIN Priority=4 "
                             "PreemptMode=suspend,gang\n"));
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    const PartitionConfig *a = r.config.partition(QStringLiteral("a"));
    // A partition's nodes come in node-table order, as Slurm's bitmap gives them.
    QCOMPARE(a->nodes,
             (QStringList{QStringLiteral("n1"), QStringLiteral("n3"), QStringLiteral("n4")}));
    QCOMPARE(a->nodesSpec, QStringLiteral("n[3-4],n1"));
    QCOMPARE(a->maxTimeMinutes, kInfiniteMinutes);
    QCOMPARE(a->defaultTimeMinutes, 5u);
    QVERIFY(!a->up);
    QCOMPARE(a->stateText, QStringLiteral("DOWN"));
    QCOMPARE(a->priorityTier, 10);
    QCOMPARE(a->priorityJobFactor, 3);
    QCOMPARE(a->maxNodes, 2u);
    QCOMPARE(a->overTimeLimitMinutes.value(), -1);
    QCOMPARE(a->graceTimeSeconds, 30u);
    QVERIFY(a->hidden);
    const PartitionConfig *b = r.config.partition(QStringLiteral("b"));
    QCOMPARE(b->nodes.size(), 4);
    QCOMPARE(b->maxTimeMinutes, 2160u);
    QCOMPARE(b->stateText, QStringLiteral("INACTIVE"));
    QCOMPARE(b->overTimeLimitMinutes.value(), 3);
    QCOMPARE(b->preemptMode.value(), PreemptMode::Requeue);
    QCOMPARE(r.config.defaultPartition(), b);
    const PartitionConfig *c = r.config.partition(QStringLiteral("c"));
    QCOMPARE(c->stateText, QStringLiteral("DRAIN"));
    QCOMPARE(c->priorityTier, 4);
    QCOMPARE(c->priorityJobFactor, 4);
    QCOMPARE(c->preemptMode.value(), PreemptMode::Suspend);
    QVERIFY(c->preemptModeGang);
}

void TestSlurmConfig::partitionDefaults()
{
    const ConfigParseResult r =
        parse(QStringLiteral("ClusterName=t\nNodeName=n1\n"
                             "PartitionName=DEFAULT MaxTime=30 State=DOWN\n"
                             "PartitionName=a Nodes=n1\n"
                             "PartitionName=b Nodes=n1 State=UP Default=YES\n"
                             "PartitionName=c Nodes=n1 Default=YES\n"));
    QVERIFY(r.ok());
    QCOMPARE(r.config.partition(QStringLiteral("a"))->maxTimeMinutes, 30u);
    QCOMPARE(r.config.partition(QStringLiteral("a"))->stateText, QStringLiteral("DOWN"));
    QCOMPARE(r.config.partition(QStringLiteral("b"))->stateText, QStringLiteral("UP"));
    // The last Default=YES wins, as in Slurm.
    QCOMPARE(r.config.defaultPartition()->name, QStringLiteral("c"));
    QVERIFY(!r.config.partition(QStringLiteral("b"))->isDefault);
    QVERIFY(
        hasMessage(r, QStringLiteral("slurm.conf:6: warning: changing default partition"), false));
}

void TestSlurmConfig::globalSettings()
{
    const ConfigParseResult r =
        parse(QStringLiteral("ClusterName=t\n"
                             "FirstJobId=100\n"
                             "SchedulerType=sched/builtin\n"
                             "SchedulerParameters=bf_interval=10,bf_window=60,bf_resolution=30,"
                             "bf_max_job_test=50,sched_interval=20,default_queue_depth=10,"
                             "batch_sched_delay=0,sched_min_interval=0\n"
                             "AccountingStorageType=accounting_storage/slurmdbd\n"
                             "SelectType=select/linear\n"
                             "SelectTypeParameters=CR_CPU_Memory,CR_Pack_Nodes\n"
                             "PriorityType=priority/basic\n"
                             "PriorityWeightAge=1\nPriorityWeightFairshare=2\n"
                             "PriorityWeightJobSize=3\nPriorityWeightPartition=4\n"
                             "PriorityWeightQOS=5\nPriorityWeightAssoc=6\n"
                             "PriorityMaxAge=1-0\nPriorityDecayHalfLife=2-0\n"
                             "PriorityCalcPeriod=5\nPriorityFavorSmall=YES\n"
                             "KillWait=10\nOverTimeLimit=UNLIMITED\nEnforcePartLimits=ALL\n"
                             "MinJobAge=60\nDefMemPerNode=3000\nJobRequeue=0\n"
                             "PrologFlags=Contain\nGresTypes=gpu,mps\n"
                             "NodeName=n1\n"));
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    const ClusterConfig &c = r.config;
    QCOMPARE(c.firstJobId, 100u);
    QCOMPARE(c.scheduler, SchedulerKind::Builtin);
    QCOMPARE(c.schedParams.bfInterval, 10);
    QCOMPARE(c.schedParams.bfWindowMinutes, 60);
    QCOMPARE(c.schedParams.bfResolution, 30);
    QCOMPARE(c.schedParams.bfMaxJobTest, 50);
    QCOMPARE(c.schedParams.schedInterval, 20);
    QCOMPARE(c.schedParams.defaultQueueDepth, 10);
    QCOMPARE(c.schedParams.batchSchedDelay, 0);
    QCOMPARE(c.schedParams.schedMinIntervalUs, 0);
    QVERIFY(c.accountingEnabled);
    QCOMPARE(c.accountingStorageType, QStringLiteral("accounting_storage/slurmdbd"));
    QCOMPARE(c.selectType, QStringLiteral("select/linear"));
    QCOMPARE(c.selectTypeParameters, QStringLiteral("CR_CPU_Memory,CR_Pack_Nodes"));
    QCOMPARE(c.priority, PriorityKind::Basic);
    QCOMPARE(c.weightAge, 1);
    QCOMPARE(c.weightFairshare, 2);
    QCOMPARE(c.weightJobSize, 3);
    QCOMPARE(c.weightPartition, 4);
    QCOMPARE(c.weightQos, 5);
    QCOMPARE(c.weightAssoc, 6);
    QCOMPARE(c.priorityMaxAgeSecs, qint64(86400));
    QCOMPARE(c.priorityDecayHalfLifeSecs, qint64(172800));
    QCOMPARE(c.priorityCalcPeriodSecs, qint64(300)); // minutes, per man slurm.conf
    QVERIFY(c.priorityFavorSmall);
    QCOMPARE(c.killWait, 10);
    QCOMPARE(c.overTimeLimitMinutes, -1);
    QCOMPARE(c.enforcePartLimits, EnforcePartLimits::All);
    QCOMPARE(c.minJobAge, 60);
    QCOMPARE(c.defMemPerNode, qint64(3000));
    QCOMPARE(c.defMemPerCpu, qint64(0));
    QVERIFY(!c.jobRequeue);
    QVERIFY(c.prologContain);
    QCOMPARE(c.prologFlagsText, QStringLiteral("Contain"));
    QCOMPARE(c.prologFlagsDisplay, QStringLiteral("Alloc,Contain")); // 07-variants.txt
    QCOMPARE(c.gresTypes, (QStringList{QStringLiteral("gpu"), QStringLiteral("mps")}));

    // Slurm's own parse_part_enforce_type() reads YES as ANY.
    const ConfigParseResult yes =
        parse(QStringLiteral("EnforcePartLimits=YES\n") + QString::fromLatin1(kMinimal));
    QCOMPARE(yes.config.enforcePartLimits, EnforcePartLimits::Any);
    const ConfigParseResult none =
        parse(QStringLiteral("AccountingStorageType=accounting_storage/none\n") +
              QString::fromLatin1(kMinimal));
    QVERIFY(!none.config.accountingEnabled);
    const ConfigParseResult unknownSub =
        parse(QStringLiteral("SchedulerParameters=bf_continue,bf_interval=9\n") +
              QString::fromLatin1(kMinimal));
    QVERIFY(unknownSub.ok());
    QCOMPARE(unknownSub.config.schedParams.bfInterval, 9);
    QVERIFY(hasMessage(unknownSub,
                       QStringLiteral("slurm.conf:1: warning: SchedulerParameters: "
                                      "bf_continue"),
                       false));
    const ConfigParseResult defMem = parse(QStringLiteral("DefMemPerNode=10\nDefMemPerCPU=20\n") +
                                           QString::fromLatin1(kMinimal));
    QCOMPARE(defMem.config.defMemPerNode, qint64(10));
    QCOMPARE(defMem.config.defMemPerCpu, qint64(0));
    QVERIFY(
        hasMessage(defMem, QStringLiteral("slurm.conf:2: warning: DefMemPerCPU ignored"), false));
}

void TestSlurmConfig::preemptRules()
{
    const QString base = QString::fromLatin1(kMinimal);
    const ConfigParseResult ok = parse(QStringLiteral("PreemptType=preempt/partition_prio\n"
                                                      "PreemptMode=REQUEUE\n") +
                                       base);
    QVERIFY2(ok.ok(), qPrintable(allMessages(ok)));
    QCOMPARE(ok.config.preemptType, PreemptKind::PartitionPrio);
    QCOMPARE(ok.config.preemptMode, PreemptMode::Requeue);
    QCOMPARE(preemptModeString(ok.config.preemptMode, ok.config.preemptModeGang),
             QStringLiteral("REQUEUE"));

    const ConfigParseResult gang = parse(QStringLiteral("PreemptType=preempt/qos\n"
                                                        "PreemptMode=SUSPEND,GANG\n") +
                                         base);
    QVERIFY2(gang.ok(), qPrintable(allMessages(gang)));
    QCOMPARE(gang.config.preemptMode, PreemptMode::Suspend);
    QVERIFY(gang.config.preemptModeGang);
    QCOMPARE(preemptModeString(gang.config.preemptMode, true), QStringLiteral("GANG,SUSPEND"));

    const ConfigParseResult gangOnly = parse(QStringLiteral("PreemptMode=GANG\n") + base);
    QVERIFY(gangOnly.ok());
    QCOMPARE(gangOnly.config.preemptMode, PreemptMode::Gang);
    QCOMPARE(preemptModeString(PreemptMode::Off, false), QStringLiteral("OFF"));

    // The checks of _validate_and_set_defaults().
    QVERIFY(
        hasMessage(parse(QStringLiteral("PreemptType=preempt/none\nPreemptMode=SUSPEND\n") + base),
                   QStringLiteral("slurm.conf:2: error: PreemptMode=SUSPEND requires GANG"), true));
    QVERIFY(hasMessage(parse(QStringLiteral("PreemptType=preempt/partition_prio\n") + base),
                       QStringLiteral("PreemptType and PreemptMode values incompatible"), true));
    QVERIFY(hasMessage(parse(QStringLiteral("PreemptMode=CANCEL\n") + base),
                       QStringLiteral("PreemptType and PreemptMode values incompatible"), true));
    QVERIFY(hasMessage(parse(QStringLiteral("PreemptMode=CANCEL,REQUEUE\n") + base),
                       QStringLiteral("PreemptMode=CANCEL,REQUEUE invalid"), true));
}

void TestSlurmConfig::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // part of the error message

    const QString head = QStringLiteral("ClusterName=t\n");
    QTest::newRow("non-numeric CPUs")
        << head + "NodeName=n1 CPUs=four\n"
        << "slurm.conf:2: error: CPUs value \"four\" is not a valid number";
    QTest::newRow("CPUs too big")
        << head + "NodeName=n1 CPUs=70000\n"
        << "slurm.conf:2: error: CPUs value (70000) is greater than 65535";
    QTest::newRow("negative") << head + "NodeName=n1 RealMemory=-1\n"
                              << "slurm.conf:2: error: RealMemory value (-1) is less than zero";
    QTest::newRow("bad MaxTime") << head + "NodeName=n1\nPartitionName=p Nodes=n1 MaxTime=2h\n"
                                 << "slurm.conf:3: error: Bad value \"2h\" for MaxTime";
    QTest::newRow("negative MaxTime") << head + "NodeName=n1\nPartitionName=p Nodes=n1 MaxTime=-5\n"
                                      << "slurm.conf:3: error: Bad value \"-5\" for MaxTime";
    QTest::newRow("bad hostlist") << head + "NodeName=n[1-\n"
                                  << "slurm.conf:2: error: NodeName=n[1- is not a valid hostlist";
    QTest::newRow("unknown node") << head + "NodeName=n1\nPartitionName=p Nodes=n[1-3]\n"
                                  << "slurm.conf:3: error: partition p: invalid node name n[2-3]";
    QTest::newRow("duplicate partition") << head + "NodeName=n1\nPartitionName=p Nodes=n1\n"
                                                   "PartitionName=p Nodes=n1\n"
                                         << "slurm.conf:4: error: duplicate entry for partition p";
    QTest::newRow("no nodes") << head << "slurm.conf: error: no nodes";
    QTest::newRow("duplicate node") << head + "NodeName=n[1-2]\nNodeName=n2\n"
                                    << "slurm.conf:3: error: Duplicated NodeName n2";
    QTest::newRow("bad boolean")
        << head + "NodeName=n1\nPartitionName=p Nodes=n1 Default=maybe\n"
        << "slurm.conf:3: error: \"maybe\" is not a valid option for \"Default\"";
    QTest::newRow("bad state") << head + "NodeName=n1\nPartitionName=p Nodes=n1 State=OPEN\n"
                               << "slurm.conf:3: error: Bad value \"OPEN\" for State";
    QTest::newRow("bad node state") << head + "NodeName=n1 State=HAPPY\n"
                                    << "slurm.conf:2: error: node n1 has invalid state HAPPY";
    QTest::newRow("bad SchedulerType") << head + "SchedulerType=sched/hold\nNodeName=n1\n"
                                       << "slurm.conf:2: error: SchedulerType=sched/hold";
    QTest::newRow("bad PriorityType") << head + "PriorityType=priority/fancy\nNodeName=n1\n"
                                      << "slurm.conf:2: error: PriorityType=priority/fancy";
    QTest::newRow("bad PreemptType") << head + "PreemptType=preempt/job_prio\nNodeName=n1\n"
                                     << "slurm.conf:2: error: PreemptType=preempt/job_prio";
    QTest::newRow("calc period 0") << head + "PriorityCalcPeriod=0\nNodeName=n1\n"
                                   << "slurm.conf:2: error: Bad value \"0\" for PriorityCalcPeriod";
    QTest::newRow("EnforcePartLimits") << head + "EnforcePartLimits=SOME\nNodeName=n1\n"
                                       << "slurm.conf:2: error: Bad EnforcePartLimits: SOME";
    QTest::newRow("FirstJobId 0") << head + "FirstJobId=0\nNodeName=n1\n"
                                  << "slurm.conf:2: error: FirstJobId cannot be zero";
    QTest::newRow("PrologFlags") << head + "PrologFlags=Contain,Bogus\nNodeName=n1\n"
                                 << "slurm.conf:2: error: Invalid PrologFlag: Bogus";
    QTest::newRow("mysql")
        << head + "AccountingStorageType=accounting_storage/mysql\nNodeName=n1\n"
        << "slurm.conf:2: error: AccountingStorageType=accounting_storage/mysql only";
    QTest::newRow("SelectTypeParameters")
        << head + "SelectTypeParameters=CR_Everything\nNodeName=n1\n"
        << "slurm.conf:2: error: Bad SelectTypeParameter: CR_Everything";
    QTest::newRow("GresTypes missing")
        << head + "NodeName=n1 Gres=gpu:2\n"
        << "slurm.conf:2: error: Gres gpu on n1 is not listed in GresTypes";
    QTest::newRow("bad Gres") << head + "GresTypes=gpu\nNodeName=n1 Gres=gpu:a:b:c\n"
                              << "slurm.conf:3: error: Invalid GRES specification";
    QTest::newRow("garbage") << head + "NodeName=n1\nthis is not a setting\n"
                             << "slurm.conf:3: error: cannot read \"this is not a setting\"";
    QTest::newRow("no value") << head + "NodeName=n1\nKillWait=\n"
                              << "slurm.conf:3: error: cannot read \"KillWait=\"";
    QTest::newRow("Include") << head + "Include /etc/slurm/nodes.conf\nNodeName=n1\n"
                             << "slurm.conf:2: error: Include is not supported";
    QTest::newRow("removed key")
        << head + "AccountingStorageLoc=/tmp/x\nNodeName=n1\n"
        << "slurm.conf:2: error: the AccountingStorageLoc option has been removed";
    QTest::newRow("reserved name") << head + "NodeName=ALL\nNodeName=n1\n"
                                   << "slurm.conf:2: error: 'ALL' is a reserved word";
    QTest::newRow("operator") << head + "NodeName=n1\nKillWait+=3\n"
                              << "slurm.conf:3: error: 'KillWait+=' is not slurm.conf syntax";
    QTest::newRow("half-life 0")
        << head + "PriorityDecayHalfLife=0\nNodeName=n1\n"
        << "slurm.conf:2: error: You have to either have PriorityDecayHalfLife != 0";
    QTest::newRow("FrontendName") << head + "FrontendName=fe1\nNodeName=n1\n"
                                  << "slurm.conf:2: error: FrontendName needs";
}

void TestSlurmConfig::errors()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const ConfigParseResult r = parse(text);
    QVERIFY(!r.ok());
    QVERIFY2(hasMessage(r, expected, true), qPrintable(allMessages(r)));
}

void TestSlurmConfig::unknownKeyNamesLine()
{
    QString text = QString::fromLatin1(kMinimal);
    for (int i = 4; i < 12; ++i)
        text += QStringLiteral("# filler\n");
    text += QStringLiteral("Frobnicate=1\n");
    const ConfigParseResult r = parse(text);
    QVERIFY(!r.ok());
    QCOMPARE(r.messages.size(), 1);
    QCOMPARE(r.messages[0].toString(),
             QStringLiteral("slurm.conf:12: error: unknown key 'Frobnicate'"));
    QCOMPARE(r.messages[0].line, 12);
    QVERIFY(r.messages[0].isError);

    const ConfigParseResult inNode =
        parse(QStringLiteral("ClusterName=t\nNodeName=n1 Colour=blue\n"));
    QVERIFY(hasMessage(inNode,
                       QStringLiteral("slurm.conf:2: error: unknown key 'Colour' in a "
                                      "NodeName line"),
                       true));
    const ConfigParseResult inPartition =
        parse(QStringLiteral("ClusterName=t\nNodeName=n1\nPartitionName=p Nodes=n1 Size=3\n"));
    QVERIFY(hasMessage(inPartition,
                       QStringLiteral("slurm.conf:3: error: unknown key 'Size' in a "
                                      "PartitionName line"),
                       true));
}

void TestSlurmConfig::ignoredKeysWarn()
{
    const ConfigParseResult r = parse(QStringLiteral("ClusterName=t\n"
                                                     "AuthType=auth/munge\n"
                                                     "NodeName=n1 NodeAddr=1.2.3.4 Port=7 "
                                                     "NodeHostname=h TmpDisk=100\n"
                                                     "PartitionName=p Nodes=n1 AllowGroups=ALL\n"));
    QVERIFY(r.ok());
    QCOMPARE(r.messages.size(), 3);
    QCOMPARE(r.messages[0].toString(),
             QStringLiteral("slurm.conf:2: warning: AuthType is ignored by the mini-cluster"));
    QCOMPARE(r.messages[1].toString(),
             QStringLiteral("slurm.conf:3: warning: TmpDisk is ignored by the mini-cluster"));
    QCOMPARE(r.messages[2].toString(),
             QStringLiteral("slurm.conf:4: warning: AllowGroups is ignored by the mini-cluster"));

    const ConfigParseResult noName = parse(QStringLiteral("NodeName=n1\n"));
    QVERIFY(noName.ok());
    QVERIFY(hasMessage(noName, QStringLiteral("ClusterName is not set"), false));
    QCOMPARE(noName.config.clusterName, QStringLiteral("cluster"));
}

void TestSlurmConfig::lineOffsets()
{
    const ConfigParseResult r = parseClusterConfig(
        QStringLiteral("ClusterName=t\nNodeName=n1 X=1\n"), QStringLiteral("Bogus=1\n"),
        QStringLiteral("scenario.yaml"), 10, QStringLiteral("scenario.yaml"), 20);
    QCOMPARE(r.messages.size(), 2);
    QCOMPARE(r.messages[0].toString(),
             QStringLiteral("scenario.yaml:12: error: unknown key 'X' in a NodeName line"));
    QCOMPARE(r.messages[1].file, QStringLiteral("scenario.yaml"));
    QCOMPARE(r.messages[1].line, 21);
    QCOMPARE(r.config.nodes[0].line, 12);
}

void TestSlurmConfig::gresConf()
{
    const QString conf = QStringLiteral("ClusterName=t\nGresTypes=gpu\n"
                                        "NodeName=g[1-2] CPUs=4 Gres=gpu:a100:4\n"
                                        "NodeName=h1 Gres=gpu:2\n");
    const ConfigParseResult r =
        parse(conf, QStringLiteral("# GPUs\n"
                                   "AutoDetect=off\n"
                                   "NodeName=g[1-2] Name=gpu Type=a100 File=/dev/nvidia[0-3]\n"
                                   "NodeName=h1 Name=gpu File=/dev/nvidia[0-1] Count=2\n"));
    QVERIFY2(r.messages.isEmpty(), qPrintable(allMessages(r)));
    const NodeConfig *g1 = r.config.node(QStringLiteral("g1"));
    QCOMPARE(g1->devices.size(), 1);
    QCOMPARE(g1->devices[0].type, QStringLiteral("a100"));
    QCOMPARE(g1->devices[0].files.size(), 4);
    QCOMPARE(g1->devices[0].files.last(), QStringLiteral("/dev/nvidia3"));
    const NodeConfig *h1 = r.config.node(QStringLiteral("h1"));
    QCOMPARE(h1->devices.size(), 1);
    QCOMPARE(h1->devices[0].files,
             (QStringList{QStringLiteral("/dev/nvidia0"), QStringLiteral("/dev/nvidia1")}));

    // Without NodeName, a line is for every node with that GRES.
    const ConfigParseResult everyNode =
        parse(QStringLiteral("ClusterName=t\nGresTypes=gpu\nNodeName=h[1-2] Gres=gpu:2\n"
                             "NodeName=c1\n"),
              QStringLiteral("Name=gpu File=/dev/nvidia[0-1]\n"));
    QVERIFY2(everyNode.messages.isEmpty(), qPrintable(allMessages(everyNode)));
    QCOMPARE(everyNode.config.node(QStringLiteral("h2"))->devices.size(), 1);
    QVERIFY(everyNode.config.node(QStringLiteral("c1"))->devices.isEmpty());

    // Count mismatch between the two files: a warning (Slurm drains such a node).
    const ConfigParseResult mismatch =
        parse(conf, QStringLiteral("NodeName=g1 Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"));
    QVERIFY(mismatch.ok());
    QVERIFY2(
        hasMessage(mismatch, QStringLiteral("gres.conf: warning: gres/gpu:a100: g1 has 2"), false),
        qPrintable(allMessages(mismatch)));
}

void TestSlurmConfig::gresConfErrors()
{
    const QString conf = QStringLiteral("ClusterName=t\nGresTypes=gpu\nNodeName=g1 Gres=gpu:2\n");
    QVERIFY(hasMessage(parse(conf, QStringLiteral("NodeName=g1 Name=gpu File=/dev/nvidia[0-\n")),
                       QStringLiteral("gres.conf:1: error: File=/dev/nvidia[0- is not a valid"),
                       true));
    QVERIFY(hasMessage(parse(conf, QStringLiteral("NodeName=g1 Name=mps Count=100\n")),
                       QStringLiteral("gres.conf:1: error: Gres mps is not listed in GresTypes"),
                       true));
    QVERIFY(hasMessage(parse(conf, QStringLiteral("NodeName=g1 Name=gpu Colour=red\n")),
                       QStringLiteral("gres.conf:1: error: unknown key 'Colour'"), true));
    QVERIFY(hasMessage(parse(conf, QStringLiteral("File=/dev/nvidia0\n")),
                       QStringLiteral("gres.conf:1: error: unknown key 'File' at the start"),
                       true));
    QVERIFY(hasMessage(parse(conf, QStringLiteral("NodeName=g1 Name=gpu File=/dev/nvidia[0-1] "
                                                  "Count=3\n")),
                       QStringLiteral("count does not match File"), true));
    QVERIFY(hasMessage(parse(conf, QStringLiteral("NodeName=g1 Type=x\n")),
                       QStringLiteral("gres.conf:1: error: Invalid GRES data, no type name"),
                       true));
    const ConfigParseResult other =
        parse(conf, QStringLiteral("NodeName=zz Name=gpu File=/dev/nvidia[0-1]\n"));
    QVERIFY(other.ok());
    QVERIFY(hasMessage(other, QStringLiteral("gres.conf:1: warning: zz is not a node"), false));
    QVERIFY(hasMessage(parse(conf, QStringLiteral("NodeName=g1 Name=gpu Cores=0-3 "
                                                  "File=/dev/nvidia[0-1]\n")),
                       QStringLiteral("gres.conf:1: warning: Cores is ignored"), false));
}

void TestSlurmConfig::binaryInputDoesNotCrash()
{
    QByteArray junk;
    for (int i = 0; i < 4096; ++i)
        junk.append(char((i * 131 + 7) % 256));
    const ConfigParseResult r =
        parseClusterConfig(QString::fromLatin1(junk), QString::fromUtf8(junk));
    QVERIFY(!r.ok());
    for (const ConfigMessage &m : r.messages)
        QVERIFY(!m.toString().isEmpty());

    // A long, huge configuration stays bounded.
    QString big = QStringLiteral("ClusterName=t\n");
    for (int i = 0; i < 200; ++i)
        big += QStringLiteral("NodeName=r%1n[1-1000]\n").arg(i);
    const ConfigParseResult huge = parse(big);
    QVERIFY(!huge.ok());
    QVERIFY(hasMessage(huge, QStringLiteral("more than 65536 nodes"), true));
    QCOMPARE(huge.config.nodes.size(), 65536);
}

QTEST_APPLESS_MAIN(TestSlurmConfig)

#include "tst_slurmconfig.moc"
