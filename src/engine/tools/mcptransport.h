/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QJsonObject>
#include <QObject>

namespace Skein {

// Carries JSON-RPC messages to and from one MCP server.
class McpTransport : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpTransport)

public:
    explicit McpTransport(QObject *parent = nullptr)
        : QObject(parent)
    { }

    // Connects (starts the process); emits started() or failed().
    virtual void start() = 0;
    virtual void send(const QJsonObject &message) = 0;
    // Closes on purpose; no failure is reported afterwards.
    virtual void stop() = 0;
    // Set after initialize so HTTP can send the MCP-Protocol-Version header.
    virtual void setProtocolVersion(const QString &) { }

Q_SIGNALS:
    void started();
    void messageReceived(const QJsonObject &message);
    // The connection broke or the server exited unexpectedly; `detail` is shown to the user.
    void failed(const QString &detail);
    // A line of server diagnostics (stderr, malformed output) for the server log.
    void diagnostic(const QString &line);
};

} // namespace Skein
