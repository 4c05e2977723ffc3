// Colour scheme. The dark palette keeps Qt's roles meaningful (Base for editors, Window for
// panels, Highlight for selections), so widgets drawn by hand follow it without knowing.
#include "colourscheme.h"

#include <QApplication>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleFactory>

namespace schedlab::gui {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

bool systemPrefersDark()
{
    if (isDark(QApplication::palette()))
        return true;
    if (qEnvironmentVariable("GTK_THEME").endsWith(QLatin1String(":dark")))
        return true;
    // GNOME 42+ (and desktops that follow it) keep the choice in this key.
    const QString gsettings = QStandardPaths::findExecutable(QStringLiteral("gsettings"));
    if (gsettings.isEmpty() || qEnvironmentVariableIsEmpty("DISPLAY"))
        return false;
    QProcess query;
    query.start(gsettings, {QStringLiteral("get"), QStringLiteral("org.gnome.desktop.interface"),
                            QStringLiteral("color-scheme")});
    if (!query.waitForFinished(300))
        return false;
    return query.readAllStandardOutput().contains("dark");
}

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x5a, 0x5c, 0x60));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4c));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace

void applyColourScheme(const QString &choice)
{
    const bool dark = choice == QLatin1String("dark") ||
                      (choice != QLatin1String("light") && systemPrefersDark());
    if (dark == isDark(QApplication::palette()))
        return;
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
}

QString savedColourScheme()
{
    return QSettings().value(QStringLiteral("ui/colours"), QStringLiteral("system")).toString();
}

void saveColourScheme(const QString &choice)
{
    QSettings().setValue(QStringLiteral("ui/colours"), choice);
}

} // namespace schedlab::gui
