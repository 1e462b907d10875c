#include "storage/toollogrepository.h"

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

Status ToolLogRepository::upsert(const ToolLogEntry &e)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("INSERT OR REPLACE INTO tool_log (") + columns
                                                 + QStringLiteral(") VALUES (?,?,?,?,?,?,?,?,?,?,?)"));
    q.bindValue(0, e.requestId);
    q.bindValue(1, e.sessionId);
    q.bindValue(2, SqlValues::nullable(e.messageId));
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

Result<ToolLogEntry> ToolLogRepository::get(const QString &requestId)
{
    auto rows = collect(QStringLiteral("request_id"), requestId);
    if (!rows)
        return rows.error();
    if (rows->isEmpty())
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no tool call %1").arg(requestId)};
    return rows->first();
}

Result<QList<ToolLogEntry>> ToolLogRepository::bySession(const QString &sessionId)
{
    return collect(QStringLiteral("session_id"), sessionId);
}

Result<QList<ToolLogEntry>> ToolLogRepository::byMessage(const QString &messageId)
{
    return collect(QStringLiteral("message_id"), messageId);
}

Result<QList<ToolLogEntry>> ToolLogRepository::collect(const QString &column, const QString &value)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT ") + columns
                                                 + QStringLiteral(" FROM tool_log WHERE ") + column
                                                                  + QStringLiteral(" = ? ORDER BY started_at, rowid"));
    q.bindValue(0, value);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<ToolLogEntry> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

} // namespace Skein
