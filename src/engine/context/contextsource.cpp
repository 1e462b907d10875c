// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "contextsource.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Skein {

ContextSource::~ContextSource() = default;
SourceInputs::~SourceInputs() = default;

std::shared_ptr<const SourceInputs> ContextSource::prepare(Store &, const Session &, const QString &, const QString &,
                                                           const QString &) const
{
    return nullptr;
}

BuiltRequest ContextSource::buildCall(const Session &session, const QList<Message> &path, const SourceInputs *) const
{
    return {build(session, path), std::nullopt};
}

std::shared_ptr<const SourceInputs> ContextSource::shrink(const SourceInputs *, const CallError &) const
{
    return nullptr;
}

Status ContextSource::learn(Store &, const SourceInputs *, const ContextSnapshot *, const Usage &) const
{
    return {};
}

namespace {

QList<ToolCall> toolCallsOf(const Message &m)
{
    QList<ToolCall> calls;
    int index = 0;
    for (const auto &v : m.toolCalls) {
        const QJsonObject o = v.toObject();
        ToolCall call;
        call.index = index++;
        call.id = o.value(QStringLiteral("id")).toString();
        call.name = o.value(QStringLiteral("name")).toString();
        call.argumentsJson = o.value(QStringLiteral("arguments")).toString();
        calls.append(call);
    }
    return calls;
}

} // namespace

ChatRequest WholePathSource::build(const Session &session, const QList<Message> &path) const
{
    ChatRequest request;
    request.model = session.model;
    request.systemPrompt = session.systemPrompt;
    for (const Message &m : path) {
        const QString text = m.modelText();
        switch (m.role) {
        case Role::System:
            request.systemPrompt += (request.systemPrompt.isEmpty() ? QString() : QStringLiteral("\n\n")) + text;
            break;
        case Role::User:
            request.messages.append(ChatMessage::user(text));
            break;
        case Role::Assistant: {
            if (text.isEmpty() && m.toolCalls.isEmpty())
                break;
            ChatMessage a = ChatMessage::assistant(text, toolCallsOf(m));
            a.reasoning = m.reasoning;
            a.reasoningBlocks = m.reasoningBlocks;
            request.messages.append(a);
            break;
        }
        case Role::Tool:
            request.messages.append(ChatMessage::toolResult(m.toolCallId, m.toolName, text));
            break;
        }
    }
    return request;
}

} // namespace Skein
