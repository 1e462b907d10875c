// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "recordingproxy.h"

#include <QHostAddress>
#include <QMetaObject>
#include <QMutexLocker>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <deque>
#include <memory>

namespace Skein::Test {

namespace {

// Follows one direction of an HTTP/1.1 connection and reports each message's head, body bytes
// (de-chunked) and end. It only observes: the bytes are forwarded unchanged elsewhere.
class HttpMessageParser
{
public:
    enum class Kind { Request, Response };

    std::function<void(const QByteArray &startLine, int status)> onHead; // status: responses only
    std::function<void(QByteArrayView data)> onBody;
    std::function<void(bool informational)> onComplete;

    explicit HttpMessageParser(Kind kind)
        : m_kind(kind)
    { }

    void feed(QByteArrayView data)
    {
        m_buffer.append(data);
        while (step()) { }
    }

    // The connection closed: a body that runs until the close is complete now.
    void finish()
    {
        if (m_state == State::UntilClose) {
            m_state = State::Head;
            onComplete(false);
        }
    }

private:
    enum class State { Head, Fixed, ChunkSize, ChunkData, ChunkEnd, Trailers, UntilClose };

    // Consumes what it can of the buffer; false when it needs more bytes.
    bool step()
    {
        switch (m_state) {
        case State::Head: {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return false;
            const QList<QByteArray> lines = m_buffer.left(end).split('\n');
            m_buffer.remove(0, end + 4);
            startMessage(lines);
            return true;
        }
        case State::Fixed: {
            const qsizetype n = std::min<qsizetype>(m_remaining, m_buffer.size());
            if (n > 0) {
                onBody(QByteArrayView(m_buffer).first(n));
                m_buffer.remove(0, n);
                m_remaining -= n;
            }
            if (m_remaining > 0)
                return false;
            complete(false);
            return true;
        }
        case State::ChunkSize: {
            const qsizetype end = m_buffer.indexOf("\r\n");
            if (end < 0)
                return false;
            QByteArray line = m_buffer.left(end);
            m_buffer.remove(0, end + 2);
            const qsizetype extension = line.indexOf(';');
            if (extension >= 0)
                line.truncate(extension);
            bool ok = false;
            m_remaining = line.trimmed().toLongLong(&ok, 16);
            m_state = !ok || m_remaining == 0 ? State::Trailers : State::ChunkData;
            return true;
        }
        case State::ChunkData: {
            const qsizetype n = std::min<qsizetype>(m_remaining, m_buffer.size());
            if (n > 0) {
                onBody(QByteArrayView(m_buffer).first(n));
                m_buffer.remove(0, n);
                m_remaining -= n;
            }
            if (m_remaining > 0)
                return false;
            m_state = State::ChunkEnd;
            return true;
        }
        case State::ChunkEnd:
            if (m_buffer.size() < 2)
                return false;
            m_buffer.remove(0, 2);
            m_state = State::ChunkSize;
            return true;
        case State::Trailers: {
            const qsizetype end = m_buffer.indexOf("\r\n");
            if (end < 0)
                return false;
            m_buffer.remove(0, end + 2);
            if (end == 0)
                complete(false);
            return true;
        }
        case State::UntilClose:
            if (!m_buffer.isEmpty())
                onBody(m_buffer);
            m_buffer.clear();
            return false;
        }
        return false;
    }

    void startMessage(const QList<QByteArray> &lines)
    {
        const QByteArray startLine = lines.value(0).trimmed();
        qint64 length = -1;
        bool chunked = false;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon <= 0)
                continue;
            const QByteArray name = lines[i].left(colon).trimmed().toLower();
            const QByteArray value = lines[i].mid(colon + 1).trimmed();
            if (name == "content-length")
                length = value.toLongLong();
            else if (name == "transfer-encoding" && value.toLower().contains("chunked"))
                chunked = true;
        }
        int status = 0;
        if (m_kind == Kind::Response)
            status = startLine.split(' ').value(1).toInt();
        onHead(startLine, status);
        if (m_kind == Kind::Response && status >= 100 && status < 200) {
            complete(true); // 100 Continue and friends: the real response follows
            return;
        }
        if (chunked) {
            m_state = State::ChunkSize;
        } else if (length > 0) {
            m_remaining = length;
            m_state = State::Fixed;
        } else if (length < 0 && m_kind == Kind::Response && status != 204 && status != 304) {
            m_state = State::UntilClose;
        } else {
            complete(false);
        }
    }

    void complete(bool informational)
    {
        m_state = State::Head;
        onComplete(informational);
    }

    Kind m_kind;
    State m_state = State::Head;
    QByteArray m_buffer;
    qint64 m_remaining = 0;
};

} // namespace

// Lives on the proxy's thread: the listening socket and every proxied connection.
class RecordingProxyWorker final : public QObject
{
public:
    RecordingProxyWorker(RecordingProxy *owner, quint16 upstreamPort)
        : m_owner(owner)
        , m_upstreamPort(upstreamPort)
    { }

    quint16 listen()
    {
        m_server = new QTcpServer(this);
        connect(m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *client = m_server->nextPendingConnection())
                accept(client);
        });
        return m_server->listen(QHostAddress::LocalHost, 0) ? m_server->serverPort() : 0;
    }

private:
    void accept(QTcpSocket *client)
    {
        // One object per proxied connection; it owns both sockets and goes when both are closed.
        auto *link = new QObject(this);
        client->setParent(link);
        auto *upstream = new QTcpSocket(link);
        struct State
        {
            HttpMessageParser requests {HttpMessageParser::Kind::Request};
            HttpMessageParser responses {HttpMessageParser::Kind::Response};
            QByteArray unsent; // client bytes that arrived before the upstream connection was up
            qint64 requestId = -1;
            std::deque<qint64> waiting; // requests whose response has not ended, oldest first
            bool closing = false;
        };
        auto state = std::make_shared<State>();
        RecordingProxy *owner = m_owner;

        state->requests.onHead = [state, owner](const QByteArray &line, int) {
            const QList<QByteArray> parts = line.split(' ');
            state->requestId = owner->beginExchange(parts.value(0), parts.value(1));
            state->waiting.push_back(state->requestId);
        };
        state->requests.onBody = [state, owner](QByteArrayView data) {
            owner->update(state->requestId, [data](HttpExchange &e) {
                if (e.requestBody.size() < RecordingProxy::maxBodyBytes)
                    e.requestBody.append(data);
            });
        };
        state->requests.onComplete = [state, owner](bool) {
            owner->update(state->requestId, [](HttpExchange &e) { e.requestComplete = true; });
        };
        state->responses.onHead = [state, owner](const QByteArray &, int status) {
            if (status >= 200 && !state->waiting.empty())
                owner->update(state->waiting.front(), [status](HttpExchange &e) { e.status = status; });
        };
        state->responses.onBody = [state, owner](QByteArrayView data) {
            if (state->waiting.empty())
                return;
            owner->update(state->waiting.front(), [data](HttpExchange &e) {
                if (e.responseBody.size() < RecordingProxy::maxBodyBytes)
                    e.responseBody.append(data);
            });
        };
        state->responses.onComplete = [state, owner](bool informational) {
            if (informational || state->waiting.empty())
                return;
            owner->update(state->waiting.front(), [](HttpExchange &e) { e.responseComplete = true; });
            state->waiting.pop_front();
        };

        auto closeBoth = [link, client, upstream, state] {
            if (state->closing)
                return;
            state->closing = true;
            state->responses.finish();
            // The client goes after its last bytes; the server sees a closed connection (and
            // stops generating, as it would for the real client).
            client->disconnectFromHost();
            upstream->abort();
            if (client->state() == QAbstractSocket::UnconnectedState)
                link->deleteLater();
            else
                connect(client, &QTcpSocket::disconnected, link, &QObject::deleteLater);
        };
        connect(client, &QTcpSocket::readyRead, link, [client, upstream, state] {
            const QByteArray data = client->readAll();
            state->requests.feed(data);
            if (upstream->state() == QAbstractSocket::ConnectedState)
                upstream->write(data);
            else
                state->unsent.append(data);
        });
        connect(upstream, &QTcpSocket::connected, link, [upstream, state] {
            upstream->write(state->unsent);
            state->unsent.clear();
        });
        connect(upstream, &QTcpSocket::readyRead, link, [client, upstream, state] {
            const QByteArray data = upstream->readAll();
            state->responses.feed(data);
            if (client->state() == QAbstractSocket::ConnectedState)
                client->write(data);
        });
        connect(upstream, &QTcpSocket::disconnected, link, closeBoth);
        connect(upstream, &QTcpSocket::errorOccurred, link, [closeBoth](QAbstractSocket::SocketError) { closeBoth(); });
        connect(client, &QTcpSocket::disconnected, link, closeBoth);
        upstream->connectToHost(QHostAddress::LocalHost, m_upstreamPort);
    }

    RecordingProxy *m_owner;
    quint16 m_upstreamPort;
    QTcpServer *m_server = nullptr;
};

QByteArray HttpExchange::summary() const
{
    QByteArray text = method + ' ' + path + " -> " + (status ? QByteArray::number(status) : QByteArray("no response"));
    if (!responseComplete && status)
        text += " (incomplete)";
    if (!responseBody.isEmpty())
        text += ": " + responseBody.left(300);
    return text;
}

RecordingProxy::RecordingProxy(quint16 upstreamPort, QObject *parent)
    : QObject(parent)
    , m_upstreamPort(upstreamPort)
    , m_thread(new QThread(this))
{
    m_thread->setObjectName(QStringLiteral("RecordingProxy"));
}

RecordingProxy::~RecordingProxy()
{
    m_thread->quit(); // the worker (and every connection) is deleted when the thread finishes
    m_thread->wait();
}

bool RecordingProxy::listen()
{
    if (m_worker)
        return m_port != 0;
    auto *worker = new RecordingProxyWorker(this, m_upstreamPort);
    worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    m_worker = worker;
    m_thread->start();
    QMetaObject::invokeMethod(worker, [this, worker] { m_port = worker->listen(); }, Qt::BlockingQueuedConnection);
    return m_port != 0;
}

QList<HttpExchange> RecordingProxy::exchanges() const
{
    QMutexLocker lock(&m_mutex);
    return m_exchanges;
}

void RecordingProxy::clear()
{
    QMutexLocker lock(&m_mutex);
    m_firstId += m_exchanges.size();
    m_exchanges.clear();
}

qint64 RecordingProxy::beginExchange(const QByteArray &method, const QByteArray &path)
{
    QMutexLocker lock(&m_mutex);
    m_exchanges.append(HttpExchange {method, path, {}, 0, {}, false, false});
    return m_firstId + m_exchanges.size() - 1;
}

void RecordingProxy::update(qint64 id, const std::function<void(HttpExchange &)> &change)
{
    QMutexLocker lock(&m_mutex);
    const qint64 index = id - m_firstId;
    if (index >= 0 && index < m_exchanges.size())
        change(m_exchanges[index]);
}

} // namespace Skein::Test
