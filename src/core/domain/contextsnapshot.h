/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/usage.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Skein {

// SPEC §4.9: what one request sent. id is the request_id that messages link to.
struct ContextSnapshot
{
    QString id;
    QString sessionId;
    QString leafMessageId; // the last message of the path that was sent
    QString providerId;
    QString model;
    QStringList messageIds;
    QStringList summaryIds;
    QStringList memoryIds;
    QJsonObject sectionTokens; // {"system": n, "memories": n, "history": n, ...}
    qint64 budget = 0;
    qint64 estimatedTokens = 0;
    Usage reportedUsage;
    double cost = 0.0;
    qint64 createdAt = 0;

    friend bool operator==(const ContextSnapshot &, const ContextSnapshot &) = default;
};

} // namespace Skein
