// The nodes page: every node with its CPUs, memory and GPUs drawn as used (coloured by the
// job that holds them) or free, so a student sees why a job of 3 CPUs does not fit.
#pragma once

#include "backend.h"

#include <QRect>
#include <QWidget>

namespace schedlab::gui {

class NodesView : public QWidget
{
    Q_OBJECT

public:
    explicit NodesView(Backend *backend, QWidget *parent = nullptr);

    void refresh();
    const QList<NodeSnapshot> &shown() const { return nodes_; }
    // The job drawn at `pos` (a CPU, a GPU or a memory slice); 0 on free space.
    std::uint32_t jobAt(const QPoint &pos) const;
    static QColor colorOfJob(std::uint32_t id);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Hit
    {
        QRect rect;
        std::uint32_t jobId;
        QString text;
    };
    int paintNode(QPainter &p, const NodeSnapshot &node, int top);
    int paintCpus(QPainter &p, const NodeSnapshot &node, int left, int top);
    int paintMemory(QPainter &p, const NodeSnapshot &node, int left, int top);
    int paintGpus(QPainter &p, const NodeSnapshot &node, int left, int top);

    Backend *backend_;
    QList<NodeSnapshot> nodes_;
    mutable QList<Hit> hits_; // rebuilt at each paint, for tooltips and tests
};

} // namespace schedlab::gui
