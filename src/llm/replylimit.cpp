// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/replylimit.h"

#include <QNetworkReply>
#include <QString>

#include <algorithm>

namespace Skein::ReplyLimit {

namespace {

constexpr const char *limitProperty = "skeinReplyLimit";
constexpr const char *exceededProperty = "skeinReplyLimitExceeded";

} // namespace

void watch(QNetworkReply *reply, qint64 maxBytes)
{
    const QVariant current = reply->property(limitProperty);
    if (current.isValid()) {
        if (maxBytes < current.toLongLong())
            reply->setProperty(limitProperty, maxBytes);
        return;
    }
    reply->setProperty(limitProperty, maxBytes);
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply, [reply](qint64 received, qint64 total) {
        const qint64 limit = reply->property(limitProperty).toLongLong();
        if ((received > limit || total > limit) && !reply->property(exceededProperty).isValid()) {
            reply->setProperty(exceededProperty, limit);
            reply->abort();
        }
    });
}

std::optional<qint64> exceeded(const QNetworkReply &reply)
{
    const QVariant limit = reply.property(exceededProperty);
    return limit.isValid() ? std::optional<qint64>(limit.toLongLong()) : std::nullopt;
}

QString describe(qint64 bytes)
{
    if (bytes >= (qint64(1) << 20))
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    return QStringLiteral("%1 KiB").arg(std::max<qint64>(1, bytes >> 10));
}

} // namespace Skein::ReplyLimit
