// The timeline's colours: one family per outcome (blue running, green completed, orange timeout,
// grey cancelled, red failed, purple preempted), tuned for the widget's light or dark palette.
#pragma once

#include "timelinelayout.h"

#include <QColor>

#include <array>

class QPalette;

namespace schedlab::gui {

struct TimelineStyle
{
    bool dark = false;
    QColor background; // plot rows
    QColor alternate;  // every other lane
    QColor panel;      // axis, names column, legend
    QColor text;
    QColor dimText; // axis labels, legend
    QColor grid;
    QColor separator;
    QColor waitingFill;
    QColor waitingHatch;
    QColor now;
    QColor selection;
    QColor mark; // time limits, transition ticks, reservation outlines

    // Bar fill for a run that ends (or ended) with `outcome`, in a phase of `kind`.
    QColor fill(TimelineOutcome outcome, TimelinePhaseKind kind) const
    {
        return fills[int(outcome) * kTimelinePhaseKinds + int(kind)];
    }
    // Legible text over `fill`.
    QColor textOn(const QColor &fill) const;

    static TimelineStyle fromPalette(const QPalette &palette);
    static TimelineStyle light(); // exports: always light, like paper

private:
    void setOutcomeColours();
    std::array<QColor, kTimelineOutcomes * kTimelinePhaseKinds> fills;
};

} // namespace schedlab::gui
