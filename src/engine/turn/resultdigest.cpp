// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "resultdigest.h"

#include "core/tokens/tokenestimator.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein {

namespace {

struct Limits
{
    int arrayItems; // items kept of a longer array (head + 1 tail item)
    int stringChars; // characters kept of a longer string (head + tail)
};

QString cutNote(qsizetype count)
{
    return QStringLiteral("[… %1 characters cut …]").arg(count);
}

QString headTail(const QString &text, qsizetype keep)
{
    if (text.size() <= keep + 40)
        return text;
    const qsizetype head = keep * 2 / 3;
    const qsizetype tail = keep - head;
    return text.left(head) + QLatin1Char(' ') + cutNote(text.size() - head - tail) + QLatin1Char(' ')
        + text.right(tail);
}

QJsonValue compress(const QJsonValue &value, const Limits &limits)
{
    if (value.isString())
        return headTail(value.toString(), limits.stringChars);
    if (value.isArray()) {
        const QJsonArray in = value.toArray();
        QJsonArray out;
        const qsizetype n = in.size();
        if (n <= limits.arrayItems) {
            for (const QJsonValue &v : in)
                if (!v.isNull())
                    out.append(compress(v, limits));
            return out;
        }
        const int head = std::max(1, limits.arrayItems - 1);
        for (int i = 0; i < head; ++i)
            out.append(compress(in.at(i), limits));
        out.append(QStringLiteral("[… %1 of %2 items cut …]").arg(n - head - 1).arg(n));
        out.append(compress(in.at(n - 1), limits));
        return out;
    }
    if (value.isObject()) {
        const QJsonObject in = value.toObject();
        QJsonObject out;
        for (auto it = in.begin(); it != in.end(); ++it)
            if (!it.value().isNull())
                out.insert(it.key(), compress(it.value(), limits));
        return out;
    }
    return value;
}

QString textDigest(const QString &raw, int maxTokens)
{
    const qint64 tokens = std::max<qint64>(1, ResultDigest::estimateTokens(raw));
    const double charsPerToken = double(raw.size()) / double(tokens);
    const auto keep = qsizetype(charsPerToken * maxTokens * 0.9);
    return headTail(raw, std::max<qsizetype>(keep, 64));
}

} // namespace

qint64 ResultDigest::estimateTokens(const QString &text)
{
    static const TokenEstimator estimator;
    return estimator.estimateText(text);
}

QString ResultDigest::make(const QString &raw, int maxTokens)
{
    if (estimateTokens(raw) <= maxTokens)
        return {};
    const QString note
        = QStringLiteral("[digest of a %1-character tool result; the full text is kept in the tool log]\n")
              .arg(raw.size());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(raw.toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && (doc.isObject() || doc.isArray())) {
        const QJsonValue root = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
        for (Limits limits : {Limits {20, 400}, Limits {10, 200}, Limits {5, 120}, Limits {3, 60}, Limits {2, 40}}) {
            const QJsonValue small = compress(root, limits);
            const QString text
                = QString::fromUtf8(small.isObject() ? QJsonDocument(small.toObject()).toJson(QJsonDocument::Compact)
                                                     : QJsonDocument(small.toArray()).toJson(QJsonDocument::Compact));
            if (estimateTokens(text) <= maxTokens)
                return note + text;
        }
    }
    return note + textDigest(raw, maxTokens);
}

} // namespace Skein
