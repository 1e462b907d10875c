// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/pathspans.h"

#include "core/tokens/tokenestimator.h"

#include <QHash>
#include <QJsonDocument>

namespace Skein::PathSpans {

QList<PathTurn> turns(const QList<Message> &path, qsizetype from)
{
    QList<PathTurn> out;
    for (qsizetype i = std::max<qsizetype>(from, 0); i < path.size(); ++i) {
        if (out.isEmpty() || path[i].role == Role::User)
            out.append({i, i});
        else
            out.last().last = i;
    }
    return out;
}

QList<Summary> validFor(const QList<Message> &path, const QList<Summary> &summaries)
{
    QHash<QString, qsizetype> position;
    position.reserve(path.size());
    for (qsizetype i = 0; i < path.size(); ++i)
        position.insert(path[i].id, i);
    QList<Summary> out;
    for (const Summary &s : summaries) {
        if (!s.supersededBy.isEmpty())
            continue;
        const qsizetype first = position.value(s.firstMessageId, -1);
        const qsizetype last = position.value(s.lastMessageId, -1);
        if (first >= 0 && last >= first)
            out.append(s);
    }
    return out;
}

qsizetype coveredEnd(const QList<Message> &path, const QList<Summary> &valid)
{
    qsizetype end = 0;
    for (const Summary &s : valid) {
        if (s.level != SummaryLevel::Segment)
            continue;
        end = std::max(end, indexOf(path, s.lastMessageId) + 1);
    }
    return end;
}

const Summary *sessionSummary(const QList<Summary> &valid)
{
    const Summary *best = nullptr;
    for (const Summary &s : valid)
        if (s.level == SummaryLevel::Session && (!best || s.createdAt >= best->createdAt))
            best = &s;
    return best;
}

qsizetype indexOf(const QList<Message> &path, const QString &messageId)
{
    for (qsizetype i = path.size() - 1; i >= 0; --i)
        if (path[i].id == messageId)
            return i;
    return -1;
}

qint64 messageTokens(const Message &m, const TokenEstimator &estimator)
{
    if (m.tokenEstimate > 0)
        return m.tokenEstimate;
    const QString text = m.modelText();
    const QString calls = m.toolCalls.isEmpty()
        ? QString()
        : QString::fromUtf8(QJsonDocument(m.toolCalls).toJson(QJsonDocument::Compact));
    return estimator.estimateMessage(toString(m.role), text, calls, m.toolName);
}

} // namespace Skein::PathSpans
