// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcphttptransport.h"

#include "core/stream/sseparser.h"
#include "llm/redirectguard.h"
#include "llm/replylimit.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

#include <memory>
#include <utility>

namespace Skein {

namespace {

QString idKey(const QJsonValue &id)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray {id}).toJson(QJsonDocument::Compact));
}

const QByteArray sessionHeader = QByteArrayLiteral("Mcp-Session-Id");

} // namespace

McpHttpTransport::McpHttpTransport(const QUrl &endpoint, const QMap<QString, QString> &headers,
                                   QNetworkAccessManager *network, QObject *parent)
    : McpTransport(parent)
    , m_endpoint(endpoint)
    , m_headers(headers)
    , m_network(network)
{ }

McpHttpTransport::~McpHttpTransport()
{
    stop();
}

void McpHttpTransport::start()
{
    m_stopped = false;
    m_holding = false;
    m_held.clear();
    m_sessionId.clear();
    QTimer::singleShot(0, this, [this] { Q_EMIT started(); });
}

void McpHttpTransport::send(const QJsonObject &message)
{
    if (m_stopped || !m_network)
        return;
    if (m_holding) {
        m_held.append(message);
        return;
    }
    post(message);
}

void McpHttpTransport::post(const QJsonObject &message)
{
    QNetworkRequest request(m_endpoint);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    for (auto it = m_headers.begin(); it != m_headers.end(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
    if (!m_sessionId.isEmpty())
        request.setRawHeader(sessionHeader, m_sessionId);
    if (!m_protocolVersion.isEmpty())
        request.setRawHeader("MCP-Protocol-Version", m_protocolVersion.toUtf8());
    RedirectGuard::prepare(request);

    QNetworkReply *reply = m_network->post(request, QJsonDocument(message).toJson(QJsonDocument::Compact));
    RedirectGuard::watch(reply);
    ReplyLimit::watch(reply, ReplyLimit::kMcpMessageBytes);
    const QJsonValue id = message.value(QStringLiteral("id"));
    const bool isRequest = !id.isUndefined() && message.contains(QStringLiteral("method"));
    if (isRequest)
        m_replies.insert(idKey(id), reply);
    if (message.value(QStringLiteral("method")).toString() == u"notifications/initialized") {
        m_holding = true;
        connect(reply, &QNetworkReply::finished, this, [this] {
            m_holding = false;
            const QList<QJsonObject> held = std::exchange(m_held, {});
            for (const QJsonObject &next : held)
                send(next);
        });
    }

    // SSE answers are read as they arrive so progress notifications are not held back.
    auto parser = std::make_shared<SseParser>();
    auto isSse = std::make_shared<std::optional<bool>>();
    connect(reply, &QNetworkReply::readyRead, this, [this, reply, parser, isSse] {
        if (!isSse->has_value()) {
            const QByteArray type = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
            *isSse = type.startsWith("text/event-stream");
            const QByteArray session = reply->rawHeader(sessionHeader);
            if (!session.isEmpty())
                m_sessionId = session;
        }
        if (!**isSse)
            return; // JSON bodies are read whole when finished
        for (const SseEvent &event : parser->feed(reply->readAll())) {
            if (!event.data.isEmpty() && event.type == "message")
                emitJson(event.data);
        }
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, id, isRequest, parser, isSse] {
        reply->deleteLater();
        if (isRequest)
            m_replies.remove(idKey(id));
        if (m_stopped)
            return;
        if (const std::optional<QUrl> refused = RedirectGuard::refusedTarget(*reply)) {
            refuseRedirect(*refused, isRequest ? id : QJsonValue());
            return;
        }
        if (const std::optional<qint64> limit = ReplyLimit::exceeded(*reply)) {
            const QString why = tr("The MCP server's answer is larger than %1, so Skein stopped reading it.")
                                    .arg(ReplyLimit::describe(*limit));
            Q_EMIT diagnostic(why);
            if (isRequest)
                failRequest(id, why);
            return;
        }
        if (reply->error() == QNetworkReply::OperationCanceledError)
            return;
        const QByteArray session = reply->rawHeader(sessionHeader);
        if (!session.isEmpty())
            m_sessionId = session;
        if (isSse->value_or(false)) {
            for (const SseEvent &event : parser->feed(reply->readAll())) {
                if (!event.data.isEmpty() && event.type == "message")
                    emitJson(event.data);
            }
            for (const SseEvent &event : parser->finish()) {
                if (!event.data.isEmpty() && event.type == "message")
                    emitJson(event.data);
            }
            return;
        }
        handleFinished(reply, isRequest ? id : QJsonValue());
    });
    // A cancelled request's stream is of no further use.
    if (message.value(QStringLiteral("method")).toString() == u"notifications/cancelled") {
        const QString key
            = idKey(message.value(QStringLiteral("params")).toObject().value(QStringLiteral("requestId")));
        if (QPointer<QNetworkReply> pending = m_replies.take(key))
            pending->abort();
    }
}

void McpHttpTransport::handleFinished(QNetworkReply *reply, const QJsonValue &requestId)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    if (status == 202 || (status >= 200 && status < 300 && body.trimmed().isEmpty()))
        return;
    if (status >= 200 && status < 300) {
        emitJson(body);
        return;
    }
    QString message;
    if (status == 404 && !m_sessionId.isEmpty())
        message = tr("The server ended the session (HTTP 404).");
    else if (status != 0)
        message = tr("HTTP %1: %2").arg(status).arg(QString::fromUtf8(body.left(300)).trimmed());
    else
        message = reply->errorString();
    Q_EMIT diagnostic(message);
    // A JSON-RPC error body is the answer itself.
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject() && doc.object().contains(QStringLiteral("error")) && doc.object().contains(QStringLiteral("id"))
        && !doc.object().value(QStringLiteral("id")).isNull()) {
        Q_EMIT messageReceived(doc.object());
        return;
    }
    if (!requestId.isUndefined() && !requestId.isNull())
        failRequest(requestId, message);
    else if (status == 0 || status == 404)
        Q_EMIT failed(message);
}

void McpHttpTransport::refuseRedirect(const QUrl &target, const QJsonValue &requestId)
{
    const auto origin = [](const QUrl &url) {
        return url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
            .toDisplayString();
    };
    const QString message = tr("The MCP server at %1 redirected the request to %2, another server. Skein does not "
                               "follow redirects to other servers, so its headers and the tool call were not sent "
                               "there; check the server's URL")
                                .arg(origin(m_endpoint), origin(target));
    Q_EMIT diagnostic(message);
    if (!requestId.isUndefined() && !requestId.isNull())
        failRequest(requestId, message);
    else
        Q_EMIT failed(message);
}

void McpHttpTransport::failRequest(const QJsonValue &requestId, const QString &message)
{
    Q_EMIT messageReceived(QJsonObject {
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), requestId},
        {QStringLiteral("error"), QJsonObject {{QStringLiteral("code"), -32000}, {QStringLiteral("message"), message}}},
    });
}

void McpHttpTransport::emitJson(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        Q_EMIT diagnostic(tr("A response was not JSON: %1").arg(QString::fromUtf8(bytes.left(300))));
        return;
    }
    if (doc.isObject()) {
        Q_EMIT messageReceived(doc.object());
    } else if (doc.isArray()) {
        for (const QJsonValue &v : doc.array()) {
            if (v.isObject())
                Q_EMIT messageReceived(v.toObject());
        }
    }
}

void McpHttpTransport::stop()
{
    if (m_stopped)
        return;
    m_stopped = true;
    m_held.clear();
    for (const QPointer<QNetworkReply> &reply : std::as_const(m_replies)) {
        if (reply)
            reply->abort();
    }
    m_replies.clear();
    if (!m_sessionId.isEmpty() && m_network) {
        // Tells the server it can drop the session; the answer does not matter.
        QNetworkRequest request(m_endpoint);
        request.setRawHeader(sessionHeader, m_sessionId);
        for (auto it = m_headers.begin(); it != m_headers.end(); ++it)
            request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
        RedirectGuard::prepare(request);
        QNetworkReply *reply = m_network->deleteResource(request);
        RedirectGuard::watch(reply);
        connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
        m_sessionId.clear();
    }
}

} // namespace Skein
