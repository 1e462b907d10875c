// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/finishedreply.h"

#include "llm/redirectguard.h"
#include "llm/replylimit.h"

#include <QNetworkReply>

namespace Skein {

CallError finishedReplyError(const QNetworkReply &reply, const QByteArray &body, const QUrl &baseUrl,
                             const QString &what)
{
    const int status = reply.attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (const std::optional<QUrl> refused = RedirectGuard::refusedTarget(reply))
        return CallError::crossOriginRedirect(reply.request().url(), *refused);
    if (const std::optional<qint64> limit = ReplyLimit::exceeded(reply))
        return CallError::tooLarge(what, *limit);
    if (status != 0 && (status < 200 || status >= 300))
        return ErrorParser::fromHttp(status, reply.rawHeaderPairs(), body);
    if (reply.error() == QNetworkReply::OperationCanceledError || reply.error() == QNetworkReply::TimeoutError)
        return CallError::timeout();
    if (reply.error() != QNetworkReply::NoError)
        return CallError::network(reply.errorString());
    if (const char first = ErrorParser::firstSignificantByte(body); first == '<'
        || (ErrorParser::isHtmlContentType(reply.rawHeader("Content-Type")) && first != '{' && first != '['))
        return ErrorParser::webPage(reply.url(), baseUrl, body);
    return {};
}

} // namespace Skein
