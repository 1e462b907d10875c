/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/anthropictranslator.h"
#include "core/stream/ndjsonparser.h"
#include "core/stream/ollamatranslator.h"
#include "core/stream/openaichattranslator.h"
#include "core/stream/sseparser.h"
#include "core/stream/streamdelta.h"

#include <QByteArrayView>
#include <QList>

namespace Skein {

enum class WireFormat {
    OpenAiChat, // SSE, Chat Completions chunks (all OpenAI-compatible servers)
    AnthropicMessages, // SSE, Messages events
    OllamaChat, // NDJSON, /api/chat (and /api/generate)
};

// Network bytes in, StreamDeltas out: framing (SSE or NDJSON) plus the provider translator.
// The provider clients feed every readyRead chunk and call finish() at end of body.
class StreamDecoder
{
public:
    explicit StreamDecoder(WireFormat format);

    QList<StreamDelta> feed(QByteArrayView bytes);
    // The same, appending to `deltas` (inline: byte-wise feeding must stay cheap).
    void feed(QByteArrayView bytes, QList<StreamDelta> &deltas)
    {
        if (m_format == WireFormat::OllamaChat) {
            feedNdjson(bytes, deltas);
            return;
        }
        m_sse.feed(bytes, m_events);
        if (!m_events.isEmpty() || m_sse.overflowed())
            translatePending(deltas);
    }
    // End of body: flushes a final unterminated NDJSON line (dropped when it is not complete JSON:
    // the connection was cut inside it). SSE follows WHATWG and drops an unterminated last block
    // (EOF after a finish reason is still a complete turn).
    QList<StreamDelta> finish();

    WireFormat format() const { return m_format; }

private:
    void feedNdjson(QByteArrayView bytes, QList<StreamDelta> &out);
    void translatePending(QList<StreamDelta> &out);
    void translate(const QList<SseEvent> &events, QList<StreamDelta> &out);
    void translate(const QList<QByteArray> &lines, QList<StreamDelta> &out);
    void reportOverflow(QList<StreamDelta> &out);

    WireFormat m_format;
    QList<SseEvent> m_events; // reused between feed() calls
    SseParser m_sse;
    NdjsonParser m_ndjson;
    OpenAiChatTranslator m_openAi;
    AnthropicTranslator m_anthropic;
    OllamaTranslator m_ollama;
    bool m_overflowReported = false;
};

} // namespace Skein
