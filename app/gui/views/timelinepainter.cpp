// The timeline's painting. Bars are gathered per colour and filled in one call each; only bars
// wide enough get details (labels, ticks, limit marks, badges), which bounds the text work by
// the screen's width rather than by the number of jobs.
#include "timelinepainter.h"

#include "timelinetext.h"

#include <QDateTime>
#include <QFontMetricsF>
#include <QPainter>

#include <array>
#include <cmath>

namespace schedlab::gui {

namespace {

constexpr double kNarrow = 1.0;   // below this a bar is merged with its neighbours
constexpr double kPhases = 4.0;   // below this a bar is one colour, its phases not told apart
constexpr double kDetails = 6.0;  // from this on a bar gets ticks, limit marks and badges
constexpr QRgb kBadge = 0xffc83d; // backfill badge: amber, visible on every bar colour

int bucket(TimelineOutcome outcome, TimelinePhaseKind kind)
{
    return int(outcome) * kTimelinePhaseKinds + int(kind);
}

// Adjacent bars thinner than a pixel, painted as one with the colour most of them have.
class Merger
{
public:
    bool active() const { return active_; }
    bool extends(double x0) const { return active_ && x0 <= x1_ + kNarrow; }
    void start(double x0, double x1, TimelineOutcome o)
    {
        active_ = true;
        x0_ = x0;
        x1_ = x1;
        counts_.fill(0);
        ++counts_[int(o)];
    }
    void add(double x1, TimelineOutcome o)
    {
        x1_ = std::max(x1_, x1);
        ++counts_[int(o)];
    }
    // The merged span (at least a pixel wide) and its colour; ends the merge.
    QRectF take(double top, double height, TimelineOutcome *outcome)
    {
        active_ = false;
        *outcome =
            TimelineOutcome(std::max_element(counts_.begin(), counts_.end()) - counts_.begin());
        return QRectF(x0_, top, std::max(x1_ - x0_, 1.0), height);
    }

private:
    bool active_ = false;
    double x0_ = 0;
    double x1_ = 0;
    std::array<int, kTimelineOutcomes> counts_{};
};

// The font `factor` times as large, whether its size is in points or in pixels.
QFont scaled(QFont font, double factor)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(std::max(6.0, font.pointSizeF() * factor));
    else
        font.setPixelSize(std::max(8, int(font.pixelSize() * factor)));
    return font;
}

// Short dashes along a vertical or horizontal line, for drawLines() in one call: a dashed pen
// is much slower to stroke on raster surfaces.
void dashes(QVector<QLineF> &out, QPointF from, QPointF to, double on, double off)
{
    const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
    if (length <= 0)
        return;
    const QPointF unit = (to - from) / length;
    for (double d = 0; d < length; d += on + off)
        out.append(QLineF(from + unit * d, from + unit * std::min(d + on, length)));
}

} // namespace

const QStaticText &TimelineTextCache::shaped(const QString &text, const QFont &font)
{
    constexpr int kMaxTexts = 50000;
    if (font != font_ || texts_.size() > kMaxTexts) {
        texts_.clear();
        font_ = font;
    }
    auto it = texts_.find(text);
    if (it == texts_.end()) {
        QStaticText shaped(text);
        shaped.setTextFormat(Qt::PlainText);
        shaped.prepare(QTransform(), font);
        it = texts_.insert(text, shaped);
    }
    return *it;
}

struct TimelinePainter::Visible
{
    int row = 0;
    const TimelineSegment *segment = nullptr;
    QRectF rect; // the whole bar, not clipped
};

TimelinePainter::TimelinePainter(const TimelineData &data, const TimelineLayout &layout,
                                 const TimelineMetrics &metrics)
    : data_(data)
    , layout_(layout)
    , metrics_(metrics)
    , style_(TimelineStyle::light())
{
    setFont(QFont());
}

void TimelinePainter::setFont(const QFont &font)
{
    font_ = font;
    smallFont_ = scaled(font, 0.8);
    smallFont_.setBold(true);
}

void TimelinePainter::paint(QPainter &p, const TimelineView &view) const
{
    const TimelineGeometry g(metrics_, layout_, view);
    const TimelineTicks ticks = TimelineTicks::compute(g, QFontMetrics(font_), layout_.spansDays());
    p.save();
    p.setFont(font_);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    paintBackground(p, g);
    p.save();
    p.setClipRect(g.plot());
    paintGrid(p, g, ticks);
    const QVector<Visible> bars = paintBars(p, g);
    paintReservations(p, g);
    paintMarks(p, g, bars);
    paintBadges(p, bars);
    paintLabels(p, g, bars);
    paintSelection(p, g);
    paintNow(p, g);
    p.restore();
    paintNames(p, g);
    paintAxis(p, g, ticks);
    paintLegend(p, g);
    if (!title_.isEmpty())
        paintTitle(p, g);
    p.restore();
}

// Each pixel of the rows is filled once (fill rate is what a full repaint spends most on):
// the waiting section, the gap under it, each lane in view, then whatever is left below.
void TimelinePainter::paintBackground(QPainter &p, const TimelineGeometry &g) const
{
    const QRect plot = g.plot();
    if (metrics_.titleHeight > 0)
        p.fillRect(g.title(), style_.background);
    const auto band = [&](int top, int height, const QColor &colour) {
        const QRect r = QRect(plot.left(), top, plot.width(), height) & plot;
        if (!r.isEmpty())
            p.fillRect(r, colour);
    };
    const int waiting = layout_.waitingRowCount();
    if (waiting > 0) {
        band(g.rowTop(0), waiting * metrics_.rowHeight, style_.alternate);
        band(g.rowTop(0) + waiting * metrics_.rowHeight, metrics_.sectionGap, style_.panel);
    }
    const auto [first, last] = g.visibleRows();
    QVector<QLineF> separators;
    for (int l = 0; l < layout_.lanes().size(); ++l) {
        const TimelineLane &lane = layout_.lanes()[l];
        if (lane.firstRow + lane.rowCount <= first || lane.firstRow >= last)
            continue;
        const int top = g.rowTop(lane.firstRow);
        band(top, lane.rowCount * metrics_.rowHeight, l % 2 ? style_.alternate : style_.background);
        separators.append(QLineF(plot.left(), top, plot.right(), top));
    }
    const int end = plot.top() - g.view().scrollY + g.contentHeight();
    band(end, plot.bottom() + 1 - end, style_.background);
    if (waiting > 0) {
        const int gap = g.rowTop(0) + waiting * metrics_.rowHeight;
        separators.append(QLineF(plot.left(), gap, plot.right(), gap));
    }
    p.setPen(style_.separator);
    p.drawLines(separators);
}

void TimelinePainter::paintGrid(QPainter &p, const TimelineGeometry &g,
                                const TimelineTicks &ticks) const
{
    QVector<QLineF> lines;
    const QRect plot = g.plot();
    for (qint64 t : ticks.times) {
        const double x = std::round(g.x(t));
        lines.append(QLineF(x, plot.top(), x, plot.bottom()));
    }
    p.setPen(style_.grid);
    p.drawLines(lines);
    if (ticks.days.isEmpty())
        return;
    lines.clear();
    for (qint64 t : ticks.days) {
        const double x = std::round(g.x(t));
        lines.append(QLineF(x, plot.top(), x, plot.bottom()));
    }
    p.setPen(style_.separator);
    p.drawLines(lines);
}

QVector<TimelinePainter::Visible> TimelinePainter::paintBars(QPainter &p,
                                                             const TimelineGeometry &g) const
{
    std::array<QVector<QRectF>, kTimelineOutcomes * kTimelinePhaseKinds> fills;
    QVector<QRectF> &waiting = fills[bucket(TimelineOutcome::Active, TimelinePhaseKind::Pending)];
    QVector<Visible> wide;
    const double from = g.view().from;
    const double to = g.visibleTo();
    const double left = g.plot().left() - 2.0;
    const double right = g.plot().right() + 3.0;
    const double height = metrics_.rowHeight - 2 * metrics_.barInset;
    const auto clipped = [&](double x0, double x1, double top) {
        x0 = std::max(x0, left);
        return QRectF(x0, top, std::min(x1, right) - x0, height);
    };
    const auto [firstRow, lastRow] = g.visibleRows();
    for (int row = firstRow; row < lastRow; ++row) {
        const bool pending = row < layout_.waitingRowCount();
        const double top = g.rowTop(row) + metrics_.barInset;
        const QVector<TimelineSegment> &segments = layout_.rows()[row].segments;
        const auto [first, last] = layout_.segmentsIn(row, from, to);
        Merger merger;
        const auto flush = [&] {
            if (!merger.active())
                return;
            TimelineOutcome o;
            const QRectF r = merger.take(top, height, &o);
            (pending ? waiting : fills[bucket(o, TimelinePhaseKind::Running)]).append(r);
        };
        for (int i = first; i < last; ++i) {
            const TimelineSegment &s = segments[i];
            const double x0 = g.x(s.start);
            const double x1 = g.x(s.end);
            if (x1 - x0 < kNarrow) {
                if (merger.extends(x0)) {
                    merger.add(x1, s.outcome);
                } else {
                    flush();
                    merger.start(x0, x1, s.outcome);
                }
                continue;
            }
            flush();
            if (pending) {
                waiting.append(clipped(x0, x1, top));
            } else if (x1 - x0 < kPhases) {
                fills[bucket(s.outcome, TimelinePhaseKind::Running)].append(clipped(x0, x1, top));
            } else {
                const double end = x1 - 1; // a pixel apart: jobs that follow each other
                for (int k = s.firstSpan; k < s.endSpan; ++k) {
                    const TimelineSpan &span = layout_.spans()[k];
                    const QRectF r = clipped(g.x(span.start), std::min(g.x(span.end), end), top);
                    if (r.width() > 0)
                        fills[bucket(s.outcome, span.kind)].append(r);
                }
            }
            if (x1 - x0 >= kDetails)
                wide.append({row, &s, QRectF(x0, top, x1 - x0, height)});
        }
        flush();
    }
    p.setPen(Qt::NoPen);
    for (int b = 0; b < int(fills.size()); ++b) {
        if (fills[b].isEmpty())
            continue;
        p.setBrush(style_.fill(TimelineOutcome(b / kTimelinePhaseKinds),
                               TimelinePhaseKind(b % kTimelinePhaseKinds)));
        p.drawRects(fills[b]);
    }
    paintHatch(p, waiting);
    p.setBrush(Qt::NoBrush);
    return wide;
}

void TimelinePainter::paintHatch(QPainter &p, const QVector<QRectF> &rects) const
{
    if (rects.isEmpty())
        return;
    if (!vector_) {
        p.setBrush(QBrush(style_.waitingHatch, Qt::BDiagPattern));
        p.drawRects(rects);
        return;
    }
    // SVG has no pattern brush: diagonal lines every 6 px, cut to each bar.
    QVector<QLineF> lines;
    for (const QRectF &r : rects) {
        const double h = r.height();
        for (double x = std::floor((r.left() - h) / 6) * 6; x < r.right(); x += 6) {
            const double x0 = std::max(x, r.left());
            const double x1 = std::min(x + h, r.right());
            if (x1 > x0)
                lines.append(QLineF(x0, r.bottom() - (x0 - x), x1, r.bottom() - (x1 - x)));
        }
    }
    p.setPen(QPen(style_.waitingHatch, 0.8));
    p.drawLines(lines);
}

void TimelinePainter::paintReservations(QPainter &p, const TimelineGeometry &g) const
{
    const auto [firstRow, lastRow] = g.visibleRows();
    const QFontMetricsF fm(font_);
    QColor fill = style_.mark;
    fill.setAlpha(18);
    p.setPen(QPen(style_.mark, 1, Qt::DashLine));
    for (const TimelineLane &lane : layout_.lanes()) {
        if (lane.reservations.isEmpty() || lane.firstRow + lane.rowCount <= firstRow ||
            lane.firstRow >= lastRow)
            continue;
        const double top = g.rowTop(lane.firstRow) + 1;
        const double height = lane.rowCount * metrics_.rowHeight - 3;
        const double baseline =
            top + (metrics_.rowHeight - 2 + fm.ascent() - fm.descent()) / 2; // in the first row
        for (const TimelineReservation &r : lane.reservations) {
            // Cut to the plot (plus the outline's width): a dashed pen walks all its length.
            const double left = std::max(g.x(r.start), g.plot().left() - 2.0);
            const double right = std::min(g.x(r.end), g.plot().right() + 2.0);
            if (right <= left)
                continue;
            const QRectF box(left, top, right - left, height);
            p.setBrush(fill);
            p.drawRect(box);
            const QString text =
                data_.items[r.item].id + QLatin1Char(' ') + TimelineText::reserved();
            if (fm.horizontalAdvance(text) + 8 <= box.width())
                p.drawText(QPointF(box.left() + 4, baseline), text);
        }
    }
    p.setBrush(Qt::NoBrush);
}

void TimelinePainter::paintMarks(QPainter &p, const TimelineGeometry &g,
                                 const QVector<Visible> &bars) const
{
    QVector<QLineF> onDark;  // ticks on dark bars: light
    QVector<QLineF> onLight; // ticks on light bars and waiting bars: dark
    QVector<QLineF> limits;
    const QRect plot = g.plot();
    const double waitingRows = layout_.waitingRowCount();
    for (const Visible &v : bars) {
        const TimelineSegment &s = *v.segment;
        const TimelineItem &item = data_.items[s.item];
        const bool pending = v.row < waitingRows;
        const QColor fill =
            pending ? style_.waitingFill : style_.fill(s.outcome, TimelinePhaseKind::Running);
        QVector<QLineF> &ticks = style_.textOn(fill).lightness() > 128 ? onDark : onLight;
        for (const TimelineTransition &t : item.transitions) {
            if (t.time <= s.start || t.time >= s.end)
                continue; // the bar's ends already show those
            const double x = std::round(g.x(t.time)) + 0.5;
            ticks.append(QLineF(x, v.rect.bottom() - 4, x, v.rect.bottom()));
        }
        if (pending || !s.lastRun || item.limitEnd <= 0)
            continue;
        // The limit: on the bar when the job was killed there or still runs toward it.
        if (s.outcome != TimelineOutcome::Active && item.limitEnd > s.end)
            continue;
        const double x = std::round(g.x(item.limitEnd)) + 0.5;
        if (x >= plot.left() && x <= plot.right() + 1)
            dashes(limits, QPointF(x, v.rect.top() - 2), QPointF(x, v.rect.bottom() + 2), 3, 2);
        // Dots from the bar to its limit, cut to the plot (zoomed in, it can be far away).
        const double from = std::max(v.rect.right() + 2, double(plot.left()));
        const double to = std::min(x, plot.right() + 1.0);
        if (item.limitEnd > s.end && to > from)
            dashes(limits, QPointF(from, v.rect.center().y()), QPointF(to, v.rect.center().y()), 2,
                   3);
    }
    p.setPen(QPen(Qt::white, 1));
    p.drawLines(onDark);
    p.setPen(QPen(QColor(0x1a1a1a), 1));
    p.drawLines(onLight);
    p.setPen(QPen(style_.mark, 1));
    p.drawLines(limits);
}

void TimelinePainter::paintBadges(QPainter &p, const QVector<Visible> &bars) const
{
    const int waitingRows = layout_.waitingRowCount();
    const QFontMetricsF fm(smallFont_);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setFont(smallFont_);
    for (const Visible &v : bars) {
        if (v.row < waitingRows || !data_.items[v.segment->item].backfilled)
            continue;
        const QRectF &r = v.rect;
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(kBadge));
        if (r.width() < 3 * r.height()) { // too short for a letter: a corner triangle
            if (r.width() < 2 * kDetails)
                continue; // at most a sliver: a marker would hide it
            const double side = std::min(r.height() * 0.6, r.width());
            p.drawPolygon(QPolygonF{r.topLeft(), r.topLeft() + QPointF(side, 0),
                                    r.topLeft() + QPointF(0, side)});
            continue;
        }
        const double d = r.height() - 4;
        const QRectF badge(r.left() + 2, r.top() + 2, d, d);
        p.drawEllipse(badge);
        p.setPen(QColor(0x1a1a1a));
        p.drawText(badge, Qt::AlignCenter, QStringLiteral("B"));
    }
    p.restore();
}

QString TimelinePainter::waitingText(const TimelineSegment &s) const
{
    if (waitingTexts_.size() != layout_.spans().size())
        waitingTexts_.resize(layout_.spans().size());
    QString &text = waitingTexts_[s.firstSpan];
    if (text.isNull())
        text = composeWaitingText(s);
    return text;
}

// "12 court · Priority": the label and why it waits (the last reason given during the wait).
QString TimelinePainter::composeWaitingText(const TimelineSegment &s) const
{
    const TimelineItem &item = data_.items[s.item];
    QString reason;
    for (const TimelineTransition &t : item.transitions)
        if (t.time >= s.start && t.time < s.end && !t.reason.isEmpty())
            reason = t.reason;
    const QString label = TimelineText::label(item);
    return reason.isEmpty() ? label : label + QStringLiteral(" \u00b7 ") + reason;
}

void TimelinePainter::paintLabels(QPainter &p, const TimelineGeometry &g,
                                  const QVector<Visible> &bars) const
{
    const QFontMetricsF fm(font_);
    const double minimum = fm.averageCharWidth() * 2;
    const double top = (metrics_.rowHeight - 2 * metrics_.barInset - fm.height()) / 2;
    const QRect plot = g.plot();
    for (const Visible &v : bars) {
        const TimelineSegment &s = *v.segment;
        const TimelineItem &item = data_.items[s.item];
        const bool pending = v.row < layout_.waitingRowCount();
        double left = std::max(v.rect.left(), double(plot.left())) + 4;
        if (!pending && item.backfilled && v.rect.width() >= 3 * v.rect.height())
            left = std::max(left, v.rect.left() + v.rect.height() + 2); // after the badge
        const double room = std::min(v.rect.right(), double(plot.right())) - 4 - left;
        if (room < minimum)
            continue;
        // The longest text that fits: the wait with its reason, the label, the id.
        const QStaticText *text = nullptr;
        if (pending)
            text = &cache_->shaped(waitingText(s), font_);
        if (!text || text->size().width() > room)
            text = &cache_->shaped(TimelineText::label(item), font_);
        if (text->size().width() > room)
            text = &cache_->shaped(item.id, font_);
        if (text->size().width() > room)
            continue;
        p.setPen(pending ? style_.text
                         : style_.textOn(style_.fill(s.outcome, TimelinePhaseKind::Running)));
        p.drawStaticText(QPointF(left, v.rect.top() + top), *text);
    }
}

void TimelinePainter::paintSelection(QPainter &p, const TimelineGeometry &g) const
{
    if (selected_ < 0)
        return;
    const QRectF plot = QRectF(g.plot()).adjusted(-4, -4, 4, 4);
    p.setPen(QPen(style_.selection, 2));
    p.setBrush(Qt::NoBrush);
    for (const TimelineSegmentRef &ref : layout_.segmentsOf(selected_)) {
        const TimelineSegment &s = layout_.rows()[ref.row].segments[ref.index];
        QRectF r = g.bar(ref.row, s.start, s.end).adjusted(-1, -1, 1, 1);
        r.setWidth(std::max(r.width(), 3.0));
        if (r.intersects(plot))
            p.drawRect(r & plot);
    }
}

void TimelinePainter::paintNow(QPainter &p, const TimelineGeometry &g) const
{
    const double x = std::round(g.x(data_.now)) + 0.5;
    if (x < g.plot().left() || x > g.plot().right() + 1)
        return;
    p.setPen(QPen(style_.now, 1));
    p.drawLine(QPointF(x, g.plot().top()), QPointF(x, g.plot().bottom()));
}

void TimelinePainter::paintNames(QPainter &p, const TimelineGeometry &g) const
{
    const QRect names = g.names();
    p.save();
    p.setClipRect(names);
    p.fillRect(names, style_.panel);
    const QFontMetricsF fm(font_);
    const double text = (metrics_.rowHeight + fm.ascent() - fm.descent()) / 2;
    // Names stick to the top while their section scrolls under the axis.
    const auto name = [&](int firstRow, int rows, const QString &s, const QColor &colour) {
        const int top = g.rowTop(firstRow);
        const int bottom = top + rows * metrics_.rowHeight;
        if (bottom <= names.top() || top > names.bottom())
            return;
        const double y = std::min(std::max(top, names.top()), bottom - metrics_.rowHeight);
        p.setPen(style_.separator);
        p.drawLine(0, top, names.right(), top);
        p.setPen(colour);
        p.drawText(QPointF(8, y + text),
                   fm.elidedText(s, Qt::ElideRight, metrics_.namesWidth - 14));
    };
    if (layout_.waitingRowCount() > 0) {
        QFont italic = font_;
        italic.setItalic(true);
        p.setFont(italic);
        name(0, layout_.waitingRowCount(), TimelineText::waiting(), style_.dimText);
        p.setFont(font_);
    }
    for (const TimelineLane &lane : layout_.lanes())
        name(lane.firstRow, lane.rowCount, lane.name, style_.text);
    p.setPen(style_.separator);
    p.drawLine(names.right(), names.top(), names.right(), names.bottom());
    p.restore();
}

void TimelinePainter::paintAxis(QPainter &p, const TimelineGeometry &g,
                                const TimelineTicks &ticks) const
{
    const QRect axis = g.axis();
    const QRect band(0, axis.top(), axis.right() + 1, axis.height());
    p.fillRect(band, style_.panel);
    p.setPen(style_.separator);
    p.drawLine(band.left(), band.bottom(), band.right(), band.bottom());
    p.drawLine(axis.left() - 1, band.top(), axis.left() - 1, band.bottom());
    const QFontMetricsF fm(font_);
    if (title_.isEmpty() && !data_.title.isEmpty()) { // the corner names the cluster
        QFont bold = font_;
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(style_.text);
        p.drawText(QRect(8, band.top(), axis.left() - 12, band.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, data_.title);
        p.setFont(font_);
    }
    p.save();
    p.setClipRect(axis);
    const double baseline = axis.bottom() - 6 - fm.descent();
    p.setPen(style_.dimText);
    QVector<QLineF> marks;
    for (qint64 t : ticks.times) {
        const double x = std::round(g.x(t)) + 0.5;
        marks.append(QLineF(x, axis.bottom() - 4, x, axis.bottom()));
    }
    paintTickLabels(p, g, ticks, baseline);
    if (!ticks.days.isEmpty()) {
        const double dayBaseline = axis.top() + 4 + fm.ascent();
        double nextFree = axis.left() + 4;
        // The day at the left edge, then each midnight.
        QVector<qint64> days = ticks.days;
        if (days.isEmpty() || g.x(days.first()) > axis.left() + 1)
            days.prepend(qint64(g.view().from));
        p.setPen(style_.text);
        for (qint64 t : days) {
            const double x = std::max(g.x(t), double(axis.left()));
            if (x > axis.left())
                marks.append(QLineF(x, axis.top(), x, axis.bottom()));
            const QString label = TimelineText::day(t);
            if (x + 4 >= nextFree) {
                p.drawText(QPointF(x + 4, dayBaseline), label);
                nextFree = x + 4 + fm.horizontalAdvance(label) + 12;
            }
        }
    }
    p.setPen(style_.separator);
    p.drawLines(marks);
    const double now = g.x(data_.now);
    if (now >= axis.left() && now <= axis.right() + 1) { // the clock: a small red triangle
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(style_.now);
        const double y = axis.bottom() + 1;
        p.drawPolygon(QPolygonF{QPointF(now - 5, y - 7), QPointF(now + 5, y - 7), QPointF(now, y)});
    }
    p.restore();
}

// Labels centred on their ticks; those cut by an edge are pushed inside, unless that would
// make them touch their neighbour.
void TimelinePainter::paintTickLabels(QPainter &p, const TimelineGeometry &g,
                                      const TimelineTicks &ticks, double baseline) const
{
    struct Label
    {
        QString text;
        double left;
        double width;
    };
    const QFontMetricsF fm(font_);
    const QRect axis = g.axis();
    QVector<Label> labels;
    for (qint64 t : ticks.times) {
        const QString text = QDateTime::fromSecsSinceEpoch(t).toString(ticks.format);
        const double width = fm.horizontalAdvance(text);
        labels.append({text, std::round(g.x(t)) - width / 2, width});
    }
    for (int i = 0; i < labels.size(); ++i) {
        Label &l = labels[i];
        const double inside = std::clamp(l.left, axis.left() + 3.0,
                                         std::max(axis.left() + 3.0, axis.right() - 3 - l.width));
        if (inside != l.left) {
            const bool hitsPrevious =
                i > 0 && inside < labels[i - 1].left + labels[i - 1].width + 16;
            const bool hitsNext =
                i + 1 < labels.size() && inside + l.width + 16 > labels[i + 1].left;
            if (hitsPrevious || hitsNext)
                continue;
        }
        p.drawText(QPointF(inside, baseline), l.text);
    }
}

int TimelinePainter::legendWidth() const
{
    const QFontMetrics fm(font_);
    int width = 8;
    for (const QString &name : legendNames())
        width += 20 + fm.horizontalAdvance(name) + 14;
    return width;
}

QStringList TimelinePainter::legendNames()
{
    QStringList names = {TimelineText::waiting(),
                         TimelineText::outcomeName(TimelineOutcome::Active),
                         TimelineText::completing()};
    for (TimelineOutcome o :
         {TimelineOutcome::Completed, TimelineOutcome::Timeout, TimelineOutcome::Cancelled,
          TimelineOutcome::Failed, TimelineOutcome::Preempted})
        names << TimelineText::outcomeName(o);
    names << TimelineText::reservation() << TimelineText::backfilled() << TimelineText::timeLimit()
          << TimelineText::now();
    return names;
}

void TimelinePainter::paintLegend(QPainter &p, const TimelineGeometry &g) const
{
    const QRect legend = g.legend();
    p.fillRect(legend, style_.panel);
    p.setPen(style_.separator);
    p.drawLine(legend.left(), legend.top(), legend.right(), legend.top());
    const QFontMetricsF fm(font_);
    const double baseline = legend.top() + (legend.height() + fm.ascent() - fm.descent()) / 2;
    const double swatchTop = legend.center().y() - 5;
    double x = 8;
    // Each entry: a swatch painted by `draw`, then its name.
    const auto entry = [&](const QString &name, const auto &draw) {
        if (x + 20 + fm.horizontalAdvance(name) > legend.right())
            return;
        const QRectF swatch(x, swatchTop, 16, 10);
        p.save();
        draw(swatch);
        p.restore();
        p.setPen(style_.dimText);
        p.drawText(QPointF(x + 20, baseline), name);
        x += 20 + fm.horizontalAdvance(name) + 14;
    };
    const auto solid = [&](const QColor &c) {
        return [&p, c](const QRectF &r) { p.fillRect(r, c); };
    };
    entry(TimelineText::waiting(), [&](const QRectF &r) {
        p.fillRect(r, style_.waitingFill);
        p.setPen(Qt::NoPen);
        paintHatch(p, {r});
    });
    entry(TimelineText::outcomeName(TimelineOutcome::Active),
          solid(style_.fill(TimelineOutcome::Active, TimelinePhaseKind::Running)));
    entry(TimelineText::completing(),
          solid(style_.fill(TimelineOutcome::Active, TimelinePhaseKind::Completing)));
    for (TimelineOutcome o :
         {TimelineOutcome::Completed, TimelineOutcome::Timeout, TimelineOutcome::Cancelled,
          TimelineOutcome::Failed, TimelineOutcome::Preempted})
        entry(TimelineText::outcomeName(o), solid(style_.fill(o, TimelinePhaseKind::Running)));
    entry(TimelineText::reservation(), [&](const QRectF &r) {
        p.setPen(QPen(style_.mark, 1, Qt::DashLine));
        p.drawRect(r.adjusted(0, 0, -1, -1));
    });
    entry(TimelineText::backfilled(), [&](const QRectF &r) {
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(kBadge));
        p.drawPolygon(
            QPolygonF{r.topLeft(), r.topLeft() + QPointF(8, 0), r.topLeft() + QPointF(0, 8)});
    });
    entry(TimelineText::timeLimit(), [&](const QRectF &r) {
        QVector<QLineF> lines;
        dashes(lines, QPointF(r.center().x() + 0.5, r.top() - 2),
               QPointF(r.center().x() + 0.5, r.bottom() + 2), 3, 2);
        p.setPen(style_.mark);
        p.drawLines(lines);
    });
    entry(TimelineText::now(), [&](const QRectF &r) {
        p.setPen(style_.now);
        p.drawLine(QPointF(r.center().x() + 0.5, r.top() - 2),
                   QPointF(r.center().x() + 0.5, r.bottom() + 2));
    });
}

void TimelinePainter::paintTitle(QPainter &p, const TimelineGeometry &g) const
{
    const QRect title = g.title().adjusted(12, 0, -12, 0);
    QFont big = scaled(font_, 1.4);
    big.setBold(true);
    p.setFont(big);
    p.setPen(style_.text);
    p.drawText(title, Qt::AlignLeft | Qt::AlignVCenter, title_);
    const int used = QFontMetrics(big).horizontalAdvance(title_) + 16;
    p.setFont(font_);
    p.setPen(style_.dimText);
    const bool days = layout_.spansDays();
    p.drawText(title.adjusted(used, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
               QStringLiteral("%1 \u2013 %2")
                   .arg(TimelineText::time(layout_.rangeStart(), true),
                        TimelineText::time(layout_.rangeEnd(), days)));
}

} // namespace schedlab::gui
