// Painting of the nodes page. Each node is a card: a row of CPU squares, a memory bar cut
// into the jobs' shares, and one square per GPU; what a job holds takes the job's colour.
#include "nodesview.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace schedlab::gui {

namespace {
constexpr int kMargin = 12;
constexpr int kCell = 22;
constexpr int kGap = 4;
constexpr int kLabelWidth = 90;
} // namespace

NodesView::NodesView(Backend *backend, QWidget *parent)
    : QWidget(parent)
    , backend_(backend)
{
    setMouseTracking(true);
    connect(backend_, &Backend::changed, this, &NodesView::refresh);
    refresh();
}

void NodesView::refresh()
{
    nodes_ = backend_->nodes();
    updateGeometry();
    update();
}

QColor NodesView::colorOfJob(std::uint32_t id)
{
    // Golden-angle hues: neighbouring job ids get clearly different colours.
    const int hue = int((id * 137.508)) % 360;
    return QColor::fromHsv(hue, 150, 215);
}

QSize NodesView::sizeHint() const
{
    const int perNode = 3 * (kCell + kGap) + 2 * kMargin + fontMetrics().height();
    return {600, kMargin + int(nodes_.size()) * perNode};
}

void NodesView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    hits_.clear();
    int top = kMargin;
    if (nodes_.isEmpty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("No node: the cluster is not running."));
        return;
    }
    for (const NodeSnapshot &node : nodes_)
        top = paintNode(p, node, top) + kMargin;
}

int NodesView::paintNode(QPainter &p, const NodeSnapshot &node, int top)
{
    const QPalette &pal = palette();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    const int line = fontMetrics().height();
    p.drawText(QRect(kMargin, top, width() - 2 * kMargin, line), Qt::AlignLeft | Qt::AlignVCenter,
               QStringLiteral("%1   %2").arg(node.name, node.state));
    p.setFont(font());
    int y = top + line + kGap;
    y = paintCpus(p, node, kMargin, y);
    y = paintMemory(p, node, kMargin, y);
    if (node.gpus > 0)
        y = paintGpus(p, node, kMargin, y);
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(kMargin, y + kGap, width() - kMargin, y + kGap);
    return y + kGap;
}

int NodesView::paintCpus(QPainter &p, const NodeSnapshot &node, int left, int top)
{
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(left, top, kLabelWidth, kCell), Qt::AlignLeft | Qt::AlignVCenter, tr("CPUs"));
    QList<std::uint32_t> owner(node.cpus, 0);
    int next = 0;
    for (const auto &share : node.shares)
        for (int i = 0; i < share.cpus && next < node.cpus; ++i)
            owner[next++] = share.jobId;
    for (int i = 0; i < node.cpus; ++i) {
        const QRect cell(left + kLabelWidth + i * (kCell + kGap), top, kCell, kCell);
        if (owner[i]) {
            p.fillRect(cell, colorOfJob(owner[i]));
            p.setPen(Qt::black);
            p.drawText(cell, Qt::AlignCenter, QString::number(owner[i] % 1000));
            hits_.append({cell, owner[i], tr("CPU %1: job %2").arg(i).arg(owner[i])});
        } else {
            p.setPen(palette().color(QPalette::Mid));
            p.drawRect(cell.adjusted(0, 0, -1, -1));
            hits_.append({cell, 0, tr("CPU %1: free").arg(i)});
        }
    }
    return top + kCell + kGap;
}

int NodesView::paintMemory(QPainter &p, const NodeSnapshot &node, int left, int top)
{
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(left, top, kLabelWidth, kCell), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Memory"));
    const int barLeft = left + kLabelWidth;
    const int barWidth = std::max(100, width() - barLeft - kMargin - 120);
    const QRect bar(barLeft, top, barWidth, kCell);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    qint64 used = 0;
    double x = barLeft;
    for (const auto &share : node.shares) {
        const double w = node.memMb > 0 ? double(share.memMb) / node.memMb * barWidth : 0;
        const QRect slice(int(x), top, std::max(1, int(w)), kCell);
        p.fillRect(slice, colorOfJob(share.jobId));
        hits_.append(
            {slice, share.jobId,
             tr("Job %1: %2 MiB of %3").arg(share.jobId).arg(share.memMb).arg(node.memMb)});
        x += w;
        used += share.memMb;
    }
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(bar.right() + 8, top, 120, kCell), Qt::AlignLeft | Qt::AlignVCenter,
               tr("%1 / %2 MiB").arg(used).arg(node.memMb));
    return top + kCell + kGap;
}

int NodesView::paintGpus(QPainter &p, const NodeSnapshot &node, int left, int top)
{
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(left, top, kLabelWidth, kCell), Qt::AlignLeft | Qt::AlignVCenter,
               node.gpuType.isEmpty() ? tr("GPUs") : tr("GPUs (%1)").arg(node.gpuType));
    for (int i = 0; i < node.gpus; ++i) {
        const QRect cell(left + kLabelWidth + i * (kCell * 2 + kGap), top, kCell * 2, kCell);
        std::uint32_t holder = 0;
        for (const auto &share : node.shares)
            if (share.gpus.contains(i))
                holder = share.jobId;
        if (holder) {
            p.fillRect(cell, colorOfJob(holder));
            p.setPen(Qt::black);
            p.drawText(cell, Qt::AlignCenter, QStringLiteral("GPU%1").arg(i));
            hits_.append({cell, holder, tr("GPU %1: job %2").arg(i).arg(holder)});
        } else {
            p.setPen(palette().color(QPalette::Mid));
            p.drawRect(cell.adjusted(0, 0, -1, -1));
            p.drawText(cell, Qt::AlignCenter, QStringLiteral("GPU%1").arg(i));
            hits_.append({cell, 0, tr("GPU %1: free").arg(i)});
        }
    }
    return top + kCell + kGap;
}

std::uint32_t NodesView::jobAt(const QPoint &pos) const
{
    for (const Hit &h : hits_)
        if (h.rect.contains(pos))
            return h.jobId;
    return 0;
}

bool NodesView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        for (const Hit &h : std::as_const(hits_)) {
            if (h.rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(), h.text, this);
                return true;
            }
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace schedlab::gui
