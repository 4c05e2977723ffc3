// Loading the French translation embedded in the app, and Qt's own for its dialogs.
#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace schedlab::gui {

QString installTranslations(const QString &choice)
{
    const bool french =
        choice == QLatin1String("fr") ||
        (choice != QLatin1String("en") && QLocale::system().language() == QLocale::French);
    if (!french)
        return QStringLiteral("en");
    auto *app = new QTranslator(QCoreApplication::instance());
    if (app->load(QStringLiteral(":/i18n/schedlab_fr.qm")))
        QCoreApplication::installTranslator(app);
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(QLocale(QLocale::French), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return QStringLiteral("fr");
}

QString savedLanguage()
{
    return QSettings().value(QStringLiteral("ui/language"), QStringLiteral("system")).toString();
}

void saveLanguage(const QString &choice)
{
    QSettings().setValue(QStringLiteral("ui/language"), choice);
}

} // namespace schedlab::gui
