// The timeline widget: owns the view state (time at the left edge, seconds per pixel, follow
// the clock, selection) and turns mouse, wheel and keys into changes of it. Layout is computed
// in setData(), painting is left to TimelinePainter.
#include "timelinewidget.h"

#include "timelinepainter.h"
#include "timelinetext.h"

#include "safefiles.h"

#include <QApplication>
#include <QBuffer>
#include <QHelpEvent>
#include <QImage>
#include <QImageWriter>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace schedlab::gui {

namespace {

constexpr double kMinSecondsPerPixel = 0.02; // 50 px per second: closer says nothing more
constexpr double kRightPad = 0.03;           // room after the last bar and the clock
constexpr int kExportMinWidth = 900;
constexpr int kExportMaxWidth = 3200;

bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    const files::WriteResult w = files::saveFile(path, bytes);
    if (!w.ok && error)
        *error = w.error;
    return w.ok;
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent)
    : QAbstractScrollArea(parent)
    , metrics_(TimelineMetrics::compute(fontMetrics(), layout_, false))
    , texts_(std::make_unique<TimelineTextCache>())
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent); // the painter covers every pixel
    horizontalScrollBar()->setSingleStep(20);
    verticalScrollBar()->setSingleStep(fontMetrics().height());
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, this,
            &TimelineWidget::horizontalScrolled);
    rebuildPainter();
}

TimelineWidget::~TimelineWidget() = default;

void TimelineWidget::setData(TimelineData data)
{
    data_ = std::move(data);
    layout_ = TimelineLayout(data_);
    if (layout_.indexOf(selected_) < 0)
        selected_.clear();
    rebuildPainter();
    if (!hasData_ || fitted_)
        fit();
    else if (follow_)
        keepNowVisible();
    hasData_ = true;
    viewChanged();
}

void TimelineWidget::rebuildPainter()
{
    metrics_ = TimelineMetrics::compute(fontMetrics(), layout_, false);
    painter_ = std::make_unique<TimelinePainter>(data_, layout_, metrics_);
    painter_->setFont(font());
    painter_->setTextCache(texts_.get());
    painter_->setStyle(TimelineStyle::fromPalette(palette()));
    painter_->setSelected(layout_.indexOf(selected_));
}

void TimelineWidget::setFollowClock(bool follow)
{
    if (follow_ == follow)
        return;
    follow_ = follow;
    if (follow_) {
        keepNowVisible();
        viewChanged();
    }
    Q_EMIT followClockChanged(follow_);
}

TimelineView TimelineWidget::view() const
{
    return {viewport()->size(), from_, spp_, verticalScrollBar()->value()};
}

int TimelineWidget::plotWidth() const
{
    return std::max(1, viewport()->width() - metrics_.namesWidth);
}

double TimelineWidget::fitSecondsPerPixel() const
{
    const double range = double(layout_.rangeEnd() - layout_.rangeStart()) * (1 + kRightPad);
    return std::max(kMinSecondsPerPixel, range / plotWidth());
}

double TimelineWidget::clampedFrom(double from) const
{
    const double span = spp_ * plotWidth();
    const double last =
        layout_.rangeEnd() + (layout_.rangeEnd() - layout_.rangeStart()) * kRightPad;
    return std::clamp(from, double(layout_.rangeStart()),
                      std::max(double(layout_.rangeStart()), last - span));
}

void TimelineWidget::fit()
{
    spp_ = fitSecondsPerPixel();
    from_ = layout_.rangeStart();
    fitted_ = true;
}

void TimelineWidget::zoomToFit()
{
    fit();
    viewChanged();
}

void TimelineWidget::zoomIn()
{
    zoomAround(0.5, zoomAnchor());
}

void TimelineWidget::zoomOut()
{
    zoomAround(2.0, zoomAnchor());
}

// Zoom keeps the time under the mouse in place; else the clock when following it; else the
// middle.
double TimelineWidget::zoomAnchor() const
{
    const TimelineGeometry g = geometry();
    const QPoint mouse = viewport()->mapFromGlobal(QCursor::pos());
    if (viewport()->underMouse() && g.plot().contains(mouse))
        return mouse.x();
    const double now = g.x(data_.now);
    if (follow_ && now >= g.plot().left() && now <= g.plot().right())
        return now;
    return g.plot().center().x();
}

void TimelineWidget::zoomAround(double factor, double x)
{
    const TimelineGeometry g = geometry();
    const double anchor = g.time(x);
    const double widest = std::max(fitSecondsPerPixel() * 4, kMinSecondsPerPixel);
    spp_ = std::clamp(spp_ * factor, kMinSecondsPerPixel, widest);
    from_ = clampedFrom(anchor - (x - g.plot().left()) * spp_);
    fitted_ = false;
    viewChanged();
}

void TimelineWidget::setVisibleRange(qint64 from, qint64 to)
{
    if (to <= from || (from == visibleFrom() && to == visibleTo()))
        return;
    from_ = from;
    spp_ = std::max(kMinSecondsPerPixel, double(to - from) / plotWidth());
    fitted_ = false;
    viewChanged();
}

qint64 TimelineWidget::visibleFrom() const
{
    return qint64(std::llround(from_));
}

qint64 TimelineWidget::visibleTo() const
{
    return qint64(std::llround(from_ + spp_ * plotWidth()));
}

void TimelineWidget::panBy(double pixels)
{
    from_ = clampedFrom(from_ + pixels * spp_);
    fitted_ = false;
    setFollowClock(false);
    viewChanged();
}

// The clock stays between 2% and 95% of the width; when it leaves, it goes back to 80%.
void TimelineWidget::keepNowVisible()
{
    const double span = spp_ * plotWidth();
    const double now = data_.now;
    if (now < from_ + span * 0.02 || now > from_ + span * 0.95)
        from_ = clampedFrom(now - span * 0.8);
}

void TimelineWidget::viewChanged()
{
    syncScrollBars();
    viewport()->update();
    const qint64 from = visibleFrom();
    const qint64 to = visibleTo();
    if (from == announcedFrom_ && to == announcedTo_)
        return;
    announcedFrom_ = from;
    announcedTo_ = to;
    Q_EMIT visibleRangeChanged(from, to);
}

// The horizontal bar spans the data's range and whatever is in view beyond it.
void TimelineWidget::syncScrollBars()
{
    syncing_ = true;
    const double span = spp_ * plotWidth();
    const double end = std::max(
        layout_.rangeEnd() + (layout_.rangeEnd() - layout_.rangeStart()) * kRightPad, from_ + span);
    scrollOrigin_ = std::min(double(layout_.rangeStart()), from_);
    const double pixels = std::min((end - scrollOrigin_) / spp_ - plotWidth(), 1e9);
    QScrollBar *h = horizontalScrollBar();
    h->setRange(0, std::max(0, int(std::ceil(pixels))));
    h->setPageStep(plotWidth());
    h->setValue(int(std::lround((from_ - scrollOrigin_) / spp_)));
    const TimelineGeometry g = geometry();
    QScrollBar *v = verticalScrollBar();
    v->setRange(0, std::max(0, g.contentHeight() - g.plot().height()));
    v->setPageStep(g.plot().height());
    syncing_ = false;
}

void TimelineWidget::horizontalScrolled(int value)
{
    if (syncing_)
        return;
    from_ = scrollOrigin_ + value * spp_;
    fitted_ = false;
    setFollowClock(false);
    viewChanged();
}

void TimelineWidget::scrollContentsBy(int, int)
{
    viewport()->update();
}

void TimelineWidget::setSelected(const QString &id)
{
    selected_ = layout_.indexOf(id) >= 0 ? id : QString();
    painter_->setSelected(layout_.indexOf(selected_));
    viewport()->update();
}

QString TimelineWidget::itemAt(const QPoint &pos) const
{
    const TimelineGeometry g = geometry();
    if (!g.plot().contains(pos))
        return {};
    const int row = g.rowAt(pos.y());
    if (row < 0)
        return {};
    const double t = g.time(pos.x() + 0.5);
    const int segment = layout_.segmentAt(row, t, 3 * spp_); // thin bars: a few pixels' slack
    if (segment >= 0)
        return data_.items[layout_.rows()[row].segments[segment].item].id;
    const int lane = layout_.rows()[row].lane;
    if (lane < 0)
        return {};
    for (const TimelineReservation &r : layout_.lanes()[lane].reservations)
        if (t >= r.start && t <= r.end)
            return data_.items[r.item].id;
    return {};
}

QList<QRect> TimelineWidget::itemRects(const QString &id) const
{
    QList<QRect> rects;
    const TimelineGeometry g = geometry();
    for (const TimelineSegmentRef &ref : layout_.segmentsOf(layout_.indexOf(id))) {
        const TimelineSegment &s = layout_.rows()[ref.row].segments[ref.index];
        const QRect r = g.bar(ref.row, s.start, s.end).toAlignedRect() & g.plot();
        if (!r.isEmpty())
            rects.append(r);
    }
    return rects;
}

int TimelineWidget::xForTime(qint64 time) const
{
    return int(std::lround(geometry().x(time)));
}

QString TimelineWidget::toolTipFor(const QString &id) const
{
    const int item = layout_.indexOf(id);
    if (item < 0)
        return {};
    return TimelineText::toolTip(data_.items[item], data_.now, layout_.spansDays());
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    painter_->paint(p, view());
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    if (fitted_)
        fit();
    else if (follow_)
        keepNowVisible();
    viewChanged();
}

void TimelineWidget::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    switch (event->type()) {
    case QEvent::PaletteChange:
    case QEvent::FontChange:
    case QEvent::StyleChange:
        rebuildPainter();
        viewChanged();
        break;
    default:
        break;
    }
}

bool TimelineWidget::viewportEvent(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QAbstractScrollArea::viewportEvent(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    const QString id = itemAt(help->pos());
    if (id.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), toolTipFor(id), viewport());
    return true;
}

void TimelineWidget::wheelEvent(QWheelEvent *event)
{
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        zoomAround(std::pow(2.0, -delta.y() / 240.0), event->position().x());
    } else if ((event->modifiers() & Qt::ShiftModifier) || delta.x() != 0) {
        const int steps = delta.x() != 0 ? delta.x() : delta.y();
        panBy(-steps / 120.0 * plotWidth() / 10.0);
    } else {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    event->accept();
}

void TimelineWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    pressed_ = true;
    dragging_ = false;
    pressPos_ = lastPos_ = event->position().toPoint();
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (!pressed_)
        return QAbstractScrollArea::mouseMoveEvent(event);
    const QPoint pos = event->position().toPoint();
    if (!dragging_ && (pos - pressPos_).manhattanLength() >= QApplication::startDragDistance()) {
        dragging_ = true;
        viewport()->setCursor(Qt::ClosedHandCursor);
    }
    if (!dragging_)
        return;
    const QPoint delta = pos - lastPos_;
    lastPos_ = pos;
    verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
    panBy(-delta.x());
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !pressed_)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    pressed_ = false;
    if (dragging_) {
        dragging_ = false;
        viewport()->unsetCursor();
        return;
    }
    const QString id = itemAt(event->position().toPoint());
    if (id.isEmpty() && selected_.isEmpty())
        return;
    setSelected(id);
    Q_EMIT itemSelected(id);
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_F:
        zoomToFit();
        break;
    case Qt::Key_Left:
        panBy(-plotWidth() / 8.0);
        break;
    case Qt::Key_Right:
        panBy(plotWidth() / 8.0);
        break;
    case Qt::Key_Home:
        panBy((layout_.rangeStart() - from_) / spp_);
        break;
    case Qt::Key_End:
        setFollowClock(true);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

QSize TimelineWidget::exportSize() const
{
    const TimelineMetrics m = TimelineMetrics::compute(fontMetrics(), layout_, true);
    const double range = double(layout_.rangeEnd() - layout_.rangeStart()) * (1 + kRightPad);
    TimelinePainter painter(data_, layout_, m);
    painter.setFont(font());
    const int least = std::max(kExportMinWidth, painter.legendWidth() - m.namesWidth);
    const int most = std::max(least, kExportMaxWidth);
    const int width = int(std::clamp(range / spp_, double(least), double(most)));
    const TimelineGeometry g(m, layout_, TimelineView{});
    return QSize(m.namesWidth + width,
                 m.titleHeight + m.axisHeight + g.contentHeight() + m.legendHeight);
}

// Paints the whole range on `device` (of exportSize()), light like paper.
void TimelineWidget::renderExport(QPaintDevice &device, bool vector) const
{
    const TimelineMetrics m = TimelineMetrics::compute(fontMetrics(), layout_, true);
    const QSize size = exportSize();
    const double range = double(layout_.rangeEnd() - layout_.rangeStart()) * (1 + kRightPad);
    TimelinePainter painter(data_, layout_, m);
    painter.setFont(font());
    painter.setStyle(TimelineStyle::light());
    painter.setVectorOutput(vector);
    painter.setTitle(data_.title.isEmpty() ? tr("Timeline") : data_.title);
    QPainter p(&device);
    painter.paint(p,
                  {size, double(layout_.rangeStart()), range / (size.width() - m.namesWidth), 0});
}

bool TimelineWidget::exportPng(const QString &path, QString *error) const
{
    const QSize size = exportSize();
    qreal ratio = 2; // sharp when zoomed or printed; halved while the image would be too large
    while (ratio > 0.5 && qint64(size.width()) * size.height() * ratio * ratio * 4 > (1LL << 28))
        ratio /= 2;
    QImage image(size * ratio, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        if (error)
            *error = tr("The timeline is too large to export as an image.");
        return false;
    }
    image.setDevicePixelRatio(ratio);
    image.setDotsPerMeterX(int(logicalDpiX() / 0.0254)); // text as large as on screen
    image.setDotsPerMeterY(int(logicalDpiY() / 0.0254));
    image.fill(Qt::white);
    renderExport(image, false);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image)) {
        if (error)
            *error = writer.errorString();
        return false;
    }
    return writeFile(path, buffer.data(), error);
}

bool TimelineWidget::exportSvg(const QString &path, QString *error) const
{
    const QSize size = exportSize();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setResolution(logicalDpiX()); // text as large as on screen
    svg.setTitle(data_.title.isEmpty() ? tr("Timeline") : data_.title);
    svg.setDescription(tr("Jobs over time, exported from SchedLab"));
    renderExport(svg, true);
    return writeFile(path, buffer.data(), error);
}

} // namespace schedlab::gui
