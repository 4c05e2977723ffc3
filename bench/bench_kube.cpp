// Benchmark: the Kubernetes half in a simulation. Applies JOBS Jobs of PODS pods each running
// `true` (real processes), lets virtual time run until every Job is Complete, then times
// `kubectl get pods` on what is left (JOBS x PODS pods) through the real client.
//
//   bench_kube LIBEXEC_DIR [JOBS] [PODS]   (defaults: 1000 10)
#include "benchclient.h"
#include "engine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <sys/resource.h>

using namespace schedlab;

namespace {

int completeJobs(Engine &engine)
{
    int complete = 0;
    for (const kube::Value *job : engine.kube().api().list(QStringLiteral("Job")))
        for (const kube::Value &c : kube::at(*job, {"status", "conditions"}).items())
            if (c[QStringLiteral("type")].toString() == QLatin1String("Complete"))
                ++complete;
    return complete;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_kube LIBEXEC_DIR [JOBS] [PODS]\n");
        return 2;
    }
    const int jobs = argc > 2 ? std::atoi(argv[2]) : 1000;
    const int pods = argc > 3 ? std::atoi(argv[3]) : 10;
    QTemporaryDir dir;
    QFile manifests(dir.filePath(QStringLiteral("jobs.yaml")));
    manifests.open(QIODevice::WriteOnly);
    for (int i = 0; i < jobs; ++i)
        manifests.write(QStringLiteral("---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: "
                                       "vrai-%1\nspec:\n  parallelism: %2\n  completions: %2\n"
                                       "  template:\n    spec:\n      restartPolicy: Never\n"
                                       "      containers:\n        - name: vrai\n"
                                       "          image: busybox:1.36\n"
                                       "          command: [\"true\"]\n")
                            .arg(i)
                            .arg(pods)
                            .toUtf8());
    manifests.close();

    EngineOptions options;
    auto parsed = slurm::parseClusterConfig(slurm::defaultSlurmConf(), slurm::defaultGresConf());
    options.config = parsed.config;
    options.startEpoch = 1793870000;
    options.workDir = dir.path();
    options.stateDir = dir.path() + QStringLiteral("/state");
    options.libexecDir = QString::fromLocal8Bit(argv[1]);
    options.watchdogMs = 60000;
    Engine engine(options);
    QString error;
    if (!engine.start(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    QElapsedTimer wall;
    wall.start();
    QByteArray out;
    const double applyMs = bench::timedClient(
        engine, dir.path(), QStringLiteral("kubectl apply -f jobs.yaml | tail -1"), &out);
    qint64 t = engine.controller().now();
    while (completeJobs(engine) < jobs) {
        if (!engine.advanceTo(++t, nullptr, QString(), &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        if (t - options.startEpoch > 86400) {
            std::fprintf(stderr, "not complete after a virtual day\n");
            return 1;
        }
    }
    const double allMs = wall.nsecsElapsed() / 1e6;
    struct rusage engineUse;
    getrusage(RUSAGE_SELF, &engineUse);
    const double engineCpuS = engineUse.ru_utime.tv_sec + engineUse.ru_stime.tv_sec +
                              (engineUse.ru_utime.tv_usec + engineUse.ru_stime.tv_usec) / 1e6;
    // The engine's own share: the command served in process, without client or pipe.
    std::vector<double> engineGets;
    const int engineRepeats = qEnvironmentVariableIntValue("BENCH_KUBE_GET_REPEATS");
    for (int i = 0; i < std::max(5, engineRepeats); ++i) {
        Invocation inv;
        inv.command = QStringLiteral("kubectl");
        inv.args = QStringList{QStringLiteral("get"), QStringLiteral("pods")};
        inv.cwd = dir.path();
        inv.user = QStringLiteral("kim");
        auto session = std::make_shared<BufferSession>();
        QElapsedTimer t0;
        t0.start();
        engine.run(inv, session);
        engineGets.push_back(t0.nsecsElapsed() / 1e6);
    }
    std::sort(engineGets.begin(), engineGets.end());
    std::vector<double> gets;
    for (int i = 0; i < 5; ++i)
        gets.push_back(bench::timedClient(engine, dir.path(),
                                          QStringLiteral("kubectl get pods > /dev/null"), nullptr));
    std::sort(gets.begin(), gets.end());
    const double getMs = gets[gets.size() / 2];
    bench::timedClient(engine, dir.path(), QStringLiteral("kubectl get pods --no-headers | wc -l"),
                       &out);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    std::printf("jobs=%d pods_per_job=%d apply=%.0fms all_complete_wall=%.2fs virtual=%llds "
                "engine_cpu=%.2fs get_pods(%s pods)=%.1fms (engine %.1fms) peak_rss=%.0fMiB\n",
                jobs, pods, applyMs, allMs / 1000.0, (long long)(t - options.startEpoch),
                engineCpuS, out.trimmed().constData(), getMs, engineGets[engineGets.size() / 2],
                ru.ru_maxrss / 1024.0);
    return 0;
}
