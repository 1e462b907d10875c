/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/memory/modelroute.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>

namespace Skein {

class AsyncStore;

// Semantic recall's index (issue 17; docs/context.md, "Semantic recall"): embeds the messages of
// a session that have no vector of the route's model yet, newest first, in batches, and stores
// the vectors (EmbeddingRepository). A batch the server refuses is sent again one message at a
// time; a message it refuses alone is marked and not asked again. A network or key error ends the
// run (reported through failed()); the next run picks up where it stopped. Never on the caller's
// thread: storage through AsyncStore, network through the route's client.
class EmbeddingIndexer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddingIndexer)

public:
    explicit EmbeddingIndexer(AsyncStore *store, QObject *parent = nullptr);
    ~EmbeddingIndexer() override;

    static constexpr int kBatch = 32; // texts per request
    // Messages per run of a session: a long imported conversation is indexed over several turns.
    static constexpr int kPerRun = 1024;

    // Starts a run for the session; indexed() follows when it ends. Nothing when the route is not
    // valid or a run of the session is going on (isIndexing).
    void index(const QString &sessionId, const ModelRoute &route);
    bool isBusy() const { return !m_runs.isEmpty(); }
    bool isIndexing(const QString &sessionId) const { return m_runs.contains(sessionId); }

Q_SIGNALS:
    // A run ended: count messages got a vector (or a mark).
    void indexed(const QString &sessionId, int count);
    void failed(const QString &sessionId, const QString &error);

private:
    struct Run;
    void next(const QString &sessionId);
    void embed(const QString &sessionId, const QList<qint64> &seqs, const QStringList &texts, bool alone);
    void store(const QString &sessionId, const QList<qint64> &seqs, const QList<QList<float>> &vectors);
    void end(const QString &sessionId, const QString &error = {});

    QPointer<AsyncStore> m_store;
    QHash<QString, std::shared_ptr<Run>> m_runs;
};

} // namespace Skein
