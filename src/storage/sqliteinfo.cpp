// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sqliteinfo.h"

#include <sqlite3.h>

namespace Skein::SqliteInfo {

QString libraryVersion()
{
    return QString::fromLatin1(sqlite3_libversion());
}

} // namespace Skein::SqliteInfo
