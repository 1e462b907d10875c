// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/streamdecoder.h"

#include <QCoreApplication>

namespace Skein {

StreamDecoder::StreamDecoder(WireFormat format)
    : m_format(format)
{ }

QList<StreamDelta> StreamDecoder::feed(QByteArrayView bytes)
{
    QList<StreamDelta> out;
    feed(bytes, out);
    return out;
}

void StreamDecoder::feedNdjson(QByteArrayView bytes, QList<StreamDelta> &out)
{
    translate(m_ndjson.feed(bytes), out);
}

void StreamDecoder::translatePending(QList<StreamDelta> &out)
{
    translate(m_events, out);
    m_events.clear();
    reportOverflow(out);
}

QList<StreamDelta> StreamDecoder::finish()
{
    QList<StreamDelta> out;
    if (m_format == WireFormat::OllamaChat) {
        for (const QByteArray &line : m_ndjson.finish())
            m_ollama.translateTail(line, out);
    } else
        translate(m_sse.finish(), out);
    return out;
}

void StreamDecoder::translate(const QList<SseEvent> &events, QList<StreamDelta> &out)
{
    for (const SseEvent &event : events) {
        if (m_format == WireFormat::AnthropicMessages)
            m_anthropic.translate(event, out);
        else
            m_openAi.translate(event, out);
    }
}

void StreamDecoder::translate(const QList<QByteArray> &lines, QList<StreamDelta> &out)
{
    for (const QByteArray &line : lines)
        m_ollama.translate(line, out);
}

void StreamDecoder::reportOverflow(QList<StreamDelta> &out)
{
    if (m_overflowReported || !m_sse.overflowed())
        return;
    m_overflowReported = true;
    StreamDelta delta;
    delta.kind = StreamDelta::Kind::Error;
    delta.error.category = ErrorCategory::Protocol;
    delta.error.type = QStringLiteral("event_too_large");
    delta.error.message
        = QCoreApplication::translate("Skein::StreamDecoder", "The server sent an event larger than the allowed size.");
    out.append(delta);
}

} // namespace Skein
