// Benchmark: the engine's own latency seen from the real clients. It measures the time
// from `sbatch` of a trivial script to the decision being visible in `squeue`, and one
// `squeue` on a queue of N pending jobs (default 10000). Slurm's own delays in virtual time
// (batch_sched_delay, bf_interval) are not part of it: the clock is paused.
//
//   bench_latency LIBEXEC_DIR [QUEUE_SIZE] [REPEATS]
#include "benchclient.h"
#include "engine.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace schedlab;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_latency LIBEXEC_DIR [QUEUE_SIZE] [REPEATS]\n");
        return 2;
    }
    const QString libexec = QString::fromLocal8Bit(argv[1]);
    const int queue = argc > 2 ? std::atoi(argv[2]) : 10000;
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 20;
    QTemporaryDir dir;
    QFile script(dir.filePath(QStringLiteral("trivial.sbatch")));
    script.open(QIODevice::WriteOnly);
    script.write("#!/bin/bash\ntrue\n");
    script.close();

    EngineOptions options;
    auto parsed = slurm::parseClusterConfig(slurm::defaultSlurmConf(), slurm::defaultGresConf());
    options.config = parsed.config;
    options.config.accountingEnabled = true;
    options.startEpoch = 1793870000;
    options.workDir = dir.path();
    options.stateDir = dir.path() + QStringLiteral("/state");
    options.libexecDir = libexec;
    options.simulated = false;
    Engine engine(options);
    QString error;
    if (!engine.start(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    engine.setPaused(true);
    engine.users().addUser(QStringLiteral("kim"));

    // sbatch, then squeue until the job's line shows the scheduler's decision.
    std::vector<double> submitToVisible;
    for (int i = 0; i < repeats; ++i) {
        QByteArray out;
        QElapsedTimer t;
        t.start();
        bench::timedClient(engine, dir.path(), QStringLiteral("sbatch --parsable trivial.sbatch"),
                           &out);
        const QString id = QString::fromUtf8(out).trimmed();
        bench::timedClient(engine, dir.path(),
                           QStringLiteral("squeue -h -j %1 -o '%i %t %R'").arg(id), &out);
        submitToVisible.push_back(t.nsecsElapsed() / 1e6);
    }

    // A queue of pending jobs: held, so that they stay in the queue.
    for (int i = 0; i < queue; ++i) {
        slurm::Submission s;
        s.request.hold = true;
        s.request.timeLimitMinutes = 10;
        s.user = QStringLiteral("kim");
        s.workDir = dir.path();
        s.defaultName = QStringLiteral("wrap");
        s.modeled = true;
        s.modeledRuntime = 60;
        const slurm::SubmitResult r = engine.controller().submit(s);
        if (!r.ok) {
            std::fprintf(stderr, "submission refused: %s", qPrintable(r.errorMessages));
            return 1;
        }
    }
    std::vector<double> squeueFull;
    qsizetype lines = 0;
    for (int i = 0; i < repeats; ++i) {
        QByteArray out;
        squeueFull.push_back(bench::timedClient(
            engine, dir.path(), QStringLiteral("squeue > out.txt; wc -l < out.txt"), &out));
        lines = out.trimmed().toLongLong();
    }
    // The engine's own share: the same squeue answered in process, without client or bash.
    std::vector<double> inEngine;
    for (int i = 0; i < repeats; ++i) {
        Invocation inv;
        inv.command = QStringLiteral("squeue");
        inv.cwd = dir.path();
        inv.user = QStringLiteral("kim");
        auto session = std::make_shared<BufferSession>();
        QElapsedTimer t;
        t.start();
        engine.run(inv, session);
        inEngine.push_back(t.nsecsElapsed() / 1e6);
    }
    std::vector<double> bareClient;
    for (int i = 0; i < repeats; ++i)
        bareClient.push_back(
            bench::timedClient(engine, dir.path(), QStringLiteral("true"), nullptr));
    std::printf(
        "sbatch -> decision visible in squeue: median %.1f ms (2 client runs, %d repeats)\n",
        median(submitToVisible), repeats);
    std::printf("squeue on %d queued jobs (%lld lines): median %.1f ms\n", queue,
                static_cast<long long>(lines), median(squeueFull));
    std::printf("  of which the engine's own work: median %.1f ms\n", median(inEngine));
    std::printf("(for scale: starting bash -c true costs %.1f ms)\n", median(bareClient));
    return 0;
}
