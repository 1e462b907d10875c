/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QList>
#include <QString>

namespace Skein {

class Database;

// Token usage and cost of replies, summed per (local day, session, model) for the usage view.
// Usage comes from the reply (or its snapshot when the reply has none), cost from the snapshot of
// the request that produced it. Cost grows with days × sessions × models, not with messages.
struct UsageRow
{
    QString day; // yyyy-MM-dd, local time
    QString sessionId;
    QString sessionTitle;
    QString model;
    qint64 replies = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    qint64 cachedTokens = 0;
    double cost = 0.0;

    friend bool operator==(const UsageRow &, const UsageRow &) = default;
};

namespace UsageQuery {

// Replies created at or after sinceMs (0: all), ordered by day, session, model.
Result<QList<UsageRow>> rows(Database &db, qint64 sinceMs = 0);

} // namespace UsageQuery

} // namespace Skein
