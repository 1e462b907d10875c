// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The loopback replay server other network tests rely on: framing, pacing, drops, stalls, scripted
// sequences and request recording, observed through a plain QNetworkAccessManager.

#include "replayserver.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>

using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Wait = 15000;

QByteArray sampleBody()
{
    QByteArray body;
    for (int i = 0; i < 200; ++i)
        body += "line " + QByteArray::number(i) + " \xe4\xbd\xa0\xe5\xa5\xbd\n";
    return body;
}

struct Fetched
{
    QByteArray body;
    int status = 0;
    int readyReads = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray contentLength;
    QByteArray transferEncoding;
    qint64 elapsedMs = 0;
};

} // namespace

class TestReplayServer final : public QObject
{
    Q_OBJECT

    std::unique_ptr<ReplayServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;

    Fetched fetch(const QString &path, const QByteArray &postBody = {}, int transferTimeoutMs = 0)
    {
        QNetworkRequest request(m_server->url(path));
        request.setRawHeader("X-Test", "yes");
        request.setHeader(QNetworkRequest::ContentTypeHeader, u"text/plain"_s);
        if (transferTimeoutMs > 0)
            request.setTransferTimeout(transferTimeoutMs);
        QElapsedTimer timer;
        timer.start();
        QNetworkReply *reply = postBody.isNull() ? m_network->get(request) : m_network->post(request, postBody);
        Fetched fetched;
        connect(reply, &QNetworkReply::readyRead, this, [&fetched, reply] {
            fetched.body += reply->readAll();
            ++fetched.readyReads;
        });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), Wait); }();
        if (reply->isOpen())
            fetched.body += reply->readAll();
        fetched.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        fetched.error = reply->error();
        fetched.contentLength = reply->rawHeader("Content-Length");
        fetched.transferEncoding = reply->rawHeader("Transfer-Encoding");
        fetched.elapsedMs = timer.elapsed();
        reply->deleteLater();
        return fetched;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<ReplayServer>();
        QVERIFY(m_server->listen());
        QCOMPARE(m_server->baseUrl().host(), u"127.0.0.1"_s);
        QVERIFY(m_server->baseUrl().port() > 0);
        m_network = std::make_unique<QNetworkAccessManager>();
    }

    void cleanup()
    {
        m_network.reset();
        m_server.reset();
    }

    void framings()
    {
        const QByteArray body = sampleBody();
        m_server->route("GET", "/length", {ReplayResponse::fromBytes(200, body, "text/plain")});
        m_server->route("GET", "/chunked", {ReplayResponse::fromBytes(200, body, "text/plain").chunked({7, 300})});
        m_server->route("GET", "/random",
                        {ReplayResponse::fromBytes(200, body, "text/plain").randomChunks(42, 97).closeDelimited()});

        Fetched fetched = fetch(u"/length"_s);
        QCOMPARE(fetched.body, body);
        QCOMPARE(fetched.contentLength, QByteArray::number(body.size()));
        fetched = fetch(u"/chunked"_s);
        QCOMPARE(fetched.body, body);
        QCOMPARE(fetched.transferEncoding, QByteArray("chunked"));
        QVERIFY(fetched.contentLength.isEmpty());
        fetched = fetch(u"/random"_s);
        QCOMPARE(fetched.error, QNetworkReply::NoError);
        QCOMPARE(fetched.body, body);
        QVERIFY(fetched.contentLength.isEmpty() && fetched.transferEncoding.isEmpty());
    }

    void pacedChunksArriveSeparately()
    {
        const QByteArray body = sampleBody();
        m_server->route("GET", "/slow", {ReplayResponse::fromBytes(200, body, "text/plain").chunked({1000}, 40)});
        const Fetched fetched = fetch(u"/slow"_s);
        QCOMPARE(fetched.body, body);
        const int chunks = int((body.size() + 999) / 1000);
        QVERIFY2(fetched.readyReads >= 2, qPrintable(QString::number(fetched.readyReads)));
        QVERIFY2(fetched.elapsedMs >= (chunks - 1) * 40 - 5, qPrintable(QString::number(fetched.elapsedMs)));
    }

    void dropAndStall()
    {
        const QByteArray body = sampleBody();
        m_server->route("GET", "/drop", {ReplayResponse::fromBytes(200, body, "text/plain").dropAfter(500)});
        Fetched fetched = fetch(u"/drop"_s);
        QCOMPARE(fetched.body, body.left(500));
        QCOMPARE(fetched.error, QNetworkReply::RemoteHostClosedError);

        m_server->route("GET", "/stall",
                        {ReplayResponse::fromBytes(200, body, "text/plain").chunked({100}).stallAfter(300)});
        fetched = fetch(u"/stall"_s, {}, 300);
        QCOMPARE(fetched.body, body.left(300));
        QVERIFY(fetched.error != QNetworkReply::NoError);
        QVERIFY(fetched.elapsedMs >= 280);
    }

    void sequencesHandlersAndRecording()
    {
        m_server->route("POST", "/api",
                        {ReplayResponse::fromBytes(429, "slow down", "text/plain").header("Retry-After", "2"),
                         ReplayResponse::fromBytes(200, "ok", "text/plain")});
        m_server->route("GET", "/echo", [](const RecordedRequest &request) {
            return ReplayResponse::fromBytes(200, request.path + ' ' + request.header("x-test"), "text/plain");
        });
        Fetched fetched = fetch(u"/api"_s, "first");
        QCOMPARE(fetched.status, 429);
        QCOMPARE(fetched.body, QByteArray("slow down"));
        QCOMPARE(fetch(u"/api"_s, "second").body, QByteArray("ok"));
        QCOMPARE(fetch(u"/api"_s, "third").body, QByteArray("ok")); // the last response repeats
        QCOMPARE(fetch(u"/echo?x=1"_s).body, QByteArray("/echo?x=1 yes"));
        QCOMPARE(fetch(u"/nowhere"_s).status, 404);

        const QList<RecordedRequest> requests = m_server->requests();
        QCOMPARE(requests.size(), 5);
        QCOMPARE(requests.at(0).method, QByteArray("POST"));
        QCOMPARE(requests.at(0).body, QByteArray("first"));
        QCOMPARE(requests.at(1).body, QByteArray("second"));
        QCOMPARE(requests.at(0).header("X-TEST"), QByteArray("yes"));
        QCOMPARE(requests.at(3).method, QByteArray("GET"));
        QVERIFY(requests.at(3).body.isEmpty());
    }
};

SKEIN_CORE_TEST_MAIN(TestReplayServer)
#include "tst_replayserver.moc"
