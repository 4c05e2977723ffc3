// Benchmark: a generated workload of modeled jobs on a large cluster, simulated over days
// with backfill and multifactor priority. Prints wall time and peak memory.
//
//   bench_workload [JOBS] [NODES] [DAYS] [LOAD]  (defaults: 100000 1000 30 0.6)
//
// LOAD is the work asked for over the cluster's capacity for the period: above 1 a queue
// builds up and the backfill has work to do.
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
    const double load = argc > 4 ? std::atof(argv[4]) : 0.6;

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
    // Half the jobs take a few CPUs, half take 1 to 8 whole nodes; run times are drawn so
    // that the work asked for is LOAD times what the cluster can do in the period.
    std::uniform_int_distribution<int> cpusDist(1, 32), wideDist(1, 8), userDist(0, 99);
    std::bernoulli_distribution wide(0.5);
    const double meanCpus = 0.5 * 16.5 + 0.5 * 4.5 * 32; // CPUs of an average job
    const double capacity = double(nodes) * 32 * double(days) * 86400 * 0.9;
    const double meanRuntime = load * capacity / (double(jobs) * meanCpus);
    std::exponential_distribution<double> runtimeDist(1.0 / meanRuntime);
    // How much the schedulers had to do: jobs that waited, and starts by the backfill.
    long waited = 0, backfilled = 0;
    qint64 totalWait = 0;
    controller.setEventListener([&](const JobEvent &e) {
        if (e.kind != JobEvent::Kind::Started)
            return;
        const Job *j = controller.job(e.jobId);
        if (j && j->startTime > j->submitTime) {
            ++waited;
            totalWait += j->startTime - j->submitTime;
        }
        if (const Decision *d = controller.lastDecision(e.jobId);
            d && d->kind == Decision::Kind::StartedBackfill)
            ++backfilled;
    });
    QElapsedTimer timer;
    timer.start();
    int submitted = 0, rejected = 0;
    for (int i = 0; i < jobs; ++i) {
        controller.advanceTo(start + times[i]);
        Submission s;
        if (wide(rng)) {
            s.request.minNodes = wideDist(rng);
            s.request.exclusive = true;
        } else {
            s.request.cpusPerTask = cpusDist(rng);
        }
        // Users ask for more time than they use, as on real clusters.
        const qint64 runtime = std::max<qint64>(30, qint64(runtimeDist(rng)));
        const qint64 limitMinutes = std::min<qint64>(2 * 24 * 60, runtime * 2 / 60 + 10);
        s.request.timeLimitMinutes = std::uint32_t(limitMinutes);
        const int u = userDist(rng);
        s.user = QStringLiteral("u%1_%2").arg(u / 10).arg(u % 10);
        s.workDir = QStringLiteral("/tmp");
        s.defaultName = QStringLiteral("wrap");
        s.modeled = true;
        s.modeledRuntime = std::min(runtime, limitMinutes * 60);
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
    std::printf(
        "jobs=%d nodes=%d days=%d submitted=%d rejected=%d wall=%.2fs peak_rss=%.0fMiB "
        "waited=%ld (mean wait %.0f min) backfilled=%ld pending_at_end=%d running_at_end=%d\n",
        jobs, nodes, days, submitted, rejected, seconds, ru.ru_maxrss / 1024.0, waited,
        waited ? double(totalWait) / waited / 60 : 0.0, backfilled, pending, running);
    Q_UNUSED(finished);
    return 0;
}
