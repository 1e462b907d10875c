/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/chatrequest.h"
#include "llm/providerendpoint.h"

#include <QList>
#include <QObject>
#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace Skein {

class ModelListCall;
class StreamingCall;

// The typed client of one provider over an injected QNetworkAccessManager (owned by the caller,
// shared by every client). It builds requests with the kind's headers and auth, starts calls and
// tracks every live reply so they can all be aborted at once. Calls are children of the client.
class ProviderClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProviderClient)

public:
    ProviderClient(QNetworkAccessManager *network, ProviderEndpoint endpoint, QObject *parent = nullptr);
    ~ProviderClient() override;

    const ProviderEndpoint &endpoint() const { return m_endpoint; }

    // Starts a chat call now (streaming or not, per request.stream). The result arrives through the
    // call's signals; delete the call (or let the client delete it) when done.
    StreamingCall *chat(const ChatRequest &request);
    // Fetches the provider's model list (with context windows where the server reports them).
    ModelListCall *listModels();

    // A request to `path` below the base URL with content type, accept, user agent, auth and
    // the inactivity timeout applied. Accept-Encoding is left to QNAM so it can inflate gzip.
    QNetworkRequest request(const QString &path, bool expectStream = false) const;
    QUrl url(const QString &path) const;
    // The server's root (the base URL without a trailing /v1), for llama.cpp's /props.
    QUrl rootUrl(const QString &path) const;

    QNetworkReply *post(const QNetworkRequest &request, const QByteArray &body);
    QNetworkReply *get(const QNetworkRequest &request);

    // Cancels every call of this client (each reports Cancelled) and aborts any other live reply.
    void abortAll();
    int liveReplyCount() const;

private:
    QNetworkReply *track(QNetworkReply *reply);

    QNetworkAccessManager *m_network;
    ProviderEndpoint m_endpoint;
    QList<QPointer<QNetworkReply>> m_live;
};

} // namespace Skein
