/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein {

// Where Skein keeps its database, logs and UI state. Precedence: an explicit --data-dir,
// then $SKEIN_DATA_DIR, then the platform app-data location.
struct DataDir
{
    static QString resolve(const QString &fromCommandLine);
    static QString defaultLocation();
    // Creates the directory (and parents). Returns an empty string and fills *error on failure.
    static QString ensure(const QString &path, QString *error);
};

} // namespace Skein
