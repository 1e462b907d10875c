// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/governance.h"

#include "engine/context/tooldigest.h"

#include "core/stream/toolarguments.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Skein {

namespace {

struct Item
{
    ChatMessage message;
    QStringList sources;
};

QList<Item> itemsOf(const ChatRequest &request, const QList<QStringList> *sources)
{
    QList<Item> items;
    items.reserve(request.messages.size());
    for (qsizetype i = 0; i < request.messages.size(); ++i)
        items.append({request.messages.at(i), sources && i < sources->size() ? sources->at(i) : QStringList()});
    return items;
}

void store(const QList<Item> &items, ChatRequest &request, QList<QStringList> *sources)
{
    request.messages.clear();
    if (sources)
        sources->clear();
    for (const Item &item : items) {
        request.messages.append(item.message);
        if (sources)
            sources->append(item.sources);
    }
}

ChatMessage synthetic(const ToolCall &call)
{
    ChatMessage m = ChatMessage::toolResult(call.id, call.name, interruptedResultText());
    m.isError = true;
    return m;
}

qint64 corrected(qint64 tokens, double factor)
{
    return qint64(std::ceil(double(tokens) * factor));
}

QList<Item> legalize(const QList<Item> &in, GovernanceReport &report, bool continuing)
{
    QList<Item> out;
    // Nothing before the first user message can be sent (Anthropic requires a user turn first;
    // a result there would be an orphan anyway).
    qsizetype first = 0;
    while (first < in.size() && in.at(first).message.role != ChatMessage::Role::User) {
        report.droppedIds += in.at(first).sources;
        if (in.at(first).message.role == ChatMessage::Role::Tool)
            ++report.orphansDropped;
        ++first;
    }
    QList<ToolCall> declared; // of the open block
    QSet<QString> pending;
    QSet<QString> seenCallIds;
    bool inBlock = false;
    auto closeBlock = [&] {
        if (!inBlock)
            return;
        for (const ToolCall &call : std::as_const(declared)) {
            if (pending.contains(call.id)) {
                out.append({synthetic(call), {}});
                ++report.resultsSynthesized;
            }
        }
        declared.clear();
        pending.clear();
        inBlock = false;
    };
    for (qsizetype i = first; i < in.size(); ++i) {
        Item item = in.at(i);
        ChatMessage &m = item.message;
        if (m.role == ChatMessage::Role::Tool) {
            if (inBlock && pending.remove(m.toolCallId)) {
                out.append(item);
            } else {
                ++report.orphansDropped;
                report.droppedIds += item.sources;
            }
            continue;
        }
        closeBlock();
        if (m.role == ChatMessage::Role::Assistant) {
            // Calls need a unique, non-empty id to be answerable.
            QList<ToolCall> calls;
            for (ToolCall call : std::as_const(m.toolCalls)) {
                if (call.id.isEmpty() || call.name.isEmpty() || seenCallIds.contains(call.id))
                    continue;
                seenCallIds.insert(call.id);
                // Every provider rejects arguments that are not an object (llama.cpp: HTTP 500).
                if (!ToolArguments::isObject(call.argumentsJson)) {
                    call.argumentsJson = ToolArguments::legal(call.argumentsJson);
                    ++report.argumentsRepaired;
                }
                calls.append(call);
            }
            m.toolCalls = calls;
            const bool lastAndContinued = continuing && i == in.size() - 1;
            if (m.content.isEmpty() && m.toolCalls.isEmpty() && !lastAndContinued) {
                report.droppedIds += item.sources;
                continue;
            }
            if (!out.isEmpty() && out.constLast().message.role == ChatMessage::Role::Assistant
                && out.constLast().message.toolCalls.isEmpty()) {
                // Two assistant turns in a row (a reply continued elsewhere): one turn.
                Item &previous = out.last();
                if (!m.content.isEmpty())
                    previous.message.content
                        += (previous.message.content.isEmpty() ? QString() : u"\n\n"_s) + m.content;
                previous.message.toolCalls = m.toolCalls;
                previous.message.reasoning = m.reasoning;
                // Not shifted past the earlier text: Anthropic wants the turn to start with them.
                previous.message.reasoningBlocks = m.reasoningBlocks;
                previous.sources += item.sources;
            } else {
                out.append(item);
            }
            if (!out.constLast().message.toolCalls.isEmpty()) {
                declared = out.constLast().message.toolCalls;
                for (const ToolCall &call : std::as_const(declared))
                    pending.insert(call.id);
                inBlock = true;
            }
            continue;
        }
        if (m.content.trimmed().isEmpty())
            m.content = u"(empty message)"_s; // providers reject empty text
        // User: consecutive user turns (a failed reply in between) become one.
        if (!out.isEmpty() && out.constLast().message.role == ChatMessage::Role::User) {
            Item &previous = out.last();
            previous.message.content += u"\n\n"_s + m.content;
            previous.message.images += m.images;
            previous.sources += item.sources;
            continue;
        }
        out.append(item);
    }
    closeBlock();
    return out;
}

// Index of the first message of each turn (user messages).
QList<qsizetype> turnStarts(const QList<Item> &items)
{
    QList<qsizetype> starts;
    for (qsizetype i = 0; i < items.size(); ++i)
        if (items.at(i).message.role == ChatMessage::Role::User)
            starts.append(i);
    return starts;
}

QString omittedNote(qint64 tokens)
{
    return u"[A tool output of about %1 tokens was left out of the context to save space; the full output is kept "
           u"in the tool log.]"_s.arg(tokens);
}

} // namespace

QString interruptedResultText()
{
    return u"Error: the tool call was interrupted before completion; no result is available."_s;
}

qint64 messageTokens(const TokenEstimator &estimator, const ChatMessage &m)
{
    QString calls;
    if (!m.toolCalls.isEmpty()) {
        QJsonArray array;
        for (const ToolCall &c : m.toolCalls)
            array.append(QJsonObject {{u"id"_s, c.id}, {u"name"_s, c.name}, {u"arguments"_s, c.argumentsJson}});
        calls = QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
    }
    static const QString roles[] = {u"user"_s, u"assistant"_s, u"tool"_s};
    qint64 images = 0;
    for (const ChatImage &image : m.images)
        images += image.tokens;
    return estimator.estimateMessage(roles[int(m.role)], m.content, calls, m.toolName) + images;
}

GovernanceReport makeLegal(ChatRequest &request, QList<QStringList> *sources)
{
    GovernanceReport report;
    const QList<Item> items = legalize(itemsOf(request, sources), report, request.continueLastAssistant);
    store(items, request, sources);
    return report;
}

GovernanceReport govern(ChatRequest &request, const GovernanceLimits &limits, QList<QStringList> *sources)
{
    GovernanceReport report;
    QList<Item> items = legalize(itemsOf(request, sources), report, request.continueLastAssistant);
    auto tokensOf = [&](const ChatMessage &m) { return corrected(messageTokens(limits.estimator, m), limits.factor); };
    QList<qint64> tokens;
    tokens.reserve(items.size());
    for (const Item &item : std::as_const(items))
        tokens.append(tokensOf(item.message));

    QList<qsizetype> starts = turnStarts(items);
    // Layer 2a: digest large tool outputs older than the last keepTurns turns.
    const qsizetype recentFrom
        = starts.size() > limits.keepTurns ? starts.at(starts.size() - std::max(limits.keepTurns, 1)) : 0;
    const qsizetype currentFrom = starts.isEmpty() ? 0 : starts.constLast();
    if (limits.digestThreshold > 0) {
        for (qsizetype i = 0; i < recentFrom; ++i) {
            ChatMessage &m = items[i].message;
            if (m.role != ChatMessage::Role::Tool || tokens.at(i) <= limits.digestThreshold)
                continue;
            m.content = ToolDigest::digest(m.content, limits.digestThreshold / 2, limits.estimator);
            tokens[i] = tokensOf(m);
            ++report.digested;
        }
    }
    // Layer 2b: cap the tool results, oldest first; results of the current turn go last.
    if (limits.toolResultBudget > 0) {
        auto toolTotal = [&] {
            qint64 total = 0;
            for (qsizetype i = 0; i < items.size(); ++i)
                if (items.at(i).message.role == ChatMessage::Role::Tool)
                    total += tokens.at(i);
            return total;
        };
        qint64 total = toolTotal();
        for (int pass = 0; pass < 2 && total > limits.toolResultBudget; ++pass) {
            const qsizetype end = pass == 0 ? currentFrom : items.size();
            for (qsizetype i = 0; i < end && total > limits.toolResultBudget; ++i) {
                ChatMessage &m = items[i].message;
                if (m.role != ChatMessage::Role::Tool || tokens.at(i) <= 256)
                    continue;
                const qint64 before = tokens.at(i);
                const qint64 excess = total - limits.toolResultBudget;
                if (before - excess >= 256) {
                    m.content = ToolDigest::digest(m.content, before - excess, limits.estimator);
                    ++report.digested;
                } else {
                    m.content = omittedNote(limits.estimator.estimateText(m.content));
                    ++report.omitted;
                }
                tokens[i] = tokensOf(m);
                total += tokens.at(i) - before;
            }
        }
    }
    // Layer 2c: drop whole turns, oldest first, while over budget; the last turn stays.
    qint64 sum = 0;
    for (qint64 t : std::as_const(tokens))
        sum += t;
    if (limits.messageBudget > 0 && sum > limits.messageBudget && starts.size() > 1) {
        qsizetype cut = 0;
        for (qsizetype s = 1; s < starts.size() && sum > limits.messageBudget; ++s) {
            for (qsizetype i = cut; i < starts.at(s); ++i) {
                sum -= tokens.at(i);
                report.droppedIds += items.at(i).sources;
            }
            cut = starts.at(s);
            ++report.turnsDropped;
        }
        items.remove(0, cut);
        tokens.remove(0, cut);
    }
    report.tokens = sum;
    report.overBudget = limits.messageBudget > 0 && sum > limits.messageBudget;
    store(items, request, sources);
    return report;
}

} // namespace Skein
