// Every word the timeline shows: legend names, times as local HH:MM:SS, durations and the
// tooltip of an item. Kept apart from painting so that tests can read it.
#pragma once

#include "timelinedata.h"
#include "timelinelayout.h"

#include <QCoreApplication>

namespace schedlab::gui {

class TimelineText
{
    Q_DECLARE_TR_FUNCTIONS(TimelineText)

public:
    static QString waiting();
    static QString reserved();    // after an id, in a reservation box: "12 reserved"
    static QString reservation(); // in the legend
    static QString outcomeName(TimelineOutcome outcome);
    static QString completing();
    static QString backfilled();
    static QString timeLimit();
    static QString now();

    // Local time of the virtual clock, HH:MM:SS, with the date in front if asked.
    static QString time(qint64 secs, bool withDate);
    static QString day(qint64 secs);      // "Wed 1 May 2024"
    static QString duration(qint64 secs); // "45s", "2m 05s", "1h 02m", "2d 03h"
    // The text inside a bar: the label, with the restart count of a pod.
    static QString label(const TimelineItem &item);
    // The item's current or final state.
    static QString state(const TimelineItem &item);
    // Rich text: id, label, state, phases with their times and every transition with its reason.
    static QString toolTip(const TimelineItem &item, qint64 now, bool withDate);
};

} // namespace schedlab::gui
