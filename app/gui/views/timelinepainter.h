// Paints a TimelineData onto any QPainter (widget, PNG image, SVG generator) for a given time
// range and size, so that exports look exactly like the screen. Only what is visible is
// visited: rows by index, bars by binary search in time; bars thinner than a pixel are merged.
#pragma once

#include "timelinedata.h"
#include "timelinegeometry.h"
#include "timelinelayout.h"
#include "timelinestyle.h"

#include <QFont>
#include <QHash>
#include <QStaticText>
#include <QVector>

class QPainter;
class QFontMetricsF;

namespace schedlab::gui {

// Texts shaped once and kept by content, across paints and data updates: shaping text costs
// far more than painting it. Cleared when the font changes or when it grows too large.
class TimelineTextCache
{
public:
    const QStaticText &shaped(const QString &text, const QFont &font);

private:
    QFont font_;
    QHash<QString, QStaticText> texts_;
};

class TimelinePainter
{
public:
    TimelinePainter(const TimelineData &data, const TimelineLayout &layout,
                    const TimelineMetrics &metrics);

    void setStyle(const TimelineStyle &style) { style_ = style; }
    void setFont(const QFont &font);
    void setSelected(int item) { selected_ = item; }
    // Shared with later painters (the widget keeps one); by default the painter's own.
    void setTextCache(TimelineTextCache *cache) { cache_ = cache; }
    // SVG: hatching drawn as lines (pattern brushes do not survive), no pixel tricks.
    void setVectorOutput(bool vector) { vector_ = vector; }
    // Exports: a title line above the axis (the metrics must leave room for it).
    void setTitle(const QString &title) { title_ = title; }

    void paint(QPainter &p, const TimelineView &view) const;
    // The width the legend needs on one line (exports are at least that wide).
    int legendWidth() const;

private:
    struct Visible; // a bar wide enough for details, found while painting the bars
    void paintBackground(QPainter &p, const TimelineGeometry &g) const;
    void paintGrid(QPainter &p, const TimelineGeometry &g, const TimelineTicks &ticks) const;
    QVector<Visible> paintBars(QPainter &p, const TimelineGeometry &g) const;
    void paintHatch(QPainter &p, const QVector<QRectF> &rects) const;
    void paintReservations(QPainter &p, const TimelineGeometry &g) const;
    void paintMarks(QPainter &p, const TimelineGeometry &g, const QVector<Visible> &bars) const;
    void paintBadges(QPainter &p, const QVector<Visible> &bars) const;
    void paintLabels(QPainter &p, const TimelineGeometry &g, const QVector<Visible> &bars) const;
    void paintSelection(QPainter &p, const TimelineGeometry &g) const;
    void paintNow(QPainter &p, const TimelineGeometry &g) const;
    void paintNames(QPainter &p, const TimelineGeometry &g) const;
    void paintAxis(QPainter &p, const TimelineGeometry &g, const TimelineTicks &ticks) const;
    void paintTickLabels(QPainter &p, const TimelineGeometry &g, const TimelineTicks &ticks,
                         double baseline) const;
    void paintLegend(QPainter &p, const TimelineGeometry &g) const;
    static QStringList legendNames();
    void paintTitle(QPainter &p, const TimelineGeometry &g) const;

    QString waitingText(const TimelineSegment &s) const;
    QString composeWaitingText(const TimelineSegment &s) const;

    const TimelineData &data_;
    const TimelineLayout &layout_;
    TimelineMetrics metrics_;
    TimelineStyle style_;
    QFont font_;
    QFont smallFont_;
    int selected_ = -1;
    bool vector_ = false;
    QString title_;
    mutable QVector<QString> waitingTexts_; // by span: built once per data
    mutable TimelineTextCache ownCache_;
    TimelineTextCache *cache_ = &ownCache_;
};

} // namespace schedlab::gui
