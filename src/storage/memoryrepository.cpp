// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/memoryrepository.h"

#include "core/domain/ids.h"
#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace Skein {

namespace {

const QString columns = QStringLiteral(
    "id, scope, type, content, session_id, anchor_message_id, source_session_id, source_message_id, status, "
    "confidence, created_at, updated_at, last_used_at, use_count");

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
                                  + QStringLiteral(") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
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
                                          "ORDER BY updated_at DESC"));
    const QVariant status = filter.status ? QVariant(toString(*filter.status)) : QVariant();
    const QVariant scope = filter.scope ? QVariant(toString(*filter.scope)) : QVariant();
    const QVariant session = SqlValues::nullable(filter.sessionId);
    const QVariantList binds {status, status, scope, scope, session, session, filter.includeGlobal};
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

Status MemoryRepository::editContent(const QString &id, const QString &content, const QString &changedBy)
{
    return m_db.transaction([&]() -> Status {
        QSqlQuery &keep
            = m_db.statement(QStringLiteral("INSERT INTO memory_versions (memory_id, content, changed_by, changed_at) "
                                            "SELECT id, content, ?, ? FROM memories WHERE id = ?"));
        const qint64 now = Ids::nowMs();
        keep.bindValue(0, SqlValues::notNull(changedBy));
        keep.bindValue(1, now);
        keep.bindValue(2, id);
        if (Status s = m_db.exec(keep); !s)
            return s;
        if (keep.numRowsAffected() == 0)
            return notFound(id);
        QSqlQuery &q = m_db.statement(QStringLiteral("UPDATE memories SET content = ?, updated_at = ? WHERE id = ?"));
        q.bindValue(0, SqlValues::notNull(content));
        q.bindValue(1, now);
        q.bindValue(2, id);
        return m_db.exec(q);
    });
}

Status MemoryRepository::setStatus(const QString &id, MemoryStatus status)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("UPDATE memories SET status = ?, updated_at = ? WHERE id = ?"));
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
    return m_db.transaction([&]() -> Status {
        QSqlQuery &q = m_db.statement(
            QStringLiteral("UPDATE memories SET use_count = use_count + 1, last_used_at = ? WHERE id = ?"));
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
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "SELECT id, memory_id, content, changed_by, changed_at FROM memory_versions WHERE memory_id = ? ORDER BY id"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<MemoryVersion> out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                    q.value(4).toLongLong()});
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
