// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/openaichattranslator.h"

#include "core/stream/sseparser.h"
#include "core/stream/streamjson.h"

namespace Skein {

using namespace Qt::StringLiterals;

TokenUsage openAiUsage(const JsonRef &usage)
{
    TokenUsage result;
    result.promptTokens = usage["prompt_tokens"_L1].toInteger(-1);
    result.completionTokens = usage["completion_tokens"_L1].toInteger(-1);
    result.totalTokens = usage["total_tokens"_L1].toInteger(-1);
    result.cachedTokens = usage["prompt_tokens_details"_L1]["cached_tokens"_L1].toInteger(-1);
    if (result.cachedTokens < 0)
        result.cachedTokens = usage["prompt_cache_hit_tokens"_L1].toInteger(-1);
    result.reasoningTokens = usage["completion_tokens_details"_L1]["reasoning_tokens"_L1].toInteger(-1);
    return result;
}

void OpenAiChatTranslator::translate(const SseEvent &event, QList<StreamDelta> &out)
{
    if (event.data.isEmpty())
        return; // never JSON-parse an empty payload
    if (event.type == "error") {
        // llama.cpp's non-standard `error:` field carries the error object itself.
        if (StreamJson::parseObject(m_json, event.data, out)) {
            const JsonRef root = m_json.root();
            const JsonRef inner = root["error"_L1];
            out.append(StreamJson::errorDelta(inner.isValid() ? inner : root));
        }
        return;
    }
    if (event.data == "[DONE]") {
        StreamDelta done;
        done.kind = StreamDelta::Kind::EndOfStream;
        out.append(done);
        return;
    }
    if (StreamJson::parseObject(m_json, event.data, out))
        translateChunk(m_json.root(), out);
}

void OpenAiChatTranslator::translateChunk(const JsonRef &chunk, QList<StreamDelta> &out)
{
    const JsonRef error = chunk["error"_L1];
    if (error.isValid() && !error.isNull()) {
        out.append(StreamJson::errorDelta(error));
        return;
    }

    // Compare raw bytes first: model and id repeat in every chunk.
    const JsonRef model = chunk["model"_L1];
    const JsonRef id = chunk["id"_L1];
    const bool modelChanged = model.isString() && model.raw().size() > 2 && model.raw() != m_modelRaw;
    const bool idChanged = id.isString() && id.raw().size() > 2 && id.raw() != m_idRaw;
    if (modelChanged || idChanged) {
        StreamDelta meta;
        meta.kind = StreamDelta::Kind::Metadata;
        if (modelChanged) {
            m_modelRaw = model.raw().toByteArray();
            meta.model = model.toString();
        }
        if (idChanged) {
            m_idRaw = id.raw().toByteArray();
            meta.responseId = id.toString();
        }
        out.append(meta);
    }

    for (const JsonRef choice : chunk["choices"_L1].elements())
        translateChoice(choice, out);

    JsonRef usage = chunk["usage"_L1];
    if (!usage.isObject())
        usage = chunk["x_groq"_L1]["usage"_L1];
    if (usage.isObject()) {
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::Usage;
        delta.usage = openAiUsage(usage);
        out.append(delta);
    }
}

void OpenAiChatTranslator::translateChoice(const JsonRef &choice, QList<StreamDelta> &out)
{
    const int index = int(choice["index"_L1].toInteger(0));
    const JsonRef delta = choice["delta"_L1]; // absent on Azure filter annotations
    const auto appendText = [&](StreamDelta::Kind kind, const JsonRef &value) {
        if (value.isString() && value.raw().size() > 2)
            out.append(StreamDelta::ofText(kind, value.toString(), index));
    };
    // Both spellings exist; a server sending both means the same text.
    const JsonRef reasoningContent = delta["reasoning_content"_L1];
    appendText(StreamDelta::Kind::Reasoning,
               reasoningContent.isString() && reasoningContent.raw().size() > 2 ? reasoningContent
                                                                                : delta["reasoning"_L1]);
    appendText(StreamDelta::Kind::Text, delta["content"_L1]);
    appendText(StreamDelta::Kind::Refusal, delta["refusal"_L1]);
    translateToolCalls(index, delta["tool_calls"_L1], out);

    // Moonshot puts the usage inside the choice.
    const JsonRef usage = choice["usage"_L1];
    if (usage.isObject()) {
        StreamDelta usageDelta;
        usageDelta.kind = StreamDelta::Kind::Usage;
        usageDelta.usage = openAiUsage(usage);
        out.append(usageDelta);
    }

    // vLLM names the stop string that matched (or a token id, which is not text).
    const JsonRef stopReason = choice["stop_reason"_L1];
    if (stopReason.isString() && stopReason.raw().size() > 2)
        out.append(StreamDelta::ofText(StreamDelta::Kind::StopSequence, stopReason.toString(), index));

    const QString finish = choice["finish_reason"_L1].toString();
    if (!finish.isEmpty()) {
        StreamDelta finishDelta = StreamDelta::ofText(StreamDelta::Kind::Finish, finish, index);
        finishDelta.finishReason = normalizeFinishReason(finish);
        out.append(finishDelta);
    }
}

void OpenAiChatTranslator::translateToolCalls(int choice, const JsonRef &toolCalls, QList<StreamDelta> &out)
{
    for (const JsonRef call : toolCalls.elements()) {
        const JsonRef function = call["function"_L1];
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::ToolCall;
        delta.choice = choice;
        ToolCallFragment &fragment = delta.toolCall;
        fragment.id = call["id"_L1].toString();
        fragment.name = function["name"_L1].toString();
        fragment.index = slotFor(choice, call, fragment.id);
        const JsonRef arguments = function["arguments"_L1];
        if (arguments.isString()) {
            fragment.arguments = arguments.toString();
        } else if (arguments.isObject() || arguments.isArray()) {
            fragment.arguments = StreamJson::jsonText(arguments);
            fragment.replaceArguments = true;
        }
        out.append(delta);
    }
}

// Slot key: the index when present; otherwise the last slot unless a new id starts a new call.
int OpenAiChatTranslator::slotFor(int choice, const JsonRef &call, const QString &id)
{
    ChoiceSlots &slots = m_slots[choice];
    const JsonRef index = call["index"_L1];
    int key = 0;
    if (index.isNumber()) {
        key = int(index.toInteger());
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
