// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/modellistcall.h"

#include "llm/finishedreply.h"
#include "llm/modellistparser.h"
#include "llm/providerclient.h"
#include "llm/replylimit.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>

namespace Skein {

using namespace Qt::StringLiterals;

namespace {

constexpr int MaxOllamaShowRequests = 32;

CallError parseError()
{
    CallError error;
    error.category = CallError::Category::Parse;
    return error;
}

} // namespace

ModelListCall::ModelListCall(ProviderClient *client)
    : QObject(client)
    , m_client(client)
{ }

ModelListCall::~ModelListCall()
{
    for (const QPointer<QNetworkReply> &reply : std::as_const(m_replies)) {
        if (reply) {
            disconnect(reply, nullptr, this, nullptr);
            reply->abort();
            reply->deleteLater();
        }
    }
}

void ModelListCall::start()
{
    if (!m_client)
        return;
    ProviderClient *client = m_client;
    switch (client->endpoint().kind) {
    case ProviderKind::OpenAiCompatible:
        send(client->get(client->request(u"/models"_s)), [this](const QByteArray &body) { onOpenAiModels(body); });
        break;
    case ProviderKind::Anthropic:
        send(client->get(client->request(u"/v1/models?limit=1000"_s)), [this](const QByteArray &body) {
            bool ok = false;
            m_models = ModelListParser::anthropic(body, &ok);
            if (!ok)
                m_error = parseError();
        });
        break;
    case ProviderKind::OllamaNative:
        send(client->get(client->request(u"/api/tags"_s)), [this](const QByteArray &body) { onOllamaTags(body); });
        break;
    }
}

void ModelListCall::cancel()
{
    if (m_finished)
        return;
    for (const QPointer<QNetworkReply> &reply : std::as_const(m_replies)) {
        if (reply) {
            disconnect(reply, nullptr, this, nullptr);
            reply->abort();
            reply->deleteLater();
        }
    }
    m_replies.clear();
    finish(CallError::cancelled());
}

void ModelListCall::send(QNetworkReply *reply, Handler handler, bool required)
{
    ++m_pending;
    m_replies.append(reply);
    ReplyLimit::watch(reply, ReplyLimit::kModelListBytes);
    connect(reply, &QNetworkReply::finished, this, [this, reply, required, handler = std::move(handler)] {
        reply->deleteLater();
        m_replies.removeAll(reply);
        --m_pending;
        if (m_finished)
            return;
        const QByteArray body = reply->readAll().left(ReplyLimit::kModelListBytes);
        const CallError error
            = finishedReplyError(*reply, body, m_client ? m_client->endpoint().baseUrl : QUrl(), tr("model list"));
        if (!error.isError())
            handler(body);
        else if (required)
            m_error = error;
        if (m_error.isError() || m_pending == 0)
            finish(m_error);
    });
}

void ModelListCall::onOpenAiModels(const QByteArray &body)
{
    bool ok = false;
    m_models = ModelListParser::openAi(body, &ok);
    if (!ok) {
        m_error = parseError();
        return;
    }
    if (!ModelListParser::looksLikeLlamaCpp(body) || !m_client)
        return;
    // llama.cpp reports the training context; /props has the n_ctx the server really runs with.
    QNetworkRequest request = m_client->request(QString());
    request.setUrl(m_client->rootUrl(u"/props"_s));
    send(
        m_client->get(request),
        [this](const QByteArray &props) {
            if (const std::optional<qint64> size = ModelListParser::llamaCppContextSize(props)) {
                for (ModelInfo &info : m_models)
                    info.contextWindow = *size;
            }
        },
        false);
}

void ModelListCall::onOllamaTags(const QByteArray &body)
{
    bool ok = false;
    m_models = ModelListParser::ollamaTags(body, &ok);
    if (!ok) {
        m_error = parseError();
        return;
    }
    if (!m_client)
        return;
    for (qsizetype i = 0; i < qMin<qsizetype>(m_models.size(), MaxOllamaShowRequests); ++i) {
        const QString id = m_models.at(i).id;
        const QByteArray request = QJsonDocument(QJsonObject {{u"model"_s, id}}).toJson(QJsonDocument::Compact);
        send(
            m_client->post(m_client->request(u"/api/show"_s), request),
            [this, id](const QByteArray &show) {
                const std::optional<qint64> size = ModelListParser::ollamaShowContextLength(show);
                for (ModelInfo &info : m_models) {
                    if (info.id == id && size)
                        info.contextWindow = *size;
                }
            },
            false);
    }
}

void ModelListCall::finish(const CallError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_error = error;
    if (!error.isError())
        ModelListParser::applyPresetDefaults(m_models);
    else
        m_models.clear();
    Q_EMIT finished(m_models, m_error);
}

} // namespace Skein
