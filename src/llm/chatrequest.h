/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/assembledturn.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Skein {

// The three wire dialects Skein speaks. Every OpenAI-compatible server (DeepSeek, vLLM,
// llama.cpp, LM Studio, Ollama /v1, ...) is OpenAiCompatible.
enum class ProviderKind { OpenAiCompatible, Anthropic, OllamaNative };

struct ChatMessage
{
    enum class Role { User, Assistant, Tool };

    Role role = Role::User;
    QString content;
    QList<ToolCall> toolCalls; // assistant messages only, as assembled from the model's reply
    QString toolCallId; // tool results: the id of the call they answer
    QString toolName; // tool results: the tool's name (Ollama wants it)
    bool isError = false; // tool results that report a failure
    // Assistant messages: the model's reasoning as it came; DeepSeek-style servers may need it
    // back as reasoning_content (see ChatRequest).
    QString reasoning;
    // Assistant messages: the reply's thinking / redacted_thinking blocks with their signatures and
    // places, which Anthropic needs back unchanged and in order in a tool loop.
    QList<ReasoningBlock> reasoningBlocks;

    static ChatMessage user(const QString &text);
    static ChatMessage assistant(const QString &text, QList<ToolCall> calls = {});
    static ChatMessage toolResult(const QString &callId, const QString &name, const QString &result);
};

struct ToolDefinition
{
    QString name;
    QString description;
    QJsonObject parameters; // JSON Schema of the arguments object
};

// One model call, independent of the provider's dialect. The request builders turn it into the
// JSON body of each kind.
struct ChatRequest
{
    QString model;
    QString systemPrompt;
    QList<ChatMessage> messages;
    QList<ToolDefinition> tools;
    std::optional<int> maxTokens;
    std::optional<double> temperature;
    bool stream = true;
    // Anthropic: mark the system prompt and tools as a cacheable prefix.
    bool cacheStablePrefix = true;
    // A trailing assistant message is a prefill the model continues (Continue on an interrupted
    // reply). Only Anthropic supports it natively; other kinds get it as a normal assistant turn.
    bool continueLastAssistant = false;
    // OpenAI-compatible dialect switches, set from the provider's settings: reasoning models reject
    // max_tokens and want max_completion_tokens; some servers (DeepSeek thinking mode with tools)
    // want the assistant's reasoning_content sent back.
    bool useMaxCompletionTokens = false;
    bool sendReasoningContent = false;
};

} // namespace Skein
