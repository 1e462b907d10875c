// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "replayserver.h"

#include "testsupport.h"

#include <QHostAddress>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace Skein::Test {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 502:
        return "Bad Gateway";
    case 503:
        return "Service Unavailable";
    case 529:
        return "Overloaded";
    default:
        return "Status";
    }
}

QByteArray routeKey(const QByteArray &method, const QByteArray &path)
{
    const qsizetype query = path.indexOf('?');
    return method.toUpper() + ' ' + (query < 0 ? path : path.left(query));
}

} // namespace

ReplayResponse ReplayResponse::fromFile(int status, const QString &path, const QByteArray &contentType)
{
    const QByteArray body = readFile(path);
    if (body.isEmpty())
        qWarning("ReplayResponse: cannot read %s", qPrintable(path));
    return fromBytes(status, body, contentType);
}

ReplayResponse ReplayResponse::fromBytes(int status, const QByteArray &body, const QByteArray &contentType)
{
    ReplayResponse response;
    response.status = status;
    response.body = body;
    if (!contentType.isEmpty())
        response.headers.append({"Content-Type", contentType});
    return response;
}

ReplayResponse &ReplayResponse::header(const QByteArray &name, const QByteArray &value)
{
    headers.append({name, value});
    return *this;
}

ReplayResponse &ReplayResponse::chunked(QList<int> sizes, int delayMs)
{
    framing = Framing::Chunked;
    chunkSizes = std::move(sizes);
    chunkDelayMs = delayMs;
    return *this;
}

ReplayResponse &ReplayResponse::randomChunks(quint32 seed, int maxChunk, int delayMs)
{
    framing = Framing::Chunked;
    randomSeed = seed;
    randomMaxChunk = qMax(1, maxChunk);
    chunkDelayMs = delayMs;
    return *this;
}

ReplayResponse &ReplayResponse::closeDelimited()
{
    framing = Framing::CloseDelimited;
    return *this;
}

ReplayResponse &ReplayResponse::dropAfter(qint64 bytes)
{
    dropAfterBytes = bytes;
    return *this;
}

ReplayResponse &ReplayResponse::stallAfter(qint64 bytes)
{
    stallAfterBytes = bytes;
    return *this;
}

QByteArray RecordedRequest::header(const QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

bool RecordedRequest::hasHeader(const QByteArrayView name) const
{
    for (const auto &entry : headers) {
        if (entry.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

// One client connection; the QObject is the context of every timer and connect, so deleting it
// silences everything that still refers to it.
struct ReplayServer::Connection : QObject
{
    QTcpSocket *socket = nullptr;
    QByteArray buffer;
    bool responding = false;
    bool closed = false;
    ReplayResponse response;
    qint64 sent = 0;
    qsizetype chunkIndex = 0;
    QRandomGenerator random;
};

ReplayServer::ReplayServer(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &ReplayServer::onNewConnection);
}

ReplayServer::~ReplayServer()
{
    const QList<Connection *> connections = m_connections;
    for (Connection *connection : connections) {
        connection->closed = true;
        connection->socket->disconnect();
        connection->socket->abort();
        delete connection;
    }
}

bool ReplayServer::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

QUrl ReplayServer::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_server->serverPort());
    return url;
}

QUrl ReplayServer::url(const QString &path) const
{
    QUrl result = baseUrl();
    const qsizetype question = path.indexOf(u'?');
    result.setPath(path.left(question));
    if (question >= 0)
        result.setQuery(path.mid(question + 1));
    return result;
}

void ReplayServer::route(const QByteArray &method, const QByteArray &path, QList<ReplayResponse> responses)
{
    const QByteArray key = routeKey(method, path);
    m_handlers.remove(key);
    m_routes.insert(key, std::move(responses));
    m_served.insert(key, 0);
}

void ReplayServer::route(const QByteArray &method, const QByteArray &path, Handler handler)
{
    const QByteArray key = routeKey(method, path);
    m_routes.remove(key);
    m_handlers.insert(key, std::move(handler));
}

int ReplayServer::openConnections() const
{
    int open = 0;
    for (const Connection *connection : m_connections)
        open += !connection->closed && connection->socket->state() == QAbstractSocket::ConnectedState ? 1 : 0;
    return open;
}

void ReplayServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        auto *connection = new Connection;
        connection->socket = socket;
        socket->setParent(connection);
        m_connections.append(connection);
        connect(connection, &QObject::destroyed, this, [this, connection] { m_connections.removeOne(connection); });
        connect(socket, &QTcpSocket::readyRead, connection, [this, connection] { onReadyRead(connection); });
        connect(socket, &QTcpSocket::disconnected, connection, [this, connection] {
            if (!connection->closed)
                closeConnection(connection, false);
        });
    }
}

void ReplayServer::onReadyRead(Connection *connection)
{
    connection->buffer += connection->socket->readAll();
    if (connection->responding)
        return;
    const qsizetype headerEnd = connection->buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;

    RecordedRequest request;
    const QList<QByteArray> lines = connection->buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    request.path = requestLine.value(1);
    qint64 contentLength = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        request.headers.append({name, value});
        if (name == "content-length")
            contentLength = value.toLongLong();
    }
    const qsizetype bodyStart = headerEnd + 4;
    if (connection->buffer.size() - bodyStart < contentLength)
        return; // wait for the rest of the body
    request.body = connection->buffer.mid(bodyStart, contentLength);
    connection->buffer.remove(0, bodyStart + contentLength);
    connection->responding = true;
    respond(connection, request);
}

void ReplayServer::respond(Connection *connection, const RecordedRequest &request)
{
    m_requests.append(request);
    Q_EMIT requestReceived(int(m_requests.size() - 1));

    const QByteArray key = routeKey(request.method, request.path);
    const auto route = m_routes.constFind(key);
    const auto handler = m_handlers.constFind(key);
    if (handler != m_handlers.cend()) {
        connection->response = (*handler)(request);
    } else if (route == m_routes.cend() || route->isEmpty()) {
        connection->response = ReplayResponse::fromBytes(404, "no route for " + key, "text/plain");
    } else {
        int &served = m_served[key];
        connection->response = route->at(qMin<qsizetype>(served, route->size() - 1));
        ++served;
    }
    const ReplayResponse &response = connection->response;
    if (response.randomSeed)
        connection->random.seed(*response.randomSeed);

    auto sendHead = [this, connection] {
        if (connection->closed)
            return;
        const ReplayResponse &r = connection->response;
        QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + reasonPhrase(r.status) + "\r\n";
        for (const auto &[name, value] : r.headers)
            head += name + ": " + value + "\r\n";
        switch (r.framing) {
        case ReplayResponse::Framing::ContentLength:
            head += "Content-Length: " + QByteArray::number(r.body.size()) + "\r\n";
            break;
        case ReplayResponse::Framing::Chunked:
            head += "Transfer-Encoding: chunked\r\n";
            break;
        case ReplayResponse::Framing::CloseDelimited:
            break;
        }
        head += "Connection: close\r\n\r\n";
        connection->socket->write(head);
        sendNextChunk(connection);
    };
    if (response.headerDelayMs > 0)
        QTimer::singleShot(response.headerDelayMs, connection, sendHead);
    else
        sendHead();
}

void ReplayServer::sendNextChunk(Connection *connection)
{
    while (!connection->closed) {
        const ReplayResponse &r = connection->response;
        const qint64 remaining = r.body.size() - connection->sent;
        if (r.stallAfterBytes >= 0 && connection->sent >= r.stallAfterBytes) {
            connection->socket->flush();
            return; // stalled: keep the socket open and silent
        }
        if (r.dropAfterBytes >= 0 && connection->sent >= r.dropAfterBytes) {
            closeConnection(connection, true);
            return;
        }
        if (remaining <= 0) {
            finishResponse(connection);
            return;
        }

        qint64 size = remaining;
        if (r.randomSeed)
            size = connection->random.bounded(1, r.randomMaxChunk + 1);
        else if (!r.chunkSizes.isEmpty())
            size = r.chunkSizes.at(qMin(connection->chunkIndex, r.chunkSizes.size() - 1));
        size = qBound<qint64>(1, size, remaining);
        if (r.stallAfterBytes >= 0)
            size = qMin(size, r.stallAfterBytes - connection->sent);
        if (r.dropAfterBytes >= 0)
            size = qMin(size, r.dropAfterBytes - connection->sent);

        writeBody(connection, r.body.mid(connection->sent, size));
        connection->sent += size;
        ++connection->chunkIndex;

        if (r.chunkDelayMs > 0) {
            connection->socket->flush();
            QTimer::singleShot(r.chunkDelayMs, connection, [this, connection] { sendNextChunk(connection); });
            return;
        }
    }
}

void ReplayServer::writeBody(Connection *connection, const QByteArray &data)
{
    if (connection->response.framing == ReplayResponse::Framing::Chunked)
        connection->socket->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
    else
        connection->socket->write(data);
}

void ReplayServer::finishResponse(Connection *connection)
{
    if (connection->response.framing == ReplayResponse::Framing::Chunked)
        connection->socket->write("0\r\n\r\n");
    closeConnection(connection, true);
}

void ReplayServer::closeConnection(Connection *connection, bool graceful)
{
    if (connection->closed)
        return;
    connection->closed = true;
    QTcpSocket *socket = connection->socket;
    if (graceful) {
        // Sends what is still buffered, then FIN; the socket must live until that is done.
        connect(socket, &QAbstractSocket::disconnected, connection, &QObject::deleteLater);
        socket->disconnectFromHost();
        if (socket->state() == QAbstractSocket::UnconnectedState)
            connection->deleteLater();
    } else {
        socket->abort();
        connection->deleteLater();
    }
}

} // namespace Skein::Test
