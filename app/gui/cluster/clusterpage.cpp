// The cluster page's wiring: selections travel between the queue, the timeline and the
// diagram; the timelines are rebuilt from the histories a few times a second at most.
#include "clusterpage.h"

#include "kubeview.h"
#include "localbackend.h"
#include "nodesview.h"
#include "queueview.h"
#include "statediagram.h"
#include "timelineadapter.h"
#include "timelinewidget.h"

#include <QAction>
#include <QDateTime>
#include <QFileDialog>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTimeZone>
#include <QToolBar>
#include <QVBoxLayout>

namespace schedlab::gui {

namespace {

QString hms(qint64 epoch)
{
    return QDateTime::fromSecsSinceEpoch(epoch, QTimeZone::utc())
        .toString(QStringLiteral("HH:mm:ss"));
}

} // namespace

ClusterPage::ClusterPage(LocalBackend *backend, JobHistory *history, QWidget *parent)
    : QWidget(parent)
    , backend_(backend)
    , history_(history)
    , tabs_(new QTabWidget)
    , queue_(new QueueView(backend, history))
    , nodes_(new NodesView(backend))
    , kube_(new KubeView(backend))
    , diagram_(new StateDiagram)
{
    auto *nodesScroll = new QScrollArea;
    nodesScroll->setWidget(nodes_);
    nodesScroll->setWidgetResizable(true);
    tabs_->addTab(queue_, tr("&Queue"));
    tabs_->addTab(nodesScroll, tr("&Nodes"));
    tabs_->addTab(buildTimelineTab(), tr("&Timeline"));
    tabs_->addTab(kube_, tr("&Kubernetes"));
    tabs_->addTab(buildCompareTab(), tr("Slurm &vs Kubernetes"));

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(tabs_);
    split->addWidget(diagram_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(queue_, &QueueView::jobSelected, this, [this](std::uint32_t id) {
        timeline_->setSelected(QString::number(id));
        showJobPath(id);
    });
    connect(timeline_, &TimelineWidget::itemSelected, this, [this](const QString &id) {
        if (id.isEmpty())
            return;
        queue_->selectJob(id.toUInt());
        showJobPath(id.toUInt());
    });
    connect(kube_, &KubeView::podSelected, this, &ClusterPage::showPodPath);
    connect(compareKube_, &TimelineWidget::itemSelected, this, &ClusterPage::showPodPath);

    timelineThrottle_.setSingleShot(true);
    timelineThrottle_.setInterval(250);
    connect(&timelineThrottle_, &QTimer::timeout, this, &ClusterPage::refreshTimelines);
    auto later = [this] {
        if (!timelineThrottle_.isActive())
            timelineThrottle_.start();
    };
    connect(backend_, &Backend::changed, this, later);
    connect(kube_, &KubeView::refreshed, this, later);
    connect(history_, &JobHistory::jobUpdated, this, [this](std::uint32_t id) {
        if (queue_->selectedJob() == id)
            showJobPath(id);
    });
    connect(backend_, &Backend::reset, this, [this] {
        kube_->forgetPods();
        diagram_->clear();
    });
    refreshTimelines();
}

QWidget *ClusterPage::buildTimelineTab()
{
    timeline_ = new TimelineWidget;
    auto *bar = new QToolBar;
    bar->addAction(tr("Zoom in"), timeline_, &TimelineWidget::zoomIn)
        ->setShortcut(QKeySequence::ZoomIn);
    bar->addAction(tr("Zoom out"), timeline_, &TimelineWidget::zoomOut)
        ->setShortcut(QKeySequence::ZoomOut);
    bar->addAction(tr("Fit"), timeline_, &TimelineWidget::zoomToFit);
    follow_ = bar->addAction(tr("Follow the clock"));
    follow_->setCheckable(true);
    follow_->setChecked(true);
    timeline_->setFollowClock(true);
    connect(follow_, &QAction::toggled, timeline_, &TimelineWidget::setFollowClock);
    connect(timeline_, &TimelineWidget::followClockChanged, follow_, &QAction::setChecked);
    bar->addSeparator();
    bar->addAction(tr("Export PNG…"), this, [this] { exportTimeline(QStringLiteral("png")); });
    bar->addAction(tr("Export SVG…"), this, [this] { exportTimeline(QStringLiteral("svg")); });
    auto *tab = new QWidget;
    auto *layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(bar);
    layout->addWidget(timeline_);
    return tab;
}

QWidget *ClusterPage::buildCompareTab()
{
    compareSlurm_ = new TimelineWidget;
    compareKube_ = new TimelineWidget;
    compareSlurm_->setFollowClock(true);
    compareKube_->setFollowClock(true);
    // One time axis for both: moving one moves the other.
    auto sync = [](TimelineWidget *from, TimelineWidget *to) {
        connect(from, &TimelineWidget::visibleRangeChanged, to, [to](qint64 a, qint64 b) {
            const QSignalBlocker quiet(to);
            to->setVisibleRange(a, b);
        });
    };
    sync(compareSlurm_, compareKube_);
    sync(compareKube_, compareSlurm_);
    auto *bar = new QToolBar;
    bar->addAction(tr("Fit"), compareSlurm_, &TimelineWidget::zoomToFit);
    bar->addAction(tr("Follow the clock"), this, [this] {
        compareSlurm_->setFollowClock(true);
        compareKube_->setFollowClock(true);
    });
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(compareSlurm_);
    split->addWidget(compareKube_);
    auto *tab = new QWidget;
    auto *layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(bar);
    layout->addWidget(split);
    return tab;
}

QStringList ClusterPage::nodeNames() const
{
    QStringList names;
    for (const NodeSnapshot &n : backend_->nodes())
        names.append(n.name);
    return names;
}

void ClusterPage::refreshTimelines()
{
    const qint64 now = backend_->now();
    const QStringList nodes = nodeNames();
    TimelineData slurm = slurmTimeline(*history_, nodes, now);
    TimelineData kube = kubeTimeline(kube_->podHistory(), nodes, now);
    timeline_->setData(slurm);
    compareSlurm_->setData(std::move(slurm));
    compareKube_->setData(std::move(kube));
}

void ClusterPage::showTab(Tab tab)
{
    tabs_->setCurrentIndex(int(tab));
}

void ClusterPage::exportTimeline(const QString &format)
{
    const QString filter =
        format == QLatin1String("png") ? tr("PNG images (*.png)") : tr("SVG drawings (*.svg)");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the timeline"),
        QDir(backend_->workDir()).filePath(QStringLiteral("timeline.") + format), filter);
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = format == QLatin1String("png") ? timeline_->exportPng(path, &error)
                                                   : timeline_->exportSvg(path, &error);
    if (!ok)
        QMessageBox::warning(this, tr("Export the timeline"), error);
}

void ClusterPage::showJobPath(std::uint32_t id)
{
    const JobRecord *record = history_->find(id);
    if (!record)
        return;
    QList<StateDiagram::Step> path;
    for (const JobTransition &t : record->transitions) {
        QString label = hms(t.time);
        if (!t.reason.isEmpty())
            label += QStringLiteral(" (%1)").arg(t.reason);
        if (!path.isEmpty() && path.last().state == t.state)
            path.last().label = label; // a new reason while still pending
        else
            path.append({t.state, label});
    }
    const QString title = tr("Job %1 (%2): %3").arg(id).arg(record->last.name, record->last.state);
    diagram_->showPath(StateDiagram::Kind::Slurm, title, path);
}

void ClusterPage::showPodPath(const QString &pod)
{
    const PodRecord *record = kube_->podHistory().find(pod);
    if (!record)
        return;
    QList<StateDiagram::Step> path;
    // A pod first seen already running went through the first phases unseen.
    const QString first =
        record->changes.isEmpty() ? QString() : PodHistory::phaseOf(record->changes.first().status);
    if (first != QLatin1String("Pending")) {
        path.append({QStringLiteral("Pending"), QString()});
        if (first != QLatin1String("ContainerCreating"))
            path.append({QStringLiteral("ContainerCreating"), QString()});
    }
    for (const PodStatusChange &c : record->changes) {
        const QString phase = PodHistory::phaseOf(c.status);
        const QString label = hms(c.time);
        if (!path.isEmpty() && path.last().state == phase)
            continue;
        path.append({phase, label});
    }
    const QString title = tr("Pod %1: %2").arg(pod, record->status());
    diagram_->showPath(StateDiagram::Kind::Pod, title, path, record->restarts);
}

} // namespace schedlab::gui
