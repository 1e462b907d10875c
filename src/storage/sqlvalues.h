/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QVariant>
#include <optional>

// Conversions between domain values and SQLite column values, shared by the repositories.
namespace Skein::SqlValues {

// Empty strings are stored as NULL for optional references, so foreign keys and IS NULL work.
QVariant nullable(const QString &text);
// A null QString binds as SQL NULL; NOT NULL text columns get '' instead.
QVariant notNull(const QString &text);
QVariant nullable(qint64 value); // 0 -> NULL
QVariant nullable(const std::optional<qint64> &value);
QString text(const QVariant &value);
std::optional<qint64> optionalInt(const QVariant &value);
QString json(const QJsonArray &array);
QString json(const QJsonObject &object);
QJsonArray jsonArray(const QVariant &value);
QJsonObject jsonObject(const QVariant &value);

} // namespace Skein::SqlValues
