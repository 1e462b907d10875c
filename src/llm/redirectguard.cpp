// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/redirectguard.h"

#include <QNetworkReply>
#include <QNetworkRequest>

namespace Skein::RedirectGuard {

namespace {

constexpr const char *RefusedProperty = "skeinRefusedRedirect";

} // namespace

void prepare(QNetworkRequest &request)
{
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::UserVerifiedRedirectPolicy);
}

void watch(QNetworkReply *reply)
{
    QObject::connect(reply, &QNetworkReply::redirected, reply, [reply](const QUrl &target) {
        // The target is resolved against the URL the redirect came from.
        const QUrl next = reply->url().resolved(target);
        if (sameOrigin(reply->request().url(), next)) {
            Q_EMIT reply->redirectAllowed();
            return;
        }
        reply->setProperty(RefusedProperty, next);
        reply->abort();
    });
}

std::optional<QUrl> refusedTarget(const QNetworkReply &reply)
{
    const QVariant target = reply.property(RefusedProperty);
    return target.isValid() ? std::optional<QUrl>(target.toUrl()) : std::nullopt;
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    const auto port = [](const QUrl &url) {
        return url.port(url.scheme() == u"https" ? 443 : url.scheme() == u"http" ? 80 : -1);
    };
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0
        && a.host().compare(b.host(), Qt::CaseInsensitive) == 0 && port(a) == port(b);
}

} // namespace Skein::RedirectGuard
