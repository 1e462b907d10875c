// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/toollogrepository.h"

#include "core/domain/ids.h"
#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace Skein {

namespace {

const QString columns = QStringLiteral(
    "request_id, session_id, message_id, tool_name, arguments, status, result_raw, result_digest, retry_count, "
    "started_at, finished_at");

ToolLogEntry fromRow(const QSqlQuery &q)
{
    ToolLogEntry e;
    e.requestId = q.value(0).toString();
    e.sessionId = q.value(1).toString();
    e.messageId = SqlValues::text(q.value(2));
    e.toolName = q.value(3).toString();
    e.arguments = q.value(4).toString();
    e.status = toolStatusFromString(q.value(5).toString()).value_or(ToolStatus::Pending);
    e.resultRaw = SqlValues::text(q.value(6));
    e.resultDigest = SqlValues::text(q.value(7));
    e.retryCount = q.value(8).toInt();
    e.startedAt = q.value(9).toLongLong();
    e.finishedAt = q.value(10).toLongLong();
    return e;
}

} // namespace

Status ToolLogRepository::save(const ToolLogEntry &e)
{
    return write(e, true);
}

Status ToolLogRepository::insert(const ToolLogEntry &e)
{
    return write(e, false);
}

Status ToolLogRepository::write(const ToolLogEntry &e, bool update)
{
    const QString onConflict = !update
        ? QString()
        : QStringLiteral(
              " ON CONFLICT (session_id, message_id, request_id) DO UPDATE SET tool_name = excluded.tool_name, "
              "arguments = excluded.arguments, status = excluded.status, result_raw = excluded.result_raw, "
              "result_digest = excluded.result_digest, retry_count = excluded.retry_count, "
              "started_at = excluded.started_at, finished_at = excluded.finished_at");
    QSqlQuery &q = m_db.statement(QStringLiteral("INSERT INTO tool_log (") + columns
                                  + QStringLiteral(") VALUES (?,?,?,?,?,?,?,?,?,?,?)") + onConflict);
    q.bindValue(0, e.requestId);
    q.bindValue(1, e.sessionId);
    q.bindValue(2, e.messageId.isNull() ? QStringLiteral("") : e.messageId);
    q.bindValue(3, SqlValues::notNull(e.toolName));
    q.bindValue(4, SqlValues::notNull(e.arguments));
    q.bindValue(5, toString(e.status));
    q.bindValue(6, SqlValues::nullable(e.resultRaw));
    q.bindValue(7, SqlValues::nullable(e.resultDigest));
    q.bindValue(8, e.retryCount);
    q.bindValue(9, SqlValues::nullable(e.startedAt));
    q.bindValue(10, SqlValues::nullable(e.finishedAt));
    return m_db.exec(q);
}

Result<ToolLogEntry> ToolLogRepository::get(const QString &sessionId, const QString &messageId,
                                            const QString &requestId)
{
    auto rows = collect(QStringLiteral("session_id = ? AND message_id = ? AND request_id = ?"),
                        {sessionId, messageId.isNull() ? QStringLiteral("") : messageId, requestId});
    if (!rows)
        return rows.error();
    if (rows->isEmpty())
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no tool call %1").arg(requestId)};
    return rows->first();
}

Result<QList<ToolLogEntry>> ToolLogRepository::bySession(const QString &sessionId)
{
    return collect(QStringLiteral("session_id = ?"), {sessionId});
}

Result<QList<ToolLogEntry>> ToolLogRepository::byMessage(const QString &messageId)
{
    return collect(QStringLiteral("message_id = ?"), {messageId});
}

Result<int> ToolLogRepository::failUnfinished(const QString &sessionId, const QString &reason)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE tool_log SET status = 'failed', result_raw = coalesce(result_raw, ?), finished_at = ? "
                       "WHERE session_id = ? AND status IN ('pending', 'running')"));
    q.bindValue(0, reason);
    q.bindValue(1, Ids::nowMs());
    q.bindValue(2, sessionId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    return q.numRowsAffected();
}

Result<QList<ToolLogEntry>> ToolLogRepository::collect(const QString &where, const QStringList &values)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM tool_log WHERE ") + where
                                  + QStringLiteral(" ORDER BY started_at, rowid"));
    for (qsizetype i = 0; i < values.size(); ++i)
        q.bindValue(int(i), values.at(i));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<ToolLogEntry> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

} // namespace Skein
