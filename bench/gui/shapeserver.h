/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// A small HTTP server on 127.0.0.1 for the streaming benchmark, on a thread of its own: what it
// sends and when does not depend on the GUI thread, so a slow client shows up as data the
// server cannot hand to the socket (back-pressure), never as a server that slowed down with it.
#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QThread>

class QTcpServer;
class QTcpSocket;
class QTimer;

namespace Skein::Bench {

// What the first request that carries the plan's marker gets. Other requests get `other` at once.
struct StreamPlan
{
    QByteArray marker; // served to the first request whose body contains it, once
    QByteArray body;
    QList<qint64> eventEnds;
    QList<qint64> eventChars;
    int burstEvents = 0; // sent at once before pacing starts
    double eventsPerSecond = 0; // 0: everything as fast as the socket takes it
};

// What the server saw of one streamed response (times from the shared bench clock, ns).
struct ServedStream
{
    qint64 started = 0; // headers written
    qint64 handedOver = 0; // the last byte went to the kernel
    qint64 bytes = 0;
    struct Step
    {
        qint64 at;
        qint64 chars; // reply characters written so far
    };
    QList<Step> steps;
};

class ShapeServer final : public QObject
{
    Q_DISABLE_COPY_MOVE(ShapeServer)

public:
    ShapeServer();
    ~ShapeServer() override;

    // Starts the thread and listens; returns the port (0 on failure).
    quint16 start();
    quint16 port() const { return m_port; }
    void setPlan(const StreamPlan &plan);
    void setOther(const QByteArray &body);
    // The last shape stream served (after the client saw it end).
    ServedStream lastServed() const;
    int shapeRequests() const;

private:
    struct Connection;
    void onConnection();
    void onReadable(Connection *c);
    void pump(Connection *c);

    QThread m_thread;
    QObject *m_worker; // lives on m_thread: the context of everything the server does
    QTcpServer *m_server = nullptr;
    quint16 m_port = 0;
    mutable QMutex m_mutex;
    StreamPlan m_plan;
    bool m_planServed = false;
    QByteArray m_other;
    ServedStream m_served;
    int m_shapeRequests = 0;
};

// The bench's clock, shared by every thread.
qint64 benchNow();

} // namespace Skein::Bench
