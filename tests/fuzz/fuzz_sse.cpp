// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// SSE framing (core/stream/sseparser): any bytes, cut any way, give the same events as the
// whole stream at once, under the default options, with comments reported, and with a tiny
// event limit (the overflow path).
#include "core/stream/sseparser.h"
#include "fuzzsupport.h"

using namespace Skein;

namespace {

struct Outcome
{
    QList<SseEvent> events;
    bool discardedTail = false;
    bool overflowed = false;
    QByteArray lastEventId;
    qint64 retryMs = -1;

    friend bool operator==(const Outcome &, const Outcome &) = default;
};

Outcome parse(const SseParser::Options &options, const QList<QByteArrayView> &chunks)
{
    SseParser parser(options);
    Outcome out;
    for (QByteArrayView chunk : chunks)
        parser.feed(chunk, out.events);
    out.events += parser.finish();
    out.discardedTail = parser.hasDiscardedTail();
    out.overflowed = parser.overflowed();
    out.lastEventId = parser.lastEventId();
    out.retryMs = parser.retryMs();
    for (const SseEvent &event : std::as_const(out.events)) {
        (void)event.dataText();
        SKEIN_FUZZ_CHECK(event.data.size() <= options.maxEventBytes);
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input = Fuzz::bytes(data, size);
    SseParser::Options comments;
    comments.reportComments = true;
    comments.errorFieldAsEvent = false;
    SseParser::Options tiny;
    tiny.maxEventBytes = 64;
    for (const SseParser::Options &options : {SseParser::Options {}, comments, tiny}) {
        const Outcome whole = parse(options, {input});
        QList<QByteArrayView> bytewise;
        for (qsizetype i = 0; i < input.size(); ++i)
            bytewise.append(input.sliced(i, 1));
        SKEIN_FUZZ_CHECK(parse(options, bytewise) == whole);
        SKEIN_FUZZ_CHECK(parse(options, Fuzz::chunks(input, 1)) == whole);
        SKEIN_FUZZ_CHECK(parse(options, Fuzz::chunks(input, 2)) == whole);
    }
    return 0;
}
