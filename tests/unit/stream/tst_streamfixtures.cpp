// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Feeds every recorded stream in ../shared/fixtures/wire through the parsers whole, byte by byte
// and in random chunkings, and compares the result with our expectations in
// tests/data/stream/fixture-expectations.json.
#include "chunking.h"
#include "core/stream/sseparser.h"
#include "core/stream/streamdecoder.h"
#include "core/stream/turnassembler.h"
#include "testsupport.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

QString wireDir()
{
    return Test::sharedPath(u"fixtures/wire"_s);
}

QStringList streamFixtures()
{
    QStringList files;
    const QString root = wireDir();
    if (root.isEmpty())
        return files;
    QDirIterator it(root, {u"*.sse"_s, u"*.ndjson"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(QDir(root).relativeFilePath(it.next()));
    files.sort();
    return files;
}

QJsonObject expectations()
{
    return QJsonDocument::fromJson(Test::readFile(Test::dataPath(u"stream/fixture-expectations.json"_s))).object();
}

std::optional<WireFormat> wireFormat(const QString &name)
{
    if (name == u"openai")
        return WireFormat::OpenAiChat;
    if (name == u"anthropic")
        return WireFormat::AnthropicMessages;
    if (name == u"ollama")
        return WireFormat::OllamaChat;
    return std::nullopt;
}

// A text expectation is the exact string or {length, startsWith, endsWith, sha256}.
bool textMatches(const QString &actual, const QJsonValue &expected, QString *why)
{
    if (expected.isUndefined())
        return actual.isEmpty() || (*why = u"expected no text, got: "_s + actual.left(80), false);
    if (expected.isString())
        return actual == expected.toString() || (*why = u"got: "_s + actual.left(200), false);
    const QJsonObject spec = expected.toObject();
    const QByteArray hash = QCryptographicHash::hash(actual.toUtf8(), QCryptographicHash::Sha256).toHex();
    if (actual.size() != spec.value("length"_L1).toInteger())
        *why = u"length %1"_s.arg(actual.size());
    else if (!actual.startsWith(spec.value("startsWith"_L1).toString()))
        *why = u"start: "_s + actual.left(60);
    else if (!actual.endsWith(spec.value("endsWith"_L1).toString()))
        *why = u"end: "_s + actual.right(60);
    else if (hash != spec.value("sha256"_L1).toString().toLatin1())
        *why = u"sha256 differs"_s;
    else
        return true;
    return false;
}

QList<StreamDelta> decode(WireFormat format, const QList<QByteArray> &chunks)
{
    StreamDecoder decoder(format);
    QList<StreamDelta> deltas;
    for (const QByteArray &chunk : chunks)
        deltas += decoder.feed(chunk);
    deltas += decoder.finish();
    return deltas;
}

QList<SseEvent> parseEvents(const QList<QByteArray> &chunks)
{
    SseParser parser;
    QList<SseEvent> events;
    for (const QByteArray &chunk : chunks)
        events += parser.feed(chunk);
    events += parser.finish();
    return events;
}

} // namespace

class TestStreamFixtures final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyExpectationHasAFixture()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire");
        const QStringList files = streamFixtures();
        QVERIFY(files.size() >= 45);
        const QJsonObject expected = expectations();
        QVERIFY2(!expected.isEmpty(), "tests/data/stream/fixture-expectations.json is missing or invalid");
        for (const QString &key : expected.keys()) {
            if (!key.startsWith(u'_'))
                QVERIFY2(files.contains(key), qPrintable(u"expectation without fixture: "_s + key));
        }
    }

    void fixture_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString &file : streamFixtures())
            QTest::newRow(qPrintable(file)) << file;
    }

    void fixture()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire");
        QFETCH(QString, file);
        const QJsonObject all = expectations();
        QVERIFY2(all.contains(file), qPrintable(u"no expectation written for new fixture "_s + file));
        const QJsonObject expected = all.value(file).toObject();
        const QByteArray bytes = Test::readFile(QDir(wireDir()).filePath(file));
        QVERIFY(!bytes.isEmpty());

        const QString format = expected.value("format"_L1).toString();
        if (format == u"sse") {
            checkEvents(bytes, expected.value("events"_L1).toArray());
            return;
        }
        const std::optional<WireFormat> wire = wireFormat(format);
        QVERIFY2(wire, qPrintable(u"unknown format "_s + format));

        const QList<QList<QByteArray>> cuts = [&] {
            QList<QList<QByteArray>> result;
            for (const Test::Chunking &chunking : Test::chunkings(bytes))
                result.append(chunking.chunks);
            return result;
        }();
        const QList<StreamDelta> reference = decode(*wire, cuts.first());
        for (const Test::Chunking &chunking : Test::chunkings(bytes)) {
            const QList<StreamDelta> deltas = decode(*wire, chunking.chunks);
            QVERIFY2(deltas == reference, qPrintable(chunking.name + u": deltas differ from a whole feed"_s));
        }
        TurnAssembler assembler;
        assembler.apply(reference);
        checkTurn(assembler.turn(), expected);
    }

private:
    void checkEvents(const QByteArray &bytes, const QJsonArray &expected)
    {
        for (const Test::Chunking &chunking : Test::chunkings(bytes)) {
            const QList<SseEvent> events = parseEvents(chunking.chunks);
            QVERIFY2(events.size() == expected.size(),
                     qPrintable(u"%1: %2 events"_s.arg(chunking.name).arg(events.size())));
            for (qsizetype i = 0; i < events.size(); ++i) {
                const QJsonObject want = expected.at(i).toObject();
                QCOMPARE(QString::fromUtf8(events[i].type), want.value("event"_L1).toString());
                QCOMPARE(events[i].dataText(), want.value("data"_L1).toString());
                QCOMPARE(QString::fromUtf8(events[i].id), want.value("id"_L1).toString());
                QCOMPARE(events[i].retryMs, want.value("retry"_L1).toInteger());
            }
        }
    }

    void checkTurn(const AssembledTurn &turn, const QJsonObject &expected)
    {
        QString why;
        QVERIFY2(textMatches(turn.text, expected.value("text"_L1), &why), qPrintable(u"text: "_s + why));
        QVERIFY2(textMatches(turn.reasoning, expected.value("reasoning"_L1), &why), qPrintable(u"reasoning: "_s + why));
        QVERIFY2(!expected.contains("reasoningSignature"_L1), "reasoningSignature is now part of reasoningBlocks");
        QVERIFY2(textMatches(turn.refusal, expected.value("refusal"_L1), &why), qPrintable(u"refusal: "_s + why));
        QVERIFY2(textMatches(turn.stopSequence, expected.value("stopSequence"_L1), &why),
                 qPrintable(u"stop sequence: "_s + why));

        const QJsonArray blocks = expected.value("reasoningBlocks"_L1).toArray();
        QCOMPARE(turn.reasoningBlocks.size(), blocks.size());
        for (qsizetype i = 0; i < blocks.size(); ++i) {
            const QJsonObject block = blocks.at(i).toObject();
            const ReasoningBlock &actual = turn.reasoningBlocks.at(i);
            QCOMPARE(ReasoningBlocks::kindName(actual.kind), block.value("type"_L1).toString());
            QVERIFY2(textMatches(actual.thinking, block.value("thinking"_L1), &why), qPrintable(u"thinking: "_s + why));
            QVERIFY2(textMatches(actual.signature, block.value("signature"_L1), &why),
                     qPrintable(u"signature: "_s + why));
            QVERIFY2(textMatches(actual.data, block.value("data"_L1), &why), qPrintable(u"data: "_s + why));
            QCOMPARE(actual.textOffset, block.value("textOffset"_L1).toInteger());
            QCOMPARE(actual.toolCallsBefore, block.value("toolCallsBefore"_L1).toInteger());
        }

        const QJsonArray calls = expected.value("toolCalls"_L1).toArray();
        QCOMPARE(turn.toolCalls.size(), calls.size());
        for (qsizetype i = 0; i < calls.size(); ++i) {
            const QJsonObject call = calls.at(i).toObject();
            QCOMPARE(turn.toolCalls[i].index, call.value("index"_L1).toInt());
            QCOMPARE(turn.toolCalls[i].id, call.value("id"_L1).toString());
            QCOMPARE(turn.toolCalls[i].name, call.value("name"_L1).toString());
            QCOMPARE(turn.toolCalls[i].argumentsJson, call.value("arguments"_L1).toString());
            // Closed (complete) unless the expectation says the stream left it open.
            QCOMPARE(turn.toolCalls[i].closed, call.value("closed"_L1).toBool(true));
        }

        QCOMPARE(finishReasonName(turn.finishReason), expected.value("finish"_L1).toString());
        QCOMPARE(turn.rawFinishReason, expected.value("rawFinish"_L1).toString());

        const QJsonObject usage = expected.value("usage"_L1).toObject();
        const auto count = [&](const char *key) { return usage.value(QLatin1StringView(key)).toInteger(-1); };
        QCOMPARE(turn.usage.promptTokens, count("prompt"));
        QCOMPARE(turn.usage.completionTokens, count("completion"));
        QCOMPARE(turn.usage.totalTokens, count("total"));
        QCOMPARE(turn.usage.cachedTokens, count("cached"));
        QCOMPARE(turn.usage.cacheCreationTokens, count("cacheCreation"));
        QCOMPARE(turn.usage.reasoningTokens, count("reasoning"));

        const QJsonValue error = expected.value("error"_L1);
        QCOMPARE(turn.hasError(), error.isObject());
        if (error.isObject()) {
            const QJsonObject want = error.toObject();
            QCOMPARE(errorCategoryName(turn.error.category), want.value("category"_L1).toString());
            QCOMPARE(turn.error.type, want.value("type"_L1).toString());
            QCOMPARE(turn.error.code, want.value("code"_L1).toString());
            if (want.contains("message"_L1))
                QCOMPARE(turn.error.message, want.value("message"_L1).toString());
            QVERIFY(!turn.error.message.isEmpty());
        }

        QCOMPARE(turn.sawTerminalMarker, expected.value("terminal"_L1).toBool());
        QCOMPARE(turn.model, expected.value("model"_L1).toString());
        QCOMPARE(turn.responseId, expected.value("responseId"_L1).toString());
    }
};

SKEIN_CORE_TEST_MAIN(TestStreamFixtures)
#include "tst_streamfixtures.moc"
