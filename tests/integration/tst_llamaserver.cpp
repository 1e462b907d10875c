// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Skein's own network code (ProviderClient, StreamingCall, ModelListCall) against a real
// llama-server serving the generated test model (the llama_model fixture; docs/testing.md): plain
// streamed replies with usage, tool calls parsed by the server, replies cut by max_tokens inside
// the arguments, the server's answer to such arguments sent back, the Anthropic endpoint and the
// model list. Also the smoke test of Skein::Test::LlamaServer and its recording proxy.

#include "llamaserver.h"
#include "llm/modellistcall.h"
#include "llm/providerclient.h"
#include "llm/streamingcall.h"
#include "llm/wirerequest.h"
#include "testsupport.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTcpSocket>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Wait = 30000;

struct Reply
{
    AssembledTurn turn;
    CallError error;
    int deltaSignals = 0;
    int attempts = 0;
};

ToolDefinition calculator()
{
    const QJsonObject expression {{u"type"_s, u"string"_s}};
    return {u"calculator"_s, u"Evaluates an arithmetic expression."_s,
            QJsonObject {{u"type"_s, u"object"_s},
                         {u"properties"_s, QJsonObject {{u"expression"_s, expression}}},
                         {u"required"_s, QJsonArray {u"expression"_s}}}};
}

// The model's replies depend on the prompt's length in tokens: vary it to get other replies.
ChatRequest request(int variant, bool tools = false, std::optional<int> maxTokens = {})
{
    ChatRequest r;
    r.model = LlamaServer::modelName();
    r.systemPrompt = u"You are a test."_s;
    r.messages = {ChatMessage::user(u"Tell me something"_s + QString(variant, u'!'))};
    if (tools)
        r.tools = {calculator()};
    r.maxTokens = maxTokens;
    return r;
}

} // namespace

class TestLlamaServer final : public QObject
{
    Q_OBJECT

    std::unique_ptr<LlamaServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<ProviderClient> m_client;

    ProviderClient *client(ProviderKind kind)
    {
        const QUrl base = kind == ProviderKind::OpenAiCompatible ? m_server->openAiBaseUrl() : m_server->baseUrl();
        ProviderEndpoint endpoint = ProviderEndpoint::make(kind, base);
        endpoint.auth = AuthKind::None;
        endpoint.transferTimeoutMs = Wait;
        endpoint.retry.baseDelayMs = 20;
        m_client = std::make_unique<ProviderClient>(m_network.get(), endpoint);
        return m_client.get();
    }

    Reply send(const ChatRequest &chatRequest)
    {
        Reply reply;
        StreamingCall *call = m_client->chat(chatRequest);
        connect(call, &StreamingCall::deltasReceived, call,
                [&reply](const QList<StreamDelta> &) { ++reply.deltaSignals; });
        connect(call, &StreamingCall::finished, call, [&reply](const AssembledTurn &turn, const CallError &error) {
            reply.turn = turn;
            reply.error = error;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(call->isFinished(), Wait); }();
        reply.attempts = call->attempts();
        call->deleteLater();
        return reply;
    }

    // Up to `tries` prompts of growing length until `wanted` holds for a reply.
    std::optional<Reply> firstReply(int tries, bool tools, std::optional<int> maxTokens,
                                    const std::function<bool(const Reply &)> &wanted)
    {
        for (int i = 0; i < tries; ++i) {
            Reply reply = send(request(i, tools, maxTokens));
            if (reply.error.isError()) {
                qWarning() << "variant" << i << reply.error.displayText();
                return std::nullopt;
            }
            if (wanted(reply))
                return reply;
        }
        return std::nullopt;
    }

private Q_SLOTS:
    void initTestCase()
    {
        SKEIN_REQUIRE_LLAMA_SERVER();
        m_server = std::make_unique<LlamaServer>();
        QElapsedTimer timer;
        timer.start();
        QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
        qInfo("llama-server up in %lld ms at %s", timer.elapsed(), qPrintable(m_server->baseUrl().toString()));
        m_network = std::make_unique<QNetworkAccessManager>();
    }

    void init() { m_server->clearExchanges(); }

    void cleanup() { m_client.reset(); }

    void cleanupTestCase()
    {
        m_network.reset();
        m_server.reset();
    }

    void plainReplyStreamsToTheEndWithUsage()
    {
        client(ProviderKind::OpenAiCompatible);
        const Reply reply = send(request(0));
        QVERIFY2(!reply.error.isError(), qPrintable(reply.error.displayText()));
        QCOMPARE(reply.turn.finishReason, FinishReason::Stop);
        QVERIFY(reply.turn.sawTerminalMarker);
        QVERIFY(!reply.turn.text.trimmed().isEmpty());
        QVERIFY2(reply.turn.text.trimmed().endsWith(u'.'), qPrintable(reply.turn.text));
        QVERIFY(!reply.turn.text.contains(QRegularExpression(u"\\d"_s))); // prose has no digits
        QVERIFY(!reply.turn.hasToolCalls());
        QVERIFY(reply.turn.usage.promptTokens > 10);
        QVERIFY(reply.turn.usage.completionTokens > 0);
        QVERIFY2(reply.deltaSignals > 1, "the reply arrived in one piece, not streamed");
        QCOMPARE(reply.turn.model, LlamaServer::modelName());

        // The proxy saw the request and the server's answer.
        const QList<HttpExchange> exchanges = m_server->exchanges();
        QCOMPARE(exchanges.size(), 1);
        QCOMPARE(exchanges[0].method, QByteArray("POST"));
        QCOMPARE(exchanges[0].path, QByteArray("/v1/chat/completions"));
        QCOMPARE(exchanges[0].status, 200);
        QVERIFY(exchanges[0].responseComplete);
        QVERIFY(exchanges[0].responseBody.contains("data: [DONE]"));
        const QJsonObject body = QJsonDocument::fromJson(exchanges[0].requestBody).object();
        QCOMPARE(body.value(u"stream_options"_s).toObject().value(u"include_usage"_s).toBool(), true);
        QVERIFY(m_server->failedExchanges().isEmpty());

        // Same prompt, same reply (the server's seed is fixed).
        QCOMPARE(send(request(0)).turn.text, reply.turn.text);
    }

    void offeredToolGetsCalled()
    {
        client(ProviderKind::OpenAiCompatible);
        const auto reply = firstReply(12, true, {}, [](const Reply &r) { return r.turn.hasToolCalls(); });
        QVERIFY2(reply, "no tool call in 12 replies with a tool offered");
        QCOMPARE(reply->turn.finishReason, FinishReason::ToolCalls);
        QCOMPARE(reply->turn.toolCalls.size(), 1);
        const ToolCall call = reply->turn.toolCalls.constFirst();
        QCOMPARE(call.name, u"calculator"_s);
        QVERIFY(!call.id.isEmpty());
        QVERIFY2(call.hasValidArguments(), qPrintable(call.argumentsJson));
        const QString expression
            = QJsonDocument::fromJson(call.argumentsJson.toUtf8()).object().value(u"expression"_s).toString();
        QVERIFY2(QRegularExpression(u"^1(\\+1)*$"_s).match(expression).hasMatch(), qPrintable(expression));
        QVERIFY2(m_server->failedExchanges().isEmpty(), m_server->describeFailures().constData());
    }

    void smallMaxTokensCutsTheArguments()
    {
        client(ProviderKind::OpenAiCompatible);
        const auto cut = firstReply(16, true, 16, [](const Reply &r) {
            return r.turn.finishReason == FinishReason::Length && r.turn.hasToolCalls();
        });
        QVERIFY2(cut, "no reply cut inside a tool call in 16 tries with max_tokens 16");
        const ToolCall call = cut->turn.toolCalls.constFirst();
        QCOMPARE(call.name, u"calculator"_s);
        QVERIFY2(!call.hasValidArguments(), qPrintable(call.argumentsJson));
        QVERIFY2(call.argumentsJson.startsWith(u"{\"expression\": \"1"_s), qPrintable(call.argumentsJson));
        QCOMPARE(cut->turn.usage.completionTokens, 16);
        QVERIFY2(m_server->failedExchanges().isEmpty(), m_server->describeFailures().constData());

        // Sent back as they came, those arguments make the server fail the request (what issue 12
        // found): a body with the raw text, posted by hand, gets HTTP 500 ...
        ChatRequest next = request(0, true);
        next.messages.append(ChatMessage::assistant(QString(), {call}));
        next.messages.append(ChatMessage::toolResult(call.id, call.name, u"error: the arguments were cut off"_s));
        QJsonObject raw = WireRequest::body(ProviderKind::OpenAiCompatible, next);
        QJsonArray messages = raw.value(u"messages"_s).toArray();
        for (qsizetype i = 0; i < messages.size(); ++i) {
            QJsonObject m = messages.at(i).toObject();
            if (m.value(u"tool_calls"_s).isArray()) {
                QJsonObject c = m[u"tool_calls"_s].toArray().at(0).toObject();
                QJsonObject function = c[u"function"_s].toObject();
                function.insert(u"arguments"_s, call.argumentsJson);
                c.insert(u"function"_s, function);
                m.insert(u"tool_calls"_s, QJsonArray {c});
                messages.replace(i, m);
            }
        }
        raw.insert(u"messages"_s, messages);
        QNetworkRequest post(QUrl(m_server->openAiBaseUrl().toString() + u"/chat/completions"_s));
        post.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
        QNetworkReply *refused = m_network->post(post, QJsonDocument(raw).toJson(QJsonDocument::Compact));
        QVERIFY(QTest::qWaitFor([&] { return refused->isFinished(); }, 30000));
        QCOMPARE(refused->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 500);
        QVERIFY(refused->readAll().contains("Failed to parse tool call arguments as JSON"));
        refused->deleteLater();
        m_server->clearExchanges();

        // ... while Skein's request builder sends an object ({}) in their place, and the same
        // history is accepted.
        const Reply accepted = send(next);
        QVERIFY2(!accepted.error.isError(), qPrintable(accepted.error.displayText()));
        QVERIFY2(m_server->failedExchanges().isEmpty(), m_server->describeFailures().constData());
        const QJsonObject sent = QJsonDocument::fromJson(m_server->exchanges().constLast().requestBody).object();
        bool legal = false;
        for (const QJsonValue &m : sent.value(u"messages"_s).toArray())
            for (const QJsonValue &c : m[u"tool_calls"_s].toArray())
                legal = c[u"function"_s][u"arguments"_s].toString() == u"{}"_s;
        QVERIFY(legal);
    }

    void promptOverTheSlotIsAContextError()
    {
        client(ProviderKind::OpenAiCompatible);
        ChatRequest big = request(0);
        big.messages = {ChatMessage::user(QString(m_server->slotContext() + 100, u'x'))};
        const Reply reply = send(big);
        QCOMPARE(reply.error.category, CallError::Category::ContextTooLong);
        QCOMPARE(reply.error.httpStatus, 400);
        QCOMPARE(reply.error.contextLimit(), std::optional<qint64>(m_server->slotContext()));
        QCOMPARE(m_server->failedExchanges().size(), 1);
        QVERIFY(m_server->failedExchanges()[0].responseBody.contains("exceed_context_size_error"));
    }

    // Issue 16: a server without the part that reads images (llama.cpp without --mmproj) refuses a
    // request with one. The user reads what to do; the same request is not retried.
    void imagesRefusedInPlainWords()
    {
        QImage pixels(64, 32, QImage::Format_RGB32);
        pixels.fill(Qt::darkCyan);
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(pixels.save(&buffer, "PNG"));
        ChatImage image;
        image.mimeType = u"image/png"_s;
        image.data = buffer.data();
        image.width = 64;
        image.height = 32;
        for (const ProviderKind kind : {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic}) {
            m_server->clearExchanges();
            client(kind);
            ChatRequest look = request(0);
            look.messages.first().images = {image};
            const Reply reply = send(look);
            QVERIFY2(reply.error.isError(), "llama-server read an image without a projector");
            QVERIFY2(reply.error.refusesImages(), qPrintable(reply.error.displayText()));
            QVERIFY2(reply.error.displayText().startsWith(u"The model does not accept images."_s),
                     qPrintable(reply.error.displayText()));
            QCOMPARE(reply.attempts, 1);
            // The same server answers the same text without the image.
            const Reply plain = send(request(0));
            QVERIFY2(!plain.error.isError(), qPrintable(plain.error.displayText()));
        }
    }

    void anthropicMessagesStream()
    {
        client(ProviderKind::Anthropic);
        const Reply reply = send(request(0));
        QVERIFY2(!reply.error.isError(), qPrintable(reply.error.displayText()));
        QCOMPARE(reply.turn.finishReason, FinishReason::Stop);
        QVERIFY(reply.turn.sawTerminalMarker);
        QVERIFY(!reply.turn.text.trimmed().isEmpty());
        QVERIFY(reply.turn.usage.completionTokens > 0);
        QCOMPARE(m_server->exchanges().size(), 1);
        QCOMPARE(m_server->exchanges()[0].path, QByteArray("/v1/messages"));

        const auto tool = firstReply(12, true, {}, [](const Reply &r) { return r.turn.hasToolCalls(); });
        QVERIFY2(tool, "no tool_use block in 12 replies with a tool offered");
        QCOMPARE(tool->turn.finishReason, FinishReason::ToolCalls);
        QCOMPARE(tool->turn.toolCalls.constFirst().name, u"calculator"_s);
        QVERIFY(tool->turn.toolCalls.constFirst().hasValidArguments());
        QVERIFY2(m_server->failedExchanges().isEmpty(), m_server->describeFailures().constData());
    }

    void proxyRecordsEveryExchangeOfAConnection()
    {
        // Three requests on one keep-alive connection, one with Expect: 100-continue (as curl sends).
        const QByteArray body = R"({"messages":[{"role":"user","content":"Hi"}],"max_tokens":4})";
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, quint16(m_server->baseUrl().port()));
        QVERIFY(socket.waitForConnected(Wait));
        socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
                     "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     "Expect: 100-continue\r\nContent-Length: "
                     + QByteArray::number(body.size()) + "\r\n\r\n" + body
                     + "GET /no-such-path HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        QByteArray received;
        QTRY_VERIFY_WITH_TIMEOUT((received += socket.readAll(), socket.state() == QAbstractSocket::UnconnectedState),
                                 Wait);
        QTRY_COMPARE_WITH_TIMEOUT(m_server->exchanges().size(), 3, Wait);
        QTRY_VERIFY_WITH_TIMEOUT(m_server->exchanges().constLast().responseComplete, Wait);
        const QList<HttpExchange> exchanges = m_server->exchanges();
        QCOMPARE(exchanges[0].path, QByteArray("/health"));
        QCOMPARE(exchanges[0].status, 200);
        QCOMPARE(exchanges[1].requestBody, body);
        QCOMPARE(exchanges[1].status, 200);
        QVERIFY(exchanges[1].responseBody.contains("\"finish_reason\":\"length\""));
        QCOMPARE(exchanges[2].status, 404);
        for (const HttpExchange &exchange : exchanges)
            QVERIFY(exchange.requestComplete && exchange.responseComplete);
        QCOMPARE(m_server->failedExchanges().size(), 1);
        QVERIFY(received.contains("HTTP/1.1 404")); // the client got the bytes unchanged
    }

    void modelListNamesTheModel()
    {
        ModelListCall *call = client(ProviderKind::OpenAiCompatible)->listModels();
        QTRY_VERIFY_WITH_TIMEOUT(call->isFinished(), Wait);
        QVERIFY2(!call->error().isError(), qPrintable(call->error().displayText()));
        QCOMPARE(call->models().size(), 1);
        QCOMPARE(call->models()[0].id, LlamaServer::modelName());
        QCOMPARE(call->models()[0].contextWindow, m_server->slotContext()); // from /props
        bool sawModels = false;
        for (const HttpExchange &exchange : m_server->exchanges())
            sawModels |= exchange.path == "/v1/models" && exchange.status == 200;
        QVERIFY(sawModels);
    }
};

SKEIN_CORE_TEST_MAIN(TestLlamaServer)
#include "tst_llamaserver.moc"
