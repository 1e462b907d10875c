// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/streamdelta.h"

namespace Skein {

QString finishReasonName(FinishReason reason)
{
    switch (reason) {
    case FinishReason::None:
        return {};
    case FinishReason::Stop:
        return QStringLiteral("stop");
    case FinishReason::Length:
        return QStringLiteral("length");
    case FinishReason::ToolCalls:
        return QStringLiteral("tool_calls");
    case FinishReason::ContentFilter:
        return QStringLiteral("content_filter");
    case FinishReason::Refusal:
        return QStringLiteral("refusal");
    case FinishReason::Other:
        return QStringLiteral("other");
    }
    return {};
}

FinishReason normalizeFinishReason(const QString &raw)
{
    if (raw.isEmpty())
        return FinishReason::None;
    if (raw == u"stop" || raw == u"end_turn" || raw == u"stop_sequence")
        return FinishReason::Stop;
    if (raw == u"length" || raw == u"max_tokens" || raw == u"model_context_window_exceeded")
        return FinishReason::Length;
    if (raw == u"tool_calls" || raw == u"tool_use" || raw == u"function_call")
        return FinishReason::ToolCalls;
    if (raw == u"content_filter")
        return FinishReason::ContentFilter;
    if (raw == u"refusal")
        return FinishReason::Refusal;
    return FinishReason::Other;
}

bool TokenUsage::isEmpty() const
{
    return promptTokens < 0 && completionTokens < 0 && totalTokens < 0 && cachedTokens < 0 && cacheCreationTokens < 0
        && reasoningTokens < 0;
}

void TokenUsage::mergeFrom(const TokenUsage &later)
{
    const auto take = [](qint64 &field, qint64 value) {
        if (value >= 0)
            field = value;
    };
    take(promptTokens, later.promptTokens);
    take(completionTokens, later.completionTokens);
    take(totalTokens, later.totalTokens);
    take(cachedTokens, later.cachedTokens);
    take(cacheCreationTokens, later.cacheCreationTokens);
    take(reasoningTokens, later.reasoningTokens);
}

StreamDelta StreamDelta::ofText(Kind kind, const QString &text, int choice)
{
    StreamDelta delta;
    delta.kind = kind;
    delta.text = text;
    delta.choice = choice;
    return delta;
}

} // namespace Skein
