// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "appearance.h"

#include "gui/themecolors.h"

#include <QApplication>
#include <QDir>
#include <QFont>
#include <QIcon>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleHints>

namespace Skein {

namespace {

const auto kTheme = QStringLiteral("appearance/theme");
const auto kFontFamily = QStringLiteral("appearance/font_family");
const auto kFontSize = QStringLiteral("appearance/font_size");
const auto kLanguage = QStringLiteral("appearance/language");

struct Platform
{
    bool captured = false;
    QFont font;
    QPalette palette;
    QString style;
    QString iconTheme; // "" when the platform has none (no desktop, Xvfb)
};

Platform &platform()
{
    static Platform p;
    if (!p.captured) {
        p.captured = true;
        p.font = QApplication::font();
        p.palette = QApplication::palette();
        p.style = QApplication::style() ? QApplication::style()->name() : QString();
        p.iconTheme = QIcon::themeName();
        if (p.iconTheme == u"hicolor") // the freedesktop base every system has: no theme of its own
            p.iconTheme.clear();
    }
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
    const QColor highlight(0x3d, 0x7e, 0xd6), disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3c));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4c));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3c, 0x41));
    p.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x29));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}

void setColorScheme([[maybe_unused]] AppearanceSettings::Theme theme)
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    QStyleHints *hints = QGuiApplication::styleHints();
    switch (theme) {
    case AppearanceSettings::Theme::System:
        hints->unsetColorScheme();
        break;
    case AppearanceSettings::Theme::Light:
        hints->setColorScheme(Qt::ColorScheme::Light);
        break;
    case AppearanceSettings::Theme::Dark:
        hints->setColorScheme(Qt::ColorScheme::Dark);
        break;
    }
#endif
}

// Text readable on every background (WCAG 2, 4.5:1): Qt's placeholder colour is half-transparent
// text, 3.9:1 on white, and white on Fusion's selection blue is 3.7:1.
void readableColours()
{
    QPalette palette = QApplication::palette();
    const QColor highlight = ThemeColors::highlight(palette);
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
        palette.setColor(group, QPalette::Highlight, highlight);
    const QColor muted = ThemeColors::muted(palette);
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
        palette.setColor(group, QPalette::PlaceholderText, muted);
    QApplication::setPalette(palette);
}

// The desktop's icon theme when it has one and Skein follows the system; otherwise the bundled
// Breeze set whose colours suit the palette (light icons on a dark window). The bundled set is
// the fallback in either case, so every icon Skein names exists.
void applyIconTheme(AppearanceSettings::Theme theme)
{
    static const bool searchable = [] {
        QIcon::setThemeSearchPaths(QIcon::themeSearchPaths() << QStringLiteral(":/icons"));
        return true;
    }();
    Q_UNUSED(searchable)
    const bool dark = QApplication::palette().color(QPalette::Window).lightness() < 128;
    const QString bundled = dark ? QStringLiteral("breeze-dark") : QStringLiteral("breeze");
    const QString system = platform().iconTheme;
    QIcon::setFallbackThemeName(bundled);
    if (theme == AppearanceSettings::Theme::System && !system.isEmpty())
        QIcon::setThemeName(system);
    else
        QIcon::setThemeName(bundled);
}

} // namespace

AppearanceSettings AppearanceSettings::load(QSettings &state)
{
    AppearanceSettings s;
    const QString theme = state.value(kTheme).toString();
    s.theme = theme == u"dark" ? Theme::Dark : theme == u"light" ? Theme::Light : Theme::System;
    s.fontFamily = state.value(kFontFamily).toString();
    s.fontSize = std::clamp(state.value(kFontSize).toInt(), 0, 48);
    s.language = state.value(kLanguage).toString();
    return s;
}

void AppearanceSettings::save(QSettings &state) const
{
    state.setValue(kTheme, themeName(theme));
    state.setValue(kFontFamily, fontFamily);
    state.setValue(kFontSize, fontSize);
    state.setValue(kLanguage, language);
    state.sync();
}

QString AppearanceSettings::themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

namespace Appearance {

void apply(const AppearanceSettings &settings)
{
    const Platform &p = platform();
    QFont font = p.font;
    if (!settings.fontFamily.isEmpty())
        font.setFamily(settings.fontFamily);
    if (settings.fontSize > 0)
        font.setPointSize(settings.fontSize);
    QApplication::setFont(font);

    setColorScheme(settings.theme);
    switch (settings.theme) {
    case AppearanceSettings::Theme::System:
        if (QApplication::style()->name() != p.style)
            if (QStyle *style = QStyleFactory::create(p.style))
                QApplication::setStyle(style);
        QApplication::setPalette(p.palette);
        break;
    case AppearanceSettings::Theme::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case AppearanceSettings::Theme::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        break;
    }
    readableColours();
    applyIconTheme(settings.theme);
}

void applySaved(QSettings &state)
{
    const AppearanceSettings s = AppearanceSettings::load(state);
    if (s != AppearanceSettings {})
        apply(s);
    else {
        readableColours();
        applyIconTheme(s.theme);
    }
}

QString savedLanguage(const QString &dataDir)
{
    QSettings state(QDir(dataDir).filePath(QStringLiteral("ui-state.ini")), QSettings::IniFormat);
    return state.value(kLanguage).toString();
}

} // namespace Appearance

} // namespace Skein
