// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Throughput of the streaming parsers on a synthetic recorded-style OpenAI stream, and the cost of
// byte-by-byte feeding of one large event compared with feeding it at once.
#include "core/stream/sseparser.h"
#include "core/stream/streamdecoder.h"
#include "core/stream/turnassembler.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <cstdio>
#include <ctime>
#include <functional>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype NetworkChunk = 16 * 1024;
constexpr int Repeats = 5;

// CPU time of this thread (user + system, so page faults count), in seconds. The build machine is
// shared: wall time mostly measures the other processes, CPU time far less so.
double threadSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

// Best CPU time of a few runs, in seconds.
double bestSeconds(const std::function<void()> &run, int repeats = Repeats)
{
    double best = 1e300;
    for (int i = 0; i < repeats; ++i) {
        const double start = threadSeconds();
        run();
        best = std::min(best, threadSeconds() - start);
    }
    return best;
}

double megabytesPerSecond(qsizetype bytes, double seconds)
{
    return double(bytes) / (1024.0 * 1024.0) / seconds;
}

QByteArray jsonString(const QString &text)
{
    QByteArray quoted = QJsonDocument(QJsonArray {text}).toJson(QJsonDocument::Compact);
    return quoted.mid(2, quoted.size() - 4); // strip [" and "]
}

QByteArray chunkEvent(QByteArrayView delta, QByteArrayView finish, QRandomGenerator &random)
{
    static const QByteArray head
        = R"(data: {"id":"chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL","object":"chat.completion.chunk",)"
          R"("created":1727346169,"model":"gpt-4o-2024-08-06","system_fingerprint":"fp_5050236cbd",)"
          R"("service_tier":"default","choices":[{"index":0,"delta":)"_ba;
    QByteArray padding(random.bounded(4, 16), 'x');
    for (char &c : padding)
        c = char('a' + random.bounded(26));
    return head + delta.toByteArray() + R"(,"logprobs":null,"finish_reason":)"_ba + finish.toByteArray()
        + R"(}],"usage":null,"obfuscation":")"_ba + padding + "\"}\n\n"_ba;
}

// Many small chunk events, like a long gpt-4o answer: ~size bytes in total.
QByteArray synthesiseStream(qsizetype size)
{
    static const QStringList words {u"The"_s,     u" quick"_s, u" brown"_s,      u" fox"_s,   u" jumps"_s,
                                    u" over"_s,   u" the"_s,   u" lazy"_s,       u" dog."_s,  u"\n\n"_s,
                                    u" 你好"_s,   u"世界"_s,   u" \"quoted\""_s, u" naïve"_s, u" 🙂"_s,
                                    u" stream"_s, u"ing"_s,    u" parsers"_s};
    QRandomGenerator random(2026);
    QByteArray body = chunkEvent(R"({"role":"assistant","content":"","refusal":null})", "null", random);
    while (body.size() < size) {
        const QString token = words.at(random.bounded(words.size()));
        body += chunkEvent(QByteArray("{\"content\":\"" + jsonString(token) + "\"}"), "null", random);
    }
    body += chunkEvent("{}", "\"stop\"", random);
    body += R"(data: {"id":"chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL","object":"chat.completion.chunk","choices":[],)"
            R"("usage":{"prompt_tokens":14,"completion_tokens":30,"total_tokens":44}})"
            "\n\ndata: [DONE]\n\n"_ba;
    return body;
}

template<typename Feed> void feedInChunks(const QByteArray &bytes, qsizetype chunk, Feed &&feed)
{
    for (qsizetype at = 0; at < bytes.size(); at += chunk)
        feed(QByteArrayView(bytes).sliced(at, std::min(chunk, bytes.size() - at)));
}

struct Counts
{
    qsizetype events = 0;
    qsizetype textLength = 0;
};

Counts frameOnly(const QByteArray &bytes, qsizetype chunk)
{
    SseParser parser;
    Counts counts;
    QList<SseEvent> events;
    feedInChunks(bytes, chunk, [&](QByteArrayView piece) {
        parser.feed(piece, events);
        counts.events += events.size();
        events.clear();
    });
    counts.events += parser.finish().size();
    return counts;
}

Counts decodeAll(const QByteArray &bytes, qsizetype chunk)
{
    StreamDecoder decoder(WireFormat::OpenAiChat);
    TurnAssembler assembler;
    QList<StreamDelta> deltas;
    feedInChunks(bytes, chunk, [&](QByteArrayView piece) {
        decoder.feed(piece, deltas);
        if (!deltas.isEmpty()) {
            assembler.apply(deltas);
            deltas.clear();
        }
    });
    assembler.apply(decoder.finish());
    return {1, assembler.turn().text.size()};
}

void throughput()
{
    const QByteArray stream = synthesiseStream(qsizetype(32) * 1024 * 1024);
    std::printf("stream: %.1f MB of OpenAI chunk events, fed in %lld-byte chunks\n", double(stream.size()) / 1048576.0,
                qlonglong(NetworkChunk));

    // Baseline: the JSON parser alone on the pre-split payloads.
    QList<QByteArray> payloads;
    for (const SseEvent &event : SseParser().feed(stream))
        payloads.append(event.data);
    qsizetype parsed = 0;
    const double jsonSeconds = bestSeconds([&] {
        parsed = 0;
        for (const QByteArray &payload : payloads)
            parsed += QJsonDocument::fromJson(payload).isObject() ? 1 : 0;
    });

    Counts framed;
    const double frameSeconds = bestSeconds([&] { framed = frameOnly(stream, NetworkChunk); });
    Counts decoded;
    const double decodeSeconds = bestSeconds([&] { decoded = decodeAll(stream, NetworkChunk); });

    std::printf("  %lld events, assembled text %lld chars (JSON objects parsed by baseline: %lld)\n",
                qlonglong(framed.events), qlonglong(decoded.textLength), qlonglong(parsed));
    std::printf("  SSE framing only:                 %8.1f MB/s\n", megabytesPerSecond(stream.size(), frameSeconds));
    std::printf("  framing + JSON + translate + assemble: %8.1f MB/s   (target >= 100)\n",
                megabytesPerSecond(stream.size(), decodeSeconds));
    std::printf("  baseline QJsonDocument::fromJson on payloads alone: %8.1f MB/s\n",
                megabytesPerSecond(stream.size(), jsonSeconds));
    std::printf("  ratio full decode / JSON baseline time: %.2f\n", decodeSeconds / jsonSeconds);
}

QByteArray largeEventBody(qsizetype contentSize)
{
    QByteArray content(contentSize, 'a');
    for (qsizetype i = 0; i < contentSize; i += 61)
        content[i] = ' ';
    return R"(data: {"choices":[{"index":0,"delta":{"content":")"_ba + content
        + R"("},"finish_reason":"stop"}]})"
          "\n\ndata: [DONE]\n\n"_ba;
}

void largeEvent()
{
    const QByteArray event = largeEventBody(qsizetype(8) * 1024 * 1024);
    const double megabytes = double(event.size()) / 1048576.0;
    std::printf("one %.1f MB event: whole vs one byte per feed() call (best of %d)\n", megabytes, Repeats);

    Counts whole;
    Counts single;
    const double frameWhole = bestSeconds([&] { whole = frameOnly(event, event.size()); });
    const double frameSingle = bestSeconds([&] { single = frameOnly(event, 1); });
    std::printf("  SSE framing:  whole %7.1f ms, byte by byte %7.1f ms (%.1f ns per call), ratio %.2f\n",
                frameWhole * 1e3, frameSingle * 1e3, frameSingle * 1e9 / double(event.size()),
                frameSingle / frameWhole);

    const double decodeWhole = bestSeconds([&] { whole = decodeAll(event, event.size()); });
    const double decodeSingle = bestSeconds([&] { single = decodeAll(event, 1); });
    std::printf(
        "  full decode:  whole %7.1f ms, byte by byte %7.1f ms (%.1f ns per call), ratio %.2f   (target <= 2)\n",
        decodeWhole * 1e3, decodeSingle * 1e3, decodeSingle * 1e9 / double(event.size()), decodeSingle / decodeWhole);
    if (whole.textLength != single.textLength)
        std::printf("  ERROR: text differs (%lld vs %lld chars)\n", qlonglong(whole.textLength),
                    qlonglong(single.textLength));

    // Linear time: the cost per byte of byte-wise feeding does not grow with the event size.
    const QByteArray small = largeEventBody(qsizetype(1) * 1024 * 1024);
    const double smallSingle = bestSeconds([&] { single = decodeAll(small, 1); });
    const double perByteSmall = smallSingle * 1e9 / double(small.size());
    const double perByteLarge = decodeSingle * 1e9 / double(event.size());
    std::printf("  linearity: byte by byte %.1f ns/byte for 1 MB, %.1f ns/byte for 8 MB (ratio %.2f, 1.0 = linear)\n",
                perByteSmall, perByteLarge, perByteLarge / perByteSmall);
}

// An Anthropic tool_use block whose input streams as `fragments` input_json_delta events, each
// slice ending in a space (pretty-printed JSON): the shape of a long generated file.
QByteArray toolArgumentsStream(int fragments)
{
    QByteArray body
        = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\","
          "\"model\":\"c\",\"usage\":{\"input_tokens\":1}}}\n\n"
          "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,"
          "\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"write_file\",\"input\":{}}}\n\n";
    const auto delta = [&](const QByteArray &json) {
        body += "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{"
                "\"type\":\"input_json_delta\",\"partial_json\":"
            + json + "}}\n\n";
    };
    delta(R"("{\"lines\": [ ")");
    for (int i = 0; i < fragments; ++i)
        delta("\"\\\"row " + QByteArray::number(i) + " of the table\\\", \"");
    delta(R"("]}")");
    body += "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
            "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"}}\n\n";
    return body;
}

// Per-delta cost must not grow with the arguments received so far (issue #12: a reader slower
// than the server throttles it). Before the fix, every slice ending in white space copied the
// whole argument text (QString::trimmed), so 32,000 slices cost ~57 us each instead of ~0.1.
void toolArguments()
{
    std::printf("tool-call arguments streamed as input_json_delta slices (Anthropic)\n");
    double perDelta[2] = {};
    const int sizes[2] = {2000, 32000};
    for (int k = 0; k < 2; ++k) {
        const QByteArray stream = toolArgumentsStream(sizes[k]);
        qsizetype arguments = 0;
        const double seconds = bestSeconds([&] {
            StreamDecoder decoder(WireFormat::AnthropicMessages);
            TurnAssembler assembler;
            QList<StreamDelta> deltas;
            feedInChunks(stream, NetworkChunk, [&](QByteArrayView piece) {
                decoder.feed(piece, deltas);
                assembler.apply(deltas);
                deltas.clear();
            });
            assembler.apply(decoder.finish());
            arguments = assembler.turn().toolCalls.value(0).argumentsJson.size();
        });
        perDelta[k] = seconds * 1e9 / sizes[k];
        std::printf("  %6d slices, %7lld characters of arguments: %8.1f ms, %7.1f ns per slice\n", sizes[k],
                    qlonglong(arguments), seconds * 1e3, perDelta[k]);
    }
    std::printf("  ns per slice at 32,000 vs 2,000 slices: ratio %.2f (1.0 = O(1) per delta)\n",
                perDelta[1] / perDelta[0]);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::printf("== bench_stream == (times: best of %d, CPU time of the bench thread)\n", Repeats);
    throughput();
    largeEvent();
    toolArguments();
    return 0;
}
