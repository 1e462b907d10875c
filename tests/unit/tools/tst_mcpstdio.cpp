// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcpclient.h"
#include "engine/tools/mcpserverlog.h"
#include "engine/tools/mcptool.h"
#include "engine/tools/toolregistry.h"
#include "mcptestutil.h"
#include "testsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace Skein;
using namespace Skein::McpTest;

namespace {

McpServerConfig everything()
{
    McpServerConfig c;
    c.name = QStringLiteral("everything");
    c.command = node();
    c.args = {serverScript("server-everything"), QStringLiteral("stdio")};
    return c;
}

} // namespace

// Against the real reference servers from npm, over stdio.
class TestMcpStdio : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void initializeAndListTools();
    void callToolsThroughRegistry();
    void toolErrors();
    void progressNotifications();
    void cancellation();
    void timeoutCancelsOnServer();
    void listChangedRelists();
    void crashIsReportedWithStderr();
    void restart();
    void filesystemServer();
    void readOnlyHintCountsOnlyForATrustedServer();
    void childGetsAMinimalEnvironment();

private:
    std::unique_ptr<McpClient> startEverything(McpClient::Options options = {});

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestMcpStdio::init()
{
    SKEIN_REQUIRE_MCP_SERVER("server-everything");
    m_dir = std::make_unique<QTemporaryDir>();
}

void TestMcpStdio::cleanup()
{
    m_dir.reset();
}

std::unique_ptr<McpClient> TestMcpStdio::startEverything(McpClient::Options options)
{
    auto client = std::make_unique<McpClient>(everything(), options);
    QSignalSpy ready(client.get(), &McpClient::ready);
    client->start();
    if (!ready.wait(20000))
        qWarning("server did not get ready: %s", qPrintable(client->lastError()));
    return client;
}

void TestMcpStdio::initializeAndListTools()
{
    McpClient::Options options;
    options.logPath = McpServerLog::defaultPath(m_dir->path(), QStringLiteral("everything"));
    auto client = startEverything(options);
    QCOMPARE(client->state(), McpClient::State::Ready);
    QVERIFY(McpClient::supportedVersions.contains(client->negotiatedVersion()));
    QVERIFY(!client->serverInfo().value(QStringLiteral("name")).toString().isEmpty());
    QVERIFY(client->serverCapabilities().contains(QStringLiteral("tools")));
    QHash<QString, McpToolInfo> byName;
    for (const McpToolInfo &t : client->tools())
        byName.insert(t.name, t);
    for (const char *expected : {"echo", "get-sum", "trigger-long-running-operation", "toggle-simulated-logging"})
        QVERIFY2(byName.contains(QLatin1String(expected)), expected);
    QVERIFY(byName[QStringLiteral("echo")].readOnly);
    QVERIFY(!byName[QStringLiteral("toggle-simulated-logging")].readOnly); // readOnlyHint: false
    QCOMPARE(byName[QStringLiteral("get-sum")].inputSchema.value(QStringLiteral("type")).toString(),
             QStringLiteral("object"));
    QVERIFY(byName[QStringLiteral("get-sum")]
                .inputSchema.value(QStringLiteral("properties"))
                .toObject()
                .contains(QStringLiteral("a")));
    // The log file exists where the user can open it.
    QVERIFY(QFile::exists(options.logPath));
}

void TestMcpStdio::callToolsThroughRegistry()
{
    auto client = startEverything();
    QCOMPARE(client->state(), McpClient::State::Ready);
    ToolRegistry registry;
    McpTool::syncRegistry(client.get(), &registry);
    QVERIFY(registry.names().contains(QStringLiteral("everything__echo")));
    QVERIFY(registry.names().contains(QStringLiteral("everything__get-sum")));
    const auto echo = registry.find(QStringLiteral("everything__echo"));
    // readOnlyHint is the server's claim: without trust it waives nothing (issue #13).
    QCOMPARE(echo->policy(), ToolPolicy::SideEffects);
    QCOMPARE(registry.find(QStringLiteral("everything__toggle-simulated-logging"))->policy(), ToolPolicy::SideEffects);
    QCOMPARE(echo->definitionHash().size(), 64);

    ToolResult r = finish(echo->call({{QStringLiteral("message"), QStringLiteral("héllo 世界")}}, {}, this));
    QVERIFY2(!r.isError, qPrintable(r.content));
    QCOMPARE(r.content, QStringLiteral("Echo: héllo 世界"));

    r = finish(registry.find(QStringLiteral("everything__get-sum"))
                   ->call({{QStringLiteral("a"), 19}, {QStringLiteral("b"), 23.5}}, {}, this));
    QVERIFY2(!r.isError, qPrintable(r.content));
    QVERIFY2(r.content.contains(QStringLiteral("42.5")), qPrintable(r.content));

    // Stopping the server removes its tools from the registry.
    client->stop();
    QVERIFY(!registry.names().contains(QStringLiteral("everything__echo")));
}

void TestMcpStdio::toolErrors()
{
    auto client = startEverything();
    ToolInvocation call;
    client->callTool(QStringLiteral("get-sum"), {{QStringLiteral("a"), QStringLiteral("not a number")}}, &call);
    ToolResult r = finish(&call);
    QVERIFY(r.isError);
    QVERIFY2(!r.content.isEmpty(), "an error result says what went wrong");

    ToolInvocation unknown;
    client->callTool(QStringLiteral("no-such-tool"), {}, &unknown);
    r = finish(&unknown);
    QVERIFY(r.isError);
    QVERIFY2(r.content.contains(QStringLiteral("no-such-tool")), qPrintable(r.content));

    // The client is still usable afterwards.
    ToolInvocation echo;
    client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("ok")}}, &echo);
    QCOMPARE(finish(&echo).content, QStringLiteral("Echo: ok"));
}

void TestMcpStdio::progressNotifications()
{
    auto client = startEverything();
    ToolInvocation call;
    QSignalSpy progress(&call, &ToolInvocation::progress);
    client->callTool(QStringLiteral("trigger-long-running-operation"),
                     {{QStringLiteral("duration"), 1.5}, {QStringLiteral("steps"), 3}}, &call);
    const ToolResult r = finish(&call);
    QVERIFY2(!r.isError, qPrintable(r.content));
    QVERIFY2(r.content.contains(QStringLiteral("completed")), qPrintable(r.content));
    QCOMPARE(progress.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(progress[i][0].toDouble(), double(i + 1));
        QCOMPARE(progress[i][1].toDouble(), 3.0);
    }
}

void TestMcpStdio::cancellation()
{
    auto client = startEverything();
    ToolInvocation call;
    QSignalSpy progress(&call, &ToolInvocation::progress);
    QSignalSpy done(&call, &ToolInvocation::finished);
    client->callTool(QStringLiteral("trigger-long-running-operation"),
                     {{QStringLiteral("duration"), 20}, {QStringLiteral("steps"), 40}}, &call);
    QVERIFY(progress.wait(10000));
    QElapsedTimer clock;
    clock.start();
    call.cancel();
    QVERIFY(done.wait(1000));
    QVERIFY(clock.elapsed() < 1000);
    QVERIFY(done.first().first().value<ToolResult>().cancelled);
    const auto progressAtCancel = progress.size();
    // The server was sent notifications/cancelled; whatever it still sends for that request is
    // not reported, and the client keeps working.
    ToolInvocation echo;
    client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("after")}}, &echo);
    QCOMPARE(finish(&echo).content, QStringLiteral("Echo: after"));
    QTest::qWait(1200);
    QCOMPARE(progress.size(), progressAtCancel);
    QCOMPARE(done.size(), 1);
}

void TestMcpStdio::timeoutCancelsOnServer()
{
    auto client = startEverything();
    ToolRegistry registry;
    McpTool::syncRegistry(client.get(), &registry);
    ToolContext context;
    context.timeout = std::chrono::milliseconds(700);
    const auto tool = registry.find(QStringLiteral("everything__trigger-long-running-operation"));
    QVERIFY(tool);
    QElapsedTimer clock;
    clock.start();
    const ToolResult r
        = finish(tool->call({{QStringLiteral("duration"), 10}, {QStringLiteral("steps"), 10}}, context, this));
    QVERIFY(r.timedOut);
    QVERIFY(r.isError);
    QVERIFY(clock.elapsed() < 5000);
    ToolInvocation echo;
    client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("still here")}}, &echo);
    QCOMPARE(finish(&echo).content, QStringLiteral("Echo: still here"));
}

void TestMcpStdio::listChangedRelists()
{
    // Announcing roots makes server-everything register its roots tool after initialization,
    // which it announces with notifications/tools/list_changed.
    McpClient::Options options;
    options.roots = {m_dir->path()};
    auto client = std::make_unique<McpClient>(everything(), options);
    // One log of both signals, in order: whether a re-list must follow depends on whether the
    // announcement came after the first list (the server may send it before that list is asked for).
    QStringList events;
    connect(client.get(), &McpClient::notificationReceived, this,
            [&events](const QString &method) { events << method; });
    connect(client.get(), &McpClient::toolsChanged, this, [&events] { events << QStringLiteral("toolsChanged"); });
    client->start();
    auto hasRootsTool = [&] {
        for (const McpToolInfo &t : client->tools()) {
            if (t.name == u"get-roots-list")
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(client->state() == McpClient::State::Ready, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(hasRootsTool(), 10000);
    const qsizetype announced = events.indexOf(QStringLiteral("notifications/tools/list_changed"));
    QVERIFY2(announced >= 0, qPrintable(events.join(u", ")));
    const qsizetype firstList = events.indexOf(QStringLiteral("toolsChanged"));
    QVERIFY(firstList >= 0);
    if (announced > firstList) // announced after the first list: the client listed again
        QTRY_VERIFY(events.lastIndexOf(QStringLiteral("toolsChanged")) > announced);
    // The server asked us for roots (roots/list) and got our directory.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            ToolInvocation probe;
            client->callTool(QStringLiteral("get-roots-list"), {}, &probe);
            return finish(&probe).content.contains(QDir(m_dir->path()).dirName());
        }(),
        10000);
}

void TestMcpStdio::crashIsReportedWithStderr()
{
    McpServerConfig c;
    c.name = QStringLiteral("broken");
    c.command = node();
    c.args = {
        QStringLiteral("-e"),
        QStringLiteral(
            "process.stderr.write('first line\\nfatal: config missing\\n'); setTimeout(() => process.exit(3), 100)")};
    McpClient::Options options;
    options.logPath = McpServerLog::defaultPath(m_dir->path(), c.name);
    McpClient client(c, options);
    QSignalSpy failed(&client, &McpClient::failed);
    client.start();
    QVERIFY(failed.wait(10000));
    QCOMPARE(client.state(), McpClient::State::Failed);
    const QString detail = failed.first().first().toString();
    QVERIFY2(detail.contains(QStringLiteral("code 3")), qPrintable(detail));
    QVERIFY2(detail.contains(QStringLiteral("fatal: config missing")), qPrintable(detail));
    QCOMPARE(client.lastError(), detail);
    QVERIFY(client.log()->lines().contains(QStringLiteral("first line")));
    QFile log(options.logPath);
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readAll().contains("fatal: config missing"));

    // A tool call on a failed server is an error, not a hang.
    ToolInvocation call;
    client.callTool(QStringLiteral("x"), {}, &call);
    QVERIFY(finish(&call).isError);

    // A command that does not exist.
    c.command = m_dir->filePath(QStringLiteral("no-such-server"));
    McpClient missing(c, {});
    QSignalSpy missingFailed(&missing, &McpClient::failed);
    missing.start();
    QVERIFY(missingFailed.wait(10000));
    QVERIFY(missingFailed.first().first().toString().contains(QStringLiteral("no-such-server")));
}

void TestMcpStdio::restart()
{
    auto client = startEverything();
    QCOMPARE(client->state(), McpClient::State::Ready);
    QSignalSpy ready(client.get(), &McpClient::ready);
    client->restart();
    QVERIFY(ready.wait(20000));
    QCOMPARE(client->state(), McpClient::State::Ready);
    ToolInvocation echo;
    client->callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("again")}}, &echo);
    QCOMPARE(finish(&echo).content, QStringLiteral("Echo: again"));
}

void TestMcpStdio::filesystemServer()
{
    SKEIN_REQUIRE_MCP_SERVER("server-filesystem");
    QTemporaryDir outside;
    QDir root(m_dir->path());
    QVERIFY(root.mkdir(QStringLiteral("sub")));
    QFile a(root.filePath(QStringLiteral("alpha.txt")));
    QVERIFY(a.open(QIODevice::WriteOnly));
    a.write("alpha content\n");
    a.close();
    QFile secret(QDir(outside.path()).filePath(QStringLiteral("secret.txt")));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("do not read");
    secret.close();

    McpServerConfig c;
    c.name = QStringLiteral("fs");
    c.command = node();
    c.args = {serverScript("server-filesystem"), root.path()};
    c.trusted = true; // the user trusts the reference server's read-only claims
    McpClient client(c, {});
    QSignalSpy ready(&client, &McpClient::ready);
    client.start();
    QVERIFY2(ready.wait(20000), qPrintable(client.lastError()));
    ToolRegistry registry;
    McpTool::syncRegistry(&client, &registry);
    QVERIFY(registry.find(QStringLiteral("fs__list_directory")));
    QCOMPARE(registry.find(QStringLiteral("fs__read_text_file"))->policy(), ToolPolicy::ReadOnly);
    QCOMPARE(registry.find(QStringLiteral("fs__write_file"))->policy(), ToolPolicy::SideEffects);

    ToolResult r = finish(
        registry.find(QStringLiteral("fs__list_directory"))->call({{QStringLiteral("path"), root.path()}}, {}, this));
    QVERIFY2(!r.isError, qPrintable(r.content));
    QVERIFY2(r.content.contains(QStringLiteral("[FILE] alpha.txt")), qPrintable(r.content));
    QVERIFY2(r.content.contains(QStringLiteral("[DIR] sub")), qPrintable(r.content));

    r = finish(registry.find(QStringLiteral("fs__read_text_file"))
                   ->call({{QStringLiteral("path"), root.filePath(QStringLiteral("alpha.txt"))}}, {}, this));
    QVERIFY2(!r.isError, qPrintable(r.content));
    QCOMPARE(r.content.trimmed(), QStringLiteral("alpha content"));

    r = finish(registry.find(QStringLiteral("fs__read_text_file"))
                   ->call({{QStringLiteral("path"), secret.fileName()}}, {}, this));
    QVERIFY(r.isError);
    QVERIFY2(r.content.contains(QStringLiteral("Access denied")), qPrintable(r.content));
    QVERIFY(!r.content.contains(QStringLiteral("do not read")));

    r = finish(registry.find(QStringLiteral("fs__read_text_file"))
                   ->call({{QStringLiteral("path"), root.filePath(QStringLiteral("../"))}}, {}, this));
    QVERIFY(r.isError);
}

// Issue #13 item 3: on f279e63 everything__echo (readOnlyHint: true) ran without approval.
void TestMcpStdio::readOnlyHintCountsOnlyForATrustedServer()
{
    McpServerConfig trusted = everything();
    trusted.trusted = true;
    McpClient client(trusted, {});
    QSignalSpy ready(&client, &McpClient::ready);
    client.start();
    QVERIFY2(ready.wait(20000), qPrintable(client.lastError()));
    ToolRegistry registry;
    McpTool::syncRegistry(&client, &registry);
    QCOMPARE(registry.find(QStringLiteral("everything__echo"))->policy(), ToolPolicy::ReadOnly);
    QCOMPARE(registry.find(QStringLiteral("everything__toggle-simulated-logging"))->policy(), ToolPolicy::SideEffects);

    // The approval hash covers the annotations and the server's command line.
    McpToolInfo info;
    for (const McpToolInfo &t : client.tools())
        if (t.name == QLatin1String("echo"))
            info = t;
    const QByteArray original = McpTool(&client, info).definitionHash();
    McpToolInfo claimed = info;
    claimed.annotations.insert(QStringLiteral("destructiveHint"),
                               !info.annotations.value(QStringLiteral("destructiveHint")).toBool());
    QVERIFY(McpTool(&client, claimed).definitionHash() != original);
    McpClient moved(everything(), {});
    QCOMPARE(McpTool(&moved, info).definitionHash(), original); // trust is not part of the definition
    McpServerConfig otherCommand = everything();
    otherCommand.args.append(QStringLiteral("--extra"));
    McpClient changed(otherCommand, {});
    QVERIFY(McpTool(&changed, info).definitionHash() != original);
}

// Issue #13 item 7: a server inherits no keys from Skein's environment; on f279e63 it got all of it.
void TestMcpStdio::childGetsAMinimalEnvironment()
{
    const QString out = m_dir->filePath(QStringLiteral("env.txt"));
    qputenv("SKEIN_CANARY_API_KEY", "sk-canary-0123456789");
    qputenv("AWS_SECRET_ACCESS_KEY", "aws-canary");
    McpServerConfig c;
    c.name = QStringLiteral("envprobe");
    c.command = QStringLiteral("/bin/sh");
    c.args = {QStringLiteral("-c"), QStringLiteral("env > \"$1\""), QStringLiteral("sh"), out};
    c.env.insert(QStringLiteral("SKEIN_CONFIGURED"), QStringLiteral("yes"));
    McpClient client(c, {});
    client.start();
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(out).size() > 0, 10000);
    QTest::qWait(100);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray env = f.readAll();
    qunsetenv("SKEIN_CANARY_API_KEY");
    qunsetenv("AWS_SECRET_ACCESS_KEY");
    QVERIFY2(!env.contains("sk-canary"), env.constData());
    QVERIFY2(!env.contains("aws-canary"), env.constData());
    QVERIFY2(env.contains("SKEIN_CONFIGURED=yes"), env.constData());
    QVERIFY2(env.contains("\nPATH=") || env.startsWith("PATH="), env.constData());
}

SKEIN_CORE_TEST_MAIN(TestMcpStdio)
#include "tst_mcpstdio.moc"
