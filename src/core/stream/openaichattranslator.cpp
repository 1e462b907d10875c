#include "core/stream/openaichattranslator.h"

#include "core/stream/sseparser.h"
#include "core/stream/streamjson.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Skein {

using namespace Qt::StringLiterals;

TokenUsage openAiUsage(const QJsonObject &usage)
{
    TokenUsage result;
    result.promptTokens = usage.value("prompt_tokens"_L1).toInteger(-1);
    result.completionTokens = usage.value("completion_tokens"_L1).toInteger(-1);
    result.totalTokens = usage.value("total_tokens"_L1).toInteger(-1);
    result.cachedTokens = usage.value("prompt_tokens_details"_L1).toObject().value("cached_tokens"_L1).toInteger(-1);
    if (result.cachedTokens < 0)
        result.cachedTokens = usage.value("prompt_cache_hit_tokens"_L1).toInteger(-1);
    result.reasoningTokens
        = usage.value("completion_tokens_details"_L1).toObject().value("reasoning_tokens"_L1).toInteger(-1);
    return result;
}

void OpenAiChatTranslator::translate(const SseEvent &event, QList<StreamDelta> &out)
{
    if (event.data.isEmpty())
        return; // never JSON-parse an empty payload
    if (event.type == "error") {
        // llama.cpp's non-standard `error:` field carries the error object itself.
        const QJsonObject object = StreamJson::parseObject(event.data, out);
        if (!object.isEmpty()) {
            const QJsonValue inner = object.value("error"_L1);
            out.append(StreamJson::errorDelta(inner.isUndefined() ? QJsonValue(object) : inner));
        }
        return;
    }
    if (event.data == "[DONE]") {
        StreamDelta done;
        done.kind = StreamDelta::Kind::EndOfStream;
        out.append(done);
        return;
    }
    bool ok = false;
    const QJsonObject chunk = StreamJson::parseObject(event.data, out, &ok);
    if (ok)
        translateChunk(chunk, out);
}

void OpenAiChatTranslator::translateChunk(const QJsonObject &chunk, QList<StreamDelta> &out)
{
    const QJsonValue error = chunk.value("error"_L1);
    if (!error.isUndefined() && !error.isNull()) {
        out.append(StreamJson::errorDelta(error));
        return;
    }

    const QString model = chunk.value("model"_L1).toString();
    const QString id = chunk.value("id"_L1).toString();
    if ((!model.isEmpty() && model != m_model) || (!id.isEmpty() && id != m_responseId)) {
        StreamDelta meta;
        meta.kind = StreamDelta::Kind::Metadata;
        if (!model.isEmpty())
            m_model = meta.model = model;
        if (!id.isEmpty())
            m_responseId = meta.responseId = id;
        out.append(meta);
    }

    const QJsonArray choices = chunk.value("choices"_L1).toArray();
    for (const QJsonValue &choice : choices)
        translateChoice(choice.toObject(), out);

    QJsonObject usage = chunk.value("usage"_L1).toObject();
    if (usage.isEmpty())
        usage = chunk.value("x_groq"_L1).toObject().value("usage"_L1).toObject();
    if (!usage.isEmpty()) {
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::Usage;
        delta.usage = openAiUsage(usage);
        out.append(delta);
    }
}

void OpenAiChatTranslator::translateChoice(const QJsonObject &choice, QList<StreamDelta> &out)
{
    const int index = choice.value("index"_L1).toInt(0);
    const QJsonObject delta = choice.value("delta"_L1).toObject(); // absent on Azure annotations
    const auto appendText = [&](StreamDelta::Kind kind, const QJsonValue &value) {
        const QString text = value.toString();
        if (!text.isEmpty())
            out.append(StreamDelta::ofText(kind, text, index));
    };
    // Both spellings exist; a server sending both means the same text.
    const QJsonValue reasoningContent = delta.value("reasoning_content"_L1);
    appendText(StreamDelta::Kind::Reasoning,
               reasoningContent.toString().isEmpty() ? delta.value("reasoning"_L1) : reasoningContent);
    appendText(StreamDelta::Kind::Text, delta.value("content"_L1));
    appendText(StreamDelta::Kind::Refusal, delta.value("refusal"_L1));
    translateToolCalls(index, delta.value("tool_calls"_L1), out);

    // Moonshot puts the usage inside the choice.
    const QJsonObject usage = choice.value("usage"_L1).toObject();
    if (!usage.isEmpty()) {
        StreamDelta usageDelta;
        usageDelta.kind = StreamDelta::Kind::Usage;
        usageDelta.usage = openAiUsage(usage);
        out.append(usageDelta);
    }

    const QString finish = choice.value("finish_reason"_L1).toString();
    if (!finish.isEmpty()) {
        StreamDelta finishDelta = StreamDelta::ofText(StreamDelta::Kind::Finish, finish, index);
        finishDelta.finishReason = normalizeFinishReason(finish);
        out.append(finishDelta);
    }
}

void OpenAiChatTranslator::translateToolCalls(int choice, const QJsonValue &toolCalls, QList<StreamDelta> &out)
{
    const QJsonArray calls = toolCalls.toArray();
    for (const QJsonValue &value : calls) {
        const QJsonObject call = value.toObject();
        const QJsonObject function = call.value("function"_L1).toObject();
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::ToolCall;
        delta.choice = choice;
        ToolCallFragment &fragment = delta.toolCall;
        fragment.id = call.value("id"_L1).toString();
        fragment.name = function.value("name"_L1).toString();
        fragment.index = slotFor(choice, call, fragment.id);
        const QJsonValue arguments = function.value("arguments"_L1);
        if (arguments.isString()) {
            fragment.arguments = arguments.toString();
        } else if (arguments.isObject() || arguments.isArray()) {
            fragment.arguments = StreamJson::compact(arguments);
            fragment.replaceArguments = true;
        }
        out.append(delta);
    }
}

// Slot key: the index when present; otherwise the last slot unless a new id starts a new call.
int OpenAiChatTranslator::slotFor(int choice, const QJsonObject &call, const QString &id)
{
    ChoiceSlots &slots = m_slots[choice];
    const QJsonValue index = call.value("index"_L1);
    int key = 0;
    if (index.isDouble()) {
        key = index.toInt();
    } else if (slots.lastKey < 0 || (!id.isEmpty() && id != slots.lastId)) {
        key = slots.nextKey;
    } else {
        key = slots.lastKey;
    }
    slots.lastKey = key;
    slots.nextKey = std::max(slots.nextKey, key + 1);
    if (!id.isEmpty())
        slots.lastId = id;
    return key;
}

} // namespace Skein
