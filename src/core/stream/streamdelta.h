/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/providererror.h"

#include <QString>

namespace Skein {

// Why the model stopped, normalised across providers (the raw value is kept alongside).
enum class FinishReason {
    None, // not reported (yet)
    Stop, // natural end, stop sequence (OpenAI stop, Anthropic end_turn / stop_sequence)
    Length, // max tokens or context window reached
    ToolCalls, // the model wants tool results
    ContentFilter, // blocked by a filter
    Refusal, // the model refused (Anthropic stop_reason refusal)
    Other, // anything else (pause_turn, load, unknown values)
};

QString finishReasonName(FinishReason reason); // "stop", "length", "tool_calls", ...
FinishReason normalizeFinishReason(const QString &raw); // any provider's raw value

// Token counts; -1 = not reported. When merging, later reported values win field by field.
struct TokenUsage
{
    qint64 promptTokens = -1; // all input tokens, cached ones included
    qint64 completionTokens = -1;
    qint64 totalTokens = -1;
    qint64 cachedTokens = -1; // input tokens read from the prompt cache
    qint64 cacheCreationTokens = -1; // input tokens written to the cache (Anthropic)
    qint64 reasoningTokens = -1; // part of completionTokens spent on reasoning

    bool isEmpty() const;
    void mergeFrom(const TokenUsage &later);
    friend bool operator==(const TokenUsage &, const TokenUsage &) = default;
};

// A piece of a tool call as it streams. `index` is the call's slot key (not an array offset).
struct ToolCallFragment
{
    int index = 0;
    QString id; // empty = not in this fragment
    QString name; // empty = not in this fragment
    QString arguments; // JSON text: a slice to append, or the whole value when replaceArguments
    bool replaceArguments = false;
    // The server says the call is complete (Anthropic content_block_stop, a whole Ollama call).
    bool closes = false;
    friend bool operator==(const ToolCallFragment &, const ToolCallFragment &) = default;
};

// One provider-independent unit of streamed output. Translators turn wire events into these;
// TurnAssembler folds them into an AssembledTurn; the engine may persist them as they come.
struct StreamDelta
{
    enum class Kind {
        Text, // text: visible answer text
        Refusal, // text: refusal text (OpenAI structured outputs)
        Reasoning, // text: reasoning / thinking text
        ReasoningSignature, // text: signature of the thinking block `contentBlock` (Anthropic)
        RedactedReasoning, // text: opaque data of a redacted thinking block (Anthropic)
        StopSequence, // text: the stop sequence that ended the reply (Anthropic, vLLM)
        ToolCall, // toolCall
        Usage, // usage (merge field by field)
        Finish, // finishReason + text (raw reason)
        Error, // error
        Metadata, // model and/or responseId
        Reset, // the server restarted the message: drop everything assembled so far
        EndOfStream, // explicit terminal marker ([DONE], message_stop, done:true)
    };

    Kind kind = Kind::Text;
    int choice = 0; // OpenAI choice index (n > 1); 0 elsewhere
    // Anthropic content-block index of Reasoning / ReasoningSignature / RedactedReasoning deltas,
    // so that each thinking block keeps its own text and signature; -1 elsewhere.
    int contentBlock = -1;
    QString text;
    ToolCallFragment toolCall;
    TokenUsage usage;
    FinishReason finishReason = FinishReason::None;
    ProviderError error;
    QString model;
    QString responseId;

    static StreamDelta ofText(Kind kind, const QString &text, int choice = 0);
    friend bool operator==(const StreamDelta &, const StreamDelta &) = default;
};

} // namespace Skein
