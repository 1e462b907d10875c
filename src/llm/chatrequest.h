/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/assembledturn.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Skein {

// The three wire dialects Skein speaks. Every OpenAI-compatible server (DeepSeek, vLLM,
// llama.cpp, LM Studio, Ollama /v1, ...) is OpenAiCompatible.
enum class ProviderKind { OpenAiCompatible, Anthropic, OllamaNative };

// An image that goes with a user message (issue 16), encoded for the provider: scaled down to its
// documented limits, PNG or JPEG, without metadata. data is empty when the request was built without
// the store (a preview): such an image is not sent.
// An image for a model that reads images, or a PDF's page rendered as one; for Anthropic, a whole
// PDF (mimeType application/pdf, a document block).
struct ChatImage
{
    QString attachmentId;
    QString sha256; // the stored content it is made from
    QString mimeType; // image/png or image/jpeg; application/pdf
    int page = -1; // a PDF's page (from 0) rendered as an image; -1: the file itself
    QByteArray data; // the encoded file; base64 on the wire
    int width = 0; // as sent
    int height = 0;
    qint64 tokens = 0; // by the provider's formula (ImageCost)

    friend bool operator==(const ChatImage &, const ChatImage &) = default;
};

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
    // User messages: images for a model that reads them, after the text (its attachment lines name them).
    QList<ChatImage> images;

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
