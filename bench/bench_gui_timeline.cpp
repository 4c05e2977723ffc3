// Benchmark: the timeline view with many jobs. Generates JOBS jobs (default 10,000) on 8 nodes
// over three days (deterministic), then times setData() and 50 full repaints of a 1600x900
// widget zoomed to fit (every job in view), at one hour in view, after a live update, and with
// every row in view;
// and the hit test behind clicks and tooltips. Goal: a repaint under 16 ms.
//
//   bench_gui_timeline [JOBS]
#include "timelinewidget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <queue>
#include <vector>

using namespace schedlab::gui;

namespace {

constexpr qint64 kOrigin = 1714557600; // 2024-05-01 10:00 UTC
constexpr qint64 kDays = 3;
constexpr int kNodes = 8;
constexpr int kSlotsPerNode = 8; // jobs sharing a node's CPUs

// xorshift64*: the same jobs on every machine and library (std distributions are not).
class Random
{
public:
    double uniform()
    {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return double((state_ * 2685821657736338717ULL) >> 11) / double(1ULL << 53);
    }
    qint64 between(qint64 lo, qint64 hi) { return lo + qint64(uniform() * double(hi - lo)); }

private:
    quint64 state_ = 0x9e3779b97f4a7c15ULL;
};

struct Node
{
    // When each slot frees up; the earliest first.
    std::priority_queue<qint64, std::vector<qint64>, std::greater<qint64>> slots;
};

QString finalState(Random &r)
{
    const double x = r.uniform();
    if (x < 0.80)
        return QStringLiteral("COMPLETED");
    if (x < 0.88)
        return QStringLiteral("TIMEOUT");
    if (x < 0.93)
        return QStringLiteral("FAILED");
    if (x < 0.97)
        return QStringLiteral("CANCELLED");
    if (x < 0.985)
        return QStringLiteral("OUT_OF_MEMORY");
    return QStringLiteral("PREEMPTED");
}

// Jobs arrive all along, take the node(s) whose slot frees first, run 2-60 minutes.
TimelineData generate(int jobs)
{
    TimelineData data;
    data.title = QStringLiteral("Slurm");
    data.origin = kOrigin;
    data.now = kOrigin + kDays * 86400;
    for (int n = 0; n < kNodes; ++n)
        data.lanes << QStringLiteral("node%1").arg(n + 1);
    std::vector<Node> nodes(kNodes);
    for (Node &n : nodes)
        for (int s = 0; s < kSlotsPerNode; ++s)
            n.slots.push(kOrigin);
    Random r;
    const double gap = double(kDays * 86400) / jobs;
    double submit = kOrigin;
    for (int j = 0; j < jobs; ++j) {
        submit += r.uniform() * 2 * gap;
        TimelineItem item;
        item.id = QString::number(1000 + j);
        item.label = item.id + QStringLiteral(" job%1").arg(j % 97);
        item.group = QStringLiteral("user%1").arg(j % 13);
        const int width = r.uniform() < 0.1 ? 2 : 1;
        std::vector<int> order(kNodes);
        for (int n = 0; n < kNodes; ++n)
            order[n] = n;
        std::sort(order.begin(), order.end(),
                  [&](int a, int b) { return nodes[a].slots.top() < nodes[b].slots.top(); });
        qint64 start = qint64(submit);
        for (int k = 0; k < width; ++k)
            start = std::max(start, nodes[order[k]].slots.top());
        item.finalState = finalState(r);
        const bool cancelledWaiting =
            item.finalState == QLatin1String("CANCELLED") && r.uniform() < 0.5;
        const qint64 limit = r.between(1, 7) * 600; // 10 min to 1 h: a cluster ~75% busy
        qint64 run = item.finalState == QLatin1String("TIMEOUT") ? limit : r.between(120, limit);
        const qint64 s = qint64(submit);
        if (cancelledWaiting) { // never ran
            const qint64 end = s + r.between(30, 1800);
            item.phases = {{s, end, QStringLiteral("PD")}};
            item.transitions = {{s, QStringLiteral("PD"), QStringLiteral("Priority")},
                                {end, QStringLiteral("CANCELLED"), {}}};
            data.items << item;
            continue;
        }
        for (int k = 0; k < width; ++k) {
            nodes[order[k]].slots.pop();
            nodes[order[k]].slots.push(start + run);
            item.lanes << data.lanes[order[k]];
        }
        const qint64 end = start + run;
        item.limitEnd = start + limit;
        item.backfilled = r.uniform() < 0.15;
        if (start > s) {
            item.phases << TimelinePhase{s, start, QStringLiteral("PD")};
            item.transitions << TimelineTransition{s, QStringLiteral("PD"),
                                                   start - s > 600 ? QStringLiteral("Resources")
                                                                   : QStringLiteral("Priority")};
        }
        if (end >= data.now) { // still running at the end: open phase
            item.finalState.clear();
            item.phases << TimelinePhase{start, 0, QStringLiteral("R")};
            item.transitions << TimelineTransition{start, QStringLiteral("R"), {}};
        } else {
            item.phases << TimelinePhase{start, end - 5, QStringLiteral("R")}
                        << TimelinePhase{end - 5, end, QStringLiteral("CG")};
            item.transitions << TimelineTransition{start, QStringLiteral("R"), {}}
                             << TimelineTransition{end - 5, QStringLiteral("CG"), {}}
                             << TimelineTransition{end, item.finalState, {}};
        }
        data.items << item;
    }
    return data;
}

struct Figures
{
    double median = 0;
    double max = 0;
};

Figures summarise(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms.back()};
}

Figures repaints(TimelineWidget &w, int count)
{
    std::vector<double> ms;
    QElapsedTimer timer;
    for (int i = 0; i < count; ++i) {
        timer.start();
        w.viewport()->repaint();
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    return summarise(ms);
}

void report(int jobs, const char *what, const Figures &f)
{
    std::printf("timeline %d jobs %s: median %.1f ms, max %.1f ms\n", jobs, what, f.median, f.max);
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each figure as soon as it is measured
    const int jobs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 10000;
    const TimelineData data = generate(jobs);

    TimelineWidget w;
    w.resize(1600, 900);
    w.show();
    QApplication::processEvents();
    std::vector<double> setData;
    QElapsedTimer timer;
    for (int i = 0; i < 5; ++i) {
        timer.start();
        w.setData(data);
        setData.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    report(jobs, "setData", summarise(setData));

    w.zoomToFit();
    repaints(w, 5); // warm the caches (glyphs, label widths)
    report(jobs, "fit", repaints(w, 50));

    const qint64 middle = data.origin + kDays * 86400 / 2;
    w.setVisibleRange(middle, middle + 3600);
    w.verticalScrollBar()->setValue(w.verticalScrollBar()->maximum() / 2);
    repaints(w, 5);
    report(jobs, "1 hour", repaints(w, 50));

    // A live update: the clock moved, new data, one repaint (caches survive setData).
    std::vector<double> live;
    TimelineData moving = data;
    for (int i = 0; i < 20; ++i) {
        moving.now += 1;
        timer.start();
        w.setData(moving);
        w.viewport()->repaint();
        live.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    report(jobs, "setData + repaint at 1 hour", summarise(live));

    // Every row in view as well: the widest and tallest case.
    w.zoomToFit();
    const int rows = w.verticalScrollBar()->maximum() + 900;
    w.resize(1600, std::min(rows, 4000));
    QApplication::processEvents();
    repaints(w, 3);
    char tall[64];
    std::snprintf(tall, sizeof tall, "fit, 1600x%d (all rows)", w.height());
    report(jobs, tall, repaints(w, 50));

    // Hit testing (clicks, tooltips): random points over the plot.
    w.resize(1600, 900);
    w.setVisibleRange(middle, middle + 3600);
    w.verticalScrollBar()->setValue(0);
    QApplication::processEvents();
    timer.start();
    int found = 0;
    const int probes = 100000;
    for (qint64 i = 0; i < probes; ++i)
        found +=
            !w.itemAt(QPoint(int(100 + i * 7919 % 1490), int(40 + i * 104729 % 800))).isEmpty();
    std::printf("timeline %d jobs itemAt: %.2f us per call (%d of %d hit)\n", jobs,
                double(timer.nsecsElapsed()) / 1e3 / probes, found, probes);

    timer.start();
    QString error;
    QTemporaryDir dir;
    const bool png = w.exportPng(dir.filePath(QStringLiteral("timeline.png")), &error);
    std::printf("timeline %d jobs exportPng: %.0f ms %s\n", jobs,
                double(timer.nsecsElapsed()) / 1e6, png ? "" : qPrintable(error));
    return 0;
}
