// Drawing of the state diagrams. The layouts are fixed, left to right in the order a job
// lives: waiting, running, completing, then the final states in a column, so the same place
// on screen always means the same state.
#include "statediagram.h"

#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace schedlab::gui {

StateDiagram::StateDiagram(QWidget *parent)
    : QWidget(parent)
{
    useSlurm();
}

void StateDiagram::useSlurm()
{
    nodes_ = {
        {QStringLiteral("PD"), QStringLiteral("PENDING\nPD"), {0.10, 0.45}},
        {QStringLiteral("R"), QStringLiteral("RUNNING\nR"), {0.32, 0.45}},
        {QStringLiteral("S"), QStringLiteral("SUSPENDED\nS"), {0.32, 0.85}},
        {QStringLiteral("CG"), QStringLiteral("COMPLETING\nCG"), {0.56, 0.45}},
        {QStringLiteral("COMPLETED"), QStringLiteral("COMPLETED\nCD"), {0.88, 0.06}},
        {QStringLiteral("TIMEOUT"), QStringLiteral("TIMEOUT\nTO"), {0.88, 0.22}},
        {QStringLiteral("CANCELLED"), QStringLiteral("CANCELLED\nCA"), {0.88, 0.38}},
        {QStringLiteral("FAILED"), QStringLiteral("FAILED\nF"), {0.88, 0.54}},
        {QStringLiteral("OUT_OF_MEMORY"), QStringLiteral("OUT_OF_MEMORY\nOOM"), {0.88, 0.70}},
        {QStringLiteral("PREEMPTED"), QStringLiteral("PREEMPTED\nPR"), {0.88, 0.86}},
    };
    edges_ = {{QStringLiteral("PD"), QStringLiteral("R")},
              {QStringLiteral("PD"), QStringLiteral("CANCELLED")},
              {QStringLiteral("R"), QStringLiteral("CG")},
              {QStringLiteral("R"), QStringLiteral("S")},
              {QStringLiteral("S"), QStringLiteral("R")},
              {QStringLiteral("R"), QStringLiteral("PD")}}; // requeued
    for (const char *end :
         {"COMPLETED", "TIMEOUT", "CANCELLED", "FAILED", "OUT_OF_MEMORY", "PREEMPTED"})
        edges_.append({QStringLiteral("CG"), QString::fromLatin1(end)});
}

void StateDiagram::usePod()
{
    nodes_ = {
        {QStringLiteral("Pending"), QStringLiteral("Pending"), {0.10, 0.45}},
        {QStringLiteral("ContainerCreating"), QStringLiteral("ContainerCreating"), {0.30, 0.45}},
        {QStringLiteral("Running"), QStringLiteral("Running"), {0.54, 0.45}},
        {QStringLiteral("CrashLoopBackOff"), QStringLiteral("CrashLoopBackOff"), {0.54, 0.88}},
        {QStringLiteral("Succeeded"), QStringLiteral("Succeeded\n(Completed)"), {0.88, 0.20}},
        {QStringLiteral("Failed"), QStringLiteral("Failed\n(Error)"), {0.88, 0.70}},
    };
    edges_ = {{QStringLiteral("Pending"), QStringLiteral("ContainerCreating")},
              {QStringLiteral("ContainerCreating"), QStringLiteral("Running")},
              {QStringLiteral("Running"), QStringLiteral("Succeeded")},
              {QStringLiteral("Running"), QStringLiteral("Failed")},
              {QStringLiteral("Running"), QStringLiteral("CrashLoopBackOff")},
              // restartPolicy Always: even a container that succeeded is started again.
              {QStringLiteral("Succeeded"), QStringLiteral("CrashLoopBackOff")},
              {QStringLiteral("Failed"), QStringLiteral("CrashLoopBackOff")},
              {QStringLiteral("CrashLoopBackOff"), QStringLiteral("Running")}};
}

void StateDiagram::showPath(Kind kind, const QString &title, const QList<Step> &path, int restarts)
{
    if (kind == Kind::Slurm)
        useSlurm();
    else
        usePod();
    kind_ = kind;
    title_ = title;
    path_ = path;
    restarts_ = restarts;
    update();
}

void StateDiagram::clear()
{
    path_.clear();
    title_.clear();
    restarts_ = 0;
    update();
}

bool StateDiagram::visited(const QString &state) const
{
    for (const Step &s : path_)
        if (s.state == state)
            return true;
    return false;
}

QRectF StateDiagram::boxOf(const Node &node, const QRectF &area) const
{
    // Sized to the state's name in the diagram's small font, so OUT_OF_MEMORY fits.
    const QFontMetricsF metrics(smallFont());
    double textWidth = 0;
    for (const QString &line : node.text.split(u'\n'))
        textWidth = std::max(textWidth, metrics.horizontalAdvance(line));
    const QSizeF size(textWidth + 14, 2 * metrics.lineSpacing() + 6);
    const QPointF c(area.left() + node.at.x() * area.width(),
                    area.top() + node.at.y() * area.height());
    QRectF box(QPointF(0, 0), size);
    box.moveCenter(c);
    // Keep the boxes of the edge columns inside the area.
    box.moveLeft(std::clamp(box.left(), area.left(), area.right() - size.width()));
    box.moveTop(std::clamp(box.top(), area.top(), area.bottom() - size.height()));
    return box;
}

QFont StateDiagram::smallFont() const
{
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    return small;
}

void StateDiagram::paintEdge(QPainter &p, const QRectF &from, const QRectF &to, bool taken,
                             bool twoWay) const
{
    QPointF a = from.center(), b = to.center();
    if (twoWay) {
        // Two arrows between the same states (R and S, R back to PD): side by side.
        const QPointF d = b - a;
        const double length = std::hypot(d.x(), d.y());
        const QPointF normal = length > 0 ? QPointF(-d.y(), d.x()) / length * 5 : QPointF();
        a += normal;
        b += normal;
    }
    // From the border of one box to the border of the other.
    auto border = [](const QRectF &box, QPointF inside, QPointF toward) {
        const QPointF d = toward - inside;
        const double sx = d.x() == 0 ? 1e9 : (box.width() / 2) / std::abs(d.x());
        const double sy = d.y() == 0 ? 1e9 : (box.height() / 2) / std::abs(d.y());
        return inside + d * std::min(sx, sy);
    };
    const QPointF start = border(from, a, b), end = border(to, b, a);
    const QColor colour =
        taken ? palette().color(QPalette::Highlight) : palette().color(QPalette::Mid);
    p.setPen(QPen(colour, taken ? 3 : 1));
    p.drawLine(start, end);
    const double angle = std::atan2(end.y() - start.y(), end.x() - start.x());
    const double s = taken ? 11 : 8;
    QPolygonF head;
    head << end << end - QPointF(s * std::cos(angle - 0.4), s * std::sin(angle - 0.4))
         << end - QPointF(s * std::cos(angle + 0.4), s * std::sin(angle + 0.4));
    p.setBrush(colour);
    p.drawPolygon(head);
}

void StateDiagram::paintLoop(QPainter &p, const QRectF &box) const
{
    const QColor colour = palette().color(QPalette::Highlight);
    p.setPen(QPen(colour, 3));
    p.setBrush(Qt::NoBrush);
    const QRectF arc(box.right() - 10, box.top() - 30, 60, 60);
    p.drawArc(arc, -60 * 16, 240 * 16);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(arc.right() + 4, arc.top(), 200, 24), Qt::AlignLeft | Qt::AlignVCenter,
               tr("restarted %n time(s)", nullptr, restarts_));
}

void StateDiagram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const int titleHeight = fontMetrics().height() + 12;
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(10, 4, width() - 20, titleHeight), Qt::AlignLeft | Qt::AlignVCenter,
               title_.isEmpty() ? tr("Select a job or a pod to see the path it took.") : title_);
    const QRectF area = QRectF(rect()).adjusted(14, titleHeight + 10, -14, -34);

    QHash<QString, QRectF> boxes;
    for (const Node &n : std::as_const(nodes_))
        boxes.insert(n.id, boxOf(n, area));
    auto taken = [this](const QString &from, const QString &to) {
        for (int i = 1; i < path_.size(); ++i)
            if (path_[i - 1].state == from && path_[i].state == to)
                return true;
        return false;
    };
    auto twoWay = [this](const Edge &e) {
        for (const Edge &other : std::as_const(edges_))
            if (other.from == e.to && other.to == e.from)
                return true;
        return false;
    };
    for (const Edge &e : std::as_const(edges_))
        paintEdge(p, boxes.value(e.from), boxes.value(e.to), taken(e.from, e.to), twoWay(e));
    if (restarts_ > 0)
        paintLoop(p, boxes.value(QStringLiteral("Running")));

    for (const Node &n : std::as_const(nodes_)) {
        const QRectF box = boxes.value(n.id);
        const bool on = visited(n.id);
        const bool current = !path_.isEmpty() && path_.last().state == n.id;
        p.setPen(QPen(on ? palette().color(QPalette::Highlight) : palette().color(QPalette::Mid),
                      current ? 3 : 1.5));
        p.setBrush(on ? palette().color(QPalette::Highlight).lighter(current ? 100 : 160)
                      : palette().color(QPalette::Base));
        p.drawRoundedRect(box, 8, 8);
        p.setPen(on && current ? palette().color(QPalette::HighlightedText)
                               : palette().color(QPalette::Text));
        p.setFont(smallFont());
        p.drawText(box, Qt::AlignCenter, n.text);
        // When it got there (the last time, for a state visited more than once).
        QString label;
        for (const Step &s : std::as_const(path_))
            if (s.state == n.id)
                label = s.label;
        if (!label.isEmpty()) {
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRectF(box.left() - 30, box.bottom() + 2, box.width() + 60, 18),
                       Qt::AlignHCenter | Qt::AlignTop, label);
        }
        p.setFont(font());
    }
}

} // namespace schedlab::gui
