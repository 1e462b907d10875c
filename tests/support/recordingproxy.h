/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QObject>

#include <functional>

class QThread;

namespace Skein::Test {

// One request that went through a RecordingProxy and what the server answered to it.
struct HttpExchange
{
    QByteArray method;
    QByteArray path; // with the query string
    QByteArray requestBody;
    int status = 0; // 0 until the response's status line has arrived
    QByteArray responseBody; // de-chunked; at most RecordingProxy::maxBodyBytes
    bool requestComplete = false;
    bool responseComplete = false; // false: the connection closed mid-response (or it is still streaming)

    QByteArray summary() const; // "POST /v1/chat/completions -> 500: {"error":...}" (body cut short)
};

// A forwarding HTTP/1.1 proxy on 127.0.0.1 with a free port, in front of a real server on
// 127.0.0.1:upstreamPort. Bytes pass through unchanged in both directions (keep-alive, chunked
// streams, 100-continue); on the side, each request and its response are parsed and recorded, so
// a test can check every status the server answered. It runs on its own thread: recording goes on
// while the test thread blocks (e.g. waiting for a child process that talks to the server).
class RecordingProxy final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordingProxy)

public:
    static constexpr qsizetype maxBodyBytes = 4 * 1024 * 1024;

    explicit RecordingProxy(quint16 upstreamPort, QObject *parent = nullptr);
    ~RecordingProxy() override;

    bool listen();
    quint16 port() const { return m_port; }

    // Every exchange so far, in the order the requests arrived.
    QList<HttpExchange> exchanges() const;
    void clear();

private:
    friend class RecordingProxyWorker;
    qint64 beginExchange(const QByteArray &method, const QByteArray &path);
    void update(qint64 id, const std::function<void(HttpExchange &)> &change);

    quint16 m_upstreamPort;
    quint16 m_port = 0;
    QThread *m_thread;
    QObject *m_worker = nullptr;
    mutable QMutex m_mutex;
    QList<HttpExchange> m_exchanges;
    qint64 m_firstId = 0; // the id of m_exchanges[0]; updates to cleared exchanges are dropped
};

} // namespace Skein::Test
