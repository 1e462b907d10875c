// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// MCP JSON-RPC framing: a stdio server's output (engine/tools/mcpstdiotransport, McpLineFramer),
// cut any way, gives the same messages and rejected lines as the whole output at once. The same
// bytes are also read as a streamable-HTTP answer is (SSE events whose data is a message).
#include "core/stream/sseparser.h"
#include "engine/tools/mcpstdiotransport.h"
#include "fuzzsupport.h"

#include <QJsonDocument>

using namespace Skein;

namespace {

struct Framed
{
    QList<QJsonObject> messages;
    QList<QByteArray> rejected;
    bool overflow = false;

    friend bool operator==(const Framed &, const Framed &) = default;
};

Framed frame(const QList<QByteArrayView> &chunks)
{
    McpLineFramer framer;
    Framed out;
    for (QByteArrayView chunk : chunks) {
        for (const McpLineFramer::Line &line : framer.feed(chunk)) {
            if (line.valid) {
                SKEIN_FUZZ_CHECK(line.raw.isEmpty());
                out.messages.append(line.message);
            } else {
                SKEIN_FUZZ_CHECK(!line.raw.isEmpty() && !line.raw.contains('\n'));
                out.rejected.append(line.raw);
            }
        }
        out.overflow |= framer.takeOverflow();
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input = Fuzz::bytes(data, size);
    const Framed whole = frame({input});
    SKEIN_FUZZ_CHECK(!whole.overflow);
    QList<QByteArrayView> bytewise;
    for (qsizetype i = 0; i < input.size(); ++i)
        bytewise.append(input.sliced(i, 1));
    SKEIN_FUZZ_CHECK(frame(bytewise) == whole);
    SKEIN_FUZZ_CHECK(frame(Fuzz::chunks(input, 1)) == whole);

    SseParser sse;
    QList<SseEvent> events;
    for (QByteArrayView chunk : Fuzz::chunks(input, 2))
        sse.feed(chunk, events);
    events += sse.finish();
    for (const SseEvent &event : std::as_const(events)) {
        if (!event.data.isEmpty() && event.type == "message")
            (void)QJsonDocument::fromJson(event.data).object();
    }
    return 0;
}
