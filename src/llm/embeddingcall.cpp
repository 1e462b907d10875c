// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/embeddingcall.h"

#include "llm/finishedreply.h"
#include "llm/providerclient.h"
#include "llm/replylimit.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QTimer>

#include <cmath>

namespace Skein {

using namespace Qt::StringLiterals;

namespace {

CallError parseError(const QString &what)
{
    CallError error;
    error.category = CallError::Category::Parse;
    error.message = what;
    return error;
}

std::optional<QList<float>> vectorOf(const QJsonValue &value)
{
    if (!value.isArray())
        return std::nullopt;
    const QJsonArray array = value.toArray();
    QList<float> out;
    out.reserve(array.size());
    for (const QJsonValue v : array) {
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return std::nullopt;
        out.append(float(v.toDouble()));
    }
    if (out.isEmpty())
        return std::nullopt;
    return out;
}

} // namespace

EmbeddingCall::EmbeddingCall(ProviderClient *client, const QString &model, const QStringList &texts)
    : QObject(client)
    , m_client(client)
    , m_model(model)
    , m_texts(texts)
{ }

EmbeddingCall::~EmbeddingCall()
{
    if (m_reply) {
        disconnect(m_reply, nullptr, this, nullptr);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

QByteArray EmbeddingCall::body(ProviderKind kind, const QString &model, const QStringList &texts)
{
    QJsonObject o {{u"model"_s, model}, {u"input"_s, QJsonArray::fromStringList(texts)}};
    if (kind == ProviderKind::OpenAiCompatible)
        o.insert(u"encoding_format"_s, u"float"_s);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QList<QList<float>> EmbeddingCall::parse(ProviderKind kind, const QByteArray &answer, qsizetype expected,
                                         CallError *error)
{
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(answer, &jsonError);
    QList<QList<float>> out;
    auto fail = [&](const QString &what) {
        if (error)
            *error = parseError(what);
        return QList<QList<float>>();
    };
    if (!doc.isObject())
        return fail(tr("The embeddings answer is not a JSON object."));
    const QJsonObject root = doc.object();
    if (kind == ProviderKind::OllamaNative) {
        for (const QJsonValue v : root.value("embeddings"_L1).toArray()) {
            const std::optional<QList<float>> vector = vectorOf(v);
            if (!vector)
                return fail(tr("An embedding in the answer is not a list of numbers."));
            out.append(*vector);
        }
    } else {
        // OpenAI's shape: data[i] = {index, embedding}, in any order.
        const QJsonArray data = root.value("data"_L1).toArray();
        out.resize(data.size());
        for (const QJsonValue v : data) {
            const QJsonObject item = v.toObject();
            const qsizetype index = item.value("index"_L1).toInteger(-1);
            QJsonValue embedding = item.value("embedding"_L1);
            // llama.cpp without pooling answers one vector per token: [[...], ...].
            if (embedding.isArray() && embedding.toArray().first().isArray())
                return fail(tr("The server returned one vector per token; start it with a pooling type "
                               "(llama-server --embeddings --pooling mean)."));
            const std::optional<QList<float>> vector = vectorOf(embedding);
            if (index < 0 || index >= out.size() || !out.at(index).isEmpty() || !vector)
                return fail(tr("An embedding in the answer is missing or not a list of numbers."));
            out[index] = *vector;
        }
    }
    if (out.size() != expected)
        return fail(tr("The answer has %1 embeddings for %2 texts.").arg(out.size()).arg(expected));
    for (const QList<float> &v : std::as_const(out))
        if (v.size() != out.constFirst().size())
            return fail(tr("The embeddings in the answer have different lengths."));
    return out;
}

void EmbeddingCall::start()
{
    if (m_finished || m_reply)
        return;
    if (!m_client) {
        finish({}, CallError::cancelled());
        return;
    }
    const ProviderKind kind = m_client->endpoint().kind;
    if (kind == ProviderKind::Anthropic) {
        // Asynchronously, as every other outcome.
        QTimer::singleShot(0, this, [this] {
            finish({},
                   parseError(tr("Anthropic's API has no embeddings endpoint; choose an OpenAI-compatible or "
                                 "Ollama provider for semantic recall.")));
        });
        return;
    }
    if (m_texts.isEmpty()) {
        QTimer::singleShot(0, this, [this] { finish({}, {}); });
        return;
    }
    QNetworkRequest request
        = m_client->request(kind == ProviderKind::OllamaNative ? u"/api/embed"_s : u"/embeddings"_s);
    request.setTransferTimeout(m_timeoutMs);
    m_reply = m_client->post(request, body(kind, m_model, m_texts));
    ReplyLimit::watch(m_reply, kMaxReplyBytes);
    connect(m_reply, &QNetworkReply::finished, this, [this, kind, reply = m_reply.data()] {
        reply->deleteLater();
        m_reply.clear();
        const QByteArray answer = reply->readAll().left(kMaxReplyBytes);
        CallError error
            = finishedReplyError(*reply, answer, m_client ? m_client->endpoint().baseUrl : QUrl(), tr("embeddings"));
        QList<QList<float>> vectors;
        if (!error.isError())
            vectors = parse(kind, answer, m_texts.size(), &error);
        finish(vectors, error);
    });
}

void EmbeddingCall::cancel()
{
    if (m_finished)
        return;
    if (m_reply) {
        disconnect(m_reply, nullptr, this, nullptr);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply.clear();
    }
    finish({}, CallError::cancelled());
}

void EmbeddingCall::finish(const QList<QList<float>> &vectors, const CallError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    Q_EMIT finished(error.isError() ? QList<QList<float>>() : vectors, error);
}

} // namespace Skein
