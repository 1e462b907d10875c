#include "core/stream/anthropictranslator.h"

#include "core/stream/sseparser.h"
#include "core/stream/streamjson.h"

#include <QJsonObject>

namespace Skein {

using namespace Qt::StringLiterals;

void AnthropicTranslator::translate(const SseEvent &event, QList<StreamDelta> &out)
{
    if (event.data.isEmpty())
        return;
    bool ok = false;
    const QJsonObject object = StreamJson::parseObject(event.data, out, &ok);
    if (ok)
        translateEvent(object, out);
}

void AnthropicTranslator::translateEvent(const QJsonObject &event, QList<StreamDelta> &out)
{
    const QString type = event.value("type"_L1).toString();
    if (type == u"content_block_delta") {
        blockDelta(event.value("index"_L1).toInt(), event.value("delta"_L1).toObject(), out);
    } else if (type == u"content_block_start") {
        blockStart(event.value("index"_L1).toInt(), event.value("content_block"_L1).toObject(), out);
    } else if (type == u"message_start") {
        messageStart(event.value("message"_L1).toObject(), out);
    } else if (type == u"message_delta") {
        appendUsage(event.value("usage"_L1).toObject(), out);
        const QString stop = event.value("delta"_L1).toObject().value("stop_reason"_L1).toString();
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
        out.append(StreamJson::errorDelta(event.value("error"_L1)));
    }
    // ping, content_block_stop and unknown types carry nothing we keep.
}

void AnthropicTranslator::messageStart(const QJsonObject &message, QList<StreamDelta> &out)
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
    meta.model = message.value("model"_L1).toString();
    meta.responseId = message.value("id"_L1).toString();
    out.append(meta);
    appendUsage(message.value("usage"_L1).toObject(), out);
}

void AnthropicTranslator::blockStart(int index, const QJsonObject &block, QList<StreamDelta> &out)
{
    const QString type = block.value("type"_L1).toString();
    if (type == u"text") {
        m_blocks.insert(index, BlockType::Text);
        const QString text = block.value("text"_L1).toString();
        if (!text.isEmpty())
            out.append(StreamDelta::ofText(StreamDelta::Kind::Text, text));
    } else if (type == u"thinking") {
        m_blocks.insert(index, BlockType::Thinking);
        const QString thinking = block.value("thinking"_L1).toString();
        if (!thinking.isEmpty())
            out.append(StreamDelta::ofText(StreamDelta::Kind::Reasoning, thinking));
    } else if (type == u"redacted_thinking") {
        m_blocks.insert(index, BlockType::Other);
        out.append(StreamDelta::ofText(StreamDelta::Kind::RedactedReasoning, block.value("data"_L1).toString()));
    } else if (type == u"tool_use") {
        m_blocks.insert(index, BlockType::ToolUse);
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::ToolCall;
        delta.toolCall.index = index;
        delta.toolCall.id = block.value("id"_L1).toString();
        delta.toolCall.name = block.value("name"_L1).toString();
        // The start block carries input {}; the real input streams as input_json_delta.
        const QJsonObject input = block.value("input"_L1).toObject();
        if (!input.isEmpty()) {
            delta.toolCall.arguments = StreamJson::compact(input);
            delta.toolCall.replaceArguments = true;
        }
        out.append(delta);
    } else {
        m_blocks.insert(index, BlockType::Other);
    }
}

void AnthropicTranslator::blockDelta(int index, const QJsonObject &delta, QList<StreamDelta> &out)
{
    const QString type = delta.value("type"_L1).toString();
    if (type == u"text_delta") {
        const QString text = delta.value("text"_L1).toString();
        if (!text.isEmpty())
            out.append(StreamDelta::ofText(StreamDelta::Kind::Text, text));
    } else if (type == u"thinking_delta") {
        const QString thinking = delta.value("thinking"_L1).toString();
        if (!thinking.isEmpty())
            out.append(StreamDelta::ofText(StreamDelta::Kind::Reasoning, thinking));
    } else if (type == u"signature_delta") {
        out.append(StreamDelta::ofText(StreamDelta::Kind::ReasoningSignature, delta.value("signature"_L1).toString()));
    } else if (type == u"input_json_delta") {
        const QString partial = delta.value("partial_json"_L1).toString();
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

void AnthropicTranslator::appendUsage(const QJsonObject &usage, QList<StreamDelta> &out)
{
    if (usage.isEmpty())
        return;
    const auto update = [&](qint64 &field, QLatin1StringView key) {
        const QJsonValue value = usage.value(key);
        if (value.isDouble())
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
    tokens.completionTokens = usage.value("output_tokens"_L1).toInteger(-1);
    out.append(delta);
}

} // namespace Skein
