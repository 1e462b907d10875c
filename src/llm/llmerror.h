#pragma once

#include "core/stream/providererror.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace Skein {

// Why a model call failed, as a category the UI and the retry policy can act on, plus the
// provider's own words. Never carries request headers, so it cannot leak an API key.
struct LlmError
{
    Q_DECLARE_TR_FUNCTIONS(LlmError)

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
        Cancelled, // the user stopped it
    };

    Category category = Category::None;
    int httpStatus = 0;
    QString message; // the provider's message (readable, no HTML) or the transport's description
    ProviderError provider; // what the provider reported, when it did (type, code, n_ctx, ...)
    std::optional<qint64> retryAfterMs;
    std::optional<bool> shouldRetry; // the server's x-should-retry header, which overrides the status
    QString requestId;

    bool isError() const { return category != Category::None; }
    // Whether an automatic retry may help (before any content arrived).
    bool isRetryable() const;
    // Plain words for the user: what happened, then the provider's message.
    QString displayText() const;
    static QString categoryName(Category category); // stable, for logs and the CLI's JSON

    // n_ctx when the provider stated it, else nullopt.
    std::optional<qint64> contextLimit() const;

    static LlmError network(const QString &detail);
    static LlmError timeout();
    static LlmError cancelled();
    static LlmError truncated();
    static LlmError emptyReply();
    // An error the provider reported (HTTP body or an event inside a 200 stream).
    static LlmError fromProvider(const ProviderError &error);
};

using RawHeaders = QList<std::pair<QByteArray, QByteArray>>;

namespace ErrorParser {

// Builds the error for a non-2xx response from its status, headers and body (JSON in any of the
// providers' shapes, plain text or an HTML error page).
LlmError fromHttp(int status, const RawHeaders &headers, const QByteArray &body);

// Retry-After / retry-after-ms in milliseconds: seconds (maybe fractional) or an HTTP date.
std::optional<qint64> retryAfterMs(const RawHeaders &headers, const QDateTime &now = QDateTime::currentDateTimeUtc());

} // namespace ErrorParser

} // namespace Skein
