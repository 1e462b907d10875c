// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/historyselection.h"

#include "engine/context/governance.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Skein {

namespace {

QList<ToolCall> toolCallsOf(const Message &m)
{
    QList<ToolCall> calls;
    int index = 0;
    for (const auto &v : m.toolCalls) {
        const QJsonObject o = v.toObject();
        ToolCall call;
        call.index = index++;
        call.id = o.value(u"id"_s).toString();
        call.name = o.value(u"name"_s).toString();
        call.argumentsJson = o.value(u"arguments"_s).toString();
        calls.append(call);
    }
    return calls;
}

ChatMessage toChat(const Message &m)
{
    const QString text = m.modelText();
    switch (m.role) {
    case Role::Assistant: {
        ChatMessage a = ChatMessage::assistant(text, toolCallsOf(m));
        a.reasoning = m.reasoning;
        a.reasoningBlocks = m.reasoningBlocks;
        return a;
    }
    case Role::Tool: {
        ChatMessage t = ChatMessage::toolResult(m.toolCallId, m.toolName, text);
        // The agent loop stores a failed call's result with error set (Anthropic: is_error).
        t.isError = m.status == MessageStatus::Failed || !m.error.isEmpty();
        return t;
    }
    case Role::User:
    case Role::System:
        break;
    }
    return ChatMessage::user(text);
}

} // namespace

qint64 storedMessageTokens(const TokenEstimator &estimator, const Message &message)
{
    return messageTokens(estimator, toChat(message));
}

HistorySelection selectHistory(const QList<Message> &path, qsizetype floor, const HistoryLimits &limits)
{
    HistorySelection s;
    const qsizetype n = path.size();
    floor = std::clamp<qsizetype>(floor, 0, n);
    qsizetype current = n;
    for (qsizetype i = n - 1; i >= 0; --i) {
        if (path.at(i).role == Role::User) {
            current = i;
            break;
        }
    }
    if (current == n) // no user message at all: everything is the current turn
        current = 0;
    current = std::max(current, floor);
    auto tokens = [&](qsizetype i) {
        return qint64(std::ceil(double(storedMessageTokens(limits.estimator, path.at(i))) * limits.factor));
    };
    for (qsizetype i = current; i < n; ++i)
        s.currentTokens += tokens(i);
    s.currentBegin = current;
    const qsizetype countLeft = std::max<qsizetype>(0, limits.countCap - (n - current));
    qsizetype begin = current;
    qint64 used = 0;
    while (begin > floor && current - begin < countLeft) {
        const qint64 t = tokens(begin - 1);
        if (used + t > limits.tokenBudget)
            break;
        used += t;
        --begin;
    }
    // Forward to a user-turn boundary.
    while (begin < current && path.at(begin).role != Role::User) {
        used -= tokens(begin);
        ++begin;
    }
    s.begin = begin;
    s.historyTokens = used;
    return s;
}

QList<ChatMessage> toChatMessages(const QList<Message> &messages, QString *systemExtra, QList<QStringList> *sources)
{
    QList<ChatMessage> out;
    out.reserve(messages.size());
    for (const Message &m : messages) {
        if (m.role == Role::System) {
            if (systemExtra)
                *systemExtra += (systemExtra->isEmpty() ? QString() : u"\n\n"_s) + m.modelText();
            continue;
        }
        out.append(toChat(m));
        if (sources)
            sources->append(QStringList {m.id});
    }
    return out;
}

} // namespace Skein
