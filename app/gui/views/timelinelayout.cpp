// Turns items into bars and packs them into rows: one waiting row per item while it waits (rows
// are reused once a wait is over), and per node as many sub-rows as jobs overlap on it.
#include "timelinelayout.h"

#include <QDateTime>
#include <QVarLengthArray>

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <set>

namespace schedlab::gui {

TimelinePhaseKind timelinePhaseKind(const QString &state)
{
    if (state == QLatin1String("PD") || state == QLatin1String("Pending"))
        return TimelinePhaseKind::Pending;
    if (state == QLatin1String("CG") || state == QLatin1String("Terminating"))
        return TimelinePhaseKind::Completing;
    if (state == QLatin1String("S") || state == QLatin1String("ContainerCreating"))
        return TimelinePhaseKind::Paused;
    return TimelinePhaseKind::Running;
}

TimelineOutcome timelineOutcome(const QString &state)
{
    // Plain comparisons: hashing a QString costs more than a dozen of them.
    static const std::pair<QLatin1String, TimelineOutcome> outcomes[] = {
        {QLatin1String("COMPLETED"), TimelineOutcome::Completed},
        {QLatin1String("Succeeded"), TimelineOutcome::Completed},
        {QLatin1String("TIMEOUT"), TimelineOutcome::Timeout},
        {QLatin1String("DEADLINE"), TimelineOutcome::Timeout},
        {QLatin1String("CANCELLED"), TimelineOutcome::Cancelled},
        {QLatin1String("FAILED"), TimelineOutcome::Failed},
        {QLatin1String("OUT_OF_MEMORY"), TimelineOutcome::Failed},
        {QLatin1String("NODE_FAIL"), TimelineOutcome::Failed},
        {QLatin1String("BOOT_FAIL"), TimelineOutcome::Failed},
        {QLatin1String("Failed"), TimelineOutcome::Failed},
        {QLatin1String("CrashLoopBackOff"), TimelineOutcome::Failed},
        {QLatin1String("PREEMPTED"), TimelineOutcome::Preempted},
        {QLatin1String("REQUEUED"), TimelineOutcome::Preempted},
    };
    for (const auto &[name, outcome] : outcomes)
        if (state == name)
            return outcome;
    return TimelineOutcome::Active;
}

namespace {

// The outcome of a run that is not the item's last one: the transition that ended it
// (PREEMPTED, REQUEUED, NODE_FAIL...), looked up at or after the end of the run.
TimelineOutcome earlierRunOutcome(const TimelineItem &item, qint64 end)
{
    for (const TimelineTransition &t : item.transitions) {
        if (t.time < end)
            continue;
        const TimelineOutcome o = timelineOutcome(t.state);
        if (o != TimelineOutcome::Active)
            return o;
    }
    return TimelineOutcome::Preempted;
}

// Greedy interval partitioning: each interval (sorted by start) takes the lowest-numbered row
// free at its start, so that rows stay few and the first rows are the fullest.
class RowPacker
{
public:
    int place(qint64 start, qint64 end)
    {
        while (!busy_.empty() && busy_.top().first <= start) {
            free_.insert(busy_.top().second);
            busy_.pop();
        }
        int row;
        if (free_.empty()) {
            row = rows_++;
        } else {
            row = *free_.begin();
            free_.erase(free_.begin());
        }
        busy_.push({end, row});
        return row;
    }
    int rowCount() const { return rows_; }

private:
    using Busy = std::pair<qint64, int>; // end, row
    std::priority_queue<Busy, std::vector<Busy>, std::greater<Busy>> busy_;
    std::set<int> free_;
    int rows_ = 0;
};

bool byStart(const TimelineSegment &a, const TimelineSegment &b)
{
    if (a.start != b.start)
        return a.start < b.start;
    if (a.end != b.end)
        return a.end < b.end;
    return a.item < b.item;
}

} // namespace

TimelineLayout::TimelineLayout(const TimelineData &data)
    : now_(data.now)
{
    addLanes(data);
    QVector<TimelineSegment> waiting;
    QVector<QVector<TimelineSegment>> perLane(lanes_.size());
    ids_.reserve(data.items.size());
    for (int i = 0; i < data.items.size(); ++i) {
        ids_.append(data.items[i].id);
        addItem(data, i, waiting, perLane);
    }
    perLane.resize(lanes_.size()); // items may name nodes the lane list lacks
    placeWaiting(std::move(waiting));
    placeLanes(std::move(perLane));
    indexSegments(data.items.size());
    computeRange(data);
}

void TimelineLayout::addLanes(const TimelineData &data)
{
    for (const QString &name : data.lanes)
        laneFor(name);
}

// A few lanes are found faster by comparing names than by hashing them; many need the hash.
int TimelineLayout::laneFor(const QString &name)
{
    constexpr int kScan = 32;
    if (lanes_.size() <= kScan) {
        for (int l = 0; l < lanes_.size(); ++l)
            if (lanes_[l].name == name)
                return l;
    } else if (const auto it = laneIndex_.constFind(name); it != laneIndex_.constEnd()) {
        return *it;
    }
    TimelineLane lane;
    lane.name = name;
    lanes_.append(lane);
    if (lanes_.size() == kScan + 1)
        for (int l = 0; l < lanes_.size(); ++l)
            laneIndex_.insert(lanes_[l].name, l);
    else if (lanes_.size() > kScan)
        laneIndex_.insert(name, lanes_.size() - 1);
    return lanes_.size() - 1;
}

int TimelineLayout::indexOf(const QString &id) const
{
    if (id.isEmpty())
        return -1;
    for (int i = 0; i < ids_.size(); ++i) // rare calls (clicks, tooltips): no index to build
        if (ids_[i] == id)
            return i;
    return -1;
}

void TimelineLayout::addItem(const TimelineData &data, int item, QVector<TimelineSegment> &waiting,
                             QVector<QVector<TimelineSegment>> &perLane)
{
    const TimelineItem &it = data.items[item];
    QVarLengthArray<int, 8> lanes;
    for (const QString &name : it.lanes)
        if (int lane = laneFor(name); !lanes.contains(lane))
            lanes.append(lane);
    if (perLane.size() < lanes_.size())
        perLane.resize(lanes_.size());

    // Split the phases into waiting spans and runs (consecutive non-waiting phases).
    QVarLengthArray<TimelineSegment, 4> runs;
    for (const TimelinePhase &p : it.phases) {
        TimelineSpan span{p.start, p.end == 0 ? now_ : p.end, timelinePhaseKind(p.state)};
        span.end = std::max(span.end, span.start);
        const int index = spans_.size();
        spans_.append(span);
        if (span.kind == TimelinePhaseKind::Pending) {
            if (span.end > span.start) // a job started at once never waited
                waiting.append(
                    {span.start, span.end, item, index, index + 1, TimelineOutcome::Active, false});
        } else if (!runs.isEmpty() && runs.back().endSpan == index) {
            runs.back().end = std::max(runs.back().end, span.end);
            runs.back().endSpan = index + 1;
        } else {
            runs.append(
                {span.start, span.end, item, index, index + 1, TimelineOutcome::Active, false});
        }
    }
    for (int r = 0; r < runs.size(); ++r) {
        const bool last = r == runs.size() - 1;
        runs[r].lastRun = last;
        runs[r].outcome =
            last ? timelineOutcome(it.finalState) : earlierRunOutcome(it, runs[r].end);
        for (int lane : lanes)
            perLane[lane].append(runs[r]);
    }
    if (it.reservedEnd > it.reservedStart)
        for (const QString &name : it.reservedLanes)
            lanes_[laneFor(name)].reservations.append({item, it.reservedStart, it.reservedEnd});
}

void TimelineLayout::placeWaiting(QVector<TimelineSegment> waiting)
{
    // An item keeps one waiting row for all its waits (a requeued job waits twice).
    struct Wait
    {
        qint64 start, end;
        int item;
    };
    QVector<Wait> waits;
    QVector<int> waitOf(ids_.size(), -1);
    for (const TimelineSegment &s : waiting) {
        if (waitOf[s.item] < 0) {
            waitOf[s.item] = waits.size();
            waits.append({s.start, s.end, s.item});
        } else {
            waits[waitOf[s.item]].end = std::max(waits[waitOf[s.item]].end, s.end);
        }
    }
    QVector<int> order(waits.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return waits[a].start < waits[b].start; });
    RowPacker packer;
    QVector<int> rowOf(ids_.size(), -1); // item -> waiting row
    for (int w : order)
        // strictly after: a wait ending when the next one starts would read as one bar
        rowOf[waits[w].item] = packer.place(waits[w].start, waits[w].end + 1);
    waitingRows_ = packer.rowCount();
    rows_.resize(waitingRows_);
    for (const TimelineSegment &s : waiting)
        rows_[rowOf[s.item]].segments.append(s);
    for (TimelineRow &row : rows_)
        std::sort(row.segments.begin(), row.segments.end(), byStart);
}

void TimelineLayout::placeLanes(QVector<QVector<TimelineSegment>> perLane)
{
    for (int lane = 0; lane < lanes_.size(); ++lane) {
        QVector<TimelineSegment> &segments = perLane[lane];
        std::sort(segments.begin(), segments.end(), byStart);
        RowPacker packer;
        QVector<int> rowOf(segments.size());
        for (int s = 0; s < segments.size(); ++s)
            rowOf[s] = packer.place(segments[s].start, segments[s].end);
        TimelineLane &l = lanes_[lane];
        l.firstRow = rows_.size();
        l.rowCount = std::max(1, packer.rowCount());
        rows_.resize(rows_.size() + l.rowCount);
        for (int r = l.firstRow; r < rows_.size(); ++r)
            rows_[r].lane = lane;
        // Segments come sorted, so each row's list is sorted too.
        for (int s = 0; s < segments.size(); ++s)
            rows_[l.firstRow + rowOf[s]].segments.append(segments[s]);
    }
}

void TimelineLayout::indexSegments(int itemCount)
{
    itemRefStart_.fill(0, itemCount + 1);
    for (const TimelineRow &row : rows_)
        for (const TimelineSegment &s : row.segments)
            ++itemRefStart_[s.item + 1];
    for (int i = 0; i < itemCount; ++i)
        itemRefStart_[i + 1] += itemRefStart_[i];
    refs_.resize(itemRefStart_[itemCount]);
    QVector<int> next = itemRefStart_;
    for (int r = 0; r < rows_.size(); ++r)
        for (int s = 0; s < rows_[r].segments.size(); ++s)
            refs_[next[rows_[r].segments[s].item]++] = {r, s};
}

void TimelineLayout::computeRange(const TimelineData &data)
{
    qint64 first = data.now;
    qint64 last = data.now;
    for (const TimelineSpan &s : spans_) {
        first = std::min(first, s.start);
        last = std::max(last, s.end);
    }
    for (const TimelineItem &it : data.items) {
        last = std::max(last, it.reservedEnd);
        if (it.finalState.isEmpty())
            last = std::max(last, it.limitEnd); // where a running job would be killed
    }
    rangeStart_ = data.origin > 0 ? data.origin : first;
    rangeEnd_ = std::max(last, rangeStart_ + 60);
    spansDays_ = QDateTime::fromSecsSinceEpoch(rangeStart_).date() !=
                 QDateTime::fromSecsSinceEpoch(rangeEnd_).date();
}

QVector<TimelineSegmentRef> TimelineLayout::segmentsOf(int item) const
{
    if (item < 0 || item + 1 >= itemRefStart_.size())
        return {};
    return refs_.mid(itemRefStart_[item], itemRefStart_[item + 1] - itemRefStart_[item]);
}

std::pair<int, int> TimelineLayout::segmentsIn(int row, double from, double to) const
{
    const QVector<TimelineSegment> &s = rows_[row].segments;
    const auto first = std::partition_point(
        s.begin(), s.end(), [from](const TimelineSegment &x) { return double(x.end) < from; });
    const auto last = std::partition_point(
        first, s.end(), [to](const TimelineSegment &x) { return double(x.start) <= to; });
    return {int(first - s.begin()), int(last - s.begin())};
}

int TimelineLayout::segmentAt(int row, double t, double slack) const
{
    const auto [first, last] = segmentsIn(row, t - slack, t + slack);
    int best = -1;
    double bestDistance = slack + 1;
    for (int i = first; i < last; ++i) {
        const TimelineSegment &s = rows_[row].segments[i];
        const double distance = t < s.start ? s.start - t : (t > s.end ? t - s.end : 0);
        if (distance < bestDistance) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace schedlab::gui
