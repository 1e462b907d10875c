// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/wirerequest.h"

#include "core/stream/toolarguments.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace Skein::WireRequest {

using namespace Qt::StringLiterals;

namespace {

using Role = ChatMessage::Role;

void applyCommon(QJsonObject &body, const ChatRequest &request)
{
    body.insert(u"model"_s, request.model);
    body.insert(u"stream"_s, request.stream);
    if (request.temperature)
        body.insert(u"temperature"_s, *request.temperature);
}

// Non-Anthropic kinds: a trailing assistant message cannot be continued in place, so an
// instruction asks the model to carry on after it.
QList<ChatMessage> withContinueInstruction(const ChatRequest &request)
{
    QList<ChatMessage> messages = request.messages;
    if (request.continueLastAssistant && !messages.isEmpty() && messages.constLast().role == Role::Assistant)
        messages.append(ChatMessage::user(continueInstruction()));
    return messages;
}

QJsonObject functionTool(const ToolDefinition &tool)
{
    QJsonObject function {{u"name"_s, tool.name}, {u"description"_s, tool.description}};
    function.insert(u"parameters"_s,
                    tool.parameters.isEmpty() ? QJsonObject {{u"type"_s, u"object"_s}} : tool.parameters);
    return QJsonObject {{u"type"_s, u"function"_s}, {u"function"_s, function}};
}

// Anthropic and Ollama want the arguments as an object; a cut-off or invalid value becomes {}.
QJsonObject argumentsObject(const ToolCall &call)
{
    return QJsonDocument::fromJson(call.argumentsJson.toUtf8()).object();
}

// The content of an Anthropic assistant turn that made tool calls: its blocks in the order the
// model produced them. Each thinking block (with its signature) and each redacted_thinking block
// goes back unchanged where it was between the text and the tool_use blocks; the API rejects the
// turn otherwise once thinking is on. A thinking block without a signature (cut off) cannot be
// verified and is left out.
QJsonArray anthropicAssistantBlocks(const ChatMessage &message)
{
    QJsonArray blocks;
    const QString &text = message.content;
    const QList<ToolCall> &calls = message.toolCalls;
    qsizetype textAt = 0;
    qsizetype callAt = 0;
    const auto emitUpTo = [&](qsizetype textEnd, qsizetype callEnd) {
        if (textEnd > textAt) {
            const QString slice = text.mid(textAt, textEnd - textAt);
            if (!slice.trimmed().isEmpty()) // the API rejects empty text blocks
                blocks.append(QJsonObject {{u"type"_s, u"text"_s}, {u"text"_s, slice}});
            textAt = textEnd;
        }
        for (; callAt < callEnd; ++callAt) {
            const ToolCall &call = calls.at(callAt);
            blocks.append(QJsonObject {{u"type"_s, u"tool_use"_s},
                                       {u"id"_s, call.id},
                                       {u"name"_s, call.name},
                                       {u"input"_s, argumentsObject(call)}});
        }
    };
    for (const ReasoningBlock &block : message.reasoningBlocks) {
        if (!block.canBeSentBack())
            continue;
        emitUpTo(std::clamp<qsizetype>(block.textOffset, textAt, text.size()),
                 std::clamp<qsizetype>(block.toolCallsBefore, callAt, calls.size()));
        if (block.kind == ReasoningBlock::Kind::Redacted)
            blocks.append(QJsonObject {{u"type"_s, u"redacted_thinking"_s}, {u"data"_s, block.data}});
        else
            blocks.append(QJsonObject {
                {u"type"_s, u"thinking"_s}, {u"thinking"_s, block.thinking}, {u"signature"_s, block.signature}});
    }
    emitUpTo(text.size(), calls.size());
    return blocks;
}

// OpenAI wants JSON text of an object: anything else (a call cut off by max_tokens inside its
// arguments) is sent as "{}" — servers reject the request otherwise (llama.cpp answers HTTP 500).
QString argumentsText(const ToolCall &call)
{
    return ToolArguments::legal(call.argumentsJson);
}

QString dataUrl(const ChatImage &image)
{
    return u"data:"_s + image.mimeType + u";base64,"_s + QString::fromLatin1(image.data.toBase64());
}

// A user message: plain text, or with images, text then image_url parts (data URLs).
QJsonValue openAiUserContent(const ChatMessage &message)
{
    if (message.images.isEmpty())
        return message.content;
    QJsonArray parts;
    if (!message.content.isEmpty())
        parts.append(QJsonObject {{u"type"_s, u"text"_s}, {u"text"_s, message.content}});
    for (const ChatImage &image : message.images)
        if (!image.data.isEmpty() && image.mimeType.startsWith(u"image/"_s)) // a PDF goes as pages here
            parts.append(
                QJsonObject {{u"type"_s, u"image_url"_s}, {u"image_url"_s, QJsonObject {{u"url"_s, dataUrl(image)}}}});
    return parts;
}

// Anthropic: image and document (PDF) blocks (base64) before the text, as its documentation advises.
QJsonArray anthropicUserBlocks(const ChatMessage &message)
{
    QJsonArray blocks;
    for (const ChatImage &image : message.images) {
        if (image.data.isEmpty())
            continue;
        const bool pdf = image.mimeType == u"application/pdf"_s;
        blocks.append(QJsonObject {{u"type"_s, pdf ? u"document"_s : u"image"_s},
                                   {u"source"_s,
                                    QJsonObject {{u"type"_s, u"base64"_s},
                                                 {u"media_type"_s, image.mimeType},
                                                 {u"data"_s, QString::fromLatin1(image.data.toBase64())}}}});
    }
    if (!message.content.isEmpty() || blocks.isEmpty())
        blocks.append(QJsonObject {{u"type"_s, u"text"_s}, {u"text"_s, message.content}});
    return blocks;
}

// Ollama: the text, and the images as plain base64 strings beside it.
QJsonObject ollamaUserMessage(const ChatMessage &message)
{
    QJsonObject out {{u"role"_s, u"user"_s}, {u"content"_s, message.content}};
    QJsonArray images;
    for (const ChatImage &image : message.images)
        if (!image.data.isEmpty() && image.mimeType.startsWith(u"image/"_s))
            images.append(QString::fromLatin1(image.data.toBase64()));
    if (!images.isEmpty())
        out.insert(u"images"_s, images);
    return out;
}

} // namespace

QString continueInstruction()
{
    return QStringLiteral("Continue exactly where your previous message stopped, without repeating any of it.");
}

QJsonObject openAiBody(const ChatRequest &request)
{
    QJsonObject body;
    applyCommon(body, request);
    if (request.maxTokens)
        body.insert(request.useMaxCompletionTokens ? u"max_completion_tokens"_s : u"max_tokens"_s, *request.maxTokens);
    if (request.stream)
        body.insert(u"stream_options"_s, QJsonObject {{u"include_usage"_s, true}});

    QJsonArray messages;
    if (!request.systemPrompt.isEmpty())
        messages.append(QJsonObject {{u"role"_s, u"system"_s}, {u"content"_s, request.systemPrompt}});
    for (const ChatMessage &message : withContinueInstruction(request)) {
        switch (message.role) {
        case Role::User:
            messages.append(QJsonObject {{u"role"_s, u"user"_s}, {u"content"_s, openAiUserContent(message)}});
            break;
        case Role::Assistant: {
            QJsonObject out {{u"role"_s, u"assistant"_s}};
            out.insert(u"content"_s,
                       message.content.isEmpty() && !message.toolCalls.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                                                 : QJsonValue(message.content));
            if (!message.toolCalls.isEmpty()) {
                QJsonArray calls;
                for (const ToolCall &call : message.toolCalls) {
                    calls.append(QJsonObject {
                        {u"id"_s, call.id},
                        {u"type"_s, u"function"_s},
                        {u"function"_s, QJsonObject {{u"name"_s, call.name}, {u"arguments"_s, argumentsText(call)}}}});
                }
                out.insert(u"tool_calls"_s, calls);
            }
            if (request.sendReasoningContent && !message.reasoning.isEmpty())
                out.insert(u"reasoning_content"_s, message.reasoning);
            messages.append(out);
            break;
        }
        case Role::Tool:
            messages.append(QJsonObject {
                {u"role"_s, u"tool"_s}, {u"tool_call_id"_s, message.toolCallId}, {u"content"_s, message.content}});
            break;
        }
    }
    body.insert(u"messages"_s, messages);

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ToolDefinition &tool : request.tools)
            tools.append(functionTool(tool));
        body.insert(u"tools"_s, tools);
    }
    return body;
}

QJsonObject anthropicBody(const ChatRequest &request)
{
    QJsonObject body;
    applyCommon(body, request);
    body.insert(u"max_tokens"_s, request.maxTokens.value_or(4096)); // required by the API
    const QJsonObject ephemeral {{u"type"_s, u"ephemeral"_s}};

    if (!request.systemPrompt.isEmpty()) {
        QJsonObject block {{u"type"_s, u"text"_s}, {u"text"_s, request.systemPrompt}};
        if (request.cacheStablePrefix)
            block.insert(u"cache_control"_s, ephemeral);
        body.insert(u"system"_s, QJsonArray {block});
    }

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ToolDefinition &tool : request.tools) {
            tools.append(
                QJsonObject {{u"name"_s, tool.name},
                             {u"description"_s, tool.description},
                             {u"input_schema"_s,
                              tool.parameters.isEmpty() ? QJsonObject {{u"type"_s, u"object"_s}} : tool.parameters}});
        }
        if (request.cacheStablePrefix) {
            QJsonObject last = tools.last().toObject();
            last.insert(u"cache_control"_s, ephemeral);
            tools.replace(tools.size() - 1, last);
        }
        body.insert(u"tools"_s, tools);
    }

    QJsonArray messages;
    // Consecutive tool results become blocks of a single user message, as the API requires.
    QJsonArray pendingResults;
    auto flushResults = [&] {
        if (pendingResults.isEmpty())
            return;
        messages.append(QJsonObject {{u"role"_s, u"user"_s}, {u"content"_s, pendingResults}});
        pendingResults = {};
    };
    for (const ChatMessage &message : request.messages) {
        switch (message.role) {
        case Role::Tool: {
            QJsonObject result {
                {u"type"_s, u"tool_result"_s}, {u"tool_use_id"_s, message.toolCallId}, {u"content"_s, message.content}};
            if (message.isError)
                result.insert(u"is_error"_s, true);
            pendingResults.append(result);
            break;
        }
        case Role::User:
            if (!pendingResults.isEmpty()) {
                // Text after tool results joins their user message: roles must alternate.
                for (const QJsonValue block : anthropicUserBlocks(message))
                    pendingResults.append(block);
                flushResults();
                break;
            }
            messages.append(QJsonObject {
                {u"role"_s, u"user"_s},
                {u"content"_s, message.images.isEmpty() ? QJsonValue(message.content) : anthropicUserBlocks(message)}});
            break;
        case Role::Assistant: {
            flushResults();
            if (message.toolCalls.isEmpty()) {
                messages.append(QJsonObject {{u"role"_s, u"assistant"_s}, {u"content"_s, message.content}});
                break;
            }
            messages.append(
                QJsonObject {{u"role"_s, u"assistant"_s}, {u"content"_s, anthropicAssistantBlocks(message)}});
            break;
        }
        }
    }
    flushResults();
    // A prefill must not end with whitespace (the API rejects it); the model continues from there.
    if (request.continueLastAssistant && !messages.isEmpty()) {
        QJsonObject last = messages.last().toObject();
        if (last.value(u"role"_s).toString() == u"assistant"_s && last.value(u"content"_s).isString()) {
            QString text = last.value(u"content"_s).toString();
            while (!text.isEmpty() && text.back().isSpace())
                text.chop(1);
            last.insert(u"content"_s, text);
            messages.replace(messages.size() - 1, last);
        }
    }
    body.insert(u"messages"_s, messages);
    return body;
}

QJsonObject ollamaBody(const ChatRequest &request)
{
    QJsonObject body;
    body.insert(u"model"_s, request.model);
    body.insert(u"stream"_s, request.stream);
    QJsonObject options;
    if (request.temperature)
        options.insert(u"temperature"_s, *request.temperature);
    if (request.maxTokens)
        options.insert(u"num_predict"_s, *request.maxTokens);
    if (!options.isEmpty())
        body.insert(u"options"_s, options);

    QJsonArray messages;
    if (!request.systemPrompt.isEmpty())
        messages.append(QJsonObject {{u"role"_s, u"system"_s}, {u"content"_s, request.systemPrompt}});
    for (const ChatMessage &message : withContinueInstruction(request)) {
        switch (message.role) {
        case Role::User:
            messages.append(ollamaUserMessage(message));
            break;
        case Role::Assistant: {
            QJsonObject out {{u"role"_s, u"assistant"_s}, {u"content"_s, message.content}};
            if (!message.toolCalls.isEmpty()) {
                QJsonArray calls;
                for (const ToolCall &call : message.toolCalls) {
                    QJsonObject entry {
                        {u"function"_s, QJsonObject {{u"name"_s, call.name}, {u"arguments"_s, argumentsObject(call)}}}};
                    if (!call.id.isEmpty())
                        entry.insert(u"id"_s, call.id);
                    calls.append(entry);
                }
                out.insert(u"tool_calls"_s, calls);
            }
            messages.append(out);
            break;
        }
        case Role::Tool: {
            QJsonObject out {
                {u"role"_s, u"tool"_s}, {u"content"_s, message.content}, {u"tool_name"_s, message.toolName}};
            if (!message.toolCallId.isEmpty())
                out.insert(u"tool_call_id"_s, message.toolCallId);
            messages.append(out);
            break;
        }
        }
    }
    body.insert(u"messages"_s, messages);

    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ToolDefinition &tool : request.tools)
            tools.append(functionTool(tool));
        body.insert(u"tools"_s, tools);
    }
    return body;
}

QJsonObject body(ProviderKind kind, const ChatRequest &request)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return openAiBody(request);
    case ProviderKind::Anthropic:
        return anthropicBody(request);
    case ProviderKind::OllamaNative:
        return ollamaBody(request);
    }
    return {};
}

QString chatPath(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return QStringLiteral("/chat/completions");
    case ProviderKind::Anthropic:
        return QStringLiteral("/v1/messages");
    case ProviderKind::OllamaNative:
        return QStringLiteral("/api/chat");
    }
    return {};
}

} // namespace Skein::WireRequest
