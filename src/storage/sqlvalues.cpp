// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/sqlvalues.h"

#include <QJsonDocument>

namespace Skein::SqlValues {

QVariant nullable(const QString &text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

QVariant notNull(const QString &text)
{
    return text.isNull() ? QVariant(QStringLiteral("")) : QVariant(text);
}

QVariant nullable(qint64 value)
{
    return value == 0 ? QVariant(QMetaType::fromType<qint64>()) : QVariant(value);
}

QVariant nullable(const std::optional<qint64> &value)
{
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<qint64>());
}

QString text(const QVariant &value)
{
    return value.isNull() ? QString() : value.toString();
}

std::optional<qint64> optionalInt(const QVariant &value)
{
    if (value.isNull())
        return std::nullopt;
    return value.toLongLong();
}

QString json(const QJsonArray &array)
{
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

QString json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonArray jsonArray(const QVariant &value)
{
    return value.isNull() ? QJsonArray() : QJsonDocument::fromJson(value.toString().toUtf8()).array();
}

QJsonObject jsonObject(const QVariant &value)
{
    return value.isNull() ? QJsonObject() : QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

} // namespace Skein::SqlValues
