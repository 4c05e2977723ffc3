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

// QScintilla's French catalogue names its commands and styles but not the editor's right-click
// menu (Undo, Cut, Paste...): those are the words of Qt's own text fields, taken from qtbase's
// catalogue, which has them.
class EditorMenuTranslator : public QTranslator
{
public:
    using QTranslator::QTranslator;
    bool isEmpty() const override { return false; }
    QString translate(const char *context, const char *sourceText, const char *disambiguation,
                      int n) const override
    {
        if (qstrcmp(context, "QsciScintilla") != 0)
            return {};
        const QString text =
            QCoreApplication::translate("QLineEdit", sourceText, disambiguation, n);
        return text == QLatin1String(sourceText) ? QString() : text;
    }
};

// Installs `<catalogue>_fr.qm` from Qt's translations folder; a missing file leaves that part
// of the interface in English (the app still runs).
void installQtCatalogue(const QString &catalogue)
{
    auto *translator = new QTranslator(QCoreApplication::instance());
    if (translator->load(QLocale(QLocale::French), catalogue, QStringLiteral("_"),
                         QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(translator);
    else
        delete translator;
}

} // namespace

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
    // Qt's own dialogs (Yes/No, Cancel, the file dialog) and QScintilla's menus, from
    // Debian's qt6-translations-l10n and libqscintilla2-qt6-l10n (dependencies of the .deb).
    for (const QString &catalogue : {QStringLiteral("qtbase"), QStringLiteral("qscintilla")})
        installQtCatalogue(catalogue);
    QCoreApplication::installTranslator(new EditorMenuTranslator(QCoreApplication::instance()));
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
