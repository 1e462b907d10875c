// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// MessageRepository: walking a path up the tree, one rowid lookup per step (parent_seq).
#include "storage/database.h"
#include "storage/messagerepository.h"

#include <QSet>
#include <QSqlQuery>

#include <optional>

namespace Skein {

Result<qint64> MessageRepository::pathLength(const QString &leafId)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "WITH RECURSIVE chain(seq, parent) AS (SELECT seq, parent_seq FROM messages WHERE id = ? UNION ALL "
        "SELECT m.seq, m.parent_seq FROM messages m JOIN chain ON m.seq = chain.parent) SELECT count(*) FROM chain"));
    q.bindValue(0, leafId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    q.next();
    const qint64 n = q.value(0).toLongLong();
    q.finish();
    return n;
}

Result<QList<qint64>> MessageRepository::pathSeqs(const QString &leafId, qint64 aboveSeq, qint64 *stop)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "WITH RECURSIVE chain(seq, parent) AS (SELECT seq, parent_seq FROM messages WHERE id = ? AND seq > ? "
        "UNION ALL SELECT m.seq, m.parent_seq FROM messages m JOIN chain ON m.seq = chain.parent WHERE m.seq > ?) "
        "SELECT seq, parent FROM chain"));
    q.bindValue(0, leafId);
    q.bindValue(1, aboveSeq);
    q.bindValue(2, aboveSeq);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<qint64> seqs;
    qint64 parent = 0;
    while (q.next()) {
        seqs.append(q.value(0).toLongLong());
        parent = q.value(1).toLongLong();
    }
    q.finish();
    if (stop)
        *stop = parent;
    return seqs;
}

Result<QStringList> MessageRepository::ancestorIds(const QString &fromId, const QSet<QString> &targets, qsizetype limit)
{
    constexpr int kChunk = 1024;
    QStringList out;
    if (fromId.isEmpty() || limit <= 0)
        return out;
    QSet<QString> missing = targets;
    std::optional<qint64> seq;
    {
        QSqlQuery &q = m_db.statement(QStringLiteral("SELECT seq FROM messages WHERE id = ?"));
        q.bindValue(0, fromId);
        if (Status s = m_db.exec(q); !s)
            return s.error();
        if (q.next())
            seq = q.value(0).toLongLong();
        q.finish();
    }
    while (seq && !missing.isEmpty() && out.size() < limit) {
        QSqlQuery &q = m_db.statement(QStringLiteral(
            "WITH RECURSIVE chain(seq, parent, depth) AS (SELECT seq, parent_seq, 0 FROM messages WHERE seq = ? "
            "UNION ALL SELECT m.seq, m.parent_seq, chain.depth + 1 FROM messages m JOIN chain ON m.seq = chain.parent "
            "WHERE chain.depth + 1 < ?) "
            "SELECT m.id, chain.parent FROM chain JOIN messages m ON m.seq = chain.seq ORDER BY chain.depth"));
        q.bindValue(0, *seq);
        q.bindValue(1, kChunk);
        if (Status s = m_db.exec(q); !s)
            return s.error();
        seq.reset();
        while (q.next()) {
            const QString id = q.value(0).toString();
            out.append(id);
            missing.remove(id);
            seq = q.value(1).isNull() ? std::nullopt : std::optional<qint64>(q.value(1).toLongLong());
        }
        q.finish();
    }
    return out;
}

} // namespace Skein
