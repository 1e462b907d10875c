// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/assembledturn.h"

#include <QJsonDocument>

namespace Skein {

bool ToolCall::hasValidArguments() const
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(argumentsJson.toUtf8(), &error);
    return error.error == QJsonParseError::NoError && document.isObject();
}

bool AssembledTurn::isEmpty() const
{
    return text.isEmpty() && refusal.isEmpty() && reasoning.isEmpty() && toolCalls.isEmpty()
        && reasoningBlocks.isEmpty();
}

QList<ToolCall> AssembledTurn::closedToolCalls() const
{
    QList<ToolCall> calls;
    for (const ToolCall &call : toolCalls)
        if (call.closed)
            calls.append(call);
    return calls;
}

} // namespace Skein
