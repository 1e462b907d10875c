// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The context engine inside ModelCall, against a real scripted model server on loopback: a model
// whose window is smaller than the app believed, snapshots for every request, usage, cost and
// calibration learned from the replies.

#include "core/domain/ids.h"
#include "core/domain/session.h"
#include "core/tokens/tokencalibration.h"
#include "engine/context/contextengine.h"
#include "engine/context/contextloader.h"
#include "engine/turn/modelcall.h"
#include "llm/providerclient.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Wait = 30000;
constexpr qint64 RealWindow = 3000; // what the server accepts
constexpr qint64 BelievedWindow = 32000; // what the provider's model list says

// The server's own count of a request: the estimator over every message (a stand-in for the
// model's tokenizer, a little above the app's estimate).
qint64 serverCount(const RecordedRequest &request)
{
    const TokenEstimator estimator;
    qint64 total = 0;
    for (const QJsonValue &v : requestMessages(request)) {
        const QJsonObject m = v.toObject();
        total += estimator.estimateMessage(m.value(u"role"_s).toString(), contentText(m.value(u"content"_s)));
    }
    return total * 11 / 10;
}

struct Fixture
{
    QTemporaryDir dir;
    AsyncStore store;
    ReplayServer server;
    QNetworkAccessManager network;
    ProviderConfig provider;
    Session session;
    int rejected = 0;

    bool open()
    {
        if (!dir.isValid() || !server.listen())
            return false;
        bool done = false;
        bool ok = false;
        QObject context;
        store.open(dir.path(), {}, &context, [&](Result<AsyncStore::OpenReport> r) {
            ok = r.ok();
            done = true;
        });
        if (!QTest::qWaitFor([&] { return done; }, Wait) || !ok)
            return false;
        auto s = sync();
        provider.id = Ids::create();
        provider.name = u"small"_s;
        provider.kind = u"openai"_s;
        provider.baseUrl = server.url(u"/v1"_s).toString();
        ModelInfo info;
        info.id = u"small-model"_s;
        info.contextWindow = BelievedWindow;
        info.inputPricePerMTok = 1.0;
        info.outputPricePerMTok = 2.0;
        provider.models = {info};
        session = Session::create(u"long"_s);
        session.model = u"small-model"_s;
        session.providerId = provider.id;
        session.systemPrompt = u"Answer briefly."_s;
        server.route("POST", "/v1/chat/completions", [this](const RecordedRequest &request) {
            const qint64 n = serverCount(request);
            if (n > RealWindow) {
                ++rejected;
                return openAiError(400, u"context_length_exceeded"_s,
                                   u"This model's maximum context length is %1 tokens. However, your messages "
                                   u"resulted in %2 tokens. Please reduce the length of the messages."_s.arg(RealWindow)
                                       .arg(n));
            }
            ScriptedReply reply;
            reply.text = u"Noted: "_s + lastUserText(request).left(40);
            reply.promptTokens = int(n);
            reply.completionTokens = 12;
            return openAiReply(reply);
        });
        return s && s->providers().save(provider).ok() && s->sessions().create(session).ok();
    }

    std::unique_ptr<ProviderClient> client()
    {
        ProviderEndpoint endpoint = ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), {});
        endpoint.retry.maxRetries = 0;
        return std::make_unique<ProviderClient>(&network, endpoint);
    }

    std::unique_ptr<Store> sync()
    {
        auto s = Store::open(dir.path());
        return s ? std::move(s).value() : nullptr;
    }
};

QString longText(int turn)
{
    QString text = u"Turn %1. "_s.arg(turn);
    for (int i = 0; i < 40; ++i)
        text += u"Here is detail number %1 about the plan for turn %2. "_s.arg(i).arg(turn);
    return text;
}

} // namespace

class TestContextWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void longConversationSurvivesASmallerWindow()
    {
        Fixture f;
        QVERIFY(f.open());
        auto client = f.client();
        QStringList replies;
        for (int turn = 0; turn < 16; ++turn) {
            ModelCall chat(&f.store, client.get());
            chat.setProviderId(f.provider.id);
            chat.send(f.session.id, longText(turn));
            QVERIFY(QTest::qWaitFor([&] { return chat.isFinished(); }, Wait));
            QVERIFY2(chat.status() == MessageStatus::Complete,
                     qPrintable(u"turn %1: %2"_s.arg(turn).arg(chat.errorText())));
            QVERIFY(!chat.requestId().isEmpty());
            replies << chat.assistantMessageId();
        }
        // The conversation outgrew the real window once; the engine lowered its window from the
        // error, retried once, and remembered it: no later request was rejected.
        QCOMPARE(f.rejected, 1);
        auto s = f.sync();
        const ProviderConfig stored = s->providers().get(f.provider.id).value();
        QCOMPARE(stored.models.first().contextWindow, RealWindow);
        // Later requests stayed inside the real window.
        const QList<RecordedRequest> requests = f.server.requests();
        QCOMPARE(requests.size(), 16 + 1);
        for (qsizetype i = 0; i < requests.size(); ++i)
            if (i > 0 && serverCount(requests.at(i - 1)) > RealWindow)
                QVERIFY(serverCount(requests.at(i)) <= RealWindow);

        // Every reply links to the snapshot of its request, with usage and cost filled in.
        const QList<ContextSnapshot> snapshots = s->snapshots().bySession(f.session.id).value();
        QCOMPARE(snapshots.size(), 17); // the rejected request is recorded too
        for (const QString &id : std::as_const(replies)) {
            const Message reply = s->messages().get(id).value();
            QVERIFY(!reply.requestId.isEmpty());
            const ContextSnapshot snap = s->snapshots().get(reply.requestId).value();
            QCOMPARE(snap.leafMessageId, reply.parentId);
            QVERIFY(snap.messageIds.contains(reply.parentId));
            QVERIFY(snap.reportedUsage.promptTokens.has_value());
            QVERIFY(snap.cost > 0.0);
            QVERIFY(snap.estimatedTokens > 0);
            QCOMPARE(snap.model, u"small-model"_s);
        }
        const ContextSnapshot last = s->snapshots().get(s->messages().get(replies.last()).value().requestId).value();
        QCOMPARE(last.sectionTokens.value(u"window"_s).toInteger(), RealWindow);
        QVERIFY(last.messageIds.size() < 2 * 16); // old turns are no longer sent

        // Calibration learned from usage.prompt_tokens (the server counts 10% more).
        const auto json = s->settings().get(ContextLoader::calibrationKey()).value();
        QVERIFY(json.has_value());
        const TokenCalibration calibration
            = TokenCalibration::fromJson(QJsonDocument::fromJson(json->toUtf8()).object());
        QVERIFY(calibration.sampleCount(u"small-model") >= 10);
        QVERIFY(calibration.factor(u"small-model") > 1.02);
    }

    void retriesOnlyOnce()
    {
        Fixture f;
        QVERIFY(f.open());
        f.server.route("POST", "/v1/chat/completions", [&f](const RecordedRequest &) {
            ++f.rejected;
            return openAiError(400, u"context_length_exceeded"_s, u"maximum context length is 600 tokens"_s);
        });
        auto client = f.client();
        ModelCall chat(&f.store, client.get());
        chat.setProviderId(f.provider.id);
        chat.send(f.session.id, u"hello"_s);
        QVERIFY(QTest::qWaitFor([&] { return chat.isFinished(); }, Wait));
        QVERIFY(chat.status() == MessageStatus::Failed);
        QVERIFY(chat.retriedForWindow());
        QCOMPARE(f.rejected, 2);
        QVERIFY(chat.llmError().category == CallError::Category::ContextTooLong);
    }
};

SKEIN_CORE_TEST_MAIN(TestContextWindow)
#include "tst_contextwindow.moc"
