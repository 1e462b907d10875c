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
