// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "shapeserver.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QMutexLocker>
#include <QSemaphore>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <cmath>

namespace Skein::Bench {

namespace {

const QElapsedTimer &clock()
{
    static const QElapsedTimer c = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return c;
}

QByteArray chunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

} // namespace

qint64 benchNow()
{
    return clock().nsecsElapsed();
}

struct ShapeServer::Connection
{
    QTcpSocket *socket = nullptr;
    QByteArray request;
    bool responding = false;
    bool shape = false;
    StreamPlan plan;
    int sentEvents = 0;
    qint64 sentBytes = 0;
    qint64 pacingStart = 0;
    QTimer *timer = nullptr;
    bool finished = false;
    ServedStream served;
};

ShapeServer::ShapeServer()
    : m_worker(new QObject)
{
    m_thread.setObjectName(QStringLiteral("bench-server"));
}

ShapeServer::~ShapeServer()
{
    if (m_thread.isRunning()) {
        // The server and its sockets go on their own thread.
        QMetaObject::invokeMethod(
            m_worker,
            [this] {
                delete m_server;
                m_server = nullptr;
            },
            Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    delete m_worker; // its thread has ended
}

quint16 ShapeServer::start()
{
    (void)benchNow();
    m_worker->moveToThread(&m_thread);
    m_thread.start();
    QMetaObject::invokeMethod(
        m_worker,
        [this] {
            m_server = new QTcpServer;
            connect(m_server, &QTcpServer::newConnection, m_worker, [this] { onConnection(); });
            if (m_server->listen(QHostAddress::LocalHost, 0))
                m_port = m_server->serverPort();
        },
        Qt::BlockingQueuedConnection);
    return m_port;
}

void ShapeServer::setPlan(const StreamPlan &plan)
{
    QMutexLocker lock(&m_mutex);
    m_plan = plan;
    m_planServed = false;
}

void ShapeServer::setOther(const QByteArray &body)
{
    QMutexLocker lock(&m_mutex);
    m_other = body;
}

ServedStream ShapeServer::lastServed() const
{
    QMutexLocker lock(&m_mutex);
    return m_served;
}

int ShapeServer::shapeRequests() const
{
    QMutexLocker lock(&m_mutex);
    return m_shapeRequests;
}

void ShapeServer::onConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        auto *c = new Connection;
        c->socket = socket;
        connect(socket, &QTcpSocket::readyRead, m_worker, [this, c] { onReadable(c); });
        connect(socket, &QTcpSocket::bytesWritten, m_worker, [this, c] { pump(c); });
        connect(socket, &QTcpSocket::disconnected, m_worker, [this, c] {
            if (c->timer)
                c->timer->stop();
            if (!c->finished && c->shape) {
                QMutexLocker lock(&m_mutex);
                m_served = c->served;
            }
            c->socket->deleteLater();
            delete c->timer;
            delete c;
        });
    }
}

void ShapeServer::onReadable(Connection *c)
{
    c->request += c->socket->readAll();
    if (c->responding)
        return;
    const qsizetype headerEnd = c->request.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;
    qint64 length = 0;
    for (const QByteArray &line : c->request.left(headerEnd).split('\n'))
        if (line.toLower().startsWith("content-length:"))
            length = line.mid(15).trimmed().toLongLong();
    if (c->request.size() < headerEnd + 4 + length)
        return;
    c->responding = true;
    const QByteArray body = c->request.mid(headerEnd + 4, length);
    {
        QMutexLocker lock(&m_mutex);
        c->shape = !m_planServed && !m_plan.marker.isEmpty() && body.contains(m_plan.marker);
        if (c->shape) {
            c->plan = m_plan;
            m_planServed = true;
            ++m_shapeRequests;
        } else {
            c->plan = StreamPlan {};
            c->plan.body = m_other;
            c->plan.eventEnds = {m_other.size()};
            c->plan.eventChars = {0};
        }
    }
    c->socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                     "Connection: close\r\nTransfer-Encoding: chunked\r\n\r\n");
    c->served.started = benchNow();
    if (c->plan.eventsPerSecond > 0) {
        c->timer = new QTimer;
        c->timer->setTimerType(Qt::PreciseTimer);
        c->timer->setInterval(2);
        connect(c->timer, &QTimer::timeout, m_worker, [this, c] { pump(c); });
    }
    pump(c);
}

void ShapeServer::pump(Connection *c)
{
    if (c->finished || !c->responding)
        return;
    const StreamPlan &p = c->plan;
    const int total = int(p.eventEnds.size());
    int due = total;
    if (p.eventsPerSecond > 0 && c->sentEvents >= p.burstEvents) {
        if (c->pacingStart == 0)
            c->pacingStart = benchNow();
        due = std::min<int>(
            total, p.burstEvents + int(std::floor(double(benchNow() - c->pacingStart) / 1e9 * p.eventsPerSecond)));
        if (!c->timer->isActive())
            c->timer->start();
    } else if (p.eventsPerSecond > 0) {
        due = p.burstEvents;
    }
    // Hand over what is due, but keep the socket's buffer short: a client that reads slowly
    // makes the server wait here, as a real one would (bytesWritten calls pump again).
    constexpr qint64 kMaxBuffered = 256 * 1024;
    while (c->sentEvents < due && c->socket->bytesToWrite() < kMaxBuffered) {
        int until = c->sentEvents + 1;
        const qint64 from = c->sentEvents == 0 ? 0 : p.eventEnds.at(c->sentEvents - 1);
        while (until < due && p.eventEnds.at(until) - from < 16 * 1024)
            ++until;
        const qint64 to = p.eventEnds.at(until - 1);
        c->socket->write(chunk(p.body.mid(from, to - from)));
        c->sentEvents = until;
        c->sentBytes = to;
        c->served.steps.append(ServedStream::Step {benchNow(), p.eventChars.at(until - 1)});
    }
    if (c->sentEvents == total && c->socket->bytesToWrite() == 0) {
        c->socket->write("0\r\n\r\n");
        c->finished = true;
        if (c->timer)
            c->timer->stop();
        c->served.handedOver = benchNow();
        c->served.bytes = c->sentBytes;
        if (c->shape) {
            QMutexLocker lock(&m_mutex);
            m_served = c->served;
        }
        c->socket->disconnectFromHost();
    }
}

} // namespace Skein::Bench
