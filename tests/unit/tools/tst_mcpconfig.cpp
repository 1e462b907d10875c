// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcpserverconfig.h"
#include "testsupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Skein;

class TestMcpConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesDesktopFormat();
    void malformed_data();
    void malformed();
    void badServersAreLeftOutOthersKept();
    void serverNames();
    void importFileAndRoundTrip();
    void importMissingFile();
};

void TestMcpConfig::parsesDesktopFormat()
{
    const QByteArray json = R"({
      "mcpServers": {
        "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
                       "env": {"DEBUG": "1"}},
        "remote": {"url": "https://example.com/mcp", "headers": {"X-Team": "a"}},
        "off": {"command": "true", "disabled": true}
      },
      "globalShortcut": "Ctrl+Space"
    })";
    const McpConfigParseResult r = McpConfig::parse(json);
    QVERIFY2(r.ok(), qPrintable(r.errors.join(u'\n')));
    QCOMPARE(r.servers.size(), 3);
    const McpServerConfig &fs = r.servers[0];
    QCOMPARE(fs.name, QStringLiteral("filesystem"));
    QCOMPARE(fs.transport, McpServerConfig::Transport::Stdio);
    QCOMPARE(fs.command, QStringLiteral("npx"));
    QCOMPARE(fs.args,
             (QStringList {QStringLiteral("-y"), QStringLiteral("@modelcontextprotocol/server-filesystem"),
                           QStringLiteral("/tmp")}));
    QCOMPARE(fs.env.value(QStringLiteral("DEBUG")), QStringLiteral("1"));
    QCOMPARE(r.servers[1].name, QStringLiteral("off"));
    QVERIFY(r.servers[1].disabled);
    const McpServerConfig &remote = r.servers[2];
    QCOMPARE(remote.transport, McpServerConfig::Transport::Http);
    QCOMPARE(remote.url, QUrl(QStringLiteral("https://example.com/mcp")));
    QCOMPARE(remote.headers.value(QStringLiteral("X-Team")), QStringLiteral("a"));

    // VS Code's "servers" key is accepted too.
    QCOMPARE(McpConfig::parse(R"({"servers": {"a": {"command": "x"}}})").servers.size(), 1);
}

void TestMcpConfig::malformed_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("not json") << QByteArray("{\n  \"mcpServers\": {,\n}") << QStringLiteral("line 2, column");
    QTest::newRow("truncated") << QByteArray(R"({"mcpServers": {"a": {"command": "x")")
                               << QStringLiteral("not valid JSON");
    QTest::newRow("array root") << QByteArray("[1]") << QStringLiteral("Expected a JSON object");
    QTest::newRow("no servers") << QByteArray(R"({"other": 1})") << QStringLiteral("No “mcpServers”");
    QTest::newRow("servers not object") << QByteArray(R"({"mcpServers": []})") << QStringLiteral("must be an object");
    QTest::newRow("entry not object") << QByteArray(R"({"mcpServers": {"a": "npx"}})")
                                      << QStringLiteral("Server “a”: expected an object");
    QTest::newRow("neither") << QByteArray(R"({"mcpServers": {"a": {"args": []}}})")
                             << QStringLiteral("needs “command”");
    QTest::newRow("both") << QByteArray(R"({"mcpServers": {"a": {"command": "x", "url": "http://h/"}}})")
                          << QStringLiteral("both “command” and “url”");
    QTest::newRow("empty command") << QByteArray(R"({"mcpServers": {"a": {"command": " "}}})")
                                   << QStringLiteral("“command” must be a non-empty string");
    QTest::newRow("args not strings") << QByteArray(R"({"mcpServers": {"a": {"command": "x", "args": [1]}}})")
                                      << QStringLiteral("“args” must be an array of strings");
    QTest::newRow("args string") << QByteArray(R"({"mcpServers": {"a": {"command": "x", "args": "-y"}}})")
                                 << QStringLiteral("“args” must be an array of strings");
    QTest::newRow("env values") << QByteArray(R"({"mcpServers": {"a": {"command": "x", "env": {"K": 1}}}})")
                                << QStringLiteral("“env” must be an object of strings");
    QTest::newRow("url scheme") << QByteArray(R"({"mcpServers": {"a": {"url": "ftp://h/mcp"}}})")
                                << QStringLiteral("http:// or https://");
    QTest::newRow("url garbage") << QByteArray(R"({"mcpServers": {"a": {"url": "not a url"}}})")
                                 << QStringLiteral("http:// or https://");
    QTest::newRow("disabled type") << QByteArray(R"({"mcpServers": {"a": {"command": "x", "disabled": "yes"}}})")
                                   << QStringLiteral("“disabled” must be true or false");
    QTest::newRow("bad name") << QByteArray(R"({"mcpServers": {"my server": {"command": "x"}}})")
                              << QStringLiteral("Server “my server”: the name");
}

void TestMcpConfig::malformed()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    const McpConfigParseResult r = McpConfig::parse(json);
    QVERIFY(!r.ok());
    QCOMPARE(r.servers.size(), 0);
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().contains(error), qPrintable(r.errors.first()));
}

void TestMcpConfig::badServersAreLeftOutOthersKept()
{
    const McpConfigParseResult r
        = McpConfig::parse(R"({"mcpServers": {"good": {"command": "x"}, "bad": {"command": 3}, "worse": {}}})");
    QCOMPARE(r.servers.size(), 1);
    QCOMPARE(r.servers.first().name, QStringLiteral("good"));
    QCOMPARE(r.errors.size(), 2);
    QVERIFY(r.errors.join(u'\n').contains(QStringLiteral("“bad”")));
    QVERIFY(r.errors.join(u'\n').contains(QStringLiteral("“worse”")));
}

void TestMcpConfig::serverNames()
{
    QVERIFY(McpConfig::isValidServerName(QStringLiteral("server-everything_2")));
    QVERIFY(!McpConfig::isValidServerName(QString()));
    QVERIFY(!McpConfig::isValidServerName(QStringLiteral("a__b")));
    QVERIFY(!McpConfig::isValidServerName(QStringLiteral("über")));
    QVERIFY(!McpConfig::isValidServerName(QString(33, u'a')));
}

void TestMcpConfig::importFileAndRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("claude_desktop_config.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"mcpServers": {"everything": {"command": "node", "args": ["index.js", "stdio"], "cwd": "/srv"},
               "web": {"url": "http://127.0.0.1:3001/mcp"}}})");
    f.close();
    const McpConfigParseResult r = McpConfig::importFile(path);
    QVERIFY(r.ok());
    QCOMPARE(r.servers.size(), 2);
    QCOMPARE(r.servers[0].cwd, QStringLiteral("/srv"));
    const McpConfigParseResult again = McpConfig::parse(McpConfig::toJson(r.servers));
    QVERIFY(again.ok());
    QCOMPARE(again.servers, r.servers);
}

void TestMcpConfig::importMissingFile()
{
    QTemporaryDir dir;
    const McpConfigParseResult r = McpConfig::importFile(dir.filePath(QStringLiteral("nope.json")));
    QVERIFY(!r.ok());
    QVERIFY(r.errors.first().contains(QStringLiteral("nope.json")));
}

SKEIN_CORE_TEST_MAIN(TestMcpConfig)
#include "tst_mcpconfig.moc"
