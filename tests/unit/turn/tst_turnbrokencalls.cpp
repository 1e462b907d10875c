// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Tool calls that arrive broken, as local models send them (issue 12 item 1): a reply cut off by
// max_tokens inside a call's arguments, or arguments that are not valid JSON. The scripted server
// answers like llama.cpp's llama-server: HTTP 500 "Failed to parse tool call arguments as JSON"
// for a request whose history carries such arguments. What must hold: every request on the wire is
// legal, the raw text stays stored, the model is told what happened and the loop goes on, the next
// call gets more room when the cut came from the output limit, and repeated failures end in the
// repeat guard's nudge.

#include "storage/messagerepository.h"
#include "storage/toollogrepository.h"
#include "testsupport.h"
#include "turntestutil.h"

#include <QSignalSpy>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

const QString kCut = u"{\"x\": \"1+1+1+1+1+"_s; // what arrived before the output limit

QByteArray chunk(const QJsonObject &delta, const QJsonValue &finish = QJsonValue::Null)
{
    const QJsonObject choice {{u"index"_s, 0}, {u"delta"_s, delta}, {u"finish_reason"_s, finish}};
    const QJsonObject event {{u"id"_s, u"chatcmpl-cut"_s},
                             {u"object"_s, u"chat.completion.chunk"_s},
                             {u"model"_s, u"scripted-1"_s},
                             {u"choices"_s, QJsonArray {choice}}};
    return "data: " + QJsonDocument(event).toJson(QJsonDocument::Compact) + "\n\n";
}

// A streamed reply declaring one call whose arguments text is `arguments` (sent in two pieces),
// ending with `finish` ("length": the output limit was reached inside the arguments).
ReplayResponse brokenCallReply(const QString &id, const QString &tool, const QString &arguments, const QString &finish)
{
    QByteArray body;
    const auto callDelta = [&](const QJsonObject &function, bool first) {
        QJsonObject call {{u"index"_s, 0}, {u"function"_s, function}};
        if (first) {
            call.insert(u"id"_s, id);
            call.insert(u"type"_s, u"function"_s);
        }
        QJsonObject delta {{u"tool_calls"_s, QJsonArray {call}}};
        if (first)
            delta.insert(u"role"_s, u"assistant"_s);
        return delta;
    };
    body += chunk(callDelta({{u"name"_s, tool}, {u"arguments"_s, QString()}}, true));
    const qsizetype half = arguments.size() / 2;
    body += chunk(callDelta({{u"arguments"_s, arguments.left(half)}}, false));
    body += chunk(callDelta({{u"arguments"_s, arguments.mid(half)}}, false));
    body += chunk(QJsonObject {}, finish);
    body += "data: [DONE]\n\n";
    return ReplayResponse::fromBytes(200, body, "text/event-stream");
}

// llama.cpp's check: the arguments of every assistant tool call in the history must parse as JSON.
std::optional<ReplayResponse> rejectLikeLlamaCpp(const RecordedRequest &r)
{
    for (const QJsonValue &m : requestMessages(r))
        for (const QJsonValue &c : m[u"tool_calls"_s].toArray()) {
            const QString args = c[u"function"_s][u"arguments"_s].toString();
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(args.toUtf8(), &error);
            if (error.error != QJsonParseError::NoError || !doc.isObject())
                return ReplayResponse::fromBytes(
                    500,
                    R"({"error":{"code":500,"message":"Failed to parse tool call arguments as JSON: [json.exception.parse_error.101]","type":"server_error"}})",
                    "application/json");
        }
    return std::nullopt;
}

int maxTokensOf(const RecordedRequest &r)
{
    return requestJson(r).value(u"max_tokens"_s).toInt();
}

QJsonObject callsOf(const QJsonValue &assistant, int i = 0)
{
    return assistant[u"tool_calls"_s].toArray().at(i).toObject();
}

// The session's window and output reserve, so that the room given to each call is known.
void setContext(AgentFixture &f, qint64 window, qint64 maxOutput)
{
    auto s = f.sync();
    Session session = s->sessions().get(f.sessionId).value();
    session.contextSettings = QJsonObject {{u"window"_s, window}, {u"max_output_tokens"_s, maxOutput}};
    QVERIFY(s->sessions().update(session));
}

bool runToEnd(Turn &run)
{
    return QTest::qWaitFor([&] { return run.isFinished(); }, AgentWait);
}

} // namespace

class TestTurnBrokenCalls final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The reply reached max_tokens inside the arguments: the next request carries {} for that call
    // and a result saying it was cut off, with twice the room; the loop answers; nothing on the
    // wire is refused.
    void callCutByTheOutputLimitIsToldAndRetriedWithMoreRoom()
    {
        AgentFixture f;
        QVERIFY(f.open());
        setContext(f, 8192, 64);
        auto probe = f.addProbe(u"probe"_s);
        int refused = 0;
        f.script([&](const RecordedRequest &r) {
            if (auto error = rejectLikeLlamaCpp(r)) {
                ++refused;
                return *error;
            }
            const QJsonArray loop = messagesSinceUser(r);
            if (loop.isEmpty())
                return brokenCallReply(u"call_cut"_s, u"probe"_s, kCut, u"length"_s);
            if (toolResultsSinceUser(r) == 1 && loop.size() == 2)
                return openAiReply(toolReply({call(u"call_ok"_s, u"probe"_s, u"1+1"_s)}));
            return openAiReply(textReply(u"Two."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        QSignalSpy raised(&run, &Turn::outputLimitRaised);
        run.send(f.sessionId, u"Add the ones."_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QCOMPARE(refused, 0);
        QCOMPARE(probe->runs, 1); // the cut call never ran; the complete one did
        QCOMPARE(probe->seen, QStringList {u"{\"x\":\"1+1\"}"_s});

        const QList<RecordedRequest> requests = f.server.requests();
        QCOMPARE(requests.size(), 3);
        // On the wire: the cut call as {} and its result telling the model what happened.
        const QJsonArray loop = messagesSinceUser(requests[1]);
        QCOMPARE(loop.size(), 2);
        QCOMPARE(callsOf(loop[0])[u"id"_s].toString(), u"call_cut"_s);
        QCOMPARE(callsOf(loop[0])[u"function"_s][u"arguments"_s].toString(), u"{}"_s);
        const QString told = contentText(loop[1][u"content"_s]);
        QVERIFY2(told.contains(u"probe"_s) && told.contains(u"cut off after %1 characters"_s.arg(kCut.size()))
                     && told.contains(u"max_tokens"_s) && told.contains(u"1+1+1+1"_s),
                 qPrintable(told));
        for (const RecordedRequest &r : requests) {
            QString why;
            QVERIFY2(validChain(requestMessages(r), &why), qPrintable(why));
        }
        // More room for the next call of the turn, and the user is told why there is a round more.
        QCOMPARE(maxTokensOf(requests[0]), 64);
        QCOMPARE(maxTokensOf(requests[1]), 320); // max(2 × 64, 64 + 256)
        QVERIFY(maxTokensOf(requests[2]) >= 320);
        QCOMPARE(raised.size(), 1);
        QCOMPARE(raised[0][0].toString(), u"probe"_s);
        QCOMPARE(raised[0][1].toInt(), 64);
        QCOMPARE(raised[0][2].toInt(), 320);

        // Stored: the raw text, unchanged, on the reply; the log says it failed.
        auto s = f.sync();
        const Session session = s->sessions().get(f.sessionId).value();
        const QList<Message> path = s->messages().path(session.activeLeafId).value();
        QCOMPARE(path.size(), 6);
        QCOMPARE(path[1].finishReason, u"length"_s);
        QCOMPARE(path[1].toolCalls.at(0)[u"arguments"_s].toString(), kCut);
        QVERIFY(path[2].role == Role::Tool);
        QCOMPARE(path[2].content, told);
        const ToolLogEntry cut = loggedCall(*s, f.sessionId, u"call_cut"_s).value();
        QCOMPARE(toString(cut.status), u"failed"_s);
        QCOMPARE(cut.arguments, kCut);
    }

    // Not cut, just invalid JSON: the model is told where it broke; no extra room is given.
    void invalidJsonIsToldWithoutMoreRoom()
    {
        AgentFixture f;
        QVERIFY(f.open());
        setContext(f, 8192, 64);
        f.addProbe(u"probe"_s);
        int refused = 0;
        f.script([&](const RecordedRequest &r) {
            if (auto error = rejectLikeLlamaCpp(r)) {
                ++refused;
                return *error;
            }
            if (toolResultsSinceUser(r) == 0)
                return brokenCallReply(u"call_bad"_s, u"probe"_s, u"{'x': 'single quotes'}"_s, u"tool_calls"_s);
            return openAiReply(textReply(u"Sorry."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        QSignalSpy raised(&run, &Turn::outputLimitRaised);
        run.send(f.sessionId, u"Go."_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QCOMPARE(refused, 0);
        const QList<RecordedRequest> requests = f.server.requests();
        QCOMPARE(requests.size(), 2);
        const QString told = contentText(messagesSinceUser(requests[1])[1][u"content"_s]);
        QVERIFY2(told.contains(u"not a valid JSON object"_s) && told.contains(u"at byte"_s), qPrintable(told));
        QVERIFY(!told.contains(u"cut off"_s));
        QCOMPARE(maxTokensOf(requests[1]), 64);
        QCOMPARE(raised.size(), 0);
    }

    // A model that keeps cutting its call: two errors, then the repeat guard's nudge; the room
    // grows up to half the window and no further (the user is told the limit is reached); the
    // turn still ends with an answer.
    void repeatedCutsEndInTheNudgeWithinTheModelsLimit()
    {
        AgentFixture f;
        QVERIFY(f.open());
        setContext(f, 1024, 64); // room is bounded by half the window: 512
        auto probe = f.addProbe(u"probe"_s);
        int refused = 0;
        f.script([&](const RecordedRequest &r) {
            if (auto error = rejectLikeLlamaCpp(r)) {
                ++refused;
                return *error;
            }
            const int results = toolResultsSinceUser(r);
            if (results < 3 && !requestJson(r).value(u"tools"_s).toArray().isEmpty())
                return brokenCallReply(u"call_%1"_s.arg(results), u"probe"_s, kCut, u"length"_s);
            return openAiReply(textReply(u"I could not finish the call."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        QSignalSpy raised(&run, &Turn::outputLimitRaised);
        run.send(f.sessionId, u"Go."_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QCOMPARE(refused, 0);
        QCOMPARE(probe->runs, 0);
        const QList<RecordedRequest> requests = f.server.requests();
        QCOMPARE(requests.size(), 4);
        const QJsonArray loop = messagesSinceUser(requests[3]);
        QCOMPARE(loop.size(), 6);
        QVERIFY(contentText(loop[1][u"content"_s]).contains(u"cut off"_s));
        QVERIFY(contentText(loop[3][u"content"_s]).contains(u"cut off"_s));
        const QString nudge = contentText(loop[5][u"content"_s]);
        QVERIFY2(nudge.contains(u"3 times"_s) && nudge.contains(u"Change your approach"_s), qPrintable(nudge));
        for (int i = 1; i < 6; i += 2)
            QCOMPARE(callsOf(loop[i - 1])[u"function"_s][u"arguments"_s].toString(), u"{}"_s);
        QCOMPARE(maxTokensOf(requests[0]), 64);
        QCOMPARE(maxTokensOf(requests[1]), 320);
        QCOMPARE(maxTokensOf(requests[2]), 512);
        QCOMPARE(maxTokensOf(requests[3]), 512);
        QCOMPARE(raised.size(), 3);
        QCOMPARE(raised[2][1].toInt(), 512);
        QCOMPARE(raised[2][2].toInt(), 512); // the limit: the user is told it cannot grow
    }

    // Anthropic's recorded stream cut by max_tokens inside tool_use input: the next request sends
    // the call with an object input and an is_error result, with more room.
    void anthropicToolUseCutByMaxTokens()
    {
        SKEIN_REQUIRE_SHARED("fixtures/wire/anthropic");
        AgentFixture f;
        QVERIFY(f.open());
        setContext(f, 200000, 1024);
        auto tool = f.addProbe(u"make_file"_s);
        int refused = 0;
        const QByteArray cutStream
            = readFile(sharedPath(u"fixtures/wire/anthropic/messages-max-tokens-mid-tool-input.sse"_s));
        const QByteArray answer
            = "event: message_start\n"
              "data: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_2\",\"type\":\"message\","
              "\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[],\"usage\":{"
              "\"input_tokens\":10,\"output_tokens\":1}}}\n\n"
              "event: content_block_start\n"
              "data: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":"
              "\"text\",\"text\":\"\"}}\n\n"
              "event: content_block_delta\n"
              "data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":"
              "\"text_delta\",\"text\":\"I will write a shorter file.\"}}\n\n"
              "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
              "event: message_delta\n"
              "data: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},"
              "\"usage\":{\"output_tokens\":8}}\n\n"
              "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
        f.server.route("POST", "/v1/messages", [&](const RecordedRequest &r) {
            const QJsonArray messages = requestMessages(r);
            for (const QJsonValue &m : messages)
                for (const QJsonValue &block : m[u"content"_s].toArray())
                    if (block[u"type"_s] == u"tool_use"_s && !block[u"input"_s].isObject()) {
                        ++refused;
                        return ReplayResponse::fromBytes(
                            400,
                            R"({"type":"error","error":{"type":"invalid_request_error","message":"input: Input should be a valid dictionary"}})",
                            "application/json");
                    }
            return ReplayResponse::fromBytes(200, messages.size() == 1 ? cutStream : answer, "text/event-stream");
        });
        ProviderEndpoint endpoint = ProviderEndpoint::make(ProviderKind::Anthropic, f.server.baseUrl(), u"sk-test"_s);
        endpoint.retry.maxRetries = 0;
        ProviderClient client(&f.network, endpoint);
        Turn run(f.store.get(), &client, &f.tools);
        QSignalSpy raised(&run, &Turn::outputLimitRaised);
        run.send(f.sessionId, u"Write the tax guide."_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QCOMPARE(refused, 0);
        QCOMPARE(tool->runs, 0);
        const QList<RecordedRequest> requests = f.server.requests();
        QCOMPARE(requests.size(), 2);
        const QJsonArray messages = requestMessages(requests[1]);
        QCOMPARE(messages.size(), 3);
        QJsonObject use;
        for (const QJsonValue &block : messages[1][u"content"_s].toArray())
            if (block[u"type"_s] == u"tool_use"_s)
                use = block.toObject();
        QCOMPARE(use[u"id"_s].toString(), u"toolu_01EKqbqmZrGRXy18eN7m9kvY"_s);
        QCOMPARE(use[u"input"_s].toObject(), QJsonObject {});
        const QJsonObject result = messages[2][u"content"_s].toArray().at(0).toObject();
        QCOMPARE(result[u"type"_s].toString(), u"tool_result"_s);
        QCOMPARE(result[u"is_error"_s].toBool(), true);
        QVERIFY2(contentText(result[u"content"_s]).contains(u"cut off"_s),
                 qPrintable(contentText(result[u"content"_s])));
        QCOMPARE(requestJson(requests[0]).value(u"max_tokens"_s).toInt(), 1024);
        QCOMPARE(requestJson(requests[1]).value(u"max_tokens"_s).toInt(), 2048);
        QCOMPARE(raised.size(), 1);

        // Stored unchanged: the partial input exactly as it streamed.
        auto s = f.sync();
        const QList<Message> path = s->messages().path(s->sessions().get(f.sessionId)->activeLeafId).value();
        const QString raw = path[1].toolCalls.at(0)[u"arguments"_s].toString();
        QVERIFY2(raw.startsWith(u"{\"filename\": \"taxes.txt\""_s) && raw.endsWith(u"\"Filing taxes"_s),
                 qPrintable(raw));
    }
};

SKEIN_CORE_TEST_MAIN(TestTurnBrokenCalls)
#include "tst_turnbrokencalls.moc"
