// Loading the French translation embedded in the app, and Qt's own for its dialogs.
#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace schedlab::gui {

namespace {
QString g_current = QStringLiteral("en");
}

QString currentLanguage()
{
    return g_current;
}

QString installTranslations(const QString &choice)
{
    const bool french =
        choice == QLatin1String("fr") ||
        (choice != QLatin1String("en") && QLocale::system().language() == QLocale::French);
    g_current = french ? QStringLiteral("fr") : QStringLiteral("en");
    if (!french)
        return g_current;
    auto *app = new QTranslator(QCoreApplication::instance());
    if (app->load(QStringLiteral(":/i18n/schedlab_fr.qm")))
        QCoreApplication::installTranslator(app);
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(QLocale(QLocale::French), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return g_current;
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
