// Where every bar of the timeline goes, in time and in rows, computed once per setData() so
// that painting and hit testing only look things up (binary searches, no string work).
#pragma once

#include "timelinedata.h"

#include <QHash>
#include <QVector>

#include <utility>

namespace schedlab::gui {

// How a phase is drawn: waiting rows show Pending, node lanes show the others.
enum class TimelinePhaseKind : quint8 { Pending, Running, Completing, Paused };
constexpr int kTimelinePhaseKinds = 4;

// The colour family of a bar: how its run ended, or Active while it runs.
enum class TimelineOutcome : quint8 { Active, Completed, Timeout, Cancelled, Failed, Preempted };
constexpr int kTimelineOutcomes = 6;

TimelinePhaseKind timelinePhaseKind(const QString &state);
// The outcome a final state or a transition stands for; Active for anything else.
TimelineOutcome timelineOutcome(const QString &state);

// One phase with its end resolved (open phases end at `now`).
struct TimelineSpan
{
    qint64 start = 0;
    qint64 end = 0;
    TimelinePhaseKind kind = TimelinePhaseKind::Running;
};

// A bar: consecutive phases of one item drawn in one row.
struct TimelineSegment
{
    qint64 start = 0;
    qint64 end = 0;
    int item = 0;
    int firstSpan = 0; // [firstSpan, endSpan) in TimelineLayout::spans()
    int endSpan = 0;
    TimelineOutcome outcome = TimelineOutcome::Active;
    bool lastRun = false; // the item's last run: where its time limit is marked
};

// A row of bars that never overlap, sorted by time (so ends are sorted as well).
struct TimelineRow
{
    int lane = -1; // -1: the waiting section
    QVector<TimelineSegment> segments;
};

struct TimelineReservation
{
    int item = 0;
    qint64 start = 0;
    qint64 end = 0;
};

// A node: consecutive rows, one per set of jobs that overlap in time on it.
struct TimelineLane
{
    QString name;
    int firstRow = 0;
    int rowCount = 1;
    QVector<TimelineReservation> reservations;
};

struct TimelineSegmentRef
{
    int row = 0;
    int index = 0;
};

class TimelineLayout
{
public:
    TimelineLayout() = default;
    explicit TimelineLayout(const TimelineData &data);

    // Waiting rows first, then each lane's rows.
    const QVector<TimelineRow> &rows() const { return rows_; }
    const QVector<TimelineLane> &lanes() const { return lanes_; }
    const QVector<TimelineSpan> &spans() const { return spans_; }
    int waitingRowCount() const { return waitingRows_; }
    int indexOf(const QString &id) const; // -1 if none
    QVector<TimelineSegmentRef> segmentsOf(int item) const;

    // The full range worth showing: origin to the last thing that happens.
    qint64 rangeStart() const { return rangeStart_; }
    qint64 rangeEnd() const { return rangeEnd_; }
    // Whether the range crosses midnight (local time): times then carry their date.
    bool spansDays() const { return spansDays_; }

    // Segments of `row` that overlap [from, to]: an index range [first, last).
    std::pair<int, int> segmentsIn(int row, double from, double to) const;
    // The segment of `row` at time t, or the nearest within `slack` seconds; -1 if none.
    int segmentAt(int row, double t, double slack) const;

private:
    void addLanes(const TimelineData &data);
    int laneFor(const QString &name);
    void addItem(const TimelineData &data, int item, QVector<TimelineSegment> &waiting,
                 QVector<QVector<TimelineSegment>> &perLane);
    void placeWaiting(QVector<TimelineSegment> waiting);
    void placeLanes(QVector<QVector<TimelineSegment>> perLane);
    void indexSegments(int itemCount);
    void computeRange(const TimelineData &data);

    QVector<TimelineRow> rows_;
    QVector<TimelineLane> lanes_;
    QVector<TimelineSpan> spans_;
    QHash<QString, int> laneIndex_; // only with many lanes
    QVector<QString> ids_;
    QVector<int> itemRefStart_; // item i's segments: refs_[itemRefStart_[i], itemRefStart_[i+1])
    QVector<TimelineSegmentRef> refs_;
    int waitingRows_ = 0;
    qint64 now_ = 0;
    qint64 rangeStart_ = 0;
    qint64 rangeEnd_ = 60;
    bool spansDays_ = false;
};

} // namespace schedlab::gui
