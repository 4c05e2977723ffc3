// Benchmark: a generated workload of modeled jobs on a large cluster, simulated over days
// with backfill and multifactor priority. Prints wall time and peak memory.
//
//   bench_workload [JOBS] [NODES] [DAYS]     (defaults: 100000 1000 30)
#include "controller.h"
#include "sbatchparser.h"
#include "slurmconfig.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <random>
#include <sys/resource.h>

using namespace schedlab::slurm;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int jobs = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int nodes = argc > 2 ? std::atoi(argv[2]) : 1000;
    const int days = argc > 3 ? std::atoi(argv[3]) : 30;

    const QString conf =
        QStringLiteral(
            "ClusterName=bench\nSchedulerType=sched/backfill\nSelectType=select/cons_tres\n"
            "SelectTypeParameters=CR_Core_Memory\nPriorityType=priority/multifactor\n"
            "PriorityWeightAge=1000\nPriorityWeightFairshare=10000\nPriorityWeightJobSize=1000\n"
            "AccountingStorageType=accounting_storage/slurmdbd\nDefMemPerCPU=1000\n"
            "NodeName=n[1-%1] CPUs=32 RealMemory=128000 State=UNKNOWN\n"
            "PartitionName=batch Nodes=n[1-%1] Default=YES MaxTime=2-00:00:00 State=UP\n")
            .arg(nodes);
    ConfigParseResult parsed = parseClusterConfig(conf);
    if (!parsed.ok()) {
        for (const ConfigMessage &m : parsed.messages)
            std::fprintf(stderr, "%s\n", qPrintable(m.toString()));
        return 2;
    }
    parsed.config.accountingEnabled = true;
    UserDirectory users;
    QList<AccountDef> accounts;
    for (int a = 0; a < 10; ++a) {
        AccountDef def;
        def.name = QStringLiteral("acct%1").arg(a);
        def.shares = 1 + a % 3;
        for (int u = 0; u < 10; ++u)
            def.users << QStringLiteral("u%1_%2").arg(a).arg(u);
        accounts << def;
    }
    users.setAccounts(accounts);
    const qint64 start = 1793870000;
    Controller controller(parsed.config, &users, start);

    // Arrivals spread over the period; sizes and run times drawn from a seeded generator.
    std::mt19937 rng(42);
    const qint64 span = qint64(days) * 86400;
    std::uniform_int_distribution<qint64> arrival(0, span * 9 / 10);
    std::vector<qint64> times(jobs);
    for (qint64 &t : times)
        t = arrival(rng);
    std::sort(times.begin(), times.end());
    std::uniform_int_distribution<int> nodesDist(1, 100), cpusDist(1, 32), userDist(0, 99);
    std::uniform_int_distribution<int> limitDist(10, 24 * 60);

    QElapsedTimer timer;
    timer.start();
    int submitted = 0, rejected = 0;
    for (int i = 0; i < jobs; ++i) {
        controller.advanceTo(start + times[i]);
        Submission s;
        const int size = nodesDist(rng);
        if (size > 95)
            s.request.minNodes = 1 + size % 16; // a few wide jobs
        else
            s.request.cpusPerTask = cpusDist(rng);
        const int limit = limitDist(rng);
        s.request.timeLimitMinutes = std::uint32_t(limit);
        const int u = userDist(rng);
        s.user = QStringLiteral("u%1_%2").arg(u / 10).arg(u % 10);
        s.workDir = QStringLiteral("/tmp");
        s.defaultName = QStringLiteral("wrap");
        s.modeled = true;
        std::uniform_int_distribution<qint64> runtime(30, qint64(limit) * 60 + 120);
        s.modeledRuntime = runtime(rng);
        if (controller.submit(s).ok)
            ++submitted;
        else
            ++rejected;
        controller.settle();
    }
    controller.advanceTo(start + span);
    const double seconds = timer.elapsed() / 1000.0;
    int finished = 0, pending = 0, running = 0;
    for (const Job *j : controller.jobs()) {
        if (j->state == JobState::Pending)
            ++pending;
        else if (j->state == JobState::Running)
            ++running;
        else
            ++finished;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    std::printf("jobs=%d nodes=%d days=%d submitted=%d rejected=%d wall=%.2fs peak_rss=%.0fMiB "
                "still_held(finished<MinJobAge)=%d pending=%d running=%d\n",
                jobs, nodes, days, submitted, rejected, seconds, ru.ru_maxrss / 1024.0, finished,
                pending, running);
    return 0;
}
