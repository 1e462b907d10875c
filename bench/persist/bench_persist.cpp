// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_persist: the cost of streaming to disk. A loopback SSE server sends 500 text deltas per
// second; the same stream is consumed once by a bare StreamingCall (baseline: network + parsing)
// and once through ModelCall (flushes through the AsyncStore writer into a real SQLite file).
// Prints CPU % of the whole process (all threads) and flushes per second for both.

#include "core/domain/session.h"
#include "engine/turn/modelcall.h"
#include "llm/providerclient.h"
#include "llm/streamingcall.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <sys/resource.h>

using namespace Skein;

namespace {

constexpr int DeltasPerSecond = 500;
constexpr int Seconds = 6;

double cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Answers every request with an SSE stream of `total` deltas, `perTick` every 10 ms.
class SseServer final : public QObject
{
public:
    bool listen()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection())
                serve(s);
        });
        return m_server.listen(QHostAddress::LocalHost);
    }
    quint16 port() const { return m_server.serverPort(); }

private:
    void serve(QTcpSocket *socket)
    {
        auto *sent = new int(0);
        auto *timer = new QTimer(socket);
        connect(socket, &QTcpSocket::readyRead, socket, [socket, timer] {
            if (!socket->readAll().contains("\r\n\r\n") || timer->isActive())
                return;
            socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n");
            timer->start(10);
        });
        connect(timer, &QTimer::timeout, socket, [socket, timer, sent] {
            const int total = DeltasPerSecond * Seconds;
            QByteArray chunk;
            for (int i = 0; i < DeltasPerSecond / 100 && *sent < total; ++i, ++*sent)
                chunk += "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"tok" + QByteArray::number(*sent)
                    + " \"}}]}\n\n";
            if (*sent >= total) {
                chunk += "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: "
                         "[DONE]\n\n";
                timer->stop();
                socket->write(chunk);
                socket->disconnectFromHost();
                delete sent;
                return;
            }
            socket->write(chunk);
        });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }

    QTcpServer m_server;
};

struct Figures
{
    double wallS = 0;
    double cpuS = 0;
    int flushes = 0;
    qsizetype stored = 0;
};

ChatRequest request()
{
    ChatRequest r;
    r.model = QStringLiteral("bench");
    r.messages = {ChatMessage::user(QStringLiteral("go"))};
    return r;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    SseServer server;
    if (!server.listen())
        return 1;
    QNetworkAccessManager network;
    const QUrl base(QStringLiteral("http://127.0.0.1:%1/v1").arg(server.port()));
    ProviderClient client(&network, ProviderEndpoint::make(ProviderKind::OpenAiCompatible, base));

    // Baseline: the same stream, parsed, not stored.
    Figures baseline;
    {
        QEventLoop loop;
        qsizetype text = 0;
        const double cpu0 = cpuSeconds();
        QElapsedTimer wall;
        wall.start();
        StreamingCall *call = client.chat(request());
        QObject::connect(call, &StreamingCall::deltasReceived, &loop, [&](const QList<StreamDelta> &d) {
            for (const StreamDelta &x : d)
                if (x.kind == StreamDelta::Kind::Text)
                    text += x.text.size();
        });
        QObject::connect(call, &StreamingCall::finished, &loop, &QEventLoop::quit);
        loop.exec();
        baseline = {wall.elapsed() / 1000.0, cpuSeconds() - cpu0, 0, text};
    }

    // Persisted: ModelCall with the real writer thread and a SQLite file.
    Figures persisted;
    QTemporaryDir dir;
    {
        AsyncStore store;
        QEventLoop loop;
        QObject context;
        store.open(dir.path(), {}, &context, [&](auto) { loop.quit(); });
        loop.exec();
        Session session = Session::create(QStringLiteral("bench"));
        session.model = QStringLiteral("bench");
        {
            auto sync = Store::open(dir.path());
            if (!sync || !sync.value()->sessions().create(session))
                return 1;
        }
        ModelCall turn(&store, &client);
        const double cpu0 = cpuSeconds();
        QElapsedTimer wall;
        wall.start();
        QObject::connect(&turn, &ModelCall::finished, &loop, &QEventLoop::quit);
        turn.send(session.id, QStringLiteral("go"));
        loop.exec();
        persisted = {wall.elapsed() / 1000.0, cpuSeconds() - cpu0, turn.flushCount(), 0};
        auto sync = Store::open(dir.path());
        persisted.stored = sync ? sync.value()->messages().get(turn.assistantMessageId())->content.size() : -1;
        std::printf("status %s, writer: %llu jobs in %llu batches\n", qPrintable(toString(turn.status())),
                    static_cast<unsigned long long>(store.writerStats().jobs),
                    static_cast<unsigned long long>(store.writerStats().batches));
    }

    const int deltas = DeltasPerSecond * Seconds;
    std::printf("stream: %d text deltas at %d/s\n", deltas, DeltasPerSecond);
    std::printf("%-22s %8s %8s %8s %10s %10s\n", "", "wall s", "cpu s", "cpu %", "flushes/s", "chars");
    auto row = [](const char *name, const Figures &f) {
        std::printf("%-22s %8.2f %8.3f %7.1f%% %10.2f %10lld\n", name, f.wallS, f.cpuS, 100.0 * f.cpuS / f.wallS,
                    f.flushes / f.wallS, static_cast<long long>(f.stored));
    };
    row("baseline (no storage)", baseline);
    row("ModelCall + writer", persisted);
    std::printf("flushes: %d (the first at once, then at most one per 250 ms, plus the final one)\n",
                persisted.flushes);
    std::printf("cpu ratio persisted/baseline: %.2f; extra cpu %.1f%% of one core\n", persisted.cpuS / baseline.cpuS,
                100.0 * (persisted.cpuS - baseline.cpuS) / persisted.wallS);
    return persisted.stored == baseline.stored ? 0 : 1;
}
