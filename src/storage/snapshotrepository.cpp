// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/snapshotrepository.h"

#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace Skein {

namespace {

const QString columns = QStringLiteral(
    "id, session_id, leaf_message_id, provider_id, model, message_ids, summary_ids, memory_ids, section_tokens, "
    "budget, estimated_tokens, usage_prompt, usage_completion, usage_cached, usage_reasoning, cost, created_at");

QStringList stringList(const QVariant &value)
{
    QStringList out;
    const QJsonArray array = SqlValues::jsonArray(value);
    for (const auto &v : array)
        out << v.toString();
    return out;
}

QString jsonList(const QStringList &list)
{
    return SqlValues::json(QJsonArray::fromStringList(list));
}

ContextSnapshot fromRow(const QSqlQuery &q)
{
    ContextSnapshot s;
    s.id = q.value(0).toString();
    s.sessionId = q.value(1).toString();
    s.leafMessageId = SqlValues::text(q.value(2));
    s.providerId = SqlValues::text(q.value(3));
    s.model = SqlValues::text(q.value(4));
    s.messageIds = stringList(q.value(5));
    s.summaryIds = stringList(q.value(6));
    s.memoryIds = stringList(q.value(7));
    s.sectionTokens = SqlValues::jsonObject(q.value(8));
    s.budget = q.value(9).toLongLong();
    s.estimatedTokens = q.value(10).toLongLong();
    s.reportedUsage.promptTokens = SqlValues::optionalInt(q.value(11));
    s.reportedUsage.completionTokens = SqlValues::optionalInt(q.value(12));
    s.reportedUsage.cachedTokens = SqlValues::optionalInt(q.value(13));
    s.reportedUsage.reasoningTokens = SqlValues::optionalInt(q.value(14));
    s.cost = q.value(15).toDouble();
    s.createdAt = q.value(16).toLongLong();
    return s;
}

} // namespace

Status SnapshotRepository::create(const ContextSnapshot &s)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("INSERT INTO context_snapshots (") + columns
                                  + QStringLiteral(") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
    q.bindValue(0, s.id);
    q.bindValue(1, s.sessionId);
    q.bindValue(2, SqlValues::nullable(s.leafMessageId));
    q.bindValue(3, SqlValues::nullable(s.providerId));
    q.bindValue(4, SqlValues::nullable(s.model));
    q.bindValue(5, jsonList(s.messageIds));
    q.bindValue(6, jsonList(s.summaryIds));
    q.bindValue(7, jsonList(s.memoryIds));
    q.bindValue(8, SqlValues::json(s.sectionTokens));
    q.bindValue(9, s.budget);
    q.bindValue(10, s.estimatedTokens);
    q.bindValue(11, SqlValues::nullable(s.reportedUsage.promptTokens));
    q.bindValue(12, SqlValues::nullable(s.reportedUsage.completionTokens));
    q.bindValue(13, SqlValues::nullable(s.reportedUsage.cachedTokens));
    q.bindValue(14, SqlValues::nullable(s.reportedUsage.reasoningTokens));
    q.bindValue(15, s.cost);
    q.bindValue(16, s.createdAt);
    return m_db.exec(q);
}

Status SnapshotRepository::setReportedUsage(const QString &id, const Usage &usage, double cost)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "UPDATE context_snapshots SET usage_prompt = ?, usage_completion = ?, usage_cached = ?, usage_reasoning = ?, "
        "cost = ? WHERE id = ?"));
    q.bindValue(0, SqlValues::nullable(usage.promptTokens));
    q.bindValue(1, SqlValues::nullable(usage.completionTokens));
    q.bindValue(2, SqlValues::nullable(usage.cachedTokens));
    q.bindValue(3, SqlValues::nullable(usage.reasoningTokens));
    q.bindValue(4, cost);
    q.bindValue(5, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    return q.numRowsAffected()
        ? Status()
        : Status(StorageError {StorageError::Kind::NotFound, QStringLiteral("no snapshot %1").arg(id)});
}

Result<ContextSnapshot> SnapshotRepository::get(const QString &id)
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM context_snapshots WHERE id = ?"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    if (!q.next())
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no snapshot %1").arg(id)};
    ContextSnapshot s = fromRow(q);
    q.finish();
    return s;
}

Result<QList<ContextSnapshot>> SnapshotRepository::bySession(const QString &sessionId)
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT ") + columns
                         + QStringLiteral(" FROM context_snapshots WHERE session_id = ? ORDER BY created_at, id"));
    q.bindValue(0, sessionId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<ContextSnapshot> out;
    while (q.next())
        out.append(fromRow(q));
    q.finish();
    return out;
}

} // namespace Skein
