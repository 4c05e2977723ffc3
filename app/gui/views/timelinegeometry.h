// Pixel geometry of the timeline: the areas (title, axis, names column, rows, legend) and the
// mapping between time and x, rows and y. Painting and hit testing share it so that what is
// clicked is what was drawn.
#pragma once

#include "timelinelayout.h"

#include <QRect>
#include <QSize>
#include <QString>
#include <QVector>

#include <utility>

class QFontMetrics;

namespace schedlab::gui {

// Sizes derived from the font, computed when the data or the font changes.
struct TimelineMetrics
{
    int rowHeight = 20;
    int barInset = 2;   // space above and below a bar inside its row
    int sectionGap = 8; // between the waiting section and the first node
    int titleHeight = 0;
    int axisHeight = 32;
    int legendHeight = 22;
    int namesWidth = 80;

    static TimelineMetrics compute(const QFontMetrics &fm, const TimelineLayout &layout,
                                   bool withTitle);
};

// Which part of the timeline is shown, on a surface of `size`.
struct TimelineView
{
    QSize size;
    double from = 0; // time at the left edge of the rows
    double secondsPerPixel = 1;
    int scrollY = 0; // content pixels scrolled off the top
};

class TimelineGeometry
{
public:
    TimelineGeometry(const TimelineMetrics &metrics, const TimelineLayout &layout,
                     const TimelineView &view);

    const TimelineMetrics &metrics() const { return m_; }
    const TimelineView &view() const { return v_; }
    QRect title() const;
    QRect axis() const;
    QRect names() const; // left column, beside the rows
    QRect plot() const;  // the rows
    QRect legend() const;

    double x(double time) const { return plot_.left() + (time - v_.from) / v_.secondsPerPixel; }
    double time(double x) const { return v_.from + (x - plot_.left()) * v_.secondsPerPixel; }
    double visibleTo() const { return time(plot_.right() + 1); }

    // Content height of all rows; rows scroll under the axis.
    int contentHeight() const;
    int rowTop(int row) const; // on the surface
    int rowAt(int y) const;    // -1 outside the rows
    // Rows at least partly inside the plot: [first, last).
    std::pair<int, int> visibleRows() const;
    // A bar from `start` to `end` in `row`, on the surface (not clipped).
    QRectF bar(int row, double start, double end) const;

private:
    int contentTop(int row) const;
    int rowOfContent(int content) const;

    TimelineMetrics m_;
    const TimelineLayout &layout_;
    TimelineView v_;
    QRect plot_;
};

// Ticks of the time axis at a round step (1 s ... 1 week) that leaves room for each label,
// aligned on local time; and the local midnights in view when the range spans days.
struct TimelineTicks
{
    qint64 step = 60;
    QString format; // QDateTime format of the tick labels
    QVector<qint64> times;
    QVector<qint64> days;

    static TimelineTicks compute(const TimelineGeometry &g, const QFontMetrics &fm, bool days);
};

} // namespace schedlab::gui
