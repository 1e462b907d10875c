// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "repeatguard.h"

#include "engine/tools/tool.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein {

namespace {

QJsonValue normalize(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString().simplified().toCaseFolded();
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 6);
    case QJsonValue::Array: {
        QJsonArray out;
        for (const QJsonValue &v : value.toArray())
            out.append(normalize(v));
        return out;
    }
    case QJsonValue::Object: {
        const QJsonObject in = value.toObject();
        QJsonObject out;
        for (auto it = in.begin(); it != in.end(); ++it)
            if (!it.value().isNull())
                out.insert(it.key(), normalize(it.value()));
        return out;
    }
    default:
        return value;
    }
}

} // namespace

QString RepeatGuard::signature(const QString &toolName, const QString &argumentsJson)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(argumentsJson.toUtf8(), &error);
    QString args;
    if (error.error == QJsonParseError::NoError && doc.isObject())
        args = QString::fromUtf8(Tool::canonicalJson(normalize(doc.object())));
    else
        args = argumentsJson.simplified().toCaseFolded();
    return toolName + QLatin1Char('\n') + args;
}

int RepeatGuard::record(const QString &toolName, const QString &argumentsJson)
{
    return ++m_seen[signature(toolName, argumentsJson)];
}

} // namespace Skein
