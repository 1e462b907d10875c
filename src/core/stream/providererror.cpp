// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/providererror.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Skein {

namespace {

constexpr qsizetype MaxMessageLength = 500;

QString codeText(const QJsonValue &code)
{
    if (code.isString())
        return code.toString();
    if (code.isDouble())
        return QString::number(code.toInteger());
    return {};
}

bool mentions(const QString &haystack, QLatin1StringView needle)
{
    return haystack.contains(needle, Qt::CaseInsensitive);
}

ErrorCategory classify(const ProviderError &error)
{
    const QString &type = error.type;
    const QString &code = error.code;
    const int status = error.httpStatus;
    if (type == u"insufficient_quota" || code == u"insufficient_quota" || type == u"billing_error" || status == 402)
        return ErrorCategory::Billing;
    if (code == u"context_length_exceeded" || type == u"exceed_context_size_error" || type == u"request_too_large"
        || status == 413 || mentions(error.message, QLatin1StringView("context length"))
        || mentions(error.message, QLatin1StringView("context size"))
        || mentions(error.message, QLatin1StringView("context window"))
        || mentions(error.message, QLatin1StringView("prompt is too long")))
        return ErrorCategory::ContextTooLong;
    if (code == u"invalid_api_key" || type == u"authentication_error" || status == 401)
        return ErrorCategory::Auth;
    if (type == u"permission_error" || status == 403)
        return ErrorCategory::Permission;
    if (code == u"rate_limit_exceeded" || type == u"rate_limit_error" || status == 429)
        return ErrorCategory::RateLimit;
    if (type == u"overloaded_error" || code == u"slow_down" || status == 529)
        return ErrorCategory::Overloaded;
    if (type == u"not_found_error" || code == u"model_not_found" || status == 404
        || (status == 0 && mentions(error.message, QLatin1StringView("not found"))))
        return ErrorCategory::NotFound;
    if (type == u"server_error" || type == u"api_error" || type == u"unavailable_error" || status >= 500)
        return ErrorCategory::Server;
    if (type == u"invalid_request_error" || (status >= 400 && status < 500))
        return ErrorCategory::InvalidRequest;
    return ErrorCategory::Unknown;
}

// "maximum context length is 4097 tokens. However, your messages resulted in 4294 tokens"
void readContextFigures(ProviderError &error)
{
    static const QRegularExpression limit(QStringLiteral(R"(context length is (\d+) tokens)"));
    static const QRegularExpression used(QStringLiteral(R"(resulted in (\d+) tokens)"));
    if (error.contextSize < 0) {
        if (const auto match = limit.match(error.message); match.hasMatch())
            error.contextSize = match.captured(1).toLongLong();
    }
    if (error.promptTokens < 0) {
        if (const auto match = used.match(error.message); match.hasMatch())
            error.promptTokens = match.captured(1).toLongLong();
    }
}

QString shortened(QString text)
{
    text = text.simplified();
    if (text.size() > MaxMessageLength)
        text = text.left(MaxMessageLength - 1) + QChar(0x2026);
    return text;
}

QString textOfHtml(const QString &html)
{
    static const QRegularExpression title(QStringLiteral(R"(<title[^>]*>(.*?)</title>)"),
                                          QRegularExpression::CaseInsensitiveOption
                                              | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression heading(QStringLiteral(R"(<h1[^>]*>(.*?)</h1>)"),
                                            QRegularExpression::CaseInsensitiveOption
                                                | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression tags(QStringLiteral(R"(<[^>]*>)"));
    static const QRegularExpression invisible(QStringLiteral(R"(<(script|style)[^>]*>.*?</\1>)"),
                                              QRegularExpression::CaseInsensitiveOption
                                                  | QRegularExpression::DotMatchesEverythingOption);
    for (const QRegularExpression *element : {&title, &heading}) {
        const auto match = element->match(html);
        if (match.hasMatch()) {
            QString text = match.captured(1);
            text.remove(tags);
            if (!text.simplified().isEmpty())
                return shortened(text);
        }
    }
    QString text = html;
    text.remove(invisible);
    text.remove(tags);
    return shortened(text);
}

} // namespace

bool ProviderError::isRetryable() const
{
    return category == ErrorCategory::RateLimit || category == ErrorCategory::Overloaded
        || category == ErrorCategory::Server;
}

QString errorCategoryName(ErrorCategory category)
{
    switch (category) {
    case ErrorCategory::None:
        return QStringLiteral("none");
    case ErrorCategory::Auth:
        return QStringLiteral("auth");
    case ErrorCategory::Permission:
        return QStringLiteral("permission");
    case ErrorCategory::Billing:
        return QStringLiteral("billing");
    case ErrorCategory::RateLimit:
        return QStringLiteral("rate_limit");
    case ErrorCategory::ContextTooLong:
        return QStringLiteral("context_too_long");
    case ErrorCategory::NotFound:
        return QStringLiteral("not_found");
    case ErrorCategory::InvalidRequest:
        return QStringLiteral("invalid_request");
    case ErrorCategory::Overloaded:
        return QStringLiteral("overloaded");
    case ErrorCategory::Server:
        return QStringLiteral("server");
    case ErrorCategory::Protocol:
        return QStringLiteral("protocol");
    case ErrorCategory::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

ProviderError providerErrorFromJson(const QJsonValue &value, int httpStatus)
{
    ProviderError error;
    error.httpStatus = httpStatus;
    if (value.isString()) {
        error.message = value.toString();
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        error.message = object.value(QLatin1StringView("message")).toString();
        error.type = object.value(QLatin1StringView("type")).toString();
        error.code = codeText(object.value(QLatin1StringView("code")));
        error.contextSize = object.value(QLatin1StringView("n_ctx")).toInteger(-1);
        error.promptTokens = object.value(QLatin1StringView("n_prompt_tokens")).toInteger(-1);
    }
    if (error.message.isEmpty())
        error.message = !error.type.isEmpty()
            ? error.type
            : QCoreApplication::translate("Skein::ProviderError", "The provider reported an error without details.");
    readContextFigures(error);
    error.category = classify(error);
    return error;
}

ProviderError parseProviderErrorBody(int httpStatus, QByteArrayView body)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body.toByteArray(), &parseError);
    if (parseError.error == QJsonParseError::NoError && document.isObject()) {
        const QJsonObject object = document.object();
        const QJsonValue error = object.value(QLatin1StringView("error"));
        if (error.isObject() || error.isString())
            return providerErrorFromJson(error, httpStatus);
        if (object.contains(QLatin1StringView("message")))
            return providerErrorFromJson(object, httpStatus);
    }

    ProviderError error;
    error.httpStatus = httpStatus;
    const QString text = QString::fromUtf8(body).trimmed();
    if (text.startsWith(u'<'))
        error.message = textOfHtml(text);
    else
        error.message = shortened(text);
    if (error.message.isEmpty())
        error.message = QCoreApplication::translate("Skein::ProviderError", "The server answered with HTTP status %1.")
                            .arg(httpStatus);
    readContextFigures(error);
    error.category = classify(error);
    return error;
}

} // namespace Skein
