// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// SSE and NDJSON framing rules that the recorded fixtures do not cover on their own.
#include "chunking.h"
#include "core/stream/ndjsonparser.h"
#include "core/stream/sseparser.h"
#include "testsupport.h"

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

QList<SseEvent> parseAll(const QList<QByteArray> &chunks, SseParser::Options options = {})
{
    SseParser parser(options);
    QList<SseEvent> events;
    for (const QByteArray &chunk : chunks)
        events += parser.feed(chunk);
    events += parser.finish();
    return events;
}

// The events of a whole feed, or nothing when some other chunking of the input gives different ones.
std::optional<QList<SseEvent>> parseEveryWay(const QByteArray &bytes, SseParser::Options options = {})
{
    const QList<SseEvent> whole = parseAll({bytes}, options);
    for (const Test::Chunking &chunking : Test::chunkings(bytes)) {
        if (parseAll(chunking.chunks, options) != whole) {
            qWarning("chunking %s differs", qPrintable(chunking.name));
            return std::nullopt;
        }
    }
    return whole;
}

QList<QByteArray> splitNdjson(const QList<QByteArray> &chunks)
{
    NdjsonParser parser;
    QList<QByteArray> lines;
    for (const QByteArray &chunk : chunks)
        lines += parser.feed(chunk);
    lines += parser.finish();
    return lines;
}

} // namespace

class TestSseParser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chunkingNeverChangesEvents()
    {
        const QByteArray bytes = "\xEF\xBB\xBFid: 7\r\nretry: 1500\r\nevent: a\rdata: x\n\ndata:y\r\n\r\n"_ba;
        const QList<SseEvent> whole = parseAll({bytes});
        QCOMPARE(whole.size(), 2);
        for (const Test::Chunking &chunking : Test::chunkings(bytes))
            QVERIFY2(parseAll(chunking.chunks) == whole, qPrintable(chunking.name));
    }

    void bomIsSkippedOnlyAtTheStart()
    {
        const QList<SseEvent> events = parseAll({"\xEF"_ba, "\xBB"_ba,
                                                 "\xBF"_ba
                                                 "data: a\n\ndata: \xEF\xBB\xBF"_ba
                                                 "b\n\n"_ba});
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].data, "a"_ba);
        QCOMPARE(events[1].data,
                 "\xEF\xBB\xBF"_ba
                 "b"_ba);
        // A BOM-like prefix that is not a BOM stays part of the line (here an unknown field).
        QCOMPARE(parseAll({"\xEF\xBB"_ba, "data: c\n\ndata: d\n\n"_ba}).size(), 1);
    }

    void crAtChunkEndIsOneTerminatorWithFollowingLf()
    {
        // CR | LF across chunks is one terminator: the LF must not dispatch as a blank line here.
        const QList<SseEvent> events = parseAll({"data: a\r"_ba, "\ndata: b\r"_ba, "\n\r\n"_ba});
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].data, "a\nb"_ba);
        // CR | CR is two terminators: the second one dispatches.
        QCOMPARE(parseAll({"data: a\r"_ba, "\r"_ba}).size(), 1);
    }

    void fieldsFollowWhatwg()
    {
        const auto parsed = parseEveryWay("data:  two spaces\nid: 1\nretry: 12x\nretry\n\n"
                                          "id\nevent: custom\ndata\n\n"
                                          "id: has\0nul\nretry: 250\ndata: z\n\n"_ba);
        QVERIFY(parsed);
        const QList<SseEvent> &events = *parsed;
        QCOMPARE(events.size(), 3);
        QCOMPARE(events[0].data, " two spaces"_ba); // only one space is stripped
        QCOMPARE(events[0].id, "1"_ba);
        QCOMPARE(events[0].retryMs, -1); // non-digit retry is ignored
        QCOMPARE(events[1].type, "custom"_ba);
        QCOMPARE(events[1].data, QByteArray()); // `data` without colon = empty data line, still dispatched
        QCOMPARE(events[1].id, QByteArray()); // `id` without value resets the id
        QCOMPARE(events[2].id, QByteArray()); // an id with NUL is ignored
        QCOMPARE(events[2].retryMs, 250);
    }

    void unterminatedTailIsDiscarded()
    {
        SseParser parser;
        QCOMPARE(parser.feed("data: done\n\ndata: partial"_ba).size(), 1);
        QVERIFY(parser.finish().isEmpty());
        QVERIFY(parser.hasDiscardedTail());

        SseParser clean;
        QCOMPARE(clean.feed("data: done\n\n"_ba).size(), 1);
        QVERIFY(clean.finish().isEmpty());
        QVERIFY(!clean.hasDiscardedTail());
    }

    void commentsAreReportedOnRequest()
    {
        SseParser::Options options;
        options.reportComments = true;
        const auto parsed = parseEveryWay(": keep-alive\n\ndata: x\n\n"_ba, options);
        QVERIFY(parsed);
        const QList<SseEvent> &events = *parsed;
        QCOMPARE(events.size(), 2);
        QVERIFY(events[0].isComment);
        QCOMPARE(events[0].data, "keep-alive"_ba);
        QVERIFY(!events[1].isComment);
        QCOMPARE(parseAll({": keep-alive\n\ndata: x\n\n"_ba}).size(), 1); // off by default
    }

    void errorFieldBecomesAnErrorEvent()
    {
        const auto parsed = parseEveryWay("error: {\"code\":500}\n\ndata: [DONE]\n\n"_ba);
        QVERIFY(parsed);
        const QList<SseEvent> &events = *parsed;
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].type, "error"_ba);
        QCOMPARE(events[0].data, "{\"code\":500}"_ba);
        SseParser::Options strict;
        strict.errorFieldAsEvent = false;
        QCOMPARE(parseAll({"error: {}\n\ndata: [DONE]\n\n"_ba}, strict).size(), 1);
    }

    void oversizedEventIsDroppedAndFlagged()
    {
        SseParser::Options options;
        options.maxEventBytes = 64;
        SseParser parser(options);
        QVERIFY(parser.feed(QByteArray("data: " + QByteArray(100, 'x') + "\n\ndata: ok\n\n")).size() == 1);
        QVERIFY(parser.overflowed());
        SseParser unterminated(options);
        unterminated.feed(QByteArray(100, 'y'));
        QVERIFY(unterminated.overflowed());
    }

    void largeEventByteByByte()
    {
        // 1 MB in one data line, fed byte by byte: must finish quickly (no rescans from 0).
        const QByteArray payload(1 << 20, 'a');
        const QByteArray bytes = "data: " + payload + "\n\n";
        SseParser parser;
        QList<SseEvent> events;
        for (qsizetype i = 0; i < bytes.size(); ++i)
            events += parser.feed(QByteArrayView(bytes.constData() + i, 1));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].data.size(), payload.size());
    }

    // The byte-wise fast path must stop at maxEventBytes like the general one, for every
    // chunking, and a 2-16 byte fast append must not slip past it either.
    void oversizedEventIsFlaggedWhateverTheChunking()
    {
        SseParser::Options options;
        options.maxEventBytes = 64;
        const QByteArray bytes = "data: " + QByteArray(100, 'x') + "\n\ndata: ok\n\n";
        for (const Test::Chunking &chunking : Test::chunkings(bytes)) {
            SseParser parser(options);
            QList<SseEvent> events;
            for (const QByteArray &chunk : chunking.chunks)
                events += parser.feed(chunk);
            QVERIFY2(parser.overflowed(), qPrintable(chunking.name));
            QCOMPARE(events.size(), 1);
            QCOMPARE(events[0].data, "ok"_ba);
        }
        SseParser empty; // empty feeds are no-ops on every path
        QVERIFY(empty.feed(QByteArrayView()).isEmpty());
        QVERIFY(empty.feed("data: x"_ba).isEmpty());
        QVERIFY(empty.feed(QByteArrayView()).isEmpty());
        QCOMPARE(empty.feed("\n\n"_ba).size(), 1);

        SseParser exact(options); // a line of exactly the limit is not an overflow
        QList<SseEvent> events;
        const QByteArray line = "data: " + QByteArray(58, 'y');
        for (char c : line)
            exact.feed(QByteArrayView(&c, 1), events);
        QVERIFY(!exact.overflowed());
        exact.feed("\n\n"_ba, events);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].data, QByteArray(58, 'y'));
    }

    // Found by fuzz_sse (tests/fuzz): fed in pieces, the start of an overlong line was dropped
    // and its end was read as a line of its own, so the tail of an `event:` line became a `data:`
    // line that the same bytes fed at once never had. The whole line is dropped, every way.
    void overlongLineIsDroppedWholeWhateverTheChunking()
    {
        SseParser::Options options;
        options.maxEventBytes = 64;
        const QByteArray bytes = "event: " + QByteArray(58, 'x') + "data: injected\n\ndata: ok\n\n";
        const std::optional<QList<SseEvent>> events = parseEveryWay(bytes, options);
        QVERIFY(events);
        QCOMPARE(events->size(), 1);
        QCOMPARE(events->at(0).data, "ok"_ba);
        QCOMPARE(events->at(0).type, "message"_ba);
        for (const Test::Chunking &chunking : Test::chunkings(bytes)) {
            SseParser parser(options);
            for (const QByteArray &chunk : chunking.chunks)
                parser.feed(chunk);
            QVERIFY2(parser.overflowed(), qPrintable(chunking.name));
        }
        // An overlong unterminated last line is a discarded tail whether or not it was buffered.
        const QByteArray tail = "data: ok\n\n: " + QByteArray(100, 'z');
        for (const Test::Chunking &chunking : Test::chunkings(tail)) {
            SseParser parser(options);
            for (const QByteArray &chunk : chunking.chunks)
                parser.feed(chunk);
            parser.finish();
            QVERIFY2(parser.overflowed() && parser.hasDiscardedTail(), qPrintable(chunking.name));
        }
    }

    void byteBufferFastPathAndCopies()
    {
        ByteBuffer buffer;
        QVERIFY(!buffer.tryPush('a')); // no storage yet: the general path allocates
        buffer.setSizeCap(300);
        QByteArray expected;
        for (int i = 0; i < 1000 && buffer.size() < 300; ++i) {
            const char c = char('a' + i % 26);
            if (!buffer.tryPush(c))
                buffer.push(c);
            expected += c;
        }
        QCOMPARE(buffer.size(), 300);
        QVERIFY(!buffer.tryPush('z')); // at the cap
        QCOMPARE(buffer.fastRoom(), 0);
        buffer.consume(200);
        expected.remove(0, 200);
        QVERIFY(buffer.tryPush('!')); // below the cap again
        expected += '!';
        buffer.setFastPathOpen(false);
        QVERIFY(!buffer.tryPush('?'));
        QCOMPARE(buffer.fastRoom(), 0);
        buffer.append("tail"_ba); // growth after a partial consume keeps the live bytes
        expected += "tail";
        QCOMPARE(buffer.view(), QByteArrayView(expected));

        ByteBuffer copy(buffer);
        ByteBuffer moved(std::move(buffer));
        QCOMPARE(copy.view(), QByteArrayView(expected));
        QCOMPARE(moved.view(), QByteArrayView(expected));
        copy.append("x"_ba);
        QCOMPARE(moved.view(), QByteArrayView(expected)); // not shared
        QVERIFY(!moved.tryPush('?')); // the closed fast path moved along
        buffer = std::move(copy);
        QCOMPARE(buffer.view(), QByteArrayView(QByteArray(expected + "x")));
    }

    void ndjsonLines()
    {
        const QByteArray bytes = "{\"a\":1}\r\n\n   \n{\"b\":2}\n{\"c\":3}"_ba;
        const QList<QByteArray> expected {"{\"a\":1}"_ba, "{\"b\":2}"_ba, "{\"c\":3}"_ba};
        for (const Test::Chunking &chunking : Test::chunkings(bytes))
            QCOMPARE(splitNdjson(chunking.chunks), expected);
        NdjsonParser parser;
        QCOMPARE(parser.feed("{\"x\":1}"_ba).size(), 0);
        QCOMPARE(parser.finish(), QList<QByteArray> {"{\"x\":1}"_ba});
        QVERIFY(parser.finish().isEmpty());
    }
};

SKEIN_CORE_TEST_MAIN(TestSseParser)
#include "tst_sseparser.moc"
