// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/toolarguments.h"

#include <QJsonDocument>

namespace Skein::ToolArguments {

bool isObject(const QString &json, QString *error)
{
    if (json.trimmed().isEmpty())
        return true;
    const QByteArray utf8 = json.toUtf8();
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(utf8, &parse);
    if (parse.error == QJsonParseError::NoError && document.isObject())
        return true;
    if (error) {
        if (parse.error != QJsonParseError::NoError)
            *error = QStringLiteral("%1 at byte %2 of %3").arg(parse.errorString()).arg(parse.offset).arg(utf8.size());
        else
            *error = QStringLiteral("valid JSON, but not an object");
    }
    return false;
}

QString legal(const QString &json)
{
    if (json.trimmed().isEmpty() || !isObject(json))
        return QStringLiteral("{}");
    return json;
}

} // namespace Skein::ToolArguments
