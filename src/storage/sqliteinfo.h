/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein::SqliteInfo {

// Version of the SQLite library linked into this process (the one QSQLITE uses).
QString libraryVersion();

} // namespace Skein::SqliteInfo
