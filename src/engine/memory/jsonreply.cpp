// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/jsonreply.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace Skein::JsonReply {

namespace {

// The end (exclusive) of the balanced value starting at text[start], or -1.
qsizetype balancedEnd(const QString &text, qsizetype start)
{
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (qsizetype i = start; i < text.size(); ++i) {
        const QChar c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == QLatin1Char('\\'))
                escaped = true;
            else if (c == QLatin1Char('"'))
                inString = false;
            continue;
        }
        if (c == QLatin1Char('"'))
            inString = true;
        else if (c == QLatin1Char('{') || c == QLatin1Char('['))
            ++depth;
        else if (c == QLatin1Char('}') || c == QLatin1Char(']')) {
            if (--depth == 0)
                return i + 1;
        }
    }
    return -1;
}

// Removes commas directly before a closing bracket (outside strings).
QString dropTrailingCommas(const QString &json)
{
    QString out;
    out.reserve(json.size());
    bool inString = false;
    bool escaped = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const QChar c = json[i];
        if (inString) {
            out += c;
            if (escaped)
                escaped = false;
            else if (c == QLatin1Char('\\'))
                escaped = true;
            else if (c == QLatin1Char('"'))
                inString = false;
            continue;
        }
        if (c == QLatin1Char('"'))
            inString = true;
        if (c == QLatin1Char(',')) {
            qsizetype j = i + 1;
            while (j < json.size() && json[j].isSpace())
                ++j;
            if (j < json.size() && (json[j] == QLatin1Char('}') || json[j] == QLatin1Char(']')))
                continue;
        }
        out += c;
    }
    return out;
}

std::optional<QJsonValue> parse(const QString &candidate)
{
    for (const QString &text : {candidate, dropTrailingCommas(candidate)}) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError)
            continue;
        if (doc.isObject())
            return QJsonValue(doc.object());
        // Arrays only of objects: "[1]" or "[note]" in prose is not the answer.
        if (doc.isArray()) {
            const QJsonArray array = doc.array();
            if (std::all_of(array.begin(), array.end(), [](const QJsonValue &v) { return v.isObject(); }))
                return QJsonValue(array);
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<QJsonValue> extract(const QString &reply)
{
    for (qsizetype i = 0; i < reply.size(); ++i) {
        const QChar c = reply[i];
        if (c != QLatin1Char('{') && c != QLatin1Char('['))
            continue;
        const qsizetype end = balancedEnd(reply, i);
        if (end < 0)
            continue;
        if (auto value = parse(reply.mid(i, end - i)))
            return value;
    }
    return std::nullopt;
}

} // namespace Skein::JsonReply
