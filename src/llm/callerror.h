/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/providererror.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUrl>

#include <optional>
#include <utility>

namespace Skein {

// Why a model call failed, as a category the UI and the retry policy can act on, plus the
// provider's own words. Never carries request headers, so it cannot leak an API key.
struct CallError
{
    Q_DECLARE_TR_FUNCTIONS(CallError)

public:
    enum class Category {
        None,
        Network, // connection refused, reset, DNS, TLS, dropped mid-stream
        Timeout, // no byte within the inactivity timeout
        Http, // another non-2xx status
        Auth, // 401 / 403
        RateLimit, // 429 (retryable, maybe with Retry-After)
        Quota, // 429 insufficient_quota / billing: retrying does not help
        ContextTooLong, // the prompt does not fit the model's context window
        Overloaded, // 529 or an overloaded_error event
        NotFound, // 404: usually an unknown model
        Api, // an error reported inside a 200 stream
        Parse, // the server sent something we cannot understand
        Truncated, // the stream ended without a terminal marker
        EmptyReply, // the stream ended properly but produced nothing (often: prompt over the context)
        WebPage, // a 2xx whose body is a web page (captive portal, proxy login), not an API response
        Redirect, // a redirect to another origin, which is never followed (the key would go along)
        TooLarge, // the answer went over ReplyLimit's bound; what arrived before is kept
        Cancelled, // the user stopped it
    };

    Category category = Category::None;
    int httpStatus = 0;
    QString message; // the provider's message (readable, no HTML) or the transport's description
    ProviderError provider; // what the provider reported, when it did (type, code, n_ctx, ...)
    std::optional<qint64> retryAfterMs;
    qint64 limitBytes = 0; // TooLarge: the bound that was passed
    std::optional<bool> shouldRetry; // the server's x-should-retry header, which overrides the status
    QString requestId;
    QString server; // WebPage: the host that answered (after redirects); Redirect: where it pointed
    QString requestedServer; // WebPage: the configured host, when a redirect led elsewhere; Redirect: who redirected

    bool isError() const { return category != Category::None; }
    // The server refused the request's images (the model has no vision, or the server lacks the
    // part that reads them): said in plain words, never retried.
    bool refusesImages() const;
    // Whether an automatic retry may help (before any content arrived).
    bool isRetryable() const;
    // Plain words for the user: what happened, then the provider's message.
    QString displayText() const;
    static QString categoryName(Category category); // stable, for logs and the CLI's JSON

    // n_ctx when the provider stated it, else nullopt.
    std::optional<qint64> contextLimit() const;

    static CallError network(const QString &detail);
    static CallError timeout();
    static CallError cancelled();
    static CallError truncated();
    static CallError emptyReply();
    // A web page instead of an API response: `server` answered it (`requested` when a redirect
    // led there from the configured host), `title` is the page's title or heading, if any.
    static CallError webPage(const QString &server, const QString &requested, const QString &title);
    // A redirect from `from` to another origin (scheme, host or port): not followed, because the
    // request's API key and the whole conversation would go to `to` (SPEC §7).
    static CallError crossOriginRedirect(const QUrl &from, const QUrl &to);
    // what: the translated name of the answer ("reply", "model list"); limit in bytes.
    static CallError tooLarge(const QString &what, qint64 limitBytes);
    // An error the provider reported (HTTP body or an event inside a 200 stream).
    static CallError fromProvider(const ProviderError &error);
};

using RawHeaders = QList<std::pair<QByteArray, QByteArray>>;

namespace ErrorParser {

// Builds the error for a non-2xx response from its status, headers and body (JSON in any of the
// providers' shapes, plain text or an HTML error page).
CallError fromHttp(int status, const RawHeaders &headers, const QByteArray &body);

// Retry-After / retry-after-ms in milliseconds: seconds (maybe fractional) or an HTTP date.
std::optional<qint64> retryAfterMs(const RawHeaders &headers, const QDateTime &now = QDateTime::currentDateTimeUtc());

// A 2xx body that is a web page (a captive portal, a proxy's login) rather than an API response.
// Neither JSON nor an event stream starts with '<' (after a byte-order mark and white space), so
// markup is decided by the first significant byte; 0 while only white space has arrived.
char firstSignificantByte(QByteArrayView body);
bool isHtmlContentType(QByteArrayView contentType);
// The error for such a page: who answered (the URL after redirects), who was asked, and the
// page's title or heading in plain words.
CallError webPage(const QUrl &answered, const QUrl &requested, QByteArrayView page);

} // namespace ErrorParser

} // namespace Skein
