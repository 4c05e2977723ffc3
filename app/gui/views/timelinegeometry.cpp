// Geometry of the timeline: fixed areas around a plot whose rows scroll vertically.
#include "timelinegeometry.h"

#include "timelinetext.h"

#include <QDateTime>
#include <QFontMetrics>

#include <algorithm>
#include <cmath>

namespace schedlab::gui {

TimelineMetrics TimelineMetrics::compute(const QFontMetrics &fm, const TimelineLayout &layout,
                                         bool withTitle)
{
    TimelineMetrics m;
    m.rowHeight = fm.height() + 6;
    m.barInset = 2;
    m.sectionGap = fm.height() / 2 + 2;
    m.titleHeight = withTitle ? fm.height() * 2 + 8 : 0;
    // Two lines when dates are needed: the day above the times.
    m.axisHeight = layout.spansDays() ? fm.height() * 2 + 10 : fm.height() + 14;
    m.legendHeight = fm.height() + 10;
    int widest = fm.horizontalAdvance(TimelineText::waiting());
    for (const TimelineLane &lane : layout.lanes())
        widest = std::max(widest, fm.horizontalAdvance(lane.name));
    m.namesWidth = std::clamp(widest + 16, 72, 220);
    return m;
}

TimelineGeometry::TimelineGeometry(const TimelineMetrics &metrics, const TimelineLayout &layout,
                                   const TimelineView &view)
    : m_(metrics)
    , layout_(layout)
    , v_(view)
{
    const int top = m_.titleHeight + m_.axisHeight;
    plot_ = QRect(m_.namesWidth, top, std::max(1, v_.size.width() - m_.namesWidth),
                  std::max(1, v_.size.height() - top - m_.legendHeight));
}

QRect TimelineGeometry::title() const
{
    return QRect(0, 0, v_.size.width(), m_.titleHeight);
}

QRect TimelineGeometry::axis() const
{
    return QRect(plot_.left(), m_.titleHeight, plot_.width(), m_.axisHeight);
}

QRect TimelineGeometry::names() const
{
    return QRect(0, plot_.top(), m_.namesWidth, plot_.height());
}

QRect TimelineGeometry::plot() const
{
    return plot_;
}

QRect TimelineGeometry::legend() const
{
    return QRect(0, plot_.bottom() + 1, v_.size.width(), m_.legendHeight);
}

int TimelineGeometry::contentTop(int row) const
{
    const int gap =
        layout_.waitingRowCount() > 0 && row >= layout_.waitingRowCount() ? m_.sectionGap : 0;
    return row * m_.rowHeight + gap;
}

int TimelineGeometry::contentHeight() const
{
    return contentTop(layout_.rows().size());
}

int TimelineGeometry::rowTop(int row) const
{
    return plot_.top() - v_.scrollY + contentTop(row);
}

int TimelineGeometry::rowAt(int y) const
{
    if (y < plot_.top() || y > plot_.bottom())
        return -1;
    int content = y - plot_.top() + v_.scrollY;
    const int waiting = layout_.waitingRowCount();
    if (waiting > 0 && content >= waiting * m_.rowHeight) {
        content -= m_.sectionGap;
        if (content < waiting * m_.rowHeight)
            return -1; // in the gap
    }
    const int row = content / m_.rowHeight;
    return row >= 0 && row < layout_.rows().size() ? row : -1;
}

int TimelineGeometry::rowOfContent(int content) const
{
    const int waiting = layout_.waitingRowCount();
    if (waiting > 0 && content >= waiting * m_.rowHeight)
        content = std::max(waiting * m_.rowHeight, content - m_.sectionGap);
    return content / m_.rowHeight;
}

std::pair<int, int> TimelineGeometry::visibleRows() const
{
    const int rows = layout_.rows().size();
    const int first = std::clamp(rowOfContent(v_.scrollY), 0, rows);
    const int last = std::clamp(rowOfContent(v_.scrollY + plot_.height()) + 1, 0, rows);
    return {first, last};
}

QRectF TimelineGeometry::bar(int row, double start, double end) const
{
    const double top = rowTop(row) + m_.barInset;
    const double left = x(start);
    return QRectF(left, top, x(end) - left, m_.rowHeight - 2 * m_.barInset);
}

namespace {

qint64 floorDiv(qint64 a, qint64 b)
{
    return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

qint64 localMidnight(const QDate &date)
{
    return QDateTime(date, QTime(0, 0)).toSecsSinceEpoch();
}

// Midnights every `days` days from the day of `from` to `to` (capped: a range of years would
// have more labels than pixels anyway).
QVector<qint64> midnights(double from, double to, int days)
{
    QVector<qint64> out;
    const QDate first = QDateTime::fromSecsSinceEpoch(qint64(std::floor(from))).date();
    for (int k = 0; out.size() < 1000; k += days) {
        const qint64 t = localMidnight(first.addDays(k));
        if (t > to)
            break;
        out.append(t);
    }
    return out;
}

} // namespace

TimelineTicks TimelineTicks::compute(const TimelineGeometry &g, const QFontMetrics &fm, bool days)
{
    static const qint64 steps[] = {1,     2,     5,     10,    15,     30,     60,
                                   120,   300,   600,   900,   1800,   3600,   7200,
                                   10800, 21600, 43200, 86400, 172800, 604800, 2419200};
    const double spp = g.view().secondsPerPixel;
    const int seconds = fm.horizontalAdvance(QStringLiteral("00:00:00"));
    const int minutes = fm.horizontalAdvance(QStringLiteral("00:00"));
    const int dates = fm.horizontalAdvance(QStringLiteral("Wed 30 May"));
    TimelineTicks ticks;
    for (qint64 step : steps) {
        ticks.step = step;
        const int label = step < 60 ? seconds : step < 86400 ? minutes : dates;
        if (double(step) / spp >= label + 24)
            break;
    }
    ticks.format = ticks.step < 60      ? QStringLiteral("HH:mm:ss")
                   : ticks.step < 86400 ? QStringLiteral("HH:mm")
                                        : QStringLiteral("ddd d MMM");
    const double from = g.view().from;
    const double to = g.visibleTo();
    if (ticks.step < 86400) {
        const qint64 start = qint64(std::floor(from));
        const qint64 offset = QDateTime::fromSecsSinceEpoch(start).offsetFromUtc();
        for (qint64 t = floorDiv(start + offset, ticks.step) * ticks.step - offset; t <= to;
             t += ticks.step)
            ticks.times.append(t);
    } else {
        ticks.times = midnights(from, to, int(ticks.step / 86400));
    }
    if (days)
        ticks.days = midnights(from, to, 1);
    return ticks;
}

} // namespace schedlab::gui
