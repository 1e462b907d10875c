// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Memories in the export format (docs/export-format.md), with their versions and lifecycle.

#include "jsoncodec.h"
#include "jsonfields.h"

namespace Skein::Exchange {

using namespace JsonFields;

QJsonObject toJson(const Memory &m, const QList<MemoryVersion> &versions)
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), m.id);
    o.insert(QStringLiteral("scope"), toString(m.scope));
    o.insert(QStringLiteral("type"), toString(m.type));
    o.insert(QStringLiteral("content"), m.content);
    o.insert(QStringLiteral("session_id"), ref(m.sessionId));
    o.insert(QStringLiteral("anchor_message_id"), ref(m.anchorMessageId));
    o.insert(QStringLiteral("source_session_id"), ref(m.sourceSessionId));
    o.insert(QStringLiteral("source_message_id"), ref(m.sourceMessageId));
    o.insert(QStringLiteral("status"), toString(m.status));
    o.insert(QStringLiteral("confidence"), m.confidence);
    o.insert(QStringLiteral("created_at"), m.createdAt);
    o.insert(QStringLiteral("updated_at"), m.updatedAt);
    o.insert(QStringLiteral("last_used_at"), time(m.lastUsedAt));
    o.insert(QStringLiteral("use_count"), m.useCount);
    o.insert(QStringLiteral("valid_from"), time(m.validFrom));
    o.insert(QStringLiteral("valid_to"), time(m.validTo));
    o.insert(QStringLiteral("supersedes"), ref(m.supersedes));
    o.insert(QStringLiteral("superseded_by"), ref(m.supersededBy));
    o.insert(QStringLiteral("reason"), ref(m.reason));
    o.insert(QStringLiteral("confirm_count"), m.confirmCount);
    o.insert(QStringLiteral("confirmed_at"), time(m.confirmedAt));
    QJsonArray history;
    for (const MemoryVersion &v : versions) {
        QJsonObject h;
        h.insert(QStringLiteral("content"), v.content);
        h.insert(QStringLiteral("changed_by"), v.changedBy);
        h.insert(QStringLiteral("changed_at"), v.changedAt);
        if (!v.reason.isEmpty())
            h.insert(QStringLiteral("reason"), v.reason);
        if (v.validFrom > 0)
            h.insert(QStringLiteral("valid_from"), v.validFrom);
        history.append(h);
    }
    o.insert(QStringLiteral("versions"), history);
    return o;
}

Memory memoryFromJson(const QJsonObject &o, const JsonReader &r, QList<MemoryVersion> *versions)
{
    Memory m;
    m.id = r.id(o, QStringLiteral("id"));
    m.scope = enumField(o, QStringLiteral("scope"), r, memoryScopeFromString, MemoryScope::Global);
    m.type = enumField(o, QStringLiteral("type"), r, memoryTypeFromString, MemoryType::Fact);
    m.content = r.string(o, QStringLiteral("content"), 1024 * 1024);
    m.sessionId = r.optionalId(o, QStringLiteral("session_id"));
    m.anchorMessageId = r.optionalId(o, QStringLiteral("anchor_message_id"));
    m.sourceSessionId = r.optionalId(o, QStringLiteral("source_session_id"));
    m.sourceMessageId = r.optionalId(o, QStringLiteral("source_message_id"));
    m.status = enumField(o, QStringLiteral("status"), r, memoryStatusFromString, MemoryStatus::Pending);
    m.confidence = r.number(o, QStringLiteral("confidence"));
    m.createdAt = r.integer(o, QStringLiteral("created_at"));
    m.updatedAt = r.integer(o, QStringLiteral("updated_at"));
    m.lastUsedAt = r.optionalInteger(o, QStringLiteral("last_used_at")).value_or(0);
    m.useCount = r.optionalInteger(o, QStringLiteral("use_count")).value_or(0);
    m.validFrom = r.optionalInteger(o, QStringLiteral("valid_from")).value_or(m.createdAt);
    m.validTo = r.optionalInteger(o, QStringLiteral("valid_to")).value_or(0);
    m.supersedes = r.optionalId(o, QStringLiteral("supersedes"));
    m.supersededBy = r.optionalId(o, QStringLiteral("superseded_by"));
    m.reason = r.optionalString(o, QStringLiteral("reason"), 4096);
    m.confirmCount = r.optionalInteger(o, QStringLiteral("confirm_count")).value_or(0);
    m.confirmedAt = r.optionalInteger(o, QStringLiteral("confirmed_at")).value_or(0);
    const QJsonArray history = r.optionalArray(o, QStringLiteral("versions"));
    for (qsizetype i = 0; i < history.size() && !r.failed(); ++i) {
        if (!history.at(i).isObject()) {
            r.fail(QStringLiteral("versions[%1]").arg(i), Text::tr("expected an object"));
            break;
        }
        const QJsonObject v = history.at(i).toObject();
        MemoryVersion mv;
        mv.memoryId = m.id;
        if (!v.value(QStringLiteral("content")).isString() || !v.value(QStringLiteral("changed_by")).isString()
            || !v.value(QStringLiteral("changed_at")).isDouble()) {
            r.fail(QStringLiteral("versions[%1]").arg(i), Text::tr("needs content, changed_by and changed_at"));
            break;
        }
        mv.content = v.value(QStringLiteral("content")).toString();
        mv.changedBy = v.value(QStringLiteral("changed_by")).toString();
        mv.changedAt = r.integer(v, QStringLiteral("changed_at")); // 1.7e21 is no time (fuzz_importvalidator)
        mv.reason = r.optionalString(v, QStringLiteral("reason"), 4096);
        mv.validFrom = r.optionalInteger(v, QStringLiteral("valid_from")).value_or(0);
        if (versions)
            versions->append(mv);
    }
    return m;
}

} // namespace Skein::Exchange
