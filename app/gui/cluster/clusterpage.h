// The cluster page: the queue, the nodes, the timeline, Kubernetes, and Slurm beside
// Kubernetes, with the state diagram of whatever is selected on the right.
#pragma once

#include "jobhistory.h"

#include <QTimer>
#include <QWidget>

class QAction;
class QTabWidget;

namespace schedlab::gui {

class KubeView;
class LocalBackend;
class NodesView;
class QueueView;
class StateDiagram;
class TimelineWidget;

class ClusterPage : public QWidget
{
    Q_OBJECT

public:
    ClusterPage(LocalBackend *backend, JobHistory *history, QWidget *parent = nullptr);

    enum Tab { QueueTab, NodesTab, TimelineTab, KubernetesTab, CompareTab };
    void showTab(Tab tab);
    QTabWidget *tabs() const { return tabs_; }
    QueueView *queue() const { return queue_; }
    NodesView *nodes() const { return nodes_; }
    TimelineWidget *timeline() const { return timeline_; }
    KubeView *kube() const { return kube_; }
    TimelineWidget *compareSlurm() const { return compareSlurm_; }
    TimelineWidget *compareKube() const { return compareKube_; }
    StateDiagram *diagram() const { return diagram_; }
    // Rebuilds the timelines now (they also follow the cluster by themselves).
    void refreshTimelines();

private:
    QWidget *buildTimelineTab();
    QWidget *buildCompareTab();
    void exportTimeline(const QString &format);
    void showJobPath(std::uint32_t id);
    void showPodPath(const QString &pod);
    QStringList nodeNames() const;

    LocalBackend *backend_;
    JobHistory *history_;
    QTabWidget *tabs_;
    QueueView *queue_;
    NodesView *nodes_;
    TimelineWidget *timeline_ = nullptr;
    KubeView *kube_;
    TimelineWidget *compareSlurm_ = nullptr;
    TimelineWidget *compareKube_ = nullptr;
    StateDiagram *diagram_;
    QAction *follow_ = nullptr;
    QTimer timelineThrottle_;
};

} // namespace schedlab::gui
