// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "chainvalidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Skein::Test {

namespace {

// OpenAI Chat Completions and Ollama: tool messages follow the assistant message that declared
// them, one per call.
QString openAiStyle(const QJsonArray &messages, bool ollama, bool continuing)
{
    qsizetype i = 0;
    if (i < messages.size() && messages.at(i).toObject().value(u"role"_s) == u"system"_s)
        ++i;
    if (i >= messages.size())
        return u"no messages"_s;
    if (messages.at(i).toObject().value(u"role"_s) != u"user"_s)
        return u"first message is not the user's"_s;
    for (; i < messages.size(); ++i) {
        const QJsonObject m = messages.at(i).toObject();
        const QString role = m.value(u"role"_s).toString();
        if (role == u"system"_s)
            return u"system message in the middle"_s;
        if (role == u"tool"_s)
            return u"tool result at %1 without a call right before it"_s.arg(i);
        if (role == u"user"_s) {
            if (m.value(u"content"_s).toString().trimmed().isEmpty())
                return u"empty user message at %1"_s.arg(i);
            continue;
        }
        if (role != u"assistant"_s)
            return u"unknown role "_s + role;
        const QJsonArray calls = m.value(u"tool_calls"_s).toArray();
        if (calls.isEmpty()) {
            if (m.value(u"content"_s).toString().isEmpty())
                return u"empty assistant message at %1"_s.arg(i);
            continue;
        }
        QStringList expected; // ids (OpenAI) or names (Ollama)
        for (const QJsonValue &c : calls) {
            const QJsonObject call = c.toObject();
            // Arguments must be a JSON object: a string of one (OpenAI), an object (Ollama).
            const QJsonValue args = call.value(u"function"_s).toObject().value(u"arguments"_s);
            if (ollama ? !args.isObject() : !QJsonDocument::fromJson(args.toString().toUtf8()).isObject())
                return u"tool call arguments at %1 are not a JSON object"_s.arg(i);
            expected << (ollama ? call.value(u"function"_s).toObject().value(u"name"_s).toString()
                                : call.value(u"id"_s).toString());
            if (!ollama && expected.constLast().isEmpty())
                return u"tool call without id at %1"_s.arg(i);
        }
        QSet<QString> ids;
        for (const QJsonValue &c : calls)
            ids.insert(c.toObject().value(u"id"_s).toString());
        if (!ollama && ids.size() != calls.size())
            return u"duplicate call ids at %1"_s.arg(i);
        qsizetype j = i + 1;
        for (; j < messages.size() && messages.at(j).toObject().value(u"role"_s) == u"tool"_s; ++j) {
            const QJsonObject r = messages.at(j).toObject();
            const QString key = ollama ? r.value(u"tool_name"_s).toString() : r.value(u"tool_call_id"_s).toString();
            if (!expected.removeOne(key))
                return u"tool result %1 at %2 answers no open call"_s.arg(key).arg(j);
            if (ollama && !r.value(u"tool_call_id"_s).toString().isEmpty()
                && !ids.contains(r.value(u"tool_call_id"_s).toString()))
                return u"tool result id at %1 does not match"_s.arg(j);
        }
        if (!expected.isEmpty())
            return u"calls %1 at %2 have no result"_s.arg(expected.join(u","_s)).arg(i);
        i = j - 1;
    }
    const QString lastRole = messages.last().toObject().value(u"role"_s).toString();
    if (lastRole == u"assistant"_s && !continuing)
        return u"the request ends with an assistant message"_s;
    return {};
}

QString anthropic(const QJsonObject &body, bool continuing)
{
    const QJsonArray messages = body.value(u"messages"_s).toArray();
    if (messages.isEmpty())
        return u"no messages"_s;
    QSet<QString> open; // tool_use ids of the previous assistant message
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonObject m = messages.at(i).toObject();
        const QString role = m.value(u"role"_s).toString();
        if (role != (i % 2 == 0 ? u"user"_s : u"assistant"_s))
            return u"roles do not alternate at %1 (%2)"_s.arg(i).arg(role);
        const QJsonValue content = m.value(u"content"_s);
        if (content.isString()) {
            if (content.toString().isEmpty() && !(continuing && i == messages.size() - 1))
                return u"empty content at %1"_s.arg(i);
            if (!open.isEmpty())
                return u"tool_use at %1 not answered"_s.arg(i - 1);
            continue;
        }
        const QJsonArray blocks = content.toArray();
        if (blocks.isEmpty())
            return u"empty content blocks at %1"_s.arg(i);
        QSet<QString> declared;
        bool textSeen = false;
        for (const QJsonValue &b : blocks) {
            const QJsonObject block = b.toObject();
            const QString type = block.value(u"type"_s).toString();
            if (type == u"tool_result"_s) {
                if (role != u"user"_s || textSeen)
                    return u"tool_result out of place at %1"_s.arg(i);
                if (!open.remove(block.value(u"tool_use_id"_s).toString()))
                    return u"tool_result at %1 answers no tool_use of the previous message"_s.arg(i);
            } else if (type == u"tool_use"_s) {
                if (role != u"assistant"_s)
                    return u"tool_use in a user message at %1"_s.arg(i);
                const QString id = block.value(u"id"_s).toString();
                if (id.isEmpty() || declared.contains(id))
                    return u"bad tool_use id at %1"_s.arg(i);
                if (!block.value(u"input"_s).isObject())
                    return u"tool_use input at %1 is not an object"_s.arg(i);
                declared.insert(id);
            } else if (type == u"text"_s) {
                textSeen = true;
                if (block.value(u"text"_s).toString().isEmpty())
                    return u"empty text block at %1"_s.arg(i);
            }
        }
        if (!open.isEmpty())
            return u"tool_use of %1 not answered in the next message"_s.arg(i - 1);
        open = declared;
    }
    if (!open.isEmpty())
        return u"the request ends with unanswered tool_use"_s;
    if (messages.last().toObject().value(u"role"_s) == u"assistant"_s && !continuing)
        return u"the request ends with an assistant message"_s;
    return {};
}

} // namespace

QString chainProblem(ProviderKind kind, const QJsonObject &body, bool continuing)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return openAiStyle(body.value(u"messages"_s).toArray(), false, continuing);
    case ProviderKind::OllamaNative:
        return openAiStyle(body.value(u"messages"_s).toArray(), true, continuing);
    case ProviderKind::Anthropic:
        return anthropic(body, continuing);
    }
    return u"unknown kind"_s;
}

} // namespace Skein::Test
