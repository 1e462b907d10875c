/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein {

// Names and version shared by both executables, so QStandardPaths and QSettings agree.
struct AppInfo
{
    static QString name(); // "skein" (organisation + application name on disk)
    static QString displayName(); // "Skein"
    static QString version(); // project version from CMake
    // Sets QCoreApplication organisation/application name and version.
    static void apply();
};

} // namespace Skein
