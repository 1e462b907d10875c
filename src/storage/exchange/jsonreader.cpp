// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "jsonreader.h"

#include <cmath>

namespace Skein::Exchange {

namespace {

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("missing");
}

} // namespace

void JsonReader::fail(const QString &field, const QString &reason) const
{
    if (m_error && m_error->isEmpty())
        *m_error = at(field) + QStringLiteral(": ") + reason;
}

QString JsonReader::at(const QString &field) const
{
    return field.isEmpty() ? m_path : m_path + QLatin1Char('.') + field;
}

QString JsonReader::at(int index) const
{
    return m_path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

QString JsonReader::string(const QJsonObject &o, const QString &key, int maxLength) const
{
    const QJsonValue v = o.value(key);
    if (!v.isString()) {
        fail(key, Text::tr("expected a string, found %1").arg(typeName(v)));
        return {};
    }
    QString s = v.toString();
    if (s.size() > maxLength) {
        fail(key, Text::tr("longer than %1 characters").arg(maxLength));
        return {};
    }
    return s;
}

QString JsonReader::optionalString(const QJsonObject &o, const QString &key, int maxLength) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    return string(o, key, maxLength);
}

QString JsonReader::text(const QJsonObject &o, const QString &key) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    return string(o, key, int(kMaxTextLength));
}

qint64 JsonReader::integer(const QJsonObject &o, const QString &key, qint64 min) const
{
    const QJsonValue v = o.value(key);
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || std::isnan(d) || d != std::floor(d) || std::abs(d) > 9007199254740991.0) {
        fail(key, Text::tr("expected an integer, found %1").arg(typeName(v)));
        return 0;
    }
    const auto n = static_cast<qint64>(d);
    if (n < min) {
        fail(key, Text::tr("must be at least %1").arg(min));
        return 0;
    }
    return n;
}

std::optional<qint64> JsonReader::optionalInteger(const QJsonObject &o, const QString &key, qint64 min) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    return integer(o, key, min);
}

double JsonReader::number(const QJsonObject &o, const QString &key) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return 0.0;
    if (!v.isDouble() || !std::isfinite(v.toDouble())) {
        fail(key, Text::tr("expected a number, found %1").arg(typeName(v)));
        return 0.0;
    }
    return v.toDouble();
}

bool JsonReader::boolean(const QJsonObject &o, const QString &key) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return false;
    if (!v.isBool()) {
        fail(key, Text::tr("expected true or false, found %1").arg(typeName(v)));
        return false;
    }
    return v.toBool();
}

QJsonObject JsonReader::object(const QJsonObject &o, const QString &key) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isObject()) {
        fail(key, Text::tr("expected an object, found %1").arg(typeName(v)));
        return {};
    }
    return v.toObject();
}

QJsonArray JsonReader::array(const QJsonObject &o, const QString &key) const
{
    const QJsonValue v = o.value(key);
    if (!v.isArray()) {
        fail(key, Text::tr("expected an array, found %1").arg(typeName(v)));
        return {};
    }
    return v.toArray();
}

QJsonArray JsonReader::optionalArray(const QJsonObject &o, const QString &key) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    return array(o, key);
}

QStringList JsonReader::optionalStrings(const QJsonObject &o, const QString &key, int maxLength, int maxCount) const
{
    const QJsonArray values = optionalArray(o, key);
    if (values.size() > maxCount) {
        fail(key, Text::tr("more than %1 entries").arg(maxCount));
        return {};
    }
    QStringList strings;
    for (qsizetype i = 0; i < values.size(); ++i) {
        const QString field = key + QLatin1Char('[') + QString::number(i) + QLatin1Char(']');
        if (!values.at(i).isString()) {
            fail(field, Text::tr("expected a string, found %1").arg(typeName(values.at(i))));
            return {};
        }
        if (values.at(i).toString().size() > maxLength) {
            fail(field, Text::tr("longer than %1 characters").arg(maxLength));
            return {};
        }
        strings.append(values.at(i).toString());
    }
    return strings;
}

bool JsonReader::checkId(const QString &field, const QString &value) const
{
    if (value.isEmpty()) {
        fail(field, Text::tr("must not be empty"));
        return false;
    }
    for (const QChar c : value) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            fail(field, Text::tr("contains control characters"));
            return false;
        }
    }
    return true;
}

QString JsonReader::id(const QJsonObject &o, const QString &key) const
{
    QString s = string(o, key, 128);
    if (failed() || !checkId(key, s))
        return {};
    return s;
}

QString JsonReader::optionalId(const QJsonObject &o, const QString &key) const
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    return id(o, key);
}

} // namespace Skein::Exchange
