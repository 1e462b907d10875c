// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/searchrepository.h"

#include "storage/database.h"
#include "storage/wordindex.h"

#include <QRegularExpression>
#include <QSqlQuery>

namespace Skein {

namespace {

QString likePattern(const QString &term)
{
    QString escaped = term;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('%'), QStringLiteral("\\%"))
        .replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

// An FTS5 string per term ("" doubles a quote), so user text is never parsed as query syntax.
QString matchExpression(const QStringList &terms)
{
    QStringList quoted;
    for (QString t : terms)
        quoted << QLatin1Char('"') + t.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    return quoted.join(QLatin1Char(' '));
}

// A snippet around the first match of any term, built in C++ for the LIKE path.
QString makeSnippet(const QString &content, const QStringList &terms, const SearchQuery &query)
{
    constexpr qsizetype context = 24;
    qsizetype first = -1;
    for (const QString &t : terms) {
        const qsizetype at = content.indexOf(t, 0, Qt::CaseInsensitive);
        if (at >= 0 && (first < 0 || at < first))
            first = at;
    }
    const qsizetype start = std::max<qsizetype>(0, first - context);
    const qsizetype end = std::min<qsizetype>(content.size(), std::max<qsizetype>(first, 0) + context * 2);
    QString window = content.mid(start, end - start);
    for (const QString &t : terms) {
        qsizetype at = 0;
        while ((at = window.indexOf(t, at, Qt::CaseInsensitive)) >= 0) {
            window.insert(at + t.size(), query.highlightClose);
            window.insert(at, query.highlightOpen);
            at += t.size() + query.highlightOpen.size() + query.highlightClose.size();
        }
    }
    return (start > 0 ? QStringLiteral("…") : QString()) + window
        + (end < content.size() ? QStringLiteral("…") : QString());
}

QStringList splitTerms(const QString &text)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    QStringList terms;
    for (QString t : text.split(space, Qt::SkipEmptyParts)) {
        while (t.endsWith(QLatin1Char('*'))) // substring matching already covers prefixes
            t.chop(1);
        if (!t.isEmpty())
            terms << t;
    }
    return terms;
}

} // namespace

bool SearchRepository::isIndexable(QStringView term)
{
    return term.toUcs4().size() >= 3;
}

Result<QList<SearchHit>> SearchRepository::search(const SearchQuery &query)
{
    const QStringList terms = splitTerms(query.text);
    if (terms.isEmpty())
        return QList<SearchHit> {};
    QStringList longTerms, shortTerms;
    for (const QString &t : terms)
        (isIndexable(t) ? longTerms : shortTerms) << t;
    if (longTerms.isEmpty())
        return searchRecent(query, shortTerms);
    return searchIndexed(query, longTerms, shortTerms);
}

Result<QList<SearchHit>> SearchRepository::searchIndexed(const SearchQuery &query, const QStringList &longTerms,
                                                         const QStringList &shortTerms)
{
    QString sql = QStringLiteral(
        "SELECT m.id, m.session_id, s.title, m.role, m.created_at, snippet(messages_fts, 0, ?, ?, '…', 24) "
        "FROM messages_fts JOIN messages m ON m.seq = messages_fts.rowid JOIN sessions s ON s.id = m.session_id "
        "WHERE messages_fts MATCH ?");
    // Incognito conversations (issue 17) are found only from inside themselves.
    sql += query.sessionId.isEmpty() ? QStringLiteral(" AND s.incognito = 0") : QStringLiteral(" AND m.session_id = ?");
    for (qsizetype i = 0; i < shortTerms.size(); ++i)
        sql += QStringLiteral(" AND m.content LIKE ? ESCAPE '\\'");
    sql += QStringLiteral(" ORDER BY messages_fts.rowid DESC LIMIT ?");

    QSqlQuery &q = m_db.statement(sql);
    int i = 0;
    q.bindValue(i++, query.highlightOpen);
    q.bindValue(i++, query.highlightClose);
    q.bindValue(i++, matchExpression(longTerms));
    if (!query.sessionId.isEmpty())
        q.bindValue(i++, query.sessionId);
    for (const QString &t : shortTerms)
        q.bindValue(i++, likePattern(t));
    q.bindValue(i++, query.limit);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<SearchHit> hits;
    while (q.next()) {
        hits.append({q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                     roleFromString(q.value(3).toString()).value_or(Role::User), q.value(4).toLongLong(),
                     q.value(5).toString()});
    }
    q.finish();
    return hits;
}

Result<QList<SearchHit>> SearchRepository::searchRecent(const SearchQuery &query, const QStringList &shortTerms)
{
    QString sql = QStringLiteral("SELECT m.id, m.session_id, s.title, m.role, m.created_at, m.content "
                                 "FROM messages m JOIN sessions s ON s.id = m.session_id WHERE ");
    if (query.sessionId.isEmpty())
        sql += QStringLiteral("m.seq > (SELECT coalesce(max(seq), 0) FROM messages) - ? AND s.incognito = 0");
    else
        sql += QStringLiteral("m.session_id = ?");
    for (qsizetype i = 0; i < shortTerms.size(); ++i)
        sql += QStringLiteral(" AND m.content LIKE ? ESCAPE '\\'");
    sql += QStringLiteral(" ORDER BY m.seq DESC LIMIT ?");

    QSqlQuery &q = m_db.statement(sql);
    int i = 0;
    if (query.sessionId.isEmpty())
        q.bindValue(i++, query.shortTermWindow);
    else
        q.bindValue(i++, query.sessionId);
    for (const QString &t : shortTerms)
        q.bindValue(i++, likePattern(t));
    q.bindValue(i++, query.limit);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<SearchHit> hits;
    while (q.next()) {
        hits.append({q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                     roleFromString(q.value(3).toString()).value_or(Role::User), q.value(4).toLongLong(),
                     makeSnippet(q.value(5).toString(), shortTerms, query)});
    }
    q.finish();
    return hits;
}

Result<QList<RankedHit>> SearchRepository::ranked(const QStringList &terms, const QString &sessionId, int limit,
                                                  const QString &excludeSessionId)
{
    QList<RankedHit> hits;
    const QString match = WordIndex::anyOf(terms);
    if (match.isEmpty() || limit <= 0)
        return hits;
    // CROSS JOIN: the index first, then each match's row; never the session's rows first, each
    // looked up in the index.
    QString sql = QStringLiteral("SELECT m.seq, m.id, m.session_id, bm25(messages_words) FROM messages_words "
                                 "CROSS JOIN messages m ON m.seq = messages_words.rowid WHERE messages_words MATCH ? ");
    const QString session = sessionId.isEmpty() ? excludeSessionId : sessionId;
    if (!session.isEmpty())
        sql += sessionId.isEmpty() ? QStringLiteral("AND m.session_id <> ? ") : QStringLiteral("AND m.session_id = ? ");
    if (sessionId.isEmpty()) // never from an incognito conversation (issue 17)
        sql += QStringLiteral("AND m.session_id NOT IN (SELECT id FROM sessions WHERE incognito <> 0) ");
    sql += QStringLiteral("ORDER BY bm25(messages_words) LIMIT ?");
    QSqlQuery &q = m_db.statement(sql);
    int at = 0;
    q.bindValue(at++, match);
    if (!session.isEmpty())
        q.bindValue(at++, session);
    q.bindValue(at, limit);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    while (q.next())
        hits.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toDouble()});
    q.finish();
    return hits;
}

Result<QList<qint64>> SearchRepository::termCounts(const QStringList &terms, qint64 cap)
{
    QList<qint64> counts;
    QSqlQuery &q = m_db.statement(
        QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM messages_words WHERE messages_words MATCH ? LIMIT ?)"));
    for (const QString &term : terms) {
        q.bindValue(0, WordIndex::anyOf({term}));
        q.bindValue(1, cap);
        if (Status s = m_db.exec(q); !s)
            return s.error();
        counts.append(q.next() ? q.value(0).toLongLong() : 0);
        q.finish();
    }
    return counts;
}

Result<qint64> SearchRepository::messageCountEstimate()
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT coalesce(max(seq), 0) FROM messages"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const qint64 n = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return n;
}

Result<qint64> SearchRepository::backlog()
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT coalesce(sum(last_seq - first_seq + 1), 0) FROM search_backlog"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const qint64 left = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return left;
}

Result<qint64> SearchRepository::indexBacklog(qint64 limit)
{
    QSqlQuery &next = m_db.statement(
        QStringLiteral("SELECT rowid, first_seq, last_seq FROM search_backlog ORDER BY first_seq LIMIT 1"));
    if (Status s = m_db.exec(next); !s)
        return s.error();
    if (!next.next())
        return qint64(0);
    const qint64 range = next.value(0).toLongLong();
    const qint64 first = next.value(1).toLongLong();
    const qint64 last = next.value(2).toLongLong();
    next.finish();
    const qint64 end = std::min(last, first + std::max<qint64>(limit, 1) - 1);
    // The triggers leave rows of the backlog alone, so these are exactly the ones never indexed,
    // with the content they have now.
    QSqlQuery &index = m_db.statement(QStringLiteral(
        "INSERT INTO messages_fts(rowid, content) SELECT seq, content FROM messages WHERE seq BETWEEN ? AND ?"));
    index.bindValue(0, first);
    index.bindValue(1, end);
    if (Status s = m_db.exec(index); !s)
        return s.error();
    QSqlQuery &words = m_db.statement(
        QStringLiteral("INSERT INTO messages_words(rowid, body) SELECT seq, skein_words(content) FROM messages "
                       "WHERE seq BETWEEN ? AND ? AND status <> 'generating'"));
    words.bindValue(0, first);
    words.bindValue(1, end);
    if (Status s = m_db.exec(words); !s)
        return s.error();
    QSqlQuery &shrink
        = m_db.statement(end == last ? QStringLiteral("DELETE FROM search_backlog WHERE rowid = ?")
                                     : QStringLiteral("UPDATE search_backlog SET first_seq = ? WHERE rowid = ?"));
    int at = 0;
    if (end != last)
        shrink.bindValue(at++, end + 1);
    shrink.bindValue(at, range);
    if (Status s = m_db.exec(shrink); !s)
        return s.error();
    return backlog();
}

} // namespace Skein
