/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "core/domain/summary.h"
#include "core/domain/toollogentry.h"

#include <QJsonObject>

namespace Skein::Exchange {

class JsonReader;

// Domain types <-> the JSON of docs/export-format.md. Every key is always written (null when
// empty) so the form is canonical; QJsonObject sorts keys. Session-scoped records omit
// session_id: the enclosing session document implies it.
QJsonObject toJson(const Session &session);
QJsonObject toJson(const Message &message);
QJsonObject toJson(const Summary &summary);
QJsonObject toJson(const Memory &memory, const QList<MemoryVersion> &versions);
QJsonObject toJson(const ToolLogEntry &entry);
QJsonObject toJson(const ContextSnapshot &snapshot);
QJsonObject toJson(const ProviderConfig &provider);
QJsonObject toJson(const Usage &usage);

// Decoders validate as they go; on a problem they record it in the reader and return what they
// could read (callers check reader.failed()).
Session sessionFromJson(const QJsonObject &o, const JsonReader &r);
Message messageFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r);
Summary summaryFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r);
Memory memoryFromJson(const QJsonObject &o, const JsonReader &r, QList<MemoryVersion> *versions);
ToolLogEntry toolLogFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r);
ContextSnapshot snapshotFromJson(const QJsonObject &o, const QString &sessionId, const JsonReader &r);
ProviderConfig providerFromJson(const QJsonObject &o, const JsonReader &r);
Usage usageFromJson(const QJsonObject &o, const JsonReader &r);

} // namespace Skein::Exchange
