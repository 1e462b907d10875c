// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/callerror.h"

#include "llm/replylimit.h"

#include <QLocale>
#include <QTimeZone>

#include <algorithm>

namespace Skein {

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype MaxMessageLength = 300;

QString shorten(QString text)
{
    text = text.simplified();
    if (text.size() > MaxMessageLength)
        text = text.left(MaxMessageLength - 1) + QChar(0x2026);
    return text;
}

QByteArray headerValue(const RawHeaders &headers, QByteArrayView name)
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

CallError::Category categoryOf(const ProviderError &error)
{
    using C = CallError::Category;
    switch (error.category) {
    case ErrorCategory::Auth:
    case ErrorCategory::Permission:
        return C::Auth;
    case ErrorCategory::Billing:
        return C::Quota;
    case ErrorCategory::RateLimit:
        return C::RateLimit;
    case ErrorCategory::ContextTooLong:
        return C::ContextTooLong;
    case ErrorCategory::NotFound:
        return C::NotFound;
    case ErrorCategory::Overloaded:
        return C::Overloaded;
    case ErrorCategory::Protocol:
        return C::Parse;
    case ErrorCategory::None:
    case ErrorCategory::InvalidRequest:
    case ErrorCategory::Server:
    case ErrorCategory::Unknown:
        break;
    }
    return error.httpStatus >= 300 ? C::Http : C::Api;
}

} // namespace

bool CallError::refusesImages() const
{
    if (category != Category::Http && category != Category::Api)
        return false;
    const QString text = message.toLower();
    if (!text.contains(u"image"))
        return false;
    static const QLatin1StringView refusals[] = {
        "not supported"_L1, // llama.cpp: "image input is not supported - hint: ... mmproj"
        "does not support"_L1, // Ollama, vLLM
        "only supported by certain models"_L1, // OpenAI
        "unsupported"_L1,
        "missing data required for image input"_L1, // Ollama without the projector
    };
    return std::ranges::any_of(refusals, [&](QLatin1StringView r) { return text.contains(r); });
}

bool CallError::isRetryable() const
{
    if (refusesImages())
        return false; // the same request gets the same answer
    if (shouldRetry)
        return *shouldRetry && category != Category::Cancelled;
    switch (category) {
    case Category::Network:
    case Category::Timeout:
    case Category::Truncated: // the policy still refuses once content has arrived
    case Category::RateLimit:
    case Category::Overloaded:
        return true;
    case Category::Http:
        return httpStatus == 408 || httpStatus == 409 || httpStatus >= 500;
    case Category::Api:
        return provider.isRetryable();
    default:
        return false;
    }
}

QString CallError::displayText() const
{
    QString headline;
    if (refusesImages())
        return tr("The model does not accept images. Send without them, or mark the model as one without vision "
                  "(Settings → Providers, or skein-cli providers set-model … --vision no): it then reads their "
                  "names and sizes instead")
            + u": "_s + message;
    switch (category) {
    case Category::None:
        return {};
    case Category::Network:
        headline = tr("Could not reach the provider");
        break;
    case Category::Timeout:
        headline = tr("The provider sent nothing for too long; the connection timed out");
        break;
    case Category::Http:
        headline = tr("The provider returned HTTP status %1").arg(httpStatus);
        break;
    case Category::Auth:
        headline = tr("The provider refused access; check the API key (HTTP %1)").arg(httpStatus);
        break;
    case Category::RateLimit:
        headline = tr("The provider's rate limit was reached");
        break;
    case Category::Quota:
        headline = tr("The account's quota or credit is used up");
        break;
    case Category::ContextTooLong:
        if (const std::optional<qint64> limit = contextLimit())
            headline = tr("The conversation does not fit the model's context window of %1 tokens")
                           .arg(QLocale().toString(*limit));
        else
            headline = tr("The conversation does not fit the model's context window");
        break;
    case Category::Overloaded:
        headline = tr("The provider is overloaded; try again later");
        break;
    case Category::NotFound:
        headline = tr("Not found; check the model name and base URL");
        break;
    case Category::Api:
        headline = tr("The provider reported an error");
        break;
    case Category::Parse:
        headline = tr("The provider's reply could not be read");
        break;
    case Category::Truncated:
        headline = tr("The reply ended before it was complete");
        break;
    case Category::EmptyReply:
        headline = tr("The model finished without any output; the conversation may exceed its context window");
        break;
    case Category::WebPage:
        headline = requestedServer.isEmpty()
            ? tr("The server at %1 answered with a web page, not an API response. A captive portal (a Wi-Fi "
                 "sign-in page) or a proxy login may be in the way: open a web page in a browser, sign in, "
                 "then try again")
                  .arg(server)
            : tr("The request to %1 was redirected to %2, which answered with a web page, not an API response. "
                 "A captive portal (a Wi-Fi sign-in page) or a proxy login may be in the way: open a web page "
                 "in a browser, sign in, then try again")
                  .arg(requestedServer, server);
        break;
    case Category::Redirect:
        headline = tr("The server at %1 redirected the request to %2, another server. Skein does not follow "
                      "redirects to other servers, so the API key and the conversation were not sent there. "
                      "Check the base URL; if a Wi-Fi sign-in page or a proxy login is in the way, sign in with "
                      "a browser, then try again")
                       .arg(requestedServer, server);
        break;
    case Category::TooLarge:
        headline = tr("The server's %1 is larger than %2, so Skein stopped reading it; what arrived before is "
                      "kept")
                       .arg(message, ReplyLimit::describe(limitBytes));
        return headline;
    case Category::Cancelled:
        headline = tr("Stopped");
        break;
    }
    return message.isEmpty() ? headline : headline + u": "_s + message;
}

QString CallError::categoryName(Category category)
{
    switch (category) {
    case Category::None:
        return u"none"_s;
    case Category::Network:
        return u"network"_s;
    case Category::Timeout:
        return u"timeout"_s;
    case Category::Http:
        return u"http"_s;
    case Category::Auth:
        return u"auth"_s;
    case Category::RateLimit:
        return u"rate_limit"_s;
    case Category::Quota:
        return u"quota"_s;
    case Category::ContextTooLong:
        return u"context_too_long"_s;
    case Category::Overloaded:
        return u"overloaded"_s;
    case Category::NotFound:
        return u"not_found"_s;
    case Category::Api:
        return u"api"_s;
    case Category::Parse:
        return u"parse"_s;
    case Category::Truncated:
        return u"truncated"_s;
    case Category::EmptyReply:
        return u"empty_reply"_s;
    case Category::WebPage:
        return u"web_page"_s;
    case Category::Redirect:
        return u"redirect"_s;
    case Category::TooLarge:
        return u"too_large"_s;
    case Category::Cancelled:
        return u"cancelled"_s;
    }
    return {};
}

std::optional<qint64> CallError::contextLimit() const
{
    return provider.contextSize > 0 ? std::optional<qint64>(provider.contextSize) : std::nullopt;
}

CallError CallError::fromProvider(const ProviderError &providerError)
{
    CallError error;
    error.provider = providerError;
    error.httpStatus = providerError.httpStatus;
    error.message = shorten(providerError.message);
    error.category = categoryOf(providerError);
    return error;
}

CallError CallError::emptyReply()
{
    CallError error;
    error.category = Category::EmptyReply;
    return error;
}

CallError CallError::webPage(const QString &server, const QString &requested, const QString &title)
{
    CallError error;
    error.category = Category::WebPage;
    error.server = server;
    error.requestedServer = requested == server ? QString() : requested;
    error.message = title.isEmpty() ? QString() : tr("the page is titled \"%1\"").arg(shorten(title));
    return error;
}

CallError CallError::crossOriginRedirect(const QUrl &from, const QUrl &to)
{
    CallError error;
    error.category = Category::Redirect;
    error.requestedServer
        = from.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
              .toDisplayString();
    error.server = to.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
                       .toDisplayString();
    return error;
}

CallError CallError::tooLarge(const QString &what, qint64 limitBytes)
{
    CallError error;
    error.category = Category::TooLarge;
    error.message = what;
    error.limitBytes = limitBytes;
    return error;
}

CallError CallError::truncated()
{
    CallError error;
    error.category = Category::Truncated;
    return error;
}

CallError CallError::network(const QString &detail)
{
    CallError error;
    error.category = Category::Network;
    error.message = shorten(detail);
    return error;
}

CallError CallError::timeout()
{
    CallError error;
    error.category = Category::Timeout;
    return error;
}

CallError CallError::cancelled()
{
    CallError error;
    error.category = Category::Cancelled;
    return error;
}

namespace ErrorParser {

CallError fromHttp(int status, const RawHeaders &headers, const QByteArray &body)
{
    CallError error = CallError::fromProvider(parseProviderErrorBody(status, body));
    error.retryAfterMs = retryAfterMs(headers);
    const QByteArray shouldRetry = headerValue(headers, "x-should-retry").trimmed().toLower();
    if (shouldRetry == "true" || shouldRetry == "false")
        error.shouldRetry = shouldRetry == "true";
    error.requestId = QString::fromLatin1(headerValue(headers, "x-request-id"));
    if (error.requestId.isEmpty())
        error.requestId = QString::fromLatin1(headerValue(headers, "request-id"));
    return error;
}

char firstSignificantByte(QByteArrayView body)
{
    if (body.startsWith("\xEF\xBB\xBF"))
        body = body.sliced(3);
    for (char c : body) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return c;
    }
    return 0;
}

bool isHtmlContentType(QByteArrayView contentType)
{
    const QByteArray type = contentType.toByteArray().trimmed().toLower();
    return type.startsWith("text/html") || type.startsWith("application/xhtml+xml");
}

CallError webPage(const QUrl &answered, const QUrl &requested, QByteArrayView page)
{
    const auto server
        = [](const QUrl &url) { return url.port() < 0 ? url.host() : url.host() + u':' + QString::number(url.port()); };
    // The readable part of the page, as for an HTML error page (title or first heading).
    const QString title = page.trimmed().isEmpty() ? QString() : parseProviderErrorBody(200, page).message;
    return CallError::webPage(server(answered.isValid() ? answered : requested), server(requested), title);
}

std::optional<qint64> retryAfterMs(const RawHeaders &headers, const QDateTime &now)
{
    bool ok = false;
    const QByteArray ms = headerValue(headers, "retry-after-ms").trimmed();
    if (!ms.isEmpty()) {
        const double value = ms.toDouble(&ok);
        if (ok && value >= 0)
            return qint64(value);
    }
    const QByteArray after = headerValue(headers, "retry-after").trimmed();
    if (after.isEmpty())
        return std::nullopt;
    const double seconds = after.toDouble(&ok);
    if (ok)
        return seconds >= 0 ? std::optional<qint64>(qint64(seconds * 1000.0)) : std::nullopt;
    // IMF-fixdate ("Wed, 21 Oct 2015 07:28:00 GMT"), always in GMT.
    QString text = QString::fromLatin1(after).simplified();
    if (text.endsWith(u" GMT") || text.endsWith(u" UTC"))
        text.chop(4);
    QDateTime date = QLocale::c().toDateTime(text, u"ddd, dd MMM yyyy HH:mm:ss"_s);
    if (!date.isValid())
        date = QDateTime::fromString(QString::fromLatin1(after), Qt::RFC2822Date);
    else
        date.setTimeZone(QTimeZone::UTC);
    if (!date.isValid())
        return std::nullopt;
    return qMax<qint64>(0, now.msecsTo(date));
}

} // namespace ErrorParser

} // namespace Skein
