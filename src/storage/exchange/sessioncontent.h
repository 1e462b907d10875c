/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "core/domain/summary.h"
#include "core/domain/toollogentry.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>

namespace Skein {

class Store;

namespace Exchange {

struct MemoryWithHistory
{
    Memory memory;
    QList<MemoryVersion> versions; // oldest first
};

// Everything an export carries for one session.
struct SessionContent
{
    Session session;
    QList<Message> messages;
    QList<Summary> summaries;
    QList<MemoryWithHistory> memories; // produced by this session
    QList<ToolLogEntry> toolLog;
    QList<ContextSnapshot> snapshots;
    QHash<QString, QByteArray> contents; // the attachments' content, by SHA-256
};

// Loads a session's content from the database.
bool loadSessionContent(Store &store, const QString &sessionId, SessionContent *out, QString *error,
                        bool *notFound = nullptr);

// The canonical JSON object of a session (without "format"): every list in a fixed order —
// messages branch by branch (pre-order, children by creation time then id), the rest by
// creation time then id — so equal content always gives equal bytes.
QJsonObject toCanonicalJson(const SessionContent &content);

} // namespace Exchange
} // namespace Skein
