// Light or dark: the app follows the system's choice (Qt 6.4 cannot ask for it, so the
// palette, GTK_THEME and GNOME's colour-scheme setting are read), or the user's own choice.
#pragma once

#include <QPalette>
#include <QString>

namespace schedlab::gui {

// A palette is dark when its window colour is (what every custom-drawn view checks).
bool isDark(const QPalette &palette);
// Whether the desktop asks applications for dark colours.
bool systemPrefersDark();
// "system", "light" or "dark": installs a dark Fusion palette when dark is wanted and the
// platform did not already give one. Call before creating windows.
void applyColourScheme(const QString &choice);
QString savedColourScheme();
void saveColourScheme(const QString &choice);

} // namespace schedlab::gui
