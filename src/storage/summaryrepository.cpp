// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/summaryrepository.h"

#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace Skein {

namespace {

const QString columns = QStringLiteral(
    "id, session_id, level, first_message_id, last_message_id, content, token_count, model, created_at, superseded_by");

Summary fromRow(const QSqlQuery &q)
{
    Summary s;
    s.id = q.value(0).toString();
    s.sessionId = q.value(1).toString();
    s.level = summaryLevelFromString(q.value(2).toString()).value_or(SummaryLevel::Segment);
    s.firstMessageId = q.value(3).toString();
    s.lastMessageId = q.value(4).toString();
    s.content = q.value(5).toString();
    s.tokenCount = q.value(6).toLongLong();
    s.model = SqlValues::text(q.value(7));
    s.createdAt = q.value(8).toLongLong();
    s.supersededBy = SqlValues::text(q.value(9));
    return s;
}

} // namespace

Status SummaryRepository::create(const Summary &s)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("INSERT INTO summaries (") + columns
                                  + QStringLiteral(") VALUES (?,?,?,?,?,?,?,?,?,?)"));
    q.bindValue(0, s.id);
    q.bindValue(1, s.sessionId);
    q.bindValue(2, toString(s.level));
    q.bindValue(3, SqlValues::notNull(s.firstMessageId));
    q.bindValue(4, SqlValues::notNull(s.lastMessageId));
    q.bindValue(5, SqlValues::notNull(s.content));
    q.bindValue(6, s.tokenCount);
    q.bindValue(7, SqlValues::nullable(s.model));
    q.bindValue(8, s.createdAt);
    q.bindValue(9, SqlValues::nullable(s.supersededBy));
    return m_db.exec(q);
}

Result<Summary> SummaryRepository::get(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM summaries WHERE id = ?"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    if (!q.next())
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no summary %1").arg(id)};
    Summary s = fromRow(q);
    q.finish();
    return s;
}

Result<QList<Summary>> SummaryRepository::bySession(const QString &sessionId, bool includeSuperseded)
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT ") + columns
                         + QStringLiteral(" FROM summaries WHERE session_id = ? AND (? OR superseded_by IS NULL) "
                                          "ORDER BY created_at, id"));
    q.bindValue(0, sessionId);
    q.bindValue(1, includeSuperseded);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<Summary> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

Status SummaryRepository::setContent(const QString &id, const QString &content, qint64 tokenCount)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("UPDATE summaries SET content = ?, token_count = ? WHERE id = ?"));
    q.bindValue(0, SqlValues::notNull(content));
    q.bindValue(1, tokenCount);
    q.bindValue(2, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    return q.numRowsAffected()
        ? Status()
        : Status(StorageError {StorageError::Kind::NotFound, QStringLiteral("no summary %1").arg(id)});
}

Status SummaryRepository::supersede(const QString &oldId, const QString &newId)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "UPDATE summaries SET superseded_by = ? WHERE id = ? AND EXISTS (SELECT 1 FROM summaries WHERE id = ?)"));
    q.bindValue(0, newId);
    q.bindValue(1, oldId);
    q.bindValue(2, newId);
    if (Status s = m_db.exec(q); !s)
        return s;
    return q.numRowsAffected()
        ? Status()
        : Status(StorageError {StorageError::Kind::NotFound, QStringLiteral("no summary %1 or %2").arg(oldId, newId)});
}

Status SummaryRepository::remove(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("DELETE FROM summaries WHERE id = ?"));
    q.bindValue(0, id);
    return m_db.exec(q);
}

} // namespace Skein
