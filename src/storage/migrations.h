/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QList>
#include <QString>

namespace Skein {

struct Migration
{
    int version = 0;
    QString name;
    QString sql;
};

// Numbered schema scripts (NNNN_name.sql), sorted by version, gaps and duplicates rejected.
namespace Migrations {
Result<QList<Migration>> load(const QString &directory);
} // namespace Migrations

} // namespace Skein
