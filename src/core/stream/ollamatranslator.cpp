#include "core/stream/ollamatranslator.h"

#include "core/stream/streamjson.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Skein {

using namespace Qt::StringLiterals;

void OllamaTranslator::translate(const QByteArray &line, QList<StreamDelta> &out)
{
    bool ok = false;
    const QJsonObject object = StreamJson::parseObject(line, out, &ok);
    if (ok)
        translateObject(object, out);
}

void OllamaTranslator::translateObject(const QJsonObject &object, QList<StreamDelta> &out)
{
    const QJsonValue error = object.value("error"_L1);
    if (!error.isUndefined() && !error.isNull()) {
        out.append(StreamJson::errorDelta(error));
        return;
    }
    const QString model = object.value("model"_L1).toString();
    if (!model.isEmpty() && model != m_model) {
        m_model = model;
        StreamDelta meta;
        meta.kind = StreamDelta::Kind::Metadata;
        meta.model = model;
        out.append(meta);
    }

    const QJsonObject message = object.value("message"_L1).toObject();
    const auto appendText = [&](StreamDelta::Kind kind, const QJsonValue &value) {
        const QString text = value.toString();
        if (!text.isEmpty())
            out.append(StreamDelta::ofText(kind, text));
    };
    appendText(StreamDelta::Kind::Reasoning, message.value("thinking"_L1));
    appendText(StreamDelta::Kind::Text, message.value("content"_L1));
    appendText(StreamDelta::Kind::Reasoning, object.value("thinking"_L1)); // /api/generate
    appendText(StreamDelta::Kind::Text, object.value("response"_L1)); // /api/generate

    const QJsonArray toolCalls = message.value("tool_calls"_L1).toArray();
    for (const QJsonValue &value : toolCalls) {
        const QJsonObject call = value.toObject();
        const QJsonObject function = call.value("function"_L1).toObject();
        StreamDelta delta;
        delta.kind = StreamDelta::Kind::ToolCall;
        ToolCallFragment &fragment = delta.toolCall;
        // Calls arrive complete, one per entry; a stated index is only a hint.
        fragment.index = m_nextToolIndex++;
        fragment.id = call.value("id"_L1).toString();
        fragment.name = function.value("name"_L1).toString();
        const QJsonValue arguments = function.value("arguments"_L1);
        fragment.arguments = arguments.isString() ? arguments.toString() : StreamJson::compact(arguments);
        fragment.replaceArguments = true;
        out.append(delta);
    }

    if (object.value("done"_L1).toBool()) {
        StreamDelta usage;
        usage.kind = StreamDelta::Kind::Usage;
        // Counts are omitempty on the wire: absent means zero.
        usage.usage.promptTokens = object.value("prompt_eval_count"_L1).toInteger(0);
        usage.usage.completionTokens = object.value("eval_count"_L1).toInteger(0);
        usage.usage.totalTokens = usage.usage.promptTokens + usage.usage.completionTokens;
        out.append(usage);

        const QString reason = object.value("done_reason"_L1).toString();
        StreamDelta finish = StreamDelta::ofText(StreamDelta::Kind::Finish, reason);
        finish.finishReason = reason.isEmpty() ? FinishReason::Stop : normalizeFinishReason(reason);
        out.append(finish);

        StreamDelta end;
        end.kind = StreamDelta::Kind::EndOfStream;
        out.append(end);
    }
}

} // namespace Skein
