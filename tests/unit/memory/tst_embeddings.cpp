// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Semantic recall's plumbing (issue 17): the embeddings request of each provider kind on a real
// loopback HTTP server, the vectors in a real SQLite file, and the housekeeper indexing a
// conversation after a turn and embedding the query of the next one. The model is scripted: it
// hashes words into a few dimensions, so that the same words give the same vector.

#include "engine/memory/embeddingindexer.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/memory/memorysettings.h"
#include "engine/providers/providerkinds.h"
#include "llm/embeddingcall.h"
#include "memoryfixture.h"
#include "secrets/memorysecretstore.h"
#include "storage/database.h"
#include "storage/embeddingrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int kDims = 16;

QList<float> hashed(const QString &text)
{
    QList<float> v(kDims, 0.0f);
    for (const QString &w : text.toLower().split(u' ', Qt::SkipEmptyParts))
        v[int(qHash(w, 7) % kDims)] += 1.0f;
    v[0] += 0.1f;
    return v;
}

QJsonArray jsonOf(const QList<float> &v)
{
    QJsonArray out;
    for (const float f : v)
        out.append(double(f));
    return out;
}

// The scripted embeddings endpoint (OpenAI's shape, the data in reverse order as a server may
// send it); a text containing POISON makes it refuse the whole request, as servers do.
struct Embedder
{
    int requests = 0;
    int texts = 0;
    int largestBatch = 0;
    bool down = false;

    ReplayResponse operator()(const RecordedRequest &r)
    {
        ++requests;
        if (down)
            return openAiError(503, u"unavailable"_s, u"The embedding server is restarting."_s);
        const QJsonObject body = QJsonDocument::fromJson(r.body).object();
        const QJsonArray input = body.value("input"_L1).toArray();
        largestBatch = std::max(largestBatch, int(input.size()));
        QJsonArray data;
        for (qsizetype i = input.size() - 1; i >= 0; --i) {
            if (input.at(i).toString().contains(u"POISON"_s))
                return openAiError(400, u"invalid_request_error"_s, u"input is too large to process"_s);
            data.append(QJsonObject {{u"object"_s, u"embedding"_s},
                                     {u"index"_s, int(i)},
                                     {u"embedding"_s, jsonOf(hashed(input.at(i).toString()))}});
        }
        texts += int(input.size());
        return ReplayResponse::fromBytes(
            200, QJsonDocument(QJsonObject {{u"object"_s, u"list"_s}, {u"data"_s, data}}).toJson(), "application/json");
    }
};

struct Rig
{
    MemoryFixture f;
    ReplayServer embeddings;
    Embedder embedder;
    MemorySecretStore secrets;
    std::unique_ptr<MemoryHousekeeper> keeper;

    bool open()
    {
        if (!f.open() || !embeddings.listen())
            return false;
        embeddings.route("POST", "/v1/embeddings", [this](const RecordedRequest &r) { return embedder(r); });
        auto sync = f.sync();
        ProviderConfig p;
        p.id = u"vectors"_s;
        p.name = u"Local vectors"_s;
        p.kind = u"openai"_s;
        p.baseUrl = embeddings.url(u"/v1"_s).toString();
        if (!sync->providers().save(p))
            return false;
        keeper = std::make_unique<MemoryHousekeeper>(&f.store, &f.network, &secrets);
        keeper->setTopicCheckEnabled(false);
        return true;
    }

    void use(const QString &providerId, const QString &model)
    {
        auto sync = f.sync();
        MemorySettings s = MemorySettings::load(sync->settings());
        s.autoExtract = false;
        s.embeddingProviderId = providerId;
        s.embeddingModel = model;
        QVERIFY(s.save(sync->settings()));
    }

    qint64 count(const QString &sessionId)
    {
        return EmbeddingRepository(f.sync()->database()).count(u"hash-16"_s, sessionId).value();
    }

    bool settle()
    {
        return QTest::qWaitFor([this] { return !keeper->isBusy(); }, 15000);
    }
};

QList<TurnSpec> turns(int n)
{
    QList<TurnSpec> out;
    for (int i = 0; i < n; ++i)
        out.append({u"Question %1 about rivers and bridges"_s.arg(i), u"Answer %1 about rivers"_s.arg(i), {}, {}});
    return out;
}

} // namespace

class TestEmbeddings final : public QObject
{
    Q_OBJECT

    QList<QList<float>> call(ProviderKind kind, const QUrl &base, const QStringList &texts, CallError *error)
    {
        QNetworkAccessManager network;
        ProviderClient client(&network, ProviderEndpoint::make(kind, base, u"sk-test"_s));
        EmbeddingCall embedding(&client, u"embed-model"_s, texts);
        QSignalSpy finished(&embedding, &EmbeddingCall::finished);
        embedding.start();
        if (!finished.wait(10000) || finished.size() != 1)
            return {};
        *error = finished.first().at(1).value<CallError>();
        return finished.first().at(0).value<QList<QList<float>>>();
    }

private Q_SLOTS:
    void eachKindSpeaksItsOwnShape()
    {
        ReplayServer server;
        QVERIFY(server.listen());
        Embedder embedder;
        server.route("POST", "/v1/embeddings", [&embedder](const RecordedRequest &r) { return embedder(r); });
        server.route("POST", "/api/embed", [](const RecordedRequest &r) {
            const QJsonArray input = QJsonDocument::fromJson(r.body).object().value("input"_L1).toArray();
            QJsonArray out;
            for (const QJsonValue v : input)
                out.append(jsonOf(hashed(v.toString())));
            return ReplayResponse::fromBytes(200, QJsonDocument(QJsonObject {{u"embeddings"_s, out}}).toJson(),
                                             "application/json");
        });
        const QStringList texts {u"rivers and bridges"_s, u"a quiet harbour"_s, u"rivers and bridges"_s};

        // OpenAI-compatible: /embeddings below the base URL, with the key; answers in any order.
        CallError error;
        QList<QList<float>> vectors = call(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), texts, &error);
        QVERIFY2(!error.isError(), qPrintable(error.displayText()));
        QCOMPARE(vectors.size(), 3);
        QCOMPARE(vectors.at(0), hashed(texts.at(0)));
        QCOMPARE(vectors.at(1), hashed(texts.at(1)));
        QCOMPARE(vectors.at(0), vectors.at(2));
        const RecordedRequest sent = server.requests().constLast();
        QCOMPARE(sent.header("authorization"), QByteArray("Bearer sk-test"));
        const QJsonObject body = QJsonDocument::fromJson(sent.body).object();
        QCOMPARE(body.value("model"_L1).toString(), u"embed-model"_s);
        QCOMPARE(body.value("input"_L1).toArray().size(), 3);
        QCOMPARE(body.value("encoding_format"_L1).toString(), u"float"_s);

        // Ollama: /api/embed at the server's root.
        vectors = call(ProviderKind::OllamaNative, server.baseUrl(), texts, &error);
        QVERIFY2(!error.isError(), qPrintable(error.displayText()));
        QCOMPARE(vectors.size(), 3);
        QCOMPARE(vectors.at(1), hashed(texts.at(1)));
        QCOMPARE(server.requests().constLast().path, QByteArray("/api/embed"));

        // Anthropic has none: said at once, nothing sent.
        const qsizetype before = server.requestCount();
        vectors = call(ProviderKind::Anthropic, server.baseUrl(), texts, &error);
        QVERIFY(vectors.isEmpty());
        QVERIFY(error.displayText().contains(u"no embeddings endpoint"_s));
        QCOMPARE(server.requestCount(), before);

        // The server's refusal comes with its own words.
        vectors = call(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), {u"POISON"_s}, &error);
        QVERIFY(vectors.isEmpty());
        QCOMPARE(error.category, CallError::Category::Http);
        QVERIFY2(error.displayText().contains(u"input is too large"_s), qPrintable(error.displayText()));
    }

    void malformedAnswersAreErrorsThatSayWhy()
    {
        CallError error;
        const auto parse = [&error](const char *json, qsizetype expected) {
            error = {};
            return EmbeddingCall::parse(ProviderKind::OpenAiCompatible, QByteArray(json), expected, &error);
        };
        QVERIFY(parse("<html>", 1).isEmpty());
        QCOMPARE(error.category, CallError::Category::Parse);
        QVERIFY(parse(R"({"data":[{"index":0,"embedding":[0.1,"x"]}]})", 1).isEmpty());
        QVERIFY(parse(R"({"data":[{"index":0,"embedding":[0.1,0.2]}]})", 2).isEmpty());
        QVERIFY(error.displayText().contains(u"1 embeddings for 2 texts"_s));
        QVERIFY(parse(R"({"data":[{"index":0,"embedding":[0.1,0.2]},{"index":1,"embedding":[0.1]}]})", 2).isEmpty());
        QVERIFY(parse(R"({"data":[{"index":0,"embedding":[0.1]},{"index":0,"embedding":[0.1]}]})", 2).isEmpty());
        // llama.cpp without pooling: one vector per token.
        QVERIFY(parse(R"({"data":[{"index":0,"embedding":[[0.1,0.2],[0.3,0.4]]}]})", 1).isEmpty());
        QVERIFY(error.displayText().contains(u"--pooling"_s));
        QCOMPARE(parse(R"({"data":[{"index":0,"embedding":[3,4]}]})", 1), (QList<QList<float>> {{3.0f, 4.0f}}));
    }

    void vectorsLiveAndDieWithTheirMessages()
    {
        Rig rig;
        QVERIFY(rig.open());
        QStringList ids;
        const Session session = rig.f.conversation(turns(3), &ids);
        auto sync = rig.f.sync();
        EmbeddingRepository vectors(sync->database());
        // Stored normalised; nearest first, within the limit; other lengths and marks never match.
        QVERIFY(vectors.putFor(ids.at(0), u"m"_s, {3.0f, 4.0f}));
        QVERIFY(vectors.putFor(ids.at(1), u"m"_s, {1.0f, 0.0f}));
        QVERIFY(vectors.putFor(ids.at(2), u"m"_s, {0.0f, 1.0f, 0.0f}));
        QVERIFY(vectors.putFor(ids.at(3), u"m"_s, {}));
        QVERIFY(vectors.putFor(ids.at(4), u"m"_s, {-1.0f, 0.0f}));
        QCOMPARE(vectors.vectorOf(ids.at(0), u"m"_s).value(), (QList<float> {0.6f, 0.8f}));
        const QList<RankedHit> near = vectors.nearest({1.0f, 0.1f}, u"m"_s, session.id, 2).value();
        QCOMPARE(near.size(), 2);
        QCOMPARE(near.at(0).messageId, ids.at(1));
        QCOMPARE(near.at(1).messageId, ids.at(0));
        QVERIFY(near.at(0).bm25 < near.at(1).bm25); // negated similarity: lower is better
        QCOMPARE(vectors.nearest({1.0f, 0.1f}, u"m"_s, session.id, 10).value().size(), 3);
        QCOMPARE(vectors.count(u"m"_s, session.id).value(), 4);
        // What is missing: the others, newest first, marks included as done.
        const QList<EmbeddingRepository::Pending> missing = vectors.missing(session.id, u"m"_s, 10).value();
        QCOMPARE(missing.size(), 1);
        QCOMPARE(missing.first().text, u"Answer 2 about rivers"_s);
        // A deleted session takes its vectors along; nothing refers to a message that is gone.
        QVERIFY(sync->sessions().remove(session.id));
        QCOMPARE(vectors.count(u"m"_s).value(), 0);
    }

    void theHousekeeperIndexesAfterATurnAndEmbedsTheQuery()
    {
        Rig rig;
        QVERIFY(rig.open());
        QStringList ids;
        const Session session = rig.f.conversation(turns(40), &ids);

        // No embedding model: nothing is asked, the query has no model.
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(rig.settle());
        QCOMPARE(rig.embedder.requests, 0);
        QueryEmbedding query;
        bool answered = false;
        QObject context;
        rig.keeper->embedQuery(u"rivers"_s, &context, [&](const QueryEmbedding &e) {
            query = e;
            answered = true;
        });
        QTRY_VERIFY(answered);
        QVERIFY(!query.isEnabled());

        rig.use(u"vectors"_s, u"hash-16"_s);
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(rig.settle());
        QCOMPARE(rig.count(session.id), 80);
        QCOMPARE(rig.embedder.texts, 80);
        QVERIFY(rig.embedder.largestBatch <= EmbeddingIndexer::kBatch);
        // The stored vector is the model's, normalised.
        const QList<float> stored
            = EmbeddingRepository(rig.f.sync()->database()).vectorOf(ids.first(), u"hash-16"_s).value();
        QCOMPARE(stored, EmbeddingRepository::unpack(EmbeddingRepository::pack(hashed(turns(1).first().user))));
        // Done once: the next turn sends only its own messages.
        const QStringList more = rig.f.appendTurns(session.id, ids.last(), turns(1));
        rig.keeper->turnCompleted(session.id, more.last());
        QVERIFY(rig.settle());
        QCOMPARE(rig.embedder.texts, 82);

        // The query: embedded with the same model.
        answered = false;
        rig.keeper->embedQuery(u"rivers and bridges"_s, &context, [&](const QueryEmbedding &e) {
            query = e;
            answered = true;
        });
        QTRY_VERIFY(answered);
        QCOMPARE(query.model, u"hash-16"_s);
        QCOMPARE(query.vector, hashed(u"rivers and bridges"_s));
    }

    void aMessageTheServerRefusesDoesNotStopTheOthers()
    {
        Rig rig;
        QVERIFY(rig.open());
        rig.use(u"vectors"_s, u"hash-16"_s);
        QList<TurnSpec> spec = turns(10);
        spec[4].user = u"POISON pill"_s;
        QStringList ids;
        const Session session = rig.f.conversation(spec, &ids);
        QSignalSpy notices(rig.keeper.get(), &MemoryHousekeeper::notice);
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(rig.settle());
        QCOMPARE(rig.count(session.id), 19); // all but the refused one, which is marked
        QVERIFY(notices.isEmpty());
        const int asked = rig.embedder.requests;
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(rig.settle());
        QCOMPARE(rig.embedder.requests, asked); // not asked again

        // The server down: the user is told, nothing is marked, the next run catches up.
        const QStringList more = rig.f.appendTurns(session.id, ids.last(), turns(2));
        rig.embedder.down = true;
        rig.keeper->turnCompleted(session.id, more.last());
        QVERIFY(rig.settle());
        QVERIFY(!notices.isEmpty());
        QVERIFY2(notices.last().first().toString().contains(u"restarting"_s),
                 qPrintable(notices.last().first().toString()));
        QCOMPARE(rig.count(session.id), 19);
        rig.embedder.down = false;
        rig.keeper->turnCompleted(session.id, more.last());
        QVERIFY(rig.settle());
        QCOMPARE(rig.count(session.id), 23);

        // An incognito conversation is never sent.
        auto sync = rig.f.sync();
        const Session hidden = rig.f.conversation(turns(2));
        QVERIFY(sync->sessions().setIncognito(hidden.id, Session::Incognito::UntilClosed));
        const int before = rig.embedder.texts;
        rig.keeper->turnCompleted(hidden.id, {});
        QVERIFY(rig.settle());
        QCOMPARE(rig.embedder.texts, before);
    }
};

QTEST_GUILESS_MAIN(TestEmbeddings)
#include "tst_embeddings.moc"
