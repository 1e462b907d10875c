/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QJsonArray>
#include <QString>

namespace Skein {

// SPEC §2.6: one per session, rewritten at every tool boundary in the same transaction as the result.
struct RuntimeCheckpoint
{
    QString sessionId;
    QString assistantMessageId; // the message that declared the tool calls
    QJsonArray completedCalls; // [{id, ...}] results already stored
    QJsonArray pendingCalls; // [{id, name, arguments}]
    int iteration = 0;
    qint64 updatedAt = 0;

    friend bool operator==(const RuntimeCheckpoint &, const RuntimeCheckpoint &) = default;
};

} // namespace Skein
