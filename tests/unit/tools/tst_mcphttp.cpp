// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcpclient.h"
#include "engine/tools/mcptool.h"
#include "engine/tools/toolregistry.h"
#include "mcptestutil.h"
#include "replayserver.h"
#include "testsupport.h"

#include <QProcess>
#include <QTcpServer>
#include <QtTest>

using namespace Skein;
using namespace Skein::McpTest;

// server-everything in its streamable HTTP mode on loopback: JSON-RPC over POST, answers as SSE,
// the Mcp-Session-Id handshake.
class TestMcpHttp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void initializeListAndCall();
    void progressOverSse();
    void errors();
    void unreachableServerFails();
    void handshakeEndsBeforeTheNextRequest();
    void redirectToAnotherHostIsRefused();

private:
    std::unique_ptr<McpClient> connectClient();

    QProcess m_server;
    QUrl m_url;
};

void TestMcpHttp::initTestCase()
{
    SKEIN_REQUIRE_MCP_SERVER("server-everything");
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PORT"), QString::number(port));
    m_server.setProcessEnvironment(env);
    m_server.setProcessChannelMode(QProcess::MergedChannels);
    m_server.start(node(), {serverScript("server-everything"), QStringLiteral("streamableHttp")});
    QVERIFY(m_server.waitForStarted(10000));
    QByteArray output;
    QTRY_VERIFY_WITH_TIMEOUT((output += m_server.readAll()).contains("listening on port"), 20000);
    m_url = QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
}

void TestMcpHttp::cleanupTestCase()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(3000))
            m_server.kill();
        m_server.waitForFinished(3000);
    }
}

std::unique_ptr<McpClient> TestMcpHttp::connectClient()
{
    McpServerConfig c;
    c.name = QStringLiteral("web");
    c.transport = McpServerConfig::Transport::Http;
    c.url = m_url;
    auto client = std::make_unique<McpClient>(c, McpClient::Options {});
    QSignalSpy ready(client.get(), &McpClient::ready);
    client->start();
    if (!ready.wait(20000))
        qWarning("not ready: %s", qPrintable(client->lastError()));
    return client;
}

void TestMcpHttp::initializeListAndCall()
{
    auto client = connectClient();
    QCOMPARE(client->state(), McpClient::State::Ready);
    QVERIFY(McpClient::supportedVersions.contains(client->negotiatedVersion()));
    // tools/list only works with the session id from initialize, so a list proves the header.
    QVERIFY(client->tools().size() >= 5);
    ToolRegistry registry;
    McpTool::syncRegistry(client.get(), &registry);
    const auto echo = registry.find(QStringLiteral("web__echo"));
    QVERIFY(echo);
    ToolResult r = finish(echo->call({{QStringLiteral("message"), QStringLiteral("over http")}}, {}, this));
    QVERIFY2(!r.isError, qPrintable(r.content));
    QCOMPARE(r.content, QStringLiteral("Echo: over http"));
    r = finish(registry.find(QStringLiteral("web__get-sum"))
                   ->call({{QStringLiteral("a"), 2}, {QStringLiteral("b"), 40}}, {}, this));
    QVERIFY2(r.content.contains(QStringLiteral("42")), qPrintable(r.content));
    // Two clients get two sessions and do not disturb each other.
    auto second = connectClient();
    QCOMPARE(second->state(), McpClient::State::Ready);
    ToolInvocation call;
    client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("first")}}, &call);
    QCOMPARE(finish(&call).content, QStringLiteral("Echo: first"));
}

void TestMcpHttp::progressOverSse()
{
    auto client = connectClient();
    ToolInvocation call;
    QSignalSpy progress(&call, &ToolInvocation::progress);
    QSignalSpy done(&call, &ToolInvocation::finished);
    client->callTool(QStringLiteral("trigger-long-running-operation"),
                     {{QStringLiteral("duration"), 1.2}, {QStringLiteral("steps"), 3}}, &call);
    // Progress arrives while the call is still running (the SSE stream is read as it comes).
    QVERIFY(progress.wait(10000));
    QCOMPARE(done.size(), 0);
    QVERIFY(done.wait(10000));
    QCOMPARE(progress.size(), 3);
    QCOMPARE(progress.last()[0].toDouble(), 3.0);
    QVERIFY(done.first().first().value<ToolResult>().content.contains(QStringLiteral("completed")));

    // Cancelling a streamed call finishes it at once.
    ToolInvocation slow;
    QSignalSpy slowProgress(&slow, &ToolInvocation::progress);
    client->callTool(QStringLiteral("trigger-long-running-operation"),
                     {{QStringLiteral("duration"), 20}, {QStringLiteral("steps"), 40}}, &slow);
    QVERIFY(slowProgress.wait(10000));
    slow.cancel();
    QVERIFY(finish(&slow, 1000).cancelled);
    ToolInvocation echo;
    client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("after")}}, &echo);
    QCOMPARE(finish(&echo).content, QStringLiteral("Echo: after"));
}

void TestMcpHttp::errors()
{
    auto client = connectClient();
    ToolInvocation call;
    client->callTool(QStringLiteral("get-sum"), {{QStringLiteral("a"), QStringLiteral("x")}}, &call);
    QVERIFY(finish(&call).isError);
    ToolInvocation unknown;
    client->callTool(QStringLiteral("nope"), {}, &unknown);
    const ToolResult r = finish(&unknown);
    QVERIFY(r.isError);
    QVERIFY2(r.content.contains(QStringLiteral("nope")), qPrintable(r.content));
}

void TestMcpHttp::unreachableServerFails()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    McpServerConfig c;
    c.name = QStringLiteral("gone");
    c.transport = McpServerConfig::Transport::Http;
    c.url = QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
    McpClient client(c, {});
    QSignalSpy failed(&client, &McpClient::failed);
    client.start();
    QVERIFY(failed.wait(10000));
    QCOMPARE(client.state(), McpClient::State::Failed);
    QVERIFY(!client.lastError().isEmpty());
}

// A stateless server (like the conformance suite's) fails a request that overtakes the end of the
// handshake, so nothing is sent while the `notifications/initialized` POST is still open.
void TestMcpHttp::handshakeEndsBeforeTheNextRequest()
{
    using namespace Skein::Test;
    ReplayServer server;
    QVERIFY(server.listen());
    QElapsedTimer clock;
    clock.start();
    QHash<QString, qint64> arrivedAt;
    server.route("POST", "/mcp", [&](const RecordedRequest &request) {
        const QJsonObject message = QJsonDocument::fromJson(request.body).object();
        const QString method = message.value(QStringLiteral("method")).toString();
        arrivedAt.insert(method, clock.elapsed());
        const auto json = [&](const QJsonObject &result) {
            const QJsonObject answer {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                      {QStringLiteral("id"), message.value(QStringLiteral("id"))},
                                      {QStringLiteral("result"), result}};
            return ReplayResponse::fromBytes(200, QJsonDocument(answer).toJson(QJsonDocument::Compact),
                                             "application/json");
        };
        if (method == u"initialize")
            return json({{QStringLiteral("protocolVersion"),
                          message.value(QStringLiteral("params")).toObject().value(QStringLiteral("protocolVersion"))},
                         {QStringLiteral("capabilities"), QJsonObject {{QStringLiteral("tools"), QJsonObject {}}}},
                         {QStringLiteral("serverInfo"),
                          QJsonObject {{QStringLiteral("name"), QStringLiteral("slow")},
                                       {QStringLiteral("version"), QStringLiteral("1")}}}});
        if (method == u"notifications/initialized") {
            ReplayResponse accepted = ReplayResponse::fromBytes(202, {}, {});
            accepted.headerDelayMs = 400;
            return accepted;
        }
        const QJsonObject tool {
            {QStringLiteral("name"), QStringLiteral("noop")},
            {QStringLiteral("inputSchema"), QJsonObject {{QStringLiteral("type"), QStringLiteral("object")}}}};
        return json({{QStringLiteral("tools"), QJsonArray {tool}}});
    });
    McpServerConfig c;
    c.name = QStringLiteral("slow");
    c.transport = McpServerConfig::Transport::Http;
    c.url = server.url(QStringLiteral("/mcp"));
    McpClient client(c, {});
    QSignalSpy ready(&client, &McpClient::ready);
    client.start();
    QVERIFY2(ready.wait(10000), qPrintable(client.lastError()));
    QCOMPARE(client.tools().size(), 1);
    QVERIFY(arrivedAt.contains(QStringLiteral("notifications/initialized")));
    QVERIFY(arrivedAt.contains(QStringLiteral("tools/list")));
    QVERIFY2(arrivedAt.value(QStringLiteral("tools/list"))
                     - arrivedAt.value(QStringLiteral("notifications/initialized"))
                 >= 380,
             "tools/list overtook the open notifications/initialized POST");
}

// Qt would copy the server's token header to wherever a redirect points: an MCP server (or whoever
// answers at its URL) must not be able to send the token and the tool calls to another host.
void TestMcpHttp::redirectToAnotherHostIsRefused()
{
    using namespace Skein::Test;
    ReplayServer elsewhere;
    QVERIFY(elsewhere.listen());
    elsewhere.route("POST", "/mcp", {ReplayResponse::fromBytes(500, "should never be asked", "text/plain")});
    ReplayServer server;
    QVERIFY(server.listen());
    server.route(
        "POST", "/mcp",
        {ReplayResponse::fromBytes(307, {}, {}).header("Location", elsewhere.url(QStringLiteral("/mcp")).toEncoded())});
    McpServerConfig c;
    c.name = QStringLiteral("moved");
    c.transport = McpServerConfig::Transport::Http;
    c.url = server.url(QStringLiteral("/mcp"));
    c.headers.insert(QStringLiteral("Authorization"), QStringLiteral("Bearer mcp-canary-51"));
    McpClient client(c, {});
    QSignalSpy failed(&client, &McpClient::failed);
    client.start();
    QVERIFY(failed.wait(10000));
    QCOMPARE(client.state(), McpClient::State::Failed);
    QCOMPARE(elsewhere.requestCount(), 0);
    QCOMPARE(server.requestCount(), 1);
    QVERIFY(server.requests().constFirst().header("authorization") == "Bearer mcp-canary-51");
    const QString error = client.lastError();
    QVERIFY2(error.contains(server.baseUrl().toDisplayString())
                 && error.contains(elsewhere.baseUrl().toDisplayString()),
             qPrintable(error));
}

SKEIN_CORE_TEST_MAIN(TestMcpHttp)
#include "tst_mcphttp.moc"
