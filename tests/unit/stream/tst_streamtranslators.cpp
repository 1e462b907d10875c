// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Provider quirks from wire-protocols.md that the recorded fixtures do not exercise, checked
// through the public path: bytes -> StreamDecoder -> TurnAssembler.
#include "chunking.h"
#include "core/stream/streamdecoder.h"
#include "core/stream/turnassembler.h"
#include "testsupport.h"

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

// Test payloads are written with single quotes (moc cannot tokenize JSON in raw strings).
QByteArray json(const char *singleQuoted)
{
    return QByteArray(singleQuoted).replace('\'', '"');
}

const char ArgumentsStart[] = "{'choices':[{'index':0,'delta':{'tool_calls':[{'index':0,'id':'c1','function':{'name':'"
                              "f','arguments':'{\\u0022x\\u0022'}}]}}]}";
const char FirstCallStart[]
    = "{'choices':[{'delta':{'tool_calls':[{'id':'a','function':{'name':'first','arguments':'{\\u0022p\\u0022:'}}]}}]}";
const char RepeatedCall[] = "{'choices':[{'index':0,'delta':{'tool_calls':[{'index':0,'id':'0','function':{'name':'v','"
                            "arguments':'{\\u0022a\\u0022: 1}'}}]}}]}";

QList<StreamDelta> decode(WireFormat format, const QByteArray &body)
{
    StreamDecoder decoder(format);
    QList<StreamDelta> deltas = decoder.feed(body);
    deltas += decoder.finish();
    return deltas;
}

AssembledTurn assemble(WireFormat format, const QByteArray &body, int choice = 0)
{
    TurnAssembler assembler(choice);
    assembler.apply(decode(format, body));
    return assembler.turn();
}

QByteArray sse(std::initializer_list<QByteArray> payloads)
{
    QByteArray body;
    for (const QByteArray &payload : payloads)
        body += "data: "_ba + payload + "\n\n"_ba;
    return body;
}

} // namespace

class TestStreamTranslators final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void openAiArgumentsAsObjectReplace()
    {
        const AssembledTurn turn = assemble(WireFormat::OpenAiChat,
                                            sse({json(ArgumentsStart),
                                                 json("{'choices':[{'index':0,'delta':{'tool_calls':[{'index':0,'"
                                                      "function':{'arguments':{'x':1,'y':[2]}}}]}}]}"),
                                                 "[DONE]"}));
        QCOMPARE(turn.toolCalls.size(), 1);
        QCOMPARE(turn.toolCalls[0].argumentsJson, QString::fromUtf8(json("{'x':1,'y':[2]}")));
        QVERIFY(turn.toolCalls[0].hasValidArguments());
        QVERIFY(turn.sawTerminalMarker);
    }

    void openAiCallsWithoutIndexAreSlottedById()
    {
        const AssembledTurn turn = assemble(
            WireFormat::OpenAiChat,
            sse({json(FirstCallStart), json("{'choices':[{'delta':{'tool_calls':[{'function':{'arguments':'1}'}}]}}]}"),
                 json("{'choices':[{'delta':{'tool_calls':[{'id':'b','function':{'name':'second','arguments':'{}'}}]}}]"
                      "}"),
                 json("{'choices':[{'delta':{'tool_calls':[{'id':'b','function':{'name':'','arguments':''}}]}}],'usage'"
                      ":null}")}));
        QCOMPARE(turn.toolCalls.size(), 2);
        QCOMPARE(turn.toolCalls[0].name, u"first"_s);
        QCOMPARE(turn.toolCalls[0].argumentsJson, QString::fromUtf8(json("{'p':1}")));
        QCOMPARE(turn.toolCalls[1].index, 1);
        QCOMPARE(turn.toolCalls[1].name, u"second"_s);
        QCOMPARE(turn.toolCalls[1].argumentsJson, u"{}"_s);
        QVERIFY(turn.isTruncated()); // neither finish_reason nor [DONE]
    }

    void openAiRepeatedCompleteCallIsNotDoubled()
    {
        const AssembledTurn turn = assemble(WireFormat::OpenAiChat, sse({json(RepeatedCall), json(RepeatedCall)}));
        QCOMPARE(turn.toolCalls.size(), 1);
        QCOMPARE(turn.toolCalls[0].name, u"v"_s);
        QCOMPARE(turn.toolCalls[0].argumentsJson, QString::fromUtf8(json("{'a': 1}")));
    }

    void openAiReasoningSpellingsUsageInChoiceAndChoices()
    {
        const QByteArray body = sse({
            json("{'id':'r1','model':'m','choices':[{'index':0,'delta':{'reasoning':'think "
                 "'}},{'index':1,'delta':{'content':'other'}}]}"),
            json("{'choices':[{'index':0,'delta':{'reasoning_content':'more','reasoning':'more'}}]}"),
            json("{'choices':[{'index':0,'delta':{'content':'answer'},'finish_reason':'weird_reason','usage':{'prompt_"
                 "tokens':5,'completion_tokens':2,'total_tokens':7}}]}"),
            "", // an empty data payload is never parsed
        });
        const AssembledTurn turn = assemble(WireFormat::OpenAiChat, body);
        QCOMPARE(turn.reasoning, u"think more"_s);
        QCOMPARE(turn.text, u"answer"_s);
        QCOMPARE(turn.finishReason, FinishReason::Other);
        QCOMPARE(turn.rawFinishReason, u"weird_reason"_s);
        QCOMPARE(turn.usage.promptTokens, 5);
        QCOMPARE(turn.usage.totalTokens, 7);
        QVERIFY(!turn.hasError());
        QCOMPARE(turn.model, u"m"_s);

        const AssembledTurn second = assemble(WireFormat::OpenAiChat, body, 1);
        QCOMPARE(second.text, u"other"_s);
        QVERIFY(second.reasoning.isEmpty());
        QVERIFY(second.isTruncated()); // choice 1 never finished
    }

    void openAiCutOffStreamIsTruncated()
    {
        const QByteArray body = sse({json("{'choices':[{'index':0,'delta':{'content':'Hel'}}]}")});
        const AssembledTurn turn = assemble(WireFormat::OpenAiChat, body + "data: {\"choices\":[{\"ind"_ba);
        QCOMPARE(turn.text, u"Hel"_s);
        QVERIFY(turn.isTruncated());
        QVERIFY(!turn.hasError());
    }

    void anthropicRedactedThinkingCacheUsageAndReset()
    {
        const QByteArray body = sse({
            json("{'type':'message_start','message':{'id':'m1','model':'c','usage':{'input_tokens':10,'cache_read_"
                 "input_tokens':100,'cache_creation_input_tokens':5,'output_tokens':1}}}"),
            json("{'type':'content_block_start','index':0,'content_block':{'type':'redacted_thinking','data':'opaque'}"
                 "}"),
            json("{'type':'content_block_start','index':1,'content_block':{'type':'text','text':''}}"),
            json("{'type':'content_block_delta','index':1,'delta':{'type':'text_delta','text':'hi'}}"),
            json("{'type':'some_future_event','index':1}"),
            json("{'type':'message_delta','delta':{'stop_reason':'pause_turn'},'usage':{'output_tokens':9}}"),
        });
        const AssembledTurn turn = assemble(WireFormat::AnthropicMessages, body);
        QCOMPARE(turn.reasoningBlocks.size(), 1);
        QCOMPARE(turn.reasoningBlocks.first().kind, ReasoningBlock::Kind::Redacted);
        QCOMPARE(turn.reasoningBlocks.first().data, u"opaque"_s);
        QCOMPARE(turn.text, u"hi"_s);
        QCOMPARE(turn.usage.promptTokens, 115);
        QCOMPARE(turn.usage.cachedTokens, 100);
        QCOMPARE(turn.usage.cacheCreationTokens, 5);
        QCOMPARE(turn.usage.completionTokens, 9);
        QCOMPARE(turn.finishReason, FinishReason::Other);
        QVERIFY(turn.sawTerminalMarker);

        const QList<StreamDelta> deltas = decode(
            WireFormat::AnthropicMessages,
            body
                + sse({json("{'type':'message_start','message':{'id':'m2','model':'c','usage':{'input_tokens':3}}}")}));
        QVERIFY(std::any_of(deltas.begin(), deltas.end(),
                            [](const StreamDelta &d) { return d.kind == StreamDelta::Kind::Reset; }));
        TurnAssembler assembler;
        assembler.apply(deltas);
        QVERIFY(assembler.turn().text.isEmpty());
        QCOMPARE(assembler.turn().responseId, u"m2"_s);
        QCOMPARE(assembler.turn().usage.promptTokens, 3);
        QVERIFY(assembler.turn().isTruncated());
    }

    void anthropicMalformedEventKeepsText()
    {
        const QByteArray body
            = sse({json("{'type':'content_block_delta','index':0,'delta':{'type':'text_delta','text':'kept'}}"),
                   json("{'type':'content_block_delta',")});
        const AssembledTurn turn = assemble(WireFormat::AnthropicMessages, body);
        QCOMPARE(turn.text, u"kept"_s);
        QCOMPARE(turn.error.category, ErrorCategory::Protocol);
        QVERIFY(!turn.error.message.isEmpty());
    }

    void ollamaThinkingToolIdsAndMissingCounts()
    {
        const QByteArray body
            = json("{'model':'q','message':{'role':'assistant','content':'','thinking':'hmm'},'done':false}") + "\r\n"
            + json("{'model':'q','message':{'content':'','tool_calls':[{'id':'call_1','function':{'index':0,'name':'a',"
                   "'arguments':{'k':'v'}}},{'function':{'name':'b','arguments':{}}}]},'done':false}")
            + "\n" + json("{'model':'q','message':{'content':'ok'},'done':true,'eval_count':4}");
        const AssembledTurn turn = assemble(WireFormat::OllamaChat, body);
        QCOMPARE(turn.reasoning, u"hmm"_s);
        QCOMPARE(turn.text, u"ok"_s);
        QCOMPARE(turn.toolCalls.size(), 2);
        QCOMPARE(turn.toolCalls[0].id, u"call_1"_s);
        QCOMPARE(turn.toolCalls[0].argumentsJson, QString::fromUtf8(json("{'k':'v'}")));
        QCOMPARE(turn.toolCalls[1].index, 1);
        QCOMPARE(turn.toolCalls[1].argumentsJson, u"{}"_s);
        QCOMPARE(turn.usage.promptTokens, 0); // omitted = 0 on the final line
        QCOMPARE(turn.usage.completionTokens, 4);
        QCOMPARE(turn.finishReason, FinishReason::Stop);
        QVERIFY(turn.sawTerminalMarker);
    }

    // Every thinking block keeps its own text and signature, redacted blocks their data, and each
    // remembers where it sat between the text and the tool calls (whatever the chunking).
    void anthropicThinkingBlocksKeepOrderAndSignatures()
    {
        const QByteArray bytes = Test::readFile(Test::dataPath(u"stream/anthropic-interleaved-thinking-tool.sse"_s));
        QVERIFY(!bytes.isEmpty());
        for (const Test::Chunking &chunking : Test::chunkings(bytes)) {
            StreamDecoder decoder(WireFormat::AnthropicMessages);
            TurnAssembler assembler;
            for (const QByteArray &chunk : chunking.chunks)
                assembler.apply(decoder.feed(chunk));
            assembler.apply(decoder.finish());
            const AssembledTurn turn = assembler.turn();
            QCOMPARE(turn.text, u"Checking the forecast."_s);
            QCOMPARE(turn.reasoning, u"The user wants Paris weather for tomorrow.Call get_weather with the city."_s);
            QCOMPARE(turn.reasoningBlocks.size(), 3);
            const ReasoningBlock &first = turn.reasoningBlocks.at(0);
            QCOMPARE(first.kind, ReasoningBlock::Kind::Thinking);
            QCOMPARE(first.thinking, u"The user wants Paris weather for tomorrow."_s);
            QCOMPARE(first.signature, u"EpIBCkYIBRgCKkBskeinFirstSignatureAAAA/+=="_s);
            QCOMPARE(first.textOffset, 0);
            QCOMPARE(first.toolCallsBefore, 0);
            const ReasoningBlock &redacted = turn.reasoningBlocks.at(1);
            QCOMPARE(redacted.kind, ReasoningBlock::Kind::Redacted);
            QVERIFY(redacted.data.endsWith(u"skeinRedacted=="_s));
            QCOMPARE(redacted.textOffset, turn.text.size());
            const ReasoningBlock &second = turn.reasoningBlocks.at(2);
            QCOMPARE(second.thinking, u"Call get_weather with the city."_s);
            QCOMPARE(second.signature, u"EpIBCkYIBRgCKkBskeinSecondSignatureBBBB+/=="_s);
            QCOMPARE(second.textOffset, turn.text.size());
            QCOMPARE(second.toolCallsBefore, 0);
            QCOMPARE(turn.toolCalls.size(), 1);
            QVERIFY(turn.toolCalls.first().closed);
            QCOMPARE(turn.toolCalls.first().argumentsJson, uR"({"location": "Paris"})"_s);
        }
    }

    // An error inside a tool_use block leaves that call open; the calls before it are closed.
    void anthropicCallOpenWhenTheStreamBreaksOff()
    {
        const AssembledTurn cut
            = assemble(WireFormat::AnthropicMessages,
                       Test::readFile(Test::dataPath(u"stream/anthropic-overloaded-mid-tool-use.sse"_s)));
        QVERIFY(cut.hasError());
        QCOMPARE(cut.error.category, ErrorCategory::Overloaded);
        QCOMPARE(cut.text, u"Let me look that up for you."_s);
        QCOMPARE(cut.toolCalls.size(), 1);
        QVERIFY(!cut.toolCalls.first().closed);
        QVERIFY(cut.closedToolCalls().isEmpty());
        QCOMPARE(cut.reasoningBlocks.size(), 1);
        QVERIFY(cut.reasoningBlocks.first().canBeSentBack());

        // Ollama sends whole calls; OpenAI calls close with the finish reason.
        const AssembledTurn ollama = assemble(
            WireFormat::OllamaChat,
            json("{'message':{'role':'assistant','content':'','tool_calls':[{'function':{'name':'f','arguments':{}}}]},"
                 "'done':false}\n"));
        QCOMPARE(ollama.closedToolCalls().size(), 1);
        const QByteArray open = sse({json(ArgumentsStart)});
        QVERIFY(assemble(WireFormat::OpenAiChat, open).closedToolCalls().isEmpty());
        const AssembledTurn finished
            = assemble(WireFormat::OpenAiChat,
                       open + sse({json("{'choices':[{'index':0,'delta':{},'finish_reason':'length'}]}")}));
        QCOMPARE(finished.closedToolCalls().size(), 1);
    }

    // The matched stop sequence: Anthropic's message_delta.delta.stop_sequence, vLLM's string
    // stop_reason (a token id there is not text).
    void stopSequenceIsReported()
    {
        const AssembledTurn anthropic = assemble(
            WireFormat::AnthropicMessages, Test::readFile(Test::dataPath(u"stream/anthropic-stop-sequence.sse"_s)));
        QCOMPARE(anthropic.stopSequence, u"5,"_s);
        QCOMPARE(anthropic.rawFinishReason, u"stop_sequence"_s);
        QCOMPARE(anthropic.text, u"1, 2, 3, 4, "_s);
        const AssembledTurn vllm = assemble(
            WireFormat::OpenAiChat,
            sse({json(
                "{'choices':[{'index':0,'delta':{'content':'a'},'finish_reason':'stop','stop_reason':'END'}]}")}));
        QCOMPARE(vllm.stopSequence, u"END"_s);
        const AssembledTurn token = assemble(
            WireFormat::OpenAiChat,
            sse({json(
                "{'choices':[{'index':0,'delta':{'content':'a'},'finish_reason':'stop','stop_reason':128009}]}")}));
        QVERIFY(token.stopSequence.isEmpty());
    }

    // A byte-order mark is dropped only at the very start of the byte stream; U+FEFF inside a
    // content string (escaped or raw, first or last in the string) is content.
    void byteOrderMarkOnlyAtStreamStart_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("file");
        QTest::newRow("sse") << int(WireFormat::OpenAiChat) << u"stream/openai-bom-and-zwnbsp.sse"_s;
        QTest::newRow("ndjson") << int(WireFormat::OllamaChat) << u"stream/ollama-bom-and-zwnbsp.ndjson"_s;
    }

    void byteOrderMarkOnlyAtStreamStart()
    {
        QFETCH(int, format);
        QFETCH(QString, file);
        const QByteArray bytes = Test::readFile(Test::dataPath(file));
        QVERIFY(bytes.startsWith("\xEF\xBB\xBF"));
        const QString expected = u"\uFEFFA\uFEFFBC\uFEFF"_s;
        for (const Test::Chunking &chunking : Test::chunkings(bytes)) {
            StreamDecoder decoder {WireFormat(format)};
            TurnAssembler assembler;
            for (const QByteArray &chunk : chunking.chunks)
                assembler.apply(decoder.feed(chunk));
            assembler.apply(decoder.finish());
            const AssembledTurn turn = assembler.turn();
            QVERIFY2(!turn.hasError(), qPrintable(chunking.name + u": "_s + turn.error.message));
            QVERIFY2(turn.text == expected,
                     qPrintable(chunking.name + u": "_s + QString::fromLatin1(turn.text.toUtf8().toHex(' '))));
            QCOMPARE(finishReasonName(turn.finishReason), u"stop"_s);
        }
    }

    // Decoding JSON strings keeps a leading U+FEFF (QString::fromUtf8 would drop it).
    void jsonStringsKeepALeadingZeroWidthNoBreakSpace()
    {
        JsonTape tape;
        QVERIFY(tape.parse("[\"\xEF\xBB\xBFx\", \"\\ufeffy\", \"\\ufeff\\ufeff\", \"\xEF\xBB\xBF\xEF\xBB\xBF\"]"));
        QStringList values;
        for (const JsonRef value : tape.root().elements())
            values << value.toString();
        QCOMPARE(values, (QStringList {u"\uFEFFx"_s, u"\uFEFFy"_s, u"\uFEFF\uFEFF"_s, u"\uFEFF\uFEFF"_s}));
    }

    // An NDJSON stream cut inside a line (connection reset): the complete lines count, the cut
    // line is not a protocol error, and the turn is truncated.
    void ndjsonCutInsideALineIsTruncatedNotMalformed()
    {
        const QByteArray body = json("{'model':'m','message':{'role':'assistant','content':'Hello'},'done':false}\n"
                                     "{'model':'m','message':{'role':'assistant','content':' world'},'done':false}\n"
                                     "{'model':'m','message':{'role':'assistant','content':'!'},'do");
        const AssembledTurn turn = assemble(WireFormat::OllamaChat, body);
        QCOMPARE(turn.text, u"Hello world"_s);
        QVERIFY2(!turn.hasError(), qPrintable(turn.error.message));
        QVERIFY(turn.isTruncated());
        // A complete last line without a newline still counts (recorded servers omit it).
        const AssembledTurn whole
            = assemble(WireFormat::OllamaChat,
                       json("{'message':{'role':'assistant','content':'x'},'done':true,'done_reason':'stop'}"));
        QCOMPARE(whole.text, u"x"_s);
        QVERIFY(!whole.isTruncated());
    }

    void ollamaWithoutDoneIsTruncated()
    {
        const AssembledTurn turn
            = assemble(WireFormat::OllamaChat, json("{'message':{'content':'part'},'done':false}"));
        QCOMPARE(turn.text, u"part"_s);
        QVERIFY(turn.isTruncated());
    }
};

SKEIN_CORE_TEST_MAIN(TestStreamTranslators)
#include "tst_streamtranslators.moc"
