// From `sbatch` typed in a terminal to the job's row in the queue view: the real sbatch
// client is started (as the terminal's bash would) and the clock stops when the queue model
// shows the row. Goal: under 100 ms.
//   ./build/bench/bench_gui_queue [JOBS]
#include "clusterpage.h"
#include "engine.h"
#include "jobhistory.h"
#include "localbackend.h"
#include "queuemodel.h"
#include "queueview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace schedlab::gui;

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int jobs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 30;
    QTemporaryDir dir;
    LocalBackend backend(dir.path(), dir.filePath(QStringLiteral(".state")));
    QString error;
    if (!backend.start(&error)) {
        std::fprintf(stderr, "bench_gui_queue: %s\n", qPrintable(error));
        return 1;
    }
    JobHistory history;
    QObject::connect(&backend, &Backend::jobChanged, &history, &JobHistory::record);
    ClusterPage page(&backend, &history);
    page.resize(1200, 800);
    page.show();
    QFile script(dir.filePath(QStringLiteral("sommeil.sbatch")));
    if (!script.open(QIODevice::WriteOnly))
        return 1;
    script.write("#!/bin/bash\n#SBATCH --time=00:02:00\nsleep 30\n");
    script.close();

    QList<double> times;
    QueueModel *model = page.queue()->model();
    for (int i = 0; i < jobs; ++i) {
        QEventLoop loop;
        QElapsedTimer timer;
        double ms = -1;
        const auto shown = QObject::connect(model, &QAbstractItemModel::rowsInserted, &loop, [&] {
            ms = timer.nsecsElapsed() / 1e6;
            loop.quit();
        });
        QProcess sbatch;
        sbatch.setProcessEnvironment(backend.terminalEnvironment(true));
        sbatch.setWorkingDirectory(dir.path());
        timer.start();
        sbatch.start(backend.engine()->binDir() + QStringLiteral("/sbatch"),
                     {QStringLiteral("sommeil.sbatch")});
        if (!sbatch.waitForStarted(5000)) {
            std::fprintf(stderr, "bench_gui_queue: sbatch does not start\n");
            return 1;
        }
        loop.exec();
        QObject::disconnect(shown);
        // The engine answers sbatch from this thread's event loop: wait without blocking it.
        if (sbatch.state() != QProcess::NotRunning) {
            QEventLoop done;
            QObject::connect(&sbatch, &QProcess::finished, &done, &QEventLoop::quit);
            done.exec();
        }
        times.append(ms);
    }
    std::sort(times.begin(), times.end());
    std::printf("sbatch to its row in the queue view, %d jobs: median %.1f ms, min %.1f ms, "
                "max %.1f ms\n",
                jobs, times[times.size() / 2], times.first(), times.last());
    return 0;
}
