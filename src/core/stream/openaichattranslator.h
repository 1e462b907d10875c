#pragma once

#include "core/stream/streamdelta.h"

#include <QHash>
#include <QList>

class QJsonObject;

namespace Skein {

struct SseEvent;

// Translates OpenAI Chat Completions stream events (and the many OpenAI-compatible servers:
// DeepSeek, Qwen, xAI, Groq, Mistral, vLLM, llama.cpp, OpenRouter, Azure) into StreamDeltas.
// Stateful only where the wire needs it: tool-call slots without an index, and the last model/id
// reported (metadata deltas are emitted on change).
class OpenAiChatTranslator
{
public:
    void translate(const SseEvent &event, QList<StreamDelta> &out);
    // Translates one already-decoded chunk object (also used for tests and non-SSE transports).
    void translateChunk(const QJsonObject &chunk, QList<StreamDelta> &out);

private:
    struct ChoiceSlots
    {
        int lastKey = -1;
        int nextKey = 0;
        QString lastId;
    };

    void translateChoice(const QJsonObject &choice, QList<StreamDelta> &out);
    void translateToolCalls(int choice, const QJsonValue &toolCalls, QList<StreamDelta> &out);
    int slotFor(int choice, const QJsonObject &call, const QString &id);

    QHash<int, ChoiceSlots> m_slots;
    QString m_model;
    QString m_responseId;
};

// OpenAI-style usage object (also DeepSeek cache fields) to TokenUsage.
TokenUsage openAiUsage(const QJsonObject &usage);

} // namespace Skein
