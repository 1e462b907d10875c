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
    // End of body: flushes a final unterminated NDJSON line. SSE follows WHATWG and drops an
    // unterminated last block (EOF after a finish reason is still a complete turn).
    QList<StreamDelta> finish();

    WireFormat format() const { return m_format; }

private:
    void translate(const QList<SseEvent> &events, QList<StreamDelta> &out);
    void translate(const QList<QByteArray> &lines, QList<StreamDelta> &out);
    void reportOverflow(QList<StreamDelta> &out);

    WireFormat m_format;
    SseParser m_sse;
    NdjsonParser m_ndjson;
    OpenAiChatTranslator m_openAi;
    AnthropicTranslator m_anthropic;
    OllamaTranslator m_ollama;
    bool m_overflowReported = false;
};

} // namespace Skein
