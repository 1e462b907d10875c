/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcpclient.h"
#include "engine/tools/tool.h"

#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

// The Node.js runtime and the npm-installed servers (tests/tools/mcp, installed by the
// tools_mcp_servers_install fixture).
namespace Skein::McpTest {

inline QString node()
{
    return QStandardPaths::findExecutable(QStringLiteral("node"));
}

inline QString serverScript(const char *package)
{
    return QDir(QStringLiteral(SKEIN_MCP_SERVERS_DIR))
        .filePath(QStringLiteral("@modelcontextprotocol/%1/dist/index.js").arg(QLatin1String(package)));
}

// Runs a call to completion and returns its result.
inline ToolResult finish(ToolInvocation *call, int timeoutMs = 20000)
{
    QSignalSpy spy(call, &ToolInvocation::finished);
    if (spy.isEmpty() && !spy.wait(timeoutMs))
        return ToolResult::error(QStringLiteral("test: no result within %1 ms").arg(timeoutMs));
    return spy.first().first().value<ToolResult>();
}

} // namespace Skein::McpTest

#define SKEIN_REQUIRE_MCP_SERVER(package)                                                                              \
    do {                                                                                                               \
        QVERIFY2(!::Skein::McpTest::node().isEmpty(), "node is not on PATH (install nodejs)");                         \
        QVERIFY2(QFile::exists(::Skein::McpTest::serverScript(package)),                                               \
                 qPrintable(QStringLiteral("missing %1: run tests/tools/mcp/ensure-servers.sh")                        \
                                .arg(::Skein::McpTest::serverScript(package))));                                       \
    } while (false)
