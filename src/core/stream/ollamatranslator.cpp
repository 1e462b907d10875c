// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/ollamatranslator.h"

#include "core/stream/streamjson.h"

namespace Skein {

using namespace Qt::StringLiterals;

void OllamaTranslator::translate(const QByteArray &line, QList<StreamDelta> &out)
{
    if (StreamJson::parseObject(m_json, line, out))
        translateObject(m_json.root(), out);
}

void OllamaTranslator::translateTail(const QByteArray &line, QList<StreamDelta> &out)
{
    // Half a line means the connection was cut inside it: not a protocol error, just the end of
    // what arrived (the turn has no done:true, so it is truncated).
    if (m_json.parse(line) && m_json.root().isObject())
        translateObject(m_json.root(), out);
}

void OllamaTranslator::translateObject(const JsonRef &object, QList<StreamDelta> &out)
{
    const JsonRef error = object["error"_L1];
    if (error.isValid() && !error.isNull()) {
        out.append(StreamJson::errorDelta(error));
        return;
    }
    const QString model = object["model"_L1].toString();
    if (!model.isEmpty() && model != m_model) {
        m_model = model;
        StreamDelta meta;
        meta.kind = StreamDelta::Kind::Metadata;
        meta.model = model;
        out.append(meta);
    }

    const JsonRef message = object["message"_L1];
    const auto appendText = [&](StreamDelta::Kind kind, const JsonRef &value) {
        const QString text = value.toString();
        if (!text.isEmpty())
            out.append(StreamDelta::ofText(kind, text));
    };
    appendText(StreamDelta::Kind::Reasoning, message["thinking"_L1]);
    appendText(StreamDelta::Kind::Text, message["content"_L1]);
    appendText(StreamDelta::Kind::Reasoning, object["thinking"_L1]); // /api/generate
    appendText(StreamDelta::Kind::Text, object["response"_L1]); // /api/generate

    for (const JsonRef call : message["tool_calls"_L1].elements()) {
        const JsonRef function = call["function"_L1];
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::ToolCall;
        ToolCallFragment &fragment = delta.toolCall;
        // Calls arrive complete, one per entry; a stated index is only a hint.
        fragment.index = m_nextToolIndex++;
        fragment.id = call["id"_L1].toString();
        fragment.name = function["name"_L1].toString();
        const JsonRef arguments = function["arguments"_L1];
        fragment.arguments = arguments.isString() ? arguments.toString() : StreamJson::jsonText(arguments);
        fragment.replaceArguments = true;
        fragment.closes = true;
        out.append(delta);
    }

    if (object["done"_L1].toBool()) {
        StreamDelta usage;
        usage.kind = StreamDelta::Kind::Usage;
        // Counts are omitempty on the wire: absent means zero.
        usage.usage.promptTokens = object["prompt_eval_count"_L1].toInteger(0);
        usage.usage.completionTokens = object["eval_count"_L1].toInteger(0);
        usage.usage.totalTokens = usage.usage.promptTokens + usage.usage.completionTokens;
        out.append(usage);

        const QString reason = object["done_reason"_L1].toString();
        StreamDelta finish = StreamDelta::ofText(StreamDelta::Kind::Finish, reason);
        finish.finishReason = reason.isEmpty() ? FinishReason::Stop : normalizeFinishReason(reason);
        out.append(finish);

        StreamDelta end;
        end.kind = StreamDelta::Kind::EndOfStream;
        out.append(end);
    }
}

} // namespace Skein
