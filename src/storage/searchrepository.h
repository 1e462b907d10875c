/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"
#include "storage/result.h"

#include <QList>
#include <QString>

namespace Skein {

class Database;

// A message the word index ranks for a query (recall, issue 17).
struct RankedHit
{
    qint64 seq = 0;
    QString messageId;
    QString sessionId;
    double bm25 = 0; // FTS5's: lower is better
};

struct SearchQuery
{
    QString text; // whitespace-separated terms, all required; each matches as a substring
    QString sessionId; // empty: all sessions
    int limit = 20;
    QString highlightOpen = QStringLiteral("\x02"); // markers around matches in the snippet
    QString highlightClose = QStringLiteral("\x03");
    // Queries made only of 1–2 character terms cannot use the trigram index; they scan this many
    // most recent messages (or the whole session when sessionId is set).
    int shortTermWindow = 20000;
};

struct SearchHit
{
    QString messageId;
    QString sessionId;
    QString sessionTitle;
    Role role = Role::User;
    qint64 createdAt = 0;
    QString snippet;
};

// Full-text search over message content, newest first (FTS5 trigram; see docs/storage.md).
class SearchRepository final
{
public:
    explicit SearchRepository(Database &db)
        : m_db(db)
    { }

    Result<QList<SearchHit>> search(const SearchQuery &query);

    // Messages whose words match any of terms (WordIndex::terms), best BM25 first: of one session,
    // or of every session but excludeSessionId when sessionId is empty.
    Result<QList<RankedHit>> ranked(const QStringList &terms, const QString &sessionId, int limit,
                                    const QString &excludeSessionId = {});

    // How many messages have each of terms (by the word index), counting no further than cap.
    Result<QList<qint64>> termCounts(const QStringList &terms, qint64 cap);
    // About how many messages there are (the largest seq): cheap at any size.
    Result<qint64> messageCountEstimate();

    // Messages written without being indexed (an import's, until they are): at most this many.
    // search() does not find them yet.
    Result<qint64> backlog();
    // Indexes up to `limit` messages of the backlog, oldest first, and returns backlog(). Runs in
    // the caller's transaction.
    Result<qint64> indexBacklog(qint64 limit);

    // Terms with fewer than three characters are not indexable by trigrams.
    static bool isIndexable(QStringView term);

private:
    Result<QList<SearchHit>> searchIndexed(const SearchQuery &query, const QStringList &longTerms,
                                           const QStringList &shortTerms);
    Result<QList<SearchHit>> searchRecent(const SearchQuery &query, const QStringList &shortTerms);

    Database &m_db;
};

} // namespace Skein
