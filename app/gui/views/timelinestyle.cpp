// Colour choices of the timeline. Bar colours are mid-tones, a little brighter on dark themes,
// so that both black backgrounds and white ones leave them readable.
#include "timelinestyle.h"

#include <QPalette>

namespace schedlab::gui {

namespace {

QColor blend(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

double luminance(const QColor &c)
{
    return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
}

// Running, completed, timeout, cancelled, failed, preempted.
constexpr std::array<QRgb, kTimelineOutcomes> kLightColours = {0x2f6fdb, 0x2e9e57, 0xe8891a,
                                                               0x9aa0a6, 0xd93838, 0x8e5bd6};
constexpr std::array<QRgb, kTimelineOutcomes> kDarkColours = {0x4d8ff0, 0x3dbb6c, 0xf0a040,
                                                              0x8a9096, 0xec5a5a, 0xa77cf0};

TimelineStyle baseStyle(const QColor &background, const QColor &text, bool dark)
{
    TimelineStyle s;
    s.dark = dark;
    s.background = background;
    s.alternate = blend(background, text, 0.035);
    s.panel = blend(background, text, 0.06);
    s.text = text;
    s.dimText = blend(background, text, 0.7);
    s.grid = blend(background, text, 0.1);
    s.separator = blend(background, text, 0.22);
    s.waitingFill = blend(background, text, dark ? 0.12 : 0.08);
    s.waitingHatch = blend(background, text, dark ? 0.38 : 0.32);
    s.now = dark ? QColor(0xff6b6b) : QColor(0xd0021b);
    s.selection = dark ? QColor(0xffd54a) : QColor(0x111111);
    s.mark = blend(background, text, 0.85);
    return s;
}

} // namespace

void TimelineStyle::setOutcomeColours()
{
    const auto &colours = dark ? kDarkColours : kLightColours;
    for (int o = 0; o < kTimelineOutcomes; ++o) {
        const QColor base(colours[o]);
        QColor *f = &fills[o * kTimelinePhaseKinds];
        f[int(TimelinePhaseKind::Running)] = base;
        f[int(TimelinePhaseKind::Completing)] = base.darker(dark ? 150 : 140);
        f[int(TimelinePhaseKind::Paused)] = blend(base, background, 0.55);
        f[int(TimelinePhaseKind::Pending)] = waitingFill;
    }
}

QColor TimelineStyle::textOn(const QColor &fill) const
{
    return luminance(fill) > 0.55 ? QColor(0x1a1a1a) : QColor(Qt::white);
}

TimelineStyle TimelineStyle::fromPalette(const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    TimelineStyle s = baseStyle(palette.color(QPalette::Base), palette.color(QPalette::Text), dark);
    s.panel = blend(palette.color(QPalette::Window), palette.color(QPalette::Text), 0.03);
    // The theme's own line colour, softened toward the background like the rest of the grid.
    s.separator = blend(palette.color(QPalette::Base), palette.color(QPalette::Mid), 0.6);
    s.setOutcomeColours();
    return s;
}

TimelineStyle TimelineStyle::light()
{
    TimelineStyle s = baseStyle(Qt::white, QColor(0x202124), false);
    s.panel = QColor(0xf3f4f6);
    s.setOutcomeColours();
    return s;
}

} // namespace schedlab::gui
