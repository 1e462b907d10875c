// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/checkpointrepository.h"

#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace Skein {

namespace {

const QString select
    = QStringLiteral("SELECT session_id, assistant_message_id, completed_calls, pending_calls, iteration, updated_at "
                     "FROM runtime_checkpoints");

RuntimeCheckpoint fromRow(const QSqlQuery &q)
{
    return {q.value(0).toString(),
            SqlValues::text(q.value(1)),
            SqlValues::jsonArray(q.value(2)),
            SqlValues::jsonArray(q.value(3)),
            q.value(4).toInt(),
            q.value(5).toLongLong()};
}

} // namespace

Status CheckpointRepository::save(const RuntimeCheckpoint &c)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("INSERT OR REPLACE INTO runtime_checkpoints (session_id, assistant_message_id, completed_calls, "
                       "pending_calls, iteration, updated_at) VALUES (?,?,?,?,?,?)"));
    q.bindValue(0, c.sessionId);
    q.bindValue(1, SqlValues::nullable(c.assistantMessageId));
    q.bindValue(2, SqlValues::json(c.completedCalls));
    q.bindValue(3, SqlValues::json(c.pendingCalls));
    q.bindValue(4, c.iteration);
    q.bindValue(5, c.updatedAt);
    return m_db.exec(q);
}

Result<std::optional<RuntimeCheckpoint>> CheckpointRepository::get(const QString &sessionId)
{
    QSqlQuery &q = m_db.statement(select + QStringLiteral(" WHERE session_id = ?"));
    q.bindValue(0, sessionId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    std::optional<RuntimeCheckpoint> out;
    if (q.next())
        out = fromRow(q);
    q.finish();
    return out;
}

Result<QList<RuntimeCheckpoint>> CheckpointRepository::all()
{
    QSqlQuery &q = m_db.statement(select + QStringLiteral(" ORDER BY updated_at"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<RuntimeCheckpoint> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

Status CheckpointRepository::clear(const QString &sessionId)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("DELETE FROM runtime_checkpoints WHERE session_id = ?"));
    q.bindValue(0, sessionId);
    return m_db.exec(q);
}

} // namespace Skein
