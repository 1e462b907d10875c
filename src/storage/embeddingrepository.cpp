// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/embeddingrepository.h"

#include "storage/database.h"

#include <QScopeGuard>
#include <QSqlQuery>
#include <QSysInfo>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <queue>

namespace Skein {

using namespace Qt::StringLiterals;

namespace {

QList<float> normalised(const QList<float> &vector)
{
    double sum = 0;
    for (const float v : vector)
        sum += double(v) * double(v);
    if (sum <= 0 || !std::isfinite(sum))
        return {};
    const double scale = 1.0 / std::sqrt(sum);
    QList<float> out;
    out.reserve(vector.size());
    for (const float v : vector)
        out.append(float(double(v) * scale));
    return out;
}

} // namespace

QByteArray EmbeddingRepository::pack(const QList<float> &vector)
{
    const QList<float> unit = normalised(vector);
    QByteArray out(unit.size() * qsizetype(sizeof(float)), Qt::Uninitialized);
    for (qsizetype i = 0; i < unit.size(); ++i)
        qToLittleEndian(unit.at(i), out.data() + i * qsizetype(sizeof(float)));
    return out;
}

QList<float> EmbeddingRepository::unpack(const QByteArray &blob)
{
    QList<float> out(blob.size() / qsizetype(sizeof(float)));
    for (qsizetype i = 0; i < out.size(); ++i)
        out[i] = qFromLittleEndian<float>(blob.constData() + i * qsizetype(sizeof(float)));
    return out;
}

Result<QList<EmbeddingRepository::Pending>> EmbeddingRepository::missing(const QString &sessionId, const QString &model,
                                                                         int limit)
{
    QList<Pending> out;
    QSqlQuery &q
        = m_db.statement(u"SELECT m.seq, substr(m.content, 1, ?) FROM messages m "
                         "WHERE m.session_id = ? AND m.role IN ('user', 'assistant') AND m.status <> 'generating' "
                         "AND m.content <> '' "
                         "AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = m.session_id AND s.incognito <> 0) "
                         "AND NOT EXISTS (SELECT 1 FROM message_embeddings e WHERE e.seq = m.seq AND e.model = ?) "
                         "ORDER BY m.seq DESC LIMIT ?"_s);
    q.bindValue(0, kTextChars);
    q.bindValue(1, sessionId);
    q.bindValue(2, model);
    q.bindValue(3, limit);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    while (q.next()) {
        const QString text = q.value(1).toString().trimmed();
        out.append({q.value(0).toLongLong(), text.isEmpty() ? u"-"_s : text});
    }
    q.finish();
    return out;
}

Status EmbeddingRepository::put(const QString &model, const QList<qint64> &seqs, const QList<QList<float>> &vectors)
{
    return m_db.transaction([&]() -> Status {
        for (qsizetype i = 0; i < seqs.size(); ++i)
            if (Status s = m_db.run("INSERT OR REPLACE INTO message_embeddings(seq, model, vector) "
                                    "SELECT seq, ?, ? FROM messages WHERE seq = ?",
                                    {model, pack(vectors.value(i)), seqs.at(i)});
                !s)
                return s;
        return {};
    });
}

Status EmbeddingRepository::putFor(const QString &messageId, const QString &model, const QList<float> &vector)
{
    return m_db.run("INSERT OR REPLACE INTO message_embeddings(seq, model, vector) "
                    "SELECT seq, ?, ? FROM messages WHERE id = ?",
                    {model, pack(vector), messageId});
}

Result<QList<float>> EmbeddingRepository::vectorOf(const QString &messageId, const QString &model)
{
    QSqlQuery &q = m_db.statement(u"SELECT e.vector FROM messages m JOIN message_embeddings e "
                                  "ON e.seq = m.seq AND e.model = ? WHERE m.id = ?"_s);
    q.bindValue(0, model);
    q.bindValue(1, messageId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<float> out;
    if (q.next())
        out = unpack(q.value(0).toByteArray());
    q.finish();
    return out;
}

Result<QList<RankedHit>> EmbeddingRepository::nearest(const QList<float> &query, const QString &model,
                                                      const QString &sessionId, int limit,
                                                      const QString &excludeSessionId)
{
    QList<RankedHit> out;
    const QList<float> unit = normalised(query);
    if (unit.isEmpty() || limit <= 0)
        return out;
    // Only the seq is read of each message (the session index covers it); the ids of the best.
    QString sql = u"SELECT m.seq, e.vector FROM messages m "
                  "JOIN message_embeddings e ON e.seq = m.seq AND e.model = ? "_s;
    if (sessionId.isEmpty())
        sql += u"WHERE m.session_id <> ? AND m.session_id NOT IN (SELECT id FROM sessions WHERE incognito <> 0) "_s;
    else
        sql += u"WHERE m.session_id = ? "_s;
    sql += u"ORDER BY m.seq DESC LIMIT ?"_s;
    // The scan reads every vector: through a memory map, not one read() per page, which costs ten
    // times as much (docs/benchmarks.md, "Semantic recall"). Only for this statement.
    if (Status s = m_db.execScript(u"PRAGMA mmap_size = %1"_s.arg(kScanMapBytes)); !s)
        return s.error();
    const auto unmap = qScopeGuard([this] { (void)m_db.execScript(u"PRAGMA mmap_size = 0"_s); });
    QSqlQuery &q = m_db.statement(sql);
    q.bindValue(0, model);
    q.bindValue(1, sessionId.isEmpty() ? excludeSessionId : sessionId);
    q.bindValue(2, kScanLimit);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    struct Scored
    {
        float similarity;
        qint64 seq;
    };
    auto worse = [](const Scored &a, const Scored &b) { return a.similarity > b.similarity; };
    std::priority_queue<Scored, std::vector<Scored>, decltype(worse)> best(worse); // the worst kept on top
    const qsizetype bytes = unit.size() * qsizetype(sizeof(float));
    std::vector<float> row(size_t(unit.size()));
    while (q.next()) {
        const QByteArray blob = q.value(1).toByteArray();
        if (blob.size() != bytes)
            continue; // marked, or of another length
        std::memcpy(row.data(), blob.constData(), size_t(bytes));
        if constexpr (QSysInfo::ByteOrder == QSysInfo::BigEndian)
            for (float &f : row)
                f = qFromLittleEndian(f);
        const float dot = std::inner_product(row.cbegin(), row.cend(), unit.cbegin(), 0.0f);
        if (qsizetype(best.size()) < limit || dot > best.top().similarity) {
            best.push({dot, q.value(0).toLongLong()});
            if (qsizetype(best.size()) > limit)
                best.pop();
        }
    }
    q.finish();
    QSqlQuery &ids = m_db.statement(u"SELECT id, session_id FROM messages WHERE seq = ?"_s);
    for (; !best.empty(); best.pop()) {
        ids.bindValue(0, best.top().seq);
        if (Status s = m_db.exec(ids); !s)
            return s.error();
        if (ids.next())
            out.prepend(
                {best.top().seq, ids.value(0).toString(), ids.value(1).toString(), -double(best.top().similarity)});
        ids.finish();
    }
    return out;
}

Result<qint64> EmbeddingRepository::count(const QString &model, const QString &sessionId)
{
    QSqlQuery &q = m_db.statement(
        sessionId.isEmpty()
            ? u"SELECT count(*) FROM message_embeddings WHERE model = ? AND length(vector) > 0 AND ? = ''"_s
            : u"SELECT count(*) FROM message_embeddings e JOIN messages m ON m.seq = e.seq "
              "WHERE e.model = ? AND length(e.vector) > 0 AND m.session_id = ?"_s);
    q.bindValue(0, model);
    q.bindValue(1, sessionId);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const qint64 n = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return n;
}

} // namespace Skein
