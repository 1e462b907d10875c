/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcptransport.h"

#include <QHash>
#include <QMap>
#include <QPointer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace Skein {

// Streamable HTTP (MCP 2025-03-26+): every client message is a POST to the endpoint; the answer is
// 202 (notifications), one JSON body, or an SSE stream carrying the response and any requests or
// notifications sent before it. The server's Mcp-Session-Id is echoed on every later request.
// Not implemented: the optional GET stream for server-initiated messages between requests.
class McpHttpTransport final : public McpTransport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpHttpTransport)

public:
    McpHttpTransport(const QUrl &endpoint, const QMap<QString, QString> &headers, QNetworkAccessManager *network,
                     QObject *parent = nullptr);
    ~McpHttpTransport() override;

    void start() override;
    void send(const QJsonObject &message) override;
    void stop() override;
    void setProtocolVersion(const QString &version) override { m_protocolVersion = version; }

    QByteArray sessionId() const { return m_sessionId; }

private:
    void post(const QJsonObject &message);
    void handleFinished(QNetworkReply *reply, const QJsonValue &requestId);
    void emitJson(const QByteArray &bytes);
    void failRequest(const QJsonValue &requestId, const QString &message);
    void refuseRedirect(const QUrl &target, const QJsonValue &requestId);

    QUrl m_endpoint;
    QMap<QString, QString> m_headers;
    QPointer<QNetworkAccessManager> m_network;
    QByteArray m_sessionId;
    QString m_protocolVersion;
    QHash<QString, QPointer<QNetworkReply>> m_replies; // by request id (as JSON text)
    bool m_stopped = false;
    // Messages held while the `notifications/initialized` POST is open: a stateless server must
    // see the end of the handshake before anything else.
    bool m_holding = false;
    QList<QJsonObject> m_held;
};

} // namespace Skein
