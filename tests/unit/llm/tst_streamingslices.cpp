// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Issue #12: a reply that is already there in bulk (a fast local server, a GUI thread that was
// busy for a moment) must not be decoded in one go on the thread that owns the call: that
// blocks it for as long as the whole reply takes to decode. StreamingCall decodes at most a slice
// per turn of the event loop and the loop runs in between; nothing is lost or reordered.
#include "core/stream/streamdelta.h"
#include "llm/providerclient.h"
#include "llm/streamingcall.h"
#include "replayserver.h"
#include "scriptedmodel.h"
#include "testsupport.h"

#include <QNetworkAccessManager>
#include <QScopeGuard>
#include <QThread>
#include <QTimer>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

class TestStreamingSlices final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aReplyThatArrivedWholeIsDecodedInSlices()
    {
        // ~1.6 MB of SSE, ~10,000 events: the server sends it at once, from its own thread.
        QString text;
        for (int i = 0; text.size() < 40'000; ++i)
            text += u"word%1 "_s.arg(i % 1000);
        ScriptedReply reply;
        reply.text = text;
        reply.chunkChars = 4;
        QThread serverThread;
        auto *server = new ReplayServer;
        server->route("POST", "/v1/chat/completions", {openAiReply(reply)});
        server->moveToThread(&serverThread);
        serverThread.start();
        const auto stop = qScopeGuard([&] {
            QMetaObject::invokeMethod(server, [server] { delete server; }, Qt::BlockingQueuedConnection);
            serverThread.quit();
            serverThread.wait();
        });
        bool listening = false;
        QMetaObject::invokeMethod(server, [&] { listening = server->listen(); }, Qt::BlockingQueuedConnection);
        QVERIFY(listening);
        const QUrl base = server->url(u"/v1"_s);

        QNetworkAccessManager network;
        ProviderClient client(&network, ProviderEndpoint::make(ProviderKind::OpenAiCompatible, base, u"sk-test"_s));
        ChatRequest request;
        request.model = u"m"_s;
        request.messages = {ChatMessage::user(u"Hello"_s)};
        StreamingCall *call = client.chat(request);

        int signals_ = 0;
        qsizetype largest = 0;
        QString received;
        int ticksBetween = 0; // turns of the event loop between two batches
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(0);
        connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
        ticker.start();
        connect(call, &StreamingCall::deltasReceived, this, [&](const QList<StreamDelta> &deltas) {
            if (signals_ == 0)
                QThread::msleep(800); // the thread is busy: the whole reply arrives meanwhile
            ticksBetween += signals_ > 0 && ticks > 0 ? 1 : 0;
            ticks = 0;
            ++signals_;
            largest = std::max(largest, deltas.size());
            for (const StreamDelta &d : deltas)
                if (d.kind == StreamDelta::Kind::Text)
                    received += d.text;
        });
        QTRY_VERIFY_WITH_TIMEOUT(call->isFinished(), 60000);
        QVERIFY2(!call->error().isError(), qPrintable(call->error().displayText()));
        QCOMPARE(received, text);
        QCOMPARE(call->turn().text, text);
        // A 16 KB slice holds ~100 of these events; the reply has ~10,000.
        QVERIFY2(largest <= 1000, qPrintable(u"%1 deltas in one batch"_s.arg(largest)));
        QVERIFY(signals_ >= 10);
        QVERIFY2(ticksBetween >= signals_ / 2, "the event loop did not run between the slices");
    }
};

SKEIN_CORE_TEST_MAIN(TestStreamingSlices)
#include "tst_streamingslices.moc"
