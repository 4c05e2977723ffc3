// Cold start of the workbench: from starting the `schedlab` executable to its first painted
// window (it prints "ready" then), over a fresh workspace each time. Goal: under 1 s.
//   ./build/bench/bench_gui_startup [RUNS]
// Uses the platform of the environment (an X display when there is one, else offscreen).
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 10;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!env.contains(QStringLiteral("DISPLAY")))
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    QTemporaryDir config;
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path()); // no remembered layout
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QTemporaryDir workspace;
        QProcess gui;
        gui.setProcessEnvironment(env);
        QElapsedTimer timer;
        timer.start();
        gui.start(QStringLiteral(SCHEDLAB_GUI), {QStringLiteral("--workspace"), workspace.path(),
                                                 QStringLiteral("--ready-and-quit")});
        while (!gui.canReadLine() && gui.waitForReadyRead(10000)) {
        }
        const double ms = timer.nsecsElapsed() / 1e6;
        if (!gui.readLine().startsWith("ready")) {
            std::fprintf(stderr, "bench_gui_startup: no window: %s\n",
                         gui.readAllStandardError().constData());
            return 1;
        }
        gui.waitForFinished(10000);
        times.append(ms);
    }
    std::sort(times.begin(), times.end());
    std::printf("cold start to a painted window (%s), %d runs: median %.0f ms, min %.0f ms, "
                "max %.0f ms\n",
                env.contains(QStringLiteral("DISPLAY")) ? "X display" : "offscreen", runs,
                times[times.size() / 2], times.first(), times.last());
    return 0;
}
