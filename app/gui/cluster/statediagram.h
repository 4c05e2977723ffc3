// The state diagram of the selected job (Slurm's states) or pod (Kubernetes' phases), the
// path it took drawn over it: visited states filled, the edges it followed thick, each with
// the time it happened. A pod that restarts shows the loop with its restart count.
#pragma once

#include <QFont>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QWidget>

namespace schedlab::gui {

class StateDiagram : public QWidget
{
    Q_OBJECT

public:
    struct Step
    {
        QString state; // a node of the diagram: "PD", "R", "CG", "COMPLETED", "Running", ...
        QString label; // under the state: "12:03:00 (Priority)"
    };
    enum class Kind { Slurm, Pod };

    explicit StateDiagram(QWidget *parent = nullptr);

    void showPath(Kind kind, const QString &title, const QList<Step> &path, int restarts = 0);
    void clear();
    Kind kind() const { return kind_; }
    const QList<Step> &path() const { return path_; }
    // True when the path went through `state` (for tests and accessibility).
    bool visited(const QString &state) const;
    QSize sizeHint() const override { return {520, 380}; }
    QSize minimumSizeHint() const override { return {460, 320}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Node
    {
        QString id;
        QString text;
        QPointF at; // in [0,1] x [0,1] of the drawing area
    };
    struct Edge
    {
        QString from, to;
    };
    void useSlurm();
    void usePod();
    QRectF boxOf(const Node &node, const QRectF &area) const;
    void paintEdge(QPainter &p, const QRectF &from, const QRectF &to, bool taken,
                   bool twoWay) const;
    QFont smallFont() const;
    void paintLoop(QPainter &p, const QRectF &box) const;

    Kind kind_ = Kind::Slurm;
    QString title_;
    QList<Node> nodes_;
    QList<Edge> edges_;
    QList<Step> path_;
    int restarts_ = 0;
};

} // namespace schedlab::gui
