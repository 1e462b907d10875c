/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Skein {

// One MCP server as configured in the de-facto desktop format:
//   {"mcpServers": {"name": {"command": "...", "args": [...], "env": {...}} | {"url": "..."}}}
struct McpServerConfig
{
    enum class Transport { Stdio, Http };

    QString name;
    Transport transport = Transport::Stdio;
    QString command; // stdio
    QStringList args;
    QMap<QString, QString> env; // added to the inherited environment
    QString cwd; // optional working directory
    QUrl url; // streamable HTTP endpoint
    QMap<QString, QString> headers; // extra HTTP headers
    bool disabled = false;
    // The user trusts this server's claims: a tool it marks readOnlyHint runs without approval.
    // Skein's own setting: never taken from an imported file.
    bool trusted = false;

    friend bool operator==(const McpServerConfig &, const McpServerConfig &) = default;
};

// The outcome of reading a configuration: the valid servers and one message per problem. A server
// with a problem is left out; the others are still usable.
struct McpConfigParseResult
{
    QList<McpServerConfig> servers;
    QStringList errors; // translated, each names the server or the JSON position

    bool ok() const { return errors.isEmpty(); }
};

namespace McpConfig {

// Server names become tool-name prefixes (`name__tool`), so they are limited to [A-Za-z0-9_-],
// at most 32 characters, and must not contain "__".
bool isValidServerName(const QString &name);
McpConfigParseResult parse(const QByteArray &json);
// Reads a file such as claude_desktop_config.json.
McpConfigParseResult importFile(const QString &path);
// The same format back (for saving the user's list).
QByteArray toJson(const QList<McpServerConfig> &servers);
// What starts the server, in full, for the user to read: the command line (arguments quoted
// where needed) with the names of its environment variables, or the URL.
QString origin(const McpServerConfig &server);

} // namespace McpConfig

} // namespace Skein
