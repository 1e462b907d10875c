/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// Field helpers shared by the export format's codecs (jsoncodec.cpp, memorycodec.cpp).

#include "jsonreader.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <optional>

namespace Skein::Exchange::JsonFields {

inline QJsonValue ref(const QString &id)
{
    return id.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(id);
}

inline QJsonValue time(qint64 ms)
{
    return ms == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(ms);
}

inline QJsonValue optional(const std::optional<qint64> &n)
{
    return n ? QJsonValue(*n) : QJsonValue(QJsonValue::Null);
}

inline QJsonArray strings(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

template<typename Enum, typename Parse>
Enum enumField(const QJsonObject &o, const QString &key, const JsonReader &r, Parse parse, Enum fallback)
{
    const QString s = r.string(o, key, 32);
    if (r.failed())
        return fallback;
    const std::optional<Enum> v = parse(s);
    if (!v) {
        r.fail(key, Text::tr("unknown value \"%1\"").arg(s));
        return fallback;
    }
    return *v;
}

} // namespace Skein::Exchange::JsonFields
