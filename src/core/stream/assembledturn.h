/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/reasoningblock.h"
#include "core/stream/providererror.h"
#include "core/stream/streamdelta.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Skein {

// A complete (or partial) tool call of an assembled turn.
struct ToolCall
{
    int index = 0; // slot key from the stream (may start at 1, may have gaps)
    QString id; // may be empty (Ollama native sends none)
    QString name;
    QString argumentsJson; // "{}" when the provider sent nothing; may be invalid if cut off
    // All of the call arrived: the server closed its block, sent it whole, or finished the reply.
    // A call still open when the stream broke off is not a call the model made.
    bool closed = false;

    // False when the arguments are not a complete JSON object (truncated stream, bad model output).
    bool hasValidArguments() const;
    friend bool operator==(const ToolCall &, const ToolCall &) = default;
};

// Everything one model reply produced, independent of the wire format.
struct AssembledTurn
{
    QString text;
    QString refusal;
    QString reasoning;
    // Each thinking / redacted_thinking block with its signature and its place between text and
    // tool calls (Anthropic), to send back unchanged. Other providers leave it empty.
    QList<ReasoningBlock> reasoningBlocks;
    QList<ToolCall> toolCalls; // in order of first appearance
    FinishReason finishReason = FinishReason::None;
    QString rawFinishReason;
    QString stopSequence; // the matched stop sequence, when the provider reports it
    TokenUsage usage;
    ProviderError error; // first error reported by the stream
    // A finish reason or an explicit end marker arrived. Without one, EOF means the reply was cut
    // off: keep it, but mark it interrupted.
    bool sawTerminalMarker = false;
    QString model;
    QString responseId;

    bool hasError() const { return !error.isNull(); }
    bool hasToolCalls() const { return !toolCalls.isEmpty(); }
    // The calls whose every piece arrived (see ToolCall::closed).
    QList<ToolCall> closedToolCalls() const;
    bool isTruncated() const { return !sawTerminalMarker; }
    // Nothing at all was produced (a known failure mode when the prompt exceeds the context).
    bool isEmpty() const;
};

} // namespace Skein
