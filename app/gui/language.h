// The interface's language: French on a French system (or when chosen), English otherwise.
#pragma once

#include <QString>

namespace schedlab::gui {

// "system", "fr" or "en" (a setting, or --language); installs the app's and Qt's own
// translations for it. Returns the language used ("fr" or "en").
QString installTranslations(const QString &choice);
// The language installed last ("fr" or "en"): for texts the app renders itself, such as the
// scheduler's explanations.
QString currentLanguage();
// The choice kept in the settings ("system" when none).
QString savedLanguage();
void saveLanguage(const QString &choice);

} // namespace schedlab::gui
