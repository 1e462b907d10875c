// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/anthropictranslator.h"

#include "core/stream/sseparser.h"
#include "core/stream/streamjson.h"

namespace Skein {

using namespace Qt::StringLiterals;

namespace {

StreamDelta blockText(StreamDelta::Kind kind, const QString &text, int index)
{
    StreamDelta delta = StreamDelta::ofText(kind, text);
    delta.contentBlock = index;
    return delta;
}

} // namespace

void AnthropicTranslator::translate(const SseEvent &event, QList<StreamDelta> &out)
{
    if (event.data.isEmpty())
        return;
    if (StreamJson::parseObject(m_json, event.data, out))
        translateEvent(m_json.root(), out);
}

void AnthropicTranslator::translateEvent(const JsonRef &event, QList<StreamDelta> &out)
{
    const QString type = event["type"_L1].toString();
    if (type == u"content_block_delta") {
        blockDelta(int(event["index"_L1].toInteger()), event["delta"_L1], out);
    } else if (type == u"content_block_start") {
        blockStart(int(event["index"_L1].toInteger()), event["content_block"_L1], out);
    } else if (type == u"message_start") {
        messageStart(event["message"_L1], out);
    } else if (type == u"content_block_stop") {
        blockStop(int(event["index"_L1].toInteger()), out);
    } else if (type == u"message_delta") {
        appendUsage(event["usage"_L1], out);
        const QString sequence = event["delta"_L1]["stop_sequence"_L1].toString();
        if (!sequence.isEmpty())
            out.append(StreamDelta::ofText(StreamDelta::Kind::StopSequence, sequence));
        const QString stop = event["delta"_L1]["stop_reason"_L1].toString();
        if (!stop.isEmpty()) {
            StreamDelta finish = StreamDelta::ofText(StreamDelta::Kind::Finish, stop);
            finish.finishReason = normalizeFinishReason(stop);
            out.append(finish);
        }
    } else if (type == u"message_stop") {
        StreamDelta end;
        end.kind = StreamDelta::Kind::EndOfStream;
        out.append(end);
    } else if (type == u"error") {
        out.append(StreamJson::errorDelta(event["error"_L1]));
    }
    // ping and unknown types carry nothing we keep.
}

void AnthropicTranslator::messageStart(const JsonRef &message, QList<StreamDelta> &out)
{
    if (m_started) {
        StreamDelta reset;
        reset.kind = StreamDelta::Kind::Reset;
        out.append(reset);
        m_blocks.clear();
        m_inputTokens = m_cacheReadTokens = m_cacheCreationTokens = -1;
    }
    m_started = true;
    StreamDelta meta;
    meta.kind = StreamDelta::Kind::Metadata;
    meta.model = message["model"_L1].toString();
    meta.responseId = message["id"_L1].toString();
    out.append(meta);
    appendUsage(message["usage"_L1], out);
}

void AnthropicTranslator::blockStart(int index, const JsonRef &block, QList<StreamDelta> &out)
{
    const QString type = block["type"_L1].toString();
    if (type == u"text") {
        m_blocks.insert(index, BlockType::Text);
        const QString text = block["text"_L1].toString();
        if (!text.isEmpty())
            out.append(StreamDelta::ofText(StreamDelta::Kind::Text, text));
    } else if (type == u"thinking") {
        m_blocks.insert(index, BlockType::Thinking);
        const QString thinking = block["thinking"_L1].toString();
        if (!thinking.isEmpty())
            out.append(blockText(StreamDelta::Kind::Reasoning, thinking, index));
        const QString signature = block["signature"_L1].toString(); // "" while streaming
        if (!signature.isEmpty())
            out.append(blockText(StreamDelta::Kind::ReasoningSignature, signature, index));
    } else if (type == u"redacted_thinking") {
        m_blocks.insert(index, BlockType::Other);
        out.append(blockText(StreamDelta::Kind::RedactedReasoning, block["data"_L1].toString(), index));
    } else if (type == u"tool_use") {
        m_blocks.insert(index, BlockType::ToolUse);
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::ToolCall;
        delta.toolCall.index = index;
        delta.toolCall.id = block["id"_L1].toString();
        delta.toolCall.name = block["name"_L1].toString();
        // The start block carries input {}; the real input streams as input_json_delta.
        const JsonRef input = block["input"_L1];
        if (input.size() > 0) {
            delta.toolCall.arguments = StreamJson::jsonText(input);
            delta.toolCall.replaceArguments = true;
        }
        out.append(delta);
    } else {
        m_blocks.insert(index, BlockType::Other);
    }
}

void AnthropicTranslator::blockDelta(int index, const JsonRef &delta, QList<StreamDelta> &out)
{
    const QString type = delta["type"_L1].toString();
    if (type == u"text_delta") {
        const QString text = delta["text"_L1].toString();
        if (!text.isEmpty())
            out.append(StreamDelta::ofText(StreamDelta::Kind::Text, text));
    } else if (type == u"thinking_delta") {
        const QString thinking = delta["thinking"_L1].toString();
        if (!thinking.isEmpty())
            out.append(blockText(StreamDelta::Kind::Reasoning, thinking, index));
    } else if (type == u"signature_delta") {
        out.append(blockText(StreamDelta::Kind::ReasoningSignature, delta["signature"_L1].toString(), index));
    } else if (type == u"input_json_delta") {
        const QString partial = delta["partial_json"_L1].toString();
        if (partial.isEmpty())
            return;
        StreamDelta fragment;
        fragment.kind = StreamDelta::Kind::ToolCall;
        fragment.toolCall.index = index;
        fragment.toolCall.arguments = partial;
        if (m_blocks.value(index, BlockType::ToolUse) == BlockType::ToolUse)
            out.append(fragment);
    }
}

void AnthropicTranslator::blockStop(int index, QList<StreamDelta> &out)
{
    if (m_blocks.value(index, BlockType::Other) != BlockType::ToolUse)
        return;
    // The input is complete: a call still open when the stream breaks off was never made.
    StreamDelta closed;
    closed.kind = StreamDelta::Kind::ToolCall;
    closed.toolCall.index = index;
    closed.toolCall.closes = true;
    out.append(closed);
}

void AnthropicTranslator::appendUsage(const JsonRef &usage, QList<StreamDelta> &out)
{
    if (!usage.isObject())
        return;
    const auto update = [&](qint64 &field, QLatin1StringView key) {
        const JsonRef value = usage[key];
        if (value.isNumber())
            field = value.toInteger();
    };
    update(m_inputTokens, "input_tokens"_L1);
    update(m_cacheReadTokens, "cache_read_input_tokens"_L1);
    update(m_cacheCreationTokens, "cache_creation_input_tokens"_L1);

    StreamDelta delta;
    delta.kind = StreamDelta::Kind::Usage;
    TokenUsage &tokens = delta.usage;
    if (m_inputTokens >= 0)
        tokens.promptTokens
            = m_inputTokens + std::max<qint64>(m_cacheReadTokens, 0) + std::max<qint64>(m_cacheCreationTokens, 0);
    tokens.cachedTokens = m_cacheReadTokens;
    tokens.cacheCreationTokens = m_cacheCreationTokens;
    tokens.completionTokens = usage["output_tokens"_L1].toInteger(-1);
    out.append(delta);
}

} // namespace Skein
