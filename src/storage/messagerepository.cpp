// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/messagerepository.h"

#include "core/domain/ids.h"
#include "storage/attachmentrepository.h"
#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSet>
#include <QSqlQuery>

namespace Skein {

namespace {

const QString columns = QStringLiteral(
    "id, session_id, parent_id, role, content, render_content, reasoning, tool_calls, tool_call_id, tool_name, "
    "status, finish_reason, error, provider_id, model, usage_prompt, usage_completion, usage_cached, "
    "usage_reasoning, token_estimate, created_at, completed_at, request_id, reasoning_blocks, stop_sequence");

// The same column list, prefixed for joins.
const QString prefixedColumns = [] {
    QStringList parts = columns.split(QStringLiteral(", "));
    for (QString &p : parts)
        p.prepend(QStringLiteral("m."));
    return parts.join(QStringLiteral(", "));
}();

QVariant reasoningBlocksValue(const QList<ReasoningBlock> &blocks)
{
    return blocks.isEmpty() ? QVariant() : QVariant(SqlValues::json(ReasoningBlocks::toJson(blocks)));
}

Message fromRow(const QSqlQuery &q)
{
    Message m;
    m.id = q.value(0).toString();
    m.sessionId = q.value(1).toString();
    m.parentId = SqlValues::text(q.value(2));
    m.role = roleFromString(q.value(3).toString()).value_or(Role::User);
    m.content = q.value(4).toString();
    m.renderContent = SqlValues::text(q.value(5));
    m.reasoning = SqlValues::text(q.value(6));
    m.toolCalls = SqlValues::jsonArray(q.value(7));
    m.toolCallId = SqlValues::text(q.value(8));
    m.toolName = SqlValues::text(q.value(9));
    m.status = messageStatusFromString(q.value(10).toString()).value_or(MessageStatus::Complete);
    m.finishReason = SqlValues::text(q.value(11));
    m.error = SqlValues::text(q.value(12));
    m.providerId = SqlValues::text(q.value(13));
    m.model = SqlValues::text(q.value(14));
    m.usage.promptTokens = SqlValues::optionalInt(q.value(15));
    m.usage.completionTokens = SqlValues::optionalInt(q.value(16));
    m.usage.cachedTokens = SqlValues::optionalInt(q.value(17));
    m.usage.reasoningTokens = SqlValues::optionalInt(q.value(18));
    m.tokenEstimate = q.value(19).toLongLong();
    m.createdAt = q.value(20).toLongLong();
    m.completedAt = q.value(21).toLongLong();
    m.requestId = SqlValues::text(q.value(22));
    m.reasoningBlocks = ReasoningBlocks::fromJson(SqlValues::jsonArray(q.value(23)));
    m.stopSequence = SqlValues::text(q.value(24));
    return m;
}

} // namespace

Status MessageRepository::insert(const Message &m)
{
    if (m.id.isEmpty() || m.sessionId.isEmpty())
        return StorageError {StorageError::Kind::Invalid, QStringLiteral("a message needs an id and a session")};
    if (m.attachments.isEmpty())
        return insertRow(m);
    return m_db.transaction([&]() -> Status {
        if (Status s = insertRow(m); !s)
            return s;
        AttachmentRepository attachments(m_db);
        for (const Attachment &a : m.attachments)
            if (Status s = attachments.insert(a); !s)
                return s;
        return {};
    });
}

Status MessageRepository::insertRow(const Message &m)
{
    // The columns of `columns`, then parent_seq.
    return m_db.run(
        "INSERT INTO messages (id, session_id, parent_id, role, content, render_content, reasoning, tool_calls, "
        "tool_call_id, tool_name, status, finish_reason, error, provider_id, model, usage_prompt, usage_completion, "
        "usage_cached, usage_reasoning, token_estimate, created_at, completed_at, request_id, reasoning_blocks, "
        "stop_sequence, parent_seq) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
        "(SELECT seq FROM messages WHERE id = ?))",
        {m.id,
         m.sessionId,
         SqlValues::nullable(m.parentId),
         toString(m.role),
         SqlValues::notNull(m.content),
         SqlValues::nullable(m.renderContent),
         SqlValues::nullable(m.reasoning),
         m.toolCalls.isEmpty() ? QVariant() : QVariant(SqlValues::json(m.toolCalls)),
         SqlValues::nullable(m.toolCallId),
         SqlValues::nullable(m.toolName),
         toString(m.status),
         SqlValues::nullable(m.finishReason),
         SqlValues::nullable(m.error),
         SqlValues::nullable(m.providerId),
         SqlValues::nullable(m.model),
         SqlValues::nullable(m.usage.promptTokens),
         SqlValues::nullable(m.usage.completionTokens),
         SqlValues::nullable(m.usage.cachedTokens),
         SqlValues::nullable(m.usage.reasoningTokens),
         m.tokenEstimate,
         m.createdAt,
         SqlValues::nullable(m.completedAt),
         SqlValues::nullable(m.requestId),
         reasoningBlocksValue(m.reasoningBlocks),
         SqlValues::nullable(m.stopSequence),
         SqlValues::nullable(m.parentId)});
}

Status MessageRepository::insertBatch(const QList<Message> &messages)
{
    return m_db.transaction([&]() -> Status {
        for (const Message &m : messages) {
            if (Status s = insert(m); !s)
                return s;
        }
        return {};
    });
}

Status MessageRepository::appendDeltaAt(const QString &id, const QString &contentDelta, const QString &reasoningDelta,
                                        qint64 contentBytesBefore, qint64 reasoningBytesBefore)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE messages SET content = content || ?, "
                       "reasoning = CASE WHEN ? = '' THEN reasoning ELSE coalesce(reasoning, '') || ? END "
                       "WHERE id = ? AND status = 'generating' AND length(CAST(content AS BLOB)) = ? "
                       "AND length(CAST(coalesce(reasoning, '') AS BLOB)) = ?"));
    q.bindValue(0, SqlValues::notNull(contentDelta));
    q.bindValue(1, SqlValues::notNull(reasoningDelta));
    q.bindValue(2, SqlValues::notNull(reasoningDelta));
    q.bindValue(3, id);
    q.bindValue(4, contentBytesBefore);
    q.bindValue(5, reasoningBytesBefore);
    if (Status s = m_db.exec(q); !s)
        return s;
    if (q.numRowsAffected() == 0)
        return StorageError {
            StorageError::Kind::Conflict,
            QStringLiteral("message %1 is no longer generating or an earlier part is missing").arg(id)};
    return {};
}

Result<MessageRepository::StoredText> MessageRepository::storedText(const QString &id)
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT status, length(CAST(content AS BLOB)), "
                                        "length(CAST(coalesce(reasoning, '') AS BLOB)) FROM messages WHERE id = ?"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    if (!q.next())
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no message %1").arg(id)};
    StoredText out;
    out.status = messageStatusFromString(q.value(0).toString()).value_or(MessageStatus::Interrupted);
    out.contentBytes = q.value(1).toLongLong();
    out.reasoningBytes = q.value(2).toLongLong();
    q.finish();
    return out;
}

Status MessageRepository::setGeneratingContent(const QString &id, const QString &content, const QString &reasoning)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE messages SET content = ?, reasoning = ? WHERE id = ? AND status = 'generating'"));
    q.bindValue(0, SqlValues::notNull(content));
    q.bindValue(1, SqlValues::nullable(reasoning));
    q.bindValue(2, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    if (q.numRowsAffected() == 0)
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no generating message %1").arg(id)};
    return {};
}

Status MessageRepository::setToolCalls(const QString &id, const QJsonArray &toolCalls)
{
    return m_db.run("UPDATE messages SET tool_calls = ? WHERE id = ?",
                    {toolCalls.isEmpty() ? QVariant() : QVariant(SqlValues::json(toolCalls)), id});
}

Status MessageRepository::setReasoningBlocks(const QString &id, const QList<ReasoningBlock> &blocks)
{
    return m_db.run("UPDATE messages SET reasoning_blocks = ? WHERE id = ?", {reasoningBlocksValue(blocks), id});
}

Status MessageRepository::setRenderContent(const QString &id, const QString &renderContent)
{
    return m_db.run("UPDATE messages SET render_content = ? WHERE id = ?", {SqlValues::nullable(renderContent), id});
}

Status MessageRepository::reopen(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "UPDATE messages SET status = 'generating', error = NULL, finish_reason = NULL, stop_sequence = NULL, "
        "completed_at = NULL WHERE id = ?"));
    q.bindValue(0, id);
    return m_db.exec(q);
}

Status MessageRepository::setRequestId(const QString &id, const QString &requestId)
{
    return m_db.run("UPDATE messages SET request_id = ? WHERE id = ?", {requestId, id});
}

Status MessageRepository::setModel(const QString &id, const QString &model)
{
    return m_db.run("UPDATE messages SET model = ? WHERE id = ?", {model, id});
}

Result<bool> MessageRepository::hasToolResult(const QString &sessionId, const QString &toolCallId)
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT 1 FROM messages WHERE session_id = ? AND tool_call_id = ? LIMIT 1"));
    q.bindValue(0, sessionId);
    q.bindValue(1, toolCallId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const bool found = q.next();
    q.finish();
    return found;
}

Result<QList<Message>> MessageRepository::byIds(const QStringList &ids)
{
    if (ids.isEmpty())
        return QList<Message> {};
    QStringList marks(ids.size(), QStringLiteral("?"));
    QVariantList binds;
    binds.reserve(ids.size());
    for (const QString &id : ids)
        binds.append(id);
    return collect(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM messages WHERE id IN (")
                       + marks.join(u',') + u')',
                   binds);
}

Status MessageRepository::finish(const QString &id, const Finish &f)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "UPDATE messages SET status = ?, finish_reason = ?, error = ?, usage_prompt = ?, usage_completion = ?, "
        "usage_cached = ?, usage_reasoning = ?, completed_at = ?, stop_sequence = ? WHERE id = ?"));
    q.bindValue(0, toString(f.status));
    q.bindValue(1, SqlValues::nullable(f.finishReason));
    q.bindValue(2, SqlValues::nullable(f.error));
    q.bindValue(3, SqlValues::nullable(f.usage.promptTokens));
    q.bindValue(4, SqlValues::nullable(f.usage.completionTokens));
    q.bindValue(5, SqlValues::nullable(f.usage.cachedTokens));
    q.bindValue(6, SqlValues::nullable(f.usage.reasoningTokens));
    q.bindValue(7, f.completedAt ? f.completedAt : Ids::nowMs());
    q.bindValue(8, SqlValues::nullable(f.stopSequence));
    q.bindValue(9, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    if (q.numRowsAffected() == 0)
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no message %1").arg(id)};
    return {};
}

Status MessageRepository::visit(const QString &sql, const QVariantList &binds,
                                const std::function<void(Message &&)> &each)
{
    QSqlQuery &q = m_db.statement(sql);
    for (qsizetype i = 0; i < binds.size(); ++i)
        q.bindValue(int(i), binds[i]);
    if (Status s = m_db.exec(q); !s)
        return s;
    // Rows repeat strings (the session, provider and model; a parent is an earlier row's id): each
    // repeat shares the first one's memory, about 40 MB less for a 100,000-message conversation.
    QSet<QString> pool;
    const auto share = [&pool](QString &s) {
        if (s.isEmpty())
            return;
        if (const auto it = pool.constFind(s); it != pool.cend())
            s = *it;
        else
            pool.insert(s);
    };
    while (q.next()) {
        Message m = fromRow(q);
        share(m.id);
        share(m.parentId);
        share(m.sessionId);
        share(m.providerId);
        share(m.model);
        share(m.finishReason);
        each(std::move(m));
    }
    q.finish();
    return {};
}

Result<QList<Message>> MessageRepository::collect(const QString &sql, const QVariantList &binds)
{
    QList<Message> out;
    if (Status s = visit(sql, binds, [&out](Message &&m) { out.append(std::move(m)); }); !s)
        return s.error();
    if (Status s = AttachmentRepository(m_db).fill(out); !s)
        return s.error();
    return out;
}

Result<Message> MessageRepository::get(const QString &id)
{
    auto rows = collect(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM messages WHERE id = ?"), {id});
    if (!rows)
        return rows.error();
    if (rows->isEmpty())
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no message %1").arg(id)};
    return rows->first();
}

Result<QList<Message>> MessageRepository::children(const QString &sessionId, const QString &parentId)
{
    if (parentId.isEmpty())
        return collect(QStringLiteral("SELECT ") + columns
                           + QStringLiteral(" FROM messages WHERE session_id = ? AND parent_id IS NULL ORDER BY seq"),
                       {sessionId});
    return collect(QStringLiteral("SELECT ") + columns
                       + QStringLiteral(" FROM messages WHERE parent_id = ? ORDER BY seq"),
                   {parentId});
}

Result<QList<Message>> MessageRepository::path(const QString &leafId)
{
    // One rowid lookup per step (parent_seq), then a rowid join for the columns.
    return collect(QStringLiteral("WITH RECURSIVE chain(seq, parent, depth) AS ("
                                  " SELECT seq, parent_seq, 0 FROM messages WHERE id = ?"
                                  " UNION ALL"
                                  " SELECT m.seq, m.parent_seq, chain.depth + 1 FROM messages m"
                                  " JOIN chain ON m.seq = chain.parent) "
                                  "SELECT ")
                       + prefixedColumns
                       + QStringLiteral(" FROM chain JOIN messages m ON m.seq = chain.seq ORDER BY chain.depth DESC"),
                   {leafId});
}

Result<QList<Message>> MessageRepository::pathTail(const QString &leafId, int maxCount)
{
    return collect(QStringLiteral("WITH RECURSIVE chain(seq, parent, depth) AS ("
                                  " SELECT seq, parent_seq, 0 FROM messages WHERE id = ?"
                                  " UNION ALL"
                                  " SELECT m.seq, m.parent_seq, chain.depth + 1 FROM messages m"
                                  " JOIN chain ON m.seq = chain.parent WHERE chain.depth + 1 < ?) "
                                  "SELECT ")
                       + prefixedColumns
                       + QStringLiteral(" FROM chain JOIN messages m ON m.seq = chain.seq ORDER BY chain.depth DESC"),
                   {leafId, qMax(maxCount, 1)});
}

Result<QList<Message>> MessageRepository::bySession(const QString &sessionId)
{
    return collect(QStringLiteral("SELECT ") + columns
                       + QStringLiteral(" FROM messages WHERE session_id = ? ORDER BY seq"),
                   {sessionId});
}

Status MessageRepository::eachInSession(const QString &sessionId, const std::function<void(Message &&)> &each)
{
    Result<QHash<QString, QList<Attachment>>> attachments = AttachmentRepository(m_db).bySession(sessionId);
    if (!attachments)
        return attachments.error();
    return visit(QStringLiteral("SELECT ") + columns
                     + QStringLiteral(" FROM messages WHERE session_id = ? ORDER BY seq"),
                 {sessionId}, [&](Message &&m) {
                     if (!attachments->isEmpty())
                         m.attachments = attachments->value(m.id);
                     each(std::move(m));
                 });
}

Result<qint64> MessageRepository::countBySession(const QString &sessionId)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT count(*) FROM messages WHERE session_id = ?"));
    q.bindValue(0, sessionId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    q.next();
    const qint64 n = q.value(0).toLongLong();
    q.finish();
    return n;
}

Result<qint64> MessageRepository::countUserMessagesAfter(const QString &sessionId, qint64 createdAfter)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("SELECT count(*) FROM messages WHERE session_id = ? AND role = 'user' AND created_at > ?"));
    q.bindValue(0, sessionId);
    q.bindValue(1, createdAfter);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    q.next();
    const qint64 n = q.value(0).toLongLong();
    q.finish();
    return n;
}

Result<QList<Message>> MessageRepository::generating()
{
    return collect(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM messages WHERE status = 'generating'"),
                   {});
}

Result<QStringList> MessageRepository::deleteSubtree(const QString &id)
{
    return m_db.transaction([&]() -> Result<QStringList> {
        auto root = get(id);
        if (!root)
            return root.error();
        QSqlQuery &q = m_db.statement(QStringLiteral("WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL SELECT m.id FROM "
                                                     "messages m JOIN sub ON m.parent_id = sub.id) "
                                                     "SELECT id FROM sub"));
        q.bindValue(0, id);
        if (Status s = m_db.exec(q); !s)
            return s.error();
        QStringList ids;
        while (q.next())
            ids.append(q.value(0).toString());
        q.finish();

        QSqlQuery &del = m_db.statement(QStringLiteral(
            "DELETE FROM messages WHERE id IN (WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL SELECT m.id FROM messages "
            "m JOIN sub ON m.parent_id = sub.id) SELECT id FROM sub)"));
        del.bindValue(0, id);
        if (Status s = m_db.exec(del); !s)
            return s.error();

        // A session whose active leaf was deleted moves to the deleted node's parent.
        QSqlQuery &fix = m_db.statement(QStringLiteral(
            "UPDATE sessions SET active_leaf_id = ?, version = version + 1 WHERE active_leaf_id IS NOT NULL AND "
            "active_leaf_id NOT IN (SELECT id FROM messages WHERE id = active_leaf_id) AND id = ?"));
        fix.bindValue(0, SqlValues::nullable(root->parentId));
        fix.bindValue(1, root->sessionId);
        if (Status s = m_db.exec(fix); !s)
            return s.error();
        return ids;
    });
}

} // namespace Skein
