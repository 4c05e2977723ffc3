// The timeline view: a Gantt chart over virtual time of the jobs of the mini Slurm cluster (or
// of Kubernetes pods), one lane per node under a "waiting" section, with zoom, pan, follow-the-
// clock, selection, tooltips and export of the whole range to PNG and SVG.
#pragma once

#include "timelinedata.h"
#include "timelinegeometry.h"
#include "timelinelayout.h"

#include <QAbstractScrollArea>

#include <memory>

namespace schedlab::gui {

class TimelinePainter;
class TimelineTextCache;

class TimelineWidget : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit TimelineWidget(QWidget *parent = nullptr);
    ~TimelineWidget() override;

    // Keeps zoom, scroll and selection; the first data (or a fitted view) is shown whole.
    void setData(TimelineData data);
    const TimelineData &data() const { return data_; }

    // Keep `now` in view as it moves. Panning by hand turns it off.
    void setFollowClock(bool follow);
    bool followsClock() const { return follow_; }

    void zoomIn();
    void zoomOut();
    void zoomToFit();
    double secondsPerPixel() const { return spp_; }
    void setVisibleRange(qint64 from, qint64 to);
    qint64 visibleFrom() const;
    qint64 visibleTo() const;

    void setSelected(const QString &id);
    QString selected() const { return selected_; }

    QString itemAt(const QPoint &pos) const; // id under a viewport point, empty if none
    // Where the item's bars are in the viewport (the visible part of each), waiting bar first.
    QList<QRect> itemRects(const QString &id) const;
    int xForTime(qint64 time) const; // viewport x
    QString toolTipFor(const QString &id) const;

    // Exports show the whole range, on a light background, with a title.
    QSize exportSize() const; // logical pixels; PNG files are twice as large
    bool exportPng(const QString &path, QString *error) const;
    bool exportSvg(const QString &path, QString *error) const;

Q_SIGNALS:
    void itemSelected(const QString &id); // a click; empty when a click cleared the selection
    // The time axis moved or zoomed: lets two timelines share an axis.
    void visibleRangeChanged(qint64 from, qint64 to);
    void followClockChanged(bool follow);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    TimelineView view() const;
    TimelineGeometry geometry() const { return TimelineGeometry(metrics_, layout_, view()); }
    int plotWidth() const;
    double fitSecondsPerPixel() const;
    double clampedFrom(double from) const;
    double zoomAnchor() const;
    void rebuildPainter();
    void fit();
    void zoomAround(double factor, double x);
    void panBy(double pixels); // by hand: stops following the clock
    void keepNowVisible();
    void viewChanged();
    void syncScrollBars();
    void horizontalScrolled(int value);
    void renderExport(QPaintDevice &device, bool vector) const;

    TimelineData data_;
    TimelineLayout layout_;
    TimelineMetrics metrics_;
    std::unique_ptr<TimelinePainter> painter_;
    std::unique_ptr<TimelineTextCache> texts_; // outlives painters: kept across setData()
    double from_ = 0;                          // time at the plot's left edge
    double spp_ = 1.0;                         // seconds per pixel
    double scrollOrigin_ = 0;                  // time at horizontal scroll bar value 0
    bool hasData_ = false;
    bool fitted_ = false; // stays fitted as data and size change, until zoomed or panned
    bool follow_ = false;
    bool syncing_ = false; // scroll bars moved by code, not by hand
    QString selected_;
    bool pressed_ = false;
    bool dragging_ = false;
    QPoint pressPos_;
    QPoint lastPos_;
    qint64 announcedFrom_ = 0;
    qint64 announcedTo_ = 0;
};

} // namespace schedlab::gui
