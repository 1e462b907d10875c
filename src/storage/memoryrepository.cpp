// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/memoryrepository.h"

#include "core/domain/ids.h"
#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSet>
#include <QSqlQuery>

namespace Skein {

namespace {

const QString columns = QStringLiteral(
    "id, scope, type, content, session_id, anchor_message_id, source_session_id, source_message_id, status, "
    "confidence, created_at, updated_at, last_used_at, use_count, valid_from, valid_to, supersedes, superseded_by, "
    "reason, "
    "confirm_count, confirmed_at, archive_proposed_at");

Memory fromRow(const QSqlQuery &q)
{
    Memory m;
    m.id = q.value(0).toString();
    m.scope = memoryScopeFromString(q.value(1).toString()).value_or(MemoryScope::Global);
    m.type = memoryTypeFromString(q.value(2).toString()).value_or(MemoryType::Fact);
    m.content = q.value(3).toString();
    m.sessionId = SqlValues::text(q.value(4));
    m.anchorMessageId = SqlValues::text(q.value(5));
    m.sourceSessionId = SqlValues::text(q.value(6));
    m.sourceMessageId = SqlValues::text(q.value(7));
    m.status = memoryStatusFromString(q.value(8).toString()).value_or(MemoryStatus::Pending);
    m.confidence = q.value(9).toDouble();
    m.createdAt = q.value(10).toLongLong();
    m.updatedAt = q.value(11).toLongLong();
    m.lastUsedAt = q.value(12).toLongLong();
    m.useCount = q.value(13).toLongLong();
    m.validFrom = q.value(14).isNull() ? m.createdAt : q.value(14).toLongLong();
    m.validTo = q.value(15).toLongLong();
    m.supersedes = SqlValues::text(q.value(16));
    m.supersededBy = SqlValues::text(q.value(17));
    m.reason = SqlValues::text(q.value(18));
    m.confirmCount = q.value(19).toLongLong();
    m.confirmedAt = q.value(20).toLongLong();
    m.archiveProposedAt = q.value(21).toLongLong();
    return m;
}

StorageError notFound(const QString &id)
{
    return {StorageError::Kind::NotFound, QStringLiteral("no memory %1").arg(id)};
}

} // namespace

Status MemoryRepository::create(const Memory &m)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("INSERT INTO memories (") + columns
                                  + QStringLiteral(") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
    q.bindValue(0, m.id);
    q.bindValue(1, toString(m.scope));
    q.bindValue(2, toString(m.type));
    q.bindValue(3, SqlValues::notNull(m.content));
    q.bindValue(4, SqlValues::nullable(m.sessionId));
    q.bindValue(5, SqlValues::nullable(m.anchorMessageId));
    q.bindValue(6, SqlValues::nullable(m.sourceSessionId));
    q.bindValue(7, SqlValues::nullable(m.sourceMessageId));
    q.bindValue(8, toString(m.status));
    q.bindValue(9, m.confidence);
    q.bindValue(10, m.createdAt);
    q.bindValue(11, m.updatedAt);
    q.bindValue(12, SqlValues::nullable(m.lastUsedAt));
    q.bindValue(13, m.useCount);
    q.bindValue(14, m.validFrom > 0 ? m.validFrom : m.createdAt);
    q.bindValue(15, SqlValues::nullable(m.validTo));
    q.bindValue(16, SqlValues::nullable(m.supersedes));
    q.bindValue(17, SqlValues::nullable(m.supersededBy));
    q.bindValue(18, SqlValues::nullable(m.reason));
    q.bindValue(19, m.confirmCount);
    q.bindValue(20, SqlValues::nullable(m.confirmedAt));
    q.bindValue(21, SqlValues::nullable(m.archiveProposedAt));
    return m_db.exec(q);
}

Result<Memory> MemoryRepository::get(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM memories WHERE id = ?"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    if (!q.next())
        return notFound(id);
    Memory m = fromRow(q);
    q.finish();
    return m;
}

Result<QList<Memory>> MemoryRepository::list(const Filter &filter)
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT ") + columns
                         + QStringLiteral(" FROM memories WHERE (? IS NULL OR status = ?) AND (? IS NULL OR scope = ?) "
                                          "AND (? IS NULL OR session_id = ? OR (? AND scope = 'global')) "
                                          "AND (NOT ? OR valid_to IS NULL OR valid_to > ?) ORDER BY updated_at DESC"));
    const QVariant status = filter.status ? QVariant(toString(*filter.status)) : QVariant();
    const QVariant scope = filter.scope ? QVariant(toString(*filter.scope)) : QVariant();
    const QVariant session = SqlValues::nullable(filter.sessionId);
    const QVariantList binds {
        status, status, scope, scope, session, session, filter.includeGlobal, filter.currentOnly, filter.currentAt};
    for (int i = 0; i < binds.size(); ++i)
        q.bindValue(i, binds[i]);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<Memory> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

Result<QList<Memory>> MemoryRepository::bySourceSession(const QString &sessionId)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT ") + columns
                                  + QStringLiteral(" FROM memories WHERE source_session_id = ? ORDER BY created_at"));
    q.bindValue(0, sessionId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<Memory> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

Status MemoryRepository::editContent(const QString &id, const QString &content, const QString &changedBy,
                                     const QString &reason, qint64 validFrom)
{
    return m_db.transaction([&]() -> Status {
        QSqlQuery &keep = m_db.statement(QStringLiteral(
            "INSERT INTO memory_versions (memory_id, content, changed_by, changed_at, reason, valid_from) "
            "SELECT id, content, ?, ?, reason, coalesce(valid_from, created_at) FROM memories WHERE id = ?"));
        const qint64 now = Ids::nowMs();
        keep.bindValue(0, SqlValues::notNull(changedBy));
        keep.bindValue(1, now);
        keep.bindValue(2, id);
        if (Status s = m_db.exec(keep); !s)
            return s;
        if (keep.numRowsAffected() == 0)
            return notFound(id);
        QSqlQuery &q = m_db.statement(
            QStringLiteral("UPDATE memories SET content = ?, updated_at = ?, reason = coalesce(?, reason), "
                           "valid_from = coalesce(?, valid_from) WHERE id = ?"));
        q.bindValue(0, SqlValues::notNull(content));
        q.bindValue(1, now);
        q.bindValue(2, SqlValues::nullable(reason));
        q.bindValue(3, SqlValues::nullable(validFrom));
        q.bindValue(4, id);
        return m_db.exec(q);
    });
}

Status MemoryRepository::supersede(const QString &oldId, const QString &newId, qint64 at)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE memories SET valid_to = coalesce(valid_to, ?), superseded_by = ?, updated_at = ? "
                       "WHERE id = ?"));
    q.bindValue(0, at);
    q.bindValue(1, newId);
    q.bindValue(2, Ids::nowMs());
    q.bindValue(3, oldId);
    if (Status s = m_db.exec(q); !s)
        return s;
    return q.numRowsAffected() ? Status() : Status(notFound(oldId));
}

Status MemoryRepository::confirm(const QStringList &ids, qint64 at)
{
    return stampEach(
        QStringLiteral("UPDATE memories SET confirm_count = confirm_count + 1, confirmed_at = ? WHERE id = ?"), ids,
        at);
}

Result<int> MemoryRepository::proposeArchiving(int cap, qint64 at)
{
    // Current active memories, the most recently used, confirmed or learned first; those past
    // the cap are proposed, least confirmed and used last among equals.
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "SELECT id, archive_proposed_at FROM memories WHERE status = 'active' AND type <> 'pinned' "
        "AND (valid_to IS NULL OR valid_to > ?) "
        "ORDER BY max(coalesce(last_used_at, 0), coalesce(confirmed_at, 0), coalesce(valid_from, created_at)) DESC, "
        "confirm_count + use_count DESC, id"));
    q.bindValue(0, at);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QStringList propose;
    for (int row = 0; q.next(); ++row)
        if (row >= cap && q.value(1).isNull())
            propose.append(q.value(0).toString());
    q.finish();
    if (propose.isEmpty())
        return 0;
    Status s = stampEach(QStringLiteral("UPDATE memories SET archive_proposed_at = ? WHERE id = ?"), propose, at);
    if (!s)
        return s.error();
    return int(propose.size());
}

Status MemoryRepository::keep(const QString &id, qint64 at)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE memories SET archive_proposed_at = NULL, confirmed_at = ? WHERE id = ?"));
    q.bindValue(0, at);
    q.bindValue(1, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    return q.numRowsAffected() ? Status() : Status(notFound(id));
}

Result<QList<Memory>> MemoryRepository::lineage(const QString &id)
{
    Result<Memory> start = get(id);
    if (!start)
        return start.error();
    QList<Memory> out {start.value()};
    QSet<QString> seen {id};
    // Back through what each one superseded, then forward through its successors; a cycle (only a
    // hostile import could make one) ends the walk.
    for (QString prev = start->supersedes; !prev.isEmpty() && !seen.contains(prev);) {
        Result<Memory> m = get(prev);
        if (!m)
            break;
        seen.insert(prev);
        out.prepend(m.value());
        prev = m->supersedes;
    }
    for (QString next = start->supersededBy; !next.isEmpty() && !seen.contains(next);) {
        Result<Memory> m = get(next);
        if (!m)
            break;
        seen.insert(next);
        out.append(m.value());
        next = m->supersededBy;
    }
    return out;
}

Status MemoryRepository::setStatus(const QString &id, MemoryStatus status)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE memories SET status = ?, updated_at = ?, archive_proposed_at = NULL WHERE id = ?"));
    q.bindValue(0, toString(status));
    q.bindValue(1, Ids::nowMs());
    q.bindValue(2, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    return q.numRowsAffected() ? Status() : Status(notFound(id));
}

Status MemoryRepository::setScope(const QString &id, MemoryScope scope, const QString &sessionId,
                                  const QString &anchorMessageId)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "UPDATE memories SET scope = ?, session_id = ?, anchor_message_id = ?, updated_at = ? WHERE id = ?"));
    q.bindValue(0, toString(scope));
    q.bindValue(1, scope == MemoryScope::Global ? QVariant() : SqlValues::nullable(sessionId));
    q.bindValue(2, scope == MemoryScope::Branch ? SqlValues::nullable(anchorMessageId) : QVariant());
    q.bindValue(3, Ids::nowMs());
    q.bindValue(4, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    return q.numRowsAffected() ? Status() : Status(notFound(id));
}

Status MemoryRepository::markUsed(const QStringList &ids, qint64 at)
{
    return stampEach(QStringLiteral("UPDATE memories SET use_count = use_count + 1, last_used_at = ? WHERE id = ?"),
                     ids, at);
}

Status MemoryRepository::stampEach(const QString &sql, const QStringList &ids, qint64 at)
{
    return m_db.transaction([&]() -> Status {
        QSqlQuery &q = m_db.statement(sql);
        for (const QString &id : ids) {
            q.bindValue(0, at);
            q.bindValue(1, id);
            if (Status s = m_db.exec(q); !s)
                return s;
        }
        return {};
    });
}

Result<QList<MemoryVersion>> MemoryRepository::versions(const QString &id)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("SELECT id, memory_id, content, changed_by, changed_at, reason, valid_from FROM memory_versions "
                       "WHERE memory_id = ? ORDER BY id"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<MemoryVersion> out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                    q.value(4).toLongLong(), SqlValues::text(q.value(5)), q.value(6).toLongLong()});
    }
    q.finish();
    return out;
}

Status MemoryRepository::restore(const QString &id, qint64 versionId)
{
    return m_db.transaction([&]() -> Status {
        QSqlQuery &q
            = m_db.statement(QStringLiteral("SELECT content FROM memory_versions WHERE id = ? AND memory_id = ?"));
        q.bindValue(0, versionId);
        q.bindValue(1, id);
        if (Status s = m_db.exec(q); !s)
            return s;
        if (!q.next())
            return StorageError {StorageError::Kind::NotFound,
                                 QStringLiteral("no version %1 of memory %2").arg(versionId).arg(id)};
        const QString text = q.value(0).toString();
        q.finish();
        return editContent(id, text, QStringLiteral("restore"));
    });
}

Status MemoryRepository::remove(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("DELETE FROM memories WHERE id = ?"));
    q.bindValue(0, id);
    return m_db.exec(q);
}

} // namespace Skein
