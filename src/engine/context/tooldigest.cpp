// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/tooldigest.h"

#include "core/tokens/tokenestimator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Skein::ToolDigest {

namespace {

struct Level
{
    int arrayHead; // items kept from the start of a long array
    int arrayTail; // and from its end
    int stringChars; // longer strings keep this many characters (head + tail)
    int depth; // deeper containers become a one-line note
};

constexpr Level kLevels[] = {
    {8, 2, 400, 12},
    {4, 1, 200, 8},
    {2, 1, 80, 5},
    {1, 1, 40, 3},
};

struct Cuts
{
    qint64 nulls = 0;
    qint64 items = 0;
    qint64 chars = 0;
    qint64 containers = 0;
};

QString shortString(const QString &s, int keep, Cuts &cuts)
{
    if (s.size() <= keep + 24)
        return s;
    const int head = keep * 2 / 3;
    const int tail = keep - head;
    cuts.chars += s.size() - keep;
    return s.left(head) + u" … [%1 chars cut] … "_s.arg(s.size() - keep) + s.right(tail);
}

QJsonValue compress(const QJsonValue &value, const Level &level, int depth, Cuts &cuts);

QJsonValue compressArray(const QJsonArray &array, const Level &level, int depth, Cuts &cuts)
{
    QJsonArray kept;
    QList<QJsonValue> items;
    for (const QJsonValue &v : array) {
        if (v.isNull() || v.isUndefined()) {
            ++cuts.nulls;
            continue;
        }
        items.append(v);
    }
    const qsizetype n = items.size();
    const qsizetype limit = level.arrayHead + level.arrayTail;
    if (n <= limit + 1) {
        for (const QJsonValue &v : items)
            kept.append(compress(v, level, depth + 1, cuts));
        return kept;
    }
    for (qsizetype i = 0; i < level.arrayHead; ++i)
        kept.append(compress(items.at(i), level, depth + 1, cuts));
    kept.append(u"… %1 more items …"_s.arg(n - limit));
    cuts.items += n - limit;
    for (qsizetype i = n - level.arrayTail; i < n; ++i)
        kept.append(compress(items.at(i), level, depth + 1, cuts));
    return kept;
}

QJsonValue compress(const QJsonValue &value, const Level &level, int depth, Cuts &cuts)
{
    if (value.isString())
        return shortString(value.toString(), level.stringChars, cuts);
    if ((value.isArray() || value.isObject()) && depth >= level.depth) {
        ++cuts.containers;
        const qsizetype size = value.isArray() ? value.toArray().size() : value.toObject().size();
        return value.isArray() ? u"[array of %1 items cut]"_s.arg(size) : u"{object of %1 keys cut}"_s.arg(size);
    }
    if (value.isArray())
        return compressArray(value.toArray(), level, depth, cuts);
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        QJsonObject out;
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.value().isNull() || it.value().isUndefined()) {
                ++cuts.nulls;
                continue;
            }
            out.insert(it.key(), compress(it.value(), level, depth + 1, cuts));
        }
        return out;
    }
    return value;
}

QString cutNote(const Cuts &cuts)
{
    QStringList parts;
    if (cuts.nulls)
        parts << u"%1 nulls dropped"_s.arg(cuts.nulls);
    if (cuts.items)
        parts << u"%1 array items cut"_s.arg(cuts.items);
    if (cuts.chars)
        parts << u"%1 string characters cut"_s.arg(cuts.chars);
    if (cuts.containers)
        parts << u"%1 nested containers cut"_s.arg(cuts.containers);
    return parts.join(u", "_s);
}

QString header(qint64 originalTokens, const QString &what)
{
    return u"[Digest of a tool output of about %1 tokens (%2); the full output is kept in the tool log.]\n"_s
        .arg(originalTokens)
        .arg(what);
}

} // namespace

QString headAndTail(const QString &text, qint64 targetTokens, const TokenEstimator &estimator)
{
    const qint64 tokens = estimator.estimateText(text);
    if (tokens <= targetTokens)
        return text;
    const double charsPerToken = double(text.size()) / double(std::max<qint64>(tokens, 1));
    const qint64 budgetChars
        = std::max<qint64>(16, qint64(double(std::max<qint64>(targetTokens - 24, 8)) * charsPerToken));
    qsizetype headEnd = qsizetype(budgetChars * 2 / 3);
    qsizetype tailStart = text.size() - qsizetype(budgetChars / 3);
    // Prefer whole lines when a line break is near the cut.
    if (const qsizetype nl = text.lastIndexOf(u'\n', headEnd); nl > headEnd / 2)
        headEnd = nl + 1;
    if (const qsizetype nl = text.indexOf(u'\n', tailStart); nl >= 0 && nl < tailStart + budgetChars / 6)
        tailStart = nl + 1;
    if (tailStart <= headEnd)
        return text;
    const QStringView cut = QStringView(text).mid(headEnd, tailStart - headEnd);
    const qsizetype lines = cut.count(u'\n');
    return text.left(headEnd) + u"\n[… %1 characters (%2 lines) cut …]\n"_s.arg(cut.size()).arg(lines)
        + text.mid(tailStart);
}

QString digest(const QString &text, qint64 targetTokens, const TokenEstimator &estimator)
{
    const qint64 tokens = estimator.estimateText(text);
    if (tokens <= targetTokens)
        return text;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.trimmed().toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && (doc.isObject() || doc.isArray())) {
        const QJsonValue root = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
        QString compact;
        Cuts cuts;
        for (const Level &level : kLevels) {
            cuts = {};
            const QJsonValue out = compress(root, level, 0, cuts);
            compact = QString::fromUtf8(out.isObject() ? QJsonDocument(out.toObject()).toJson(QJsonDocument::Compact)
                                                       : QJsonDocument(out.toArray()).toJson(QJsonDocument::Compact));
            if (estimator.estimateText(compact) + 40 <= targetTokens)
                return header(tokens, u"JSON: "_s + cutNote(cuts)) + compact;
        }
        return header(tokens, u"JSON: "_s + cutNote(cuts) + u", then head and tail"_s)
            + headAndTail(compact, targetTokens - 40, estimator);
    }
    return header(tokens, u"text: head and tail"_s) + headAndTail(text, targetTokens - 40, estimator);
}

} // namespace Skein::ToolDigest
