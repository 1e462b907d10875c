/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <functional>
#include <optional>
#include <utility>

class QTcpServer;
class QTcpSocket;
class QTimer;

namespace Skein::Test {

using HeaderList = QList<std::pair<QByteArray, QByteArray>>;

// One scripted HTTP response. The body is sent in chunks (explicit sizes, or random sizes from a
// seed) with a delay between chunks, so tests see the network split data the way real servers do.
struct ReplayResponse
{
    enum class Framing { ContentLength, Chunked, CloseDelimited };

    int status = 200;
    HeaderList headers;
    QByteArray body;
    Framing framing = Framing::ContentLength;

    QList<int> chunkSizes; // body chunk sizes, the last one repeats; empty = whole body at once
    std::optional<quint32> randomSeed; // random chunk sizes in [1, randomMaxChunk] instead of chunkSizes
    int randomMaxChunk = 64;
    int chunkDelayMs = 0; // pause before every chunk after the first
    int headerDelayMs = 0; // pause before the status line
    qint64 dropAfterBytes = -1; // close the connection after this many body bytes
    qint64 stallAfterBytes = -1; // send nothing more after this many body bytes, keep the socket open

    // A response whose body is read from a file (fixtures are read from ../shared at test time).
    static ReplayResponse fromFile(int status, const QString &path, const QByteArray &contentType);
    static ReplayResponse fromBytes(int status, const QByteArray &body, const QByteArray &contentType);

    ReplayResponse &header(const QByteArray &name, const QByteArray &value);
    ReplayResponse &chunked(QList<int> sizes = {}, int delayMs = 0);
    ReplayResponse &randomChunks(quint32 seed, int maxChunk, int delayMs = 0);
    ReplayResponse &closeDelimited();
    ReplayResponse &dropAfter(qint64 bytes);
    ReplayResponse &stallAfter(qint64 bytes);
};

struct RecordedRequest
{
    QByteArray method;
    QByteArray path; // with the query string
    HeaderList headers; // names lower-cased
    QByteArray body;

    QByteArray header(const QByteArrayView name) const;
    bool hasHeader(const QByteArrayView name) const;
};

// A real HTTP/1.1 server on 127.0.0.1 with a free port, for QNetworkAccessManager tests.
// It lives on the thread that creates it (the test thread): QNAM does its I/O asynchronously, so
// tests simply wait with QTRY_* / QSignalSpy::wait while both sides run on the same event loop.
// Every response is sent with "Connection: close" so each request gets its own connection.
class ReplayServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplayServer)

public:
    explicit ReplayServer(QObject *parent = nullptr);
    ~ReplayServer() override;

    bool listen();
    QUrl baseUrl() const; // http://127.0.0.1:<port>
    QUrl url(const QString &path) const;

    // Requests to method + path (query ignored) get the responses in order; the last one repeats.
    void route(const QByteArray &method, const QByteArray &path, QList<ReplayResponse> responses);
    // Requests to method + path get whatever the handler makes of them (e.g. by their body).
    using Handler = std::function<ReplayResponse(const RecordedRequest &)>;
    void route(const QByteArray &method, const QByteArray &path, Handler handler);

    QList<RecordedRequest> requests() const { return m_requests; }
    qsizetype requestCount() const { return m_requests.size(); }
    // Sockets still open (stalled responses keep theirs until the client gives up).
    int openConnections() const;

Q_SIGNALS:
    void requestReceived(int index);

private:
    struct Connection;
    void onNewConnection();
    void onReadyRead(Connection *connection);
    void respond(Connection *connection, const RecordedRequest &request);
    void sendNextChunk(Connection *connection);
    void writeBody(Connection *connection, const QByteArray &data);
    void finishResponse(Connection *connection);
    void closeConnection(Connection *connection, bool graceful);

    QTcpServer *m_server = nullptr;
    QHash<QByteArray, QList<ReplayResponse>> m_routes;
    QHash<QByteArray, Handler> m_handlers;
    QHash<QByteArray, int> m_served;
    QList<RecordedRequest> m_requests;
    QList<Connection *> m_connections;
};

} // namespace Skein::Test
