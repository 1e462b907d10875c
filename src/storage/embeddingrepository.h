/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"
#include "storage/searchrepository.h"

#include <QList>
#include <QString>

namespace Skein {

class Database;

// The vectors of messages for semantic recall (issue 17; schema 12, message_embeddings). Made on
// demand over a store's database: `EmbeddingRepository(store.database())`.
class EmbeddingRepository final
{
public:
    explicit EmbeddingRepository(Database &db)
        : m_db(db)
    { }

    // The most of a message that is embedded, in characters: embedding models read a few hundred
    // tokens, and llama.cpp refuses an input longer than its batch.
    static constexpr qsizetype kTextChars = 800;
    // The newest vectors compared per request: the scan reads each of them, so that a request of
    // a 100,000-message conversation does not hold the storage thread for seconds.
    static constexpr int kScanLimit = 20000;
    static constexpr qint64 kScanMapBytes = qint64(2000) << 20; // address space, not memory

    struct Pending
    {
        qint64 seq = 0;
        QString text; // the first kTextChars of the message
    };
    // Up to limit user and assistant messages of sessionId with text and without a vector of model
    // (none of an incognito session), newest first: what is asked about is usually recent.
    Result<QList<Pending>> missing(const QString &sessionId, const QString &model, int limit);
    // Stores the vectors (normalised to unit length; an empty one marks a message the server
    // would not embed) of the messages with these seqs.
    Status put(const QString &model, const QList<qint64> &seqs, const QList<QList<float>> &vectors);
    Status putFor(const QString &messageId, const QString &model, const QList<float> &vector);
    // The stored vector of a message (empty: none, or marked).
    Result<QList<float>> vectorOf(const QString &messageId, const QString &model);
    // The messages most similar to query (cosine), best first, as hits whose bm25 is the negated
    // similarity: of one session, or of every session but excludeSessionId (and never an
    // incognito one) when sessionId is empty, among their kScanLimit newest vectors. Vectors of
    // another length are passed over.
    Result<QList<RankedHit>> nearest(const QList<float> &query, const QString &model, const QString &sessionId,
                                     int limit, const QString &excludeSessionId = {});
    // How many messages of sessionId (empty: all) have a vector of model.
    Result<qint64> count(const QString &model, const QString &sessionId = {});

    static QByteArray pack(const QList<float> &vector); // normalised, little-endian float32
    static QList<float> unpack(const QByteArray &blob);

private:
    Database &m_db;
};

} // namespace Skein
