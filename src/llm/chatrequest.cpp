// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/chatrequest.h"

namespace Skein {

ChatMessage ChatMessage::user(const QString &text)
{
    ChatMessage message;
    message.role = Role::User;
    message.content = text;
    return message;
}

ChatMessage ChatMessage::assistant(const QString &text, QList<ToolCall> calls)
{
    ChatMessage message;
    message.role = Role::Assistant;
    message.content = text;
    message.toolCalls = std::move(calls);
    return message;
}

ChatMessage ChatMessage::toolResult(const QString &callId, const QString &name, const QString &result)
{
    ChatMessage message;
    message.role = Role::Tool;
    message.toolCallId = callId;
    message.toolName = name;
    message.content = result;
    return message;
}

} // namespace Skein
