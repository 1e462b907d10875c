// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/providerclient.h"

#include "llm/modellistcall.h"
#include "llm/redirectguard.h"
#include "llm/replylimit.h"
#include "llm/streamingcall.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace Skein {

using namespace Qt::StringLiterals;

AuthKind defaultAuth(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return AuthKind::Bearer;
    case ProviderKind::Anthropic:
        return AuthKind::AnthropicKey;
    case ProviderKind::OllamaNative:
        return AuthKind::None;
    }
    return AuthKind::None;
}

ProviderEndpoint ProviderEndpoint::make(ProviderKind kind, const QUrl &baseUrl, const QString &apiKey)
{
    ProviderEndpoint endpoint;
    endpoint.kind = kind;
    endpoint.baseUrl = baseUrl;
    endpoint.auth = defaultAuth(kind);
    endpoint.apiKey = apiKey;
    return endpoint;
}

ProviderClient::ProviderClient(QNetworkAccessManager *network, ProviderEndpoint endpoint, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_endpoint(std::move(endpoint))
{ }

// The calls are children: their destructors abort their replies without emitting anything.
ProviderClient::~ProviderClient() = default;

StreamingCall *ProviderClient::chat(const ChatRequest &request)
{
    auto *call = new StreamingCall(this, request);
    call->start();
    return call;
}

ModelListCall *ProviderClient::listModels()
{
    auto *call = new ModelListCall(this);
    call->start();
    return call;
}

QUrl ProviderClient::url(const QString &path) const
{
    QUrl result = m_endpoint.baseUrl;
    QString basePath = result.path();
    while (basePath.endsWith(u'/'))
        basePath.chop(1);
    // "/v1/models?limit=1000": the query joins the base URL's own (e.g. Azure's api-version).
    const qsizetype question = path.indexOf(u'?');
    result.setPath(basePath + path.left(question));
    if (question >= 0) {
        const QString query = result.query();
        result.setQuery(query.isEmpty() ? path.mid(question + 1) : query + u'&' + path.mid(question + 1));
    }
    return result;
}

QUrl ProviderClient::rootUrl(const QString &path) const
{
    QUrl result = m_endpoint.baseUrl;
    QString basePath = result.path();
    while (basePath.endsWith(u'/'))
        basePath.chop(1);
    if (basePath.endsWith(u"/v1"))
        basePath.chop(3);
    result.setPath(basePath + path);
    return result;
}

QNetworkRequest ProviderClient::request(const QString &path, bool expectStream) const
{
    QNetworkRequest request(url(path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArray("Skein/" SKEIN_VERSION));
    const bool sse = expectStream && m_endpoint.kind != ProviderKind::OllamaNative;
    request.setRawHeader("Accept", sse ? "text/event-stream" : "application/json");
    request.setTransferTimeout(m_endpoint.transferTimeoutMs);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    RedirectGuard::prepare(request);

    const QByteArray key = m_endpoint.apiKey.toUtf8();
    switch (m_endpoint.auth) {
    case AuthKind::None:
        break;
    case AuthKind::Bearer:
        if (!key.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + key);
        break;
    case AuthKind::AnthropicKey:
        if (!key.isEmpty())
            request.setRawHeader("x-api-key", key);
        request.setRawHeader("anthropic-version", "2023-06-01");
        break;
    }
    for (const auto &[name, value] : m_endpoint.extraHeaders)
        request.setRawHeader(name, value);
    return request;
}

QNetworkReply *ProviderClient::post(const QNetworkRequest &request, const QByteArray &body)
{
    return track(m_network->post(request, body));
}

QNetworkReply *ProviderClient::get(const QNetworkRequest &request)
{
    return track(m_network->get(request));
}

QNetworkReply *ProviderClient::track(QNetworkReply *reply)
{
    m_live.removeAll(nullptr);
    m_live.append(reply);
    RedirectGuard::watch(reply);
    ReplyLimit::watch(reply, ReplyLimit::kStreamBytes);
    connect(reply, &QNetworkReply::finished, this, [this, reply] { m_live.removeAll(reply); });
    return reply;
}

void ProviderClient::abortAll()
{
    // Calls first, so they report a cancellation instead of mistaking the abort for a timeout.
    const QList<StreamingCall *> calls = findChildren<StreamingCall *>(Qt::FindDirectChildrenOnly);
    for (StreamingCall *call : calls)
        call->cancel();
    const QList<ModelListCall *> lists = findChildren<ModelListCall *>(Qt::FindDirectChildrenOnly);
    for (ModelListCall *list : lists)
        list->cancel();
    const QList<QPointer<QNetworkReply>> live = m_live;
    for (const QPointer<QNetworkReply> &reply : live) {
        if (reply)
            reply->abort();
    }
}

int ProviderClient::liveReplyCount() const
{
    int count = 0;
    for (const QPointer<QNetworkReply> &reply : m_live)
        count += reply && reply->isRunning() ? 1 : 0;
    return count;
}

} // namespace Skein
