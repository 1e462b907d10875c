/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/jsontape.h"
#include "core/stream/streamdelta.h"

#include <QHash>
#include <QList>

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

private:
    struct ChoiceSlots
    {
        int lastKey = -1;
        int nextKey = 0;
        QString lastId;
    };

    void translateChunk(const JsonRef &chunk, QList<StreamDelta> &out);
    void translateChoice(const JsonRef &choice, QList<StreamDelta> &out);
    void translateToolCalls(int choice, const JsonRef &toolCalls, QList<StreamDelta> &out);
    int slotFor(int choice, const JsonRef &call, const QString &id);

    JsonTape m_json;
    QHash<int, ChoiceSlots> m_slots;
    QByteArray m_modelRaw; // JSON text of the last model / id seen
    QByteArray m_idRaw;
};

// OpenAI-style usage object (also DeepSeek cache fields) to TokenUsage.
TokenUsage openAiUsage(const JsonRef &usage);

} // namespace Skein
