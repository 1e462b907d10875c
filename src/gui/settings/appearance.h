/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

class QSettings;

namespace Skein {

// How the window looks: theme, font and language. Kept in the UI-state file of the data dir
// (not the database) because it is needed before the database is open.
struct AppearanceSettings
{
    enum class Theme { System, Light, Dark };

    Theme theme = Theme::System;
    QString fontFamily; // empty = the system font
    int fontSize = 0; // points; 0 = the system size
    QString language; // "", "en" or "zh_CN"; empty = follow the system

    static AppearanceSettings load(QSettings &state);
    void save(QSettings &state) const;
    static QString themeName(Theme theme); // "system", "light", "dark"
    friend bool operator==(const AppearanceSettings &, const AppearanceSettings &) = default;
};

namespace Appearance {

// Applies theme and font to the running application (live); System restores what the platform gave.
void apply(const AppearanceSettings &settings);
// Applies what was saved in the UI-state file.
void applySaved(QSettings &state);
// The language saved in <dataDir>/ui-state.ini, for main() to install before any window exists.
QString savedLanguage(const QString &dataDir);

} // namespace Appearance

} // namespace Skein
