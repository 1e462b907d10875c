/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/database.h"
#include "storage/result.h"

#include <QMutex>
#include <QObject>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace Skein {

class Store;

// How a write must reach the disk: Full (synchronous=FULL) for anything carrying user input,
// Normal for streaming flushes and derived data. A batch uses the strictest of its jobs.
enum class Durability { Normal, Full };

// Batched: the job shares its batch's transaction (in a savepoint of its own). Alone: the job runs
// by itself with no transaction around it and opens its own, for a long write that sets up its
// connection first (an import: SQLite reads temp_store as a transaction begins).
enum class Batching { Batched, Alone };

// Lives on the storage thread and owns the write connection. Jobs queued from any thread run in
// order; whatever has queued up runs as one transaction, each job inside its own savepoint, so a
// failing job is rolled back alone and reported while the rest of its batch commits.
class StorageWriter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StorageWriter)

public:
    struct Job
    {
        std::function<Status(Store &)> run;
        // Called on the storage thread with the job's final status (its own error, or the
        // batch's commit error).
        std::function<void(const Status &)> finished;
        Durability durability = Durability::Normal;
        Batching batching = Batching::Batched;
    };

    struct Stats
    {
        quint64 jobs = 0;
        quint64 batches = 0;
        quint64 failedJobs = 0;
    };

    explicit StorageWriter(int maxBatch = 512);
    ~StorageWriter() override;

    // Any thread.
    void enqueue(Job job);
    Stats stats() const;
    // Any thread. While held, jobs queue up but do not run (the start-up integrity check has not
    // vouched for the file yet); release() runs them in order. refuse() ends a hold for good:
    // every queued and later job fails with `error` and the file is never written.
    void hold();
    void release();
    void refuse(const StorageError &error);

    // Storage thread only.
    void setStore(std::unique_ptr<Store> store);
    Store *store() const { return m_store.get(); }
    // Runs everything still queued (even while held: queued writes are user data, and a hold
    // only lasts until a check that shutdown cancels), then closes the connection.
    void shutdown();

private:
    void drain();
    void runBatch(QList<Job> &batch);
    void runAlone(Job &job);

    const int m_maxBatch;
    mutable QMutex m_mutex;
    QList<Job> m_queue;
    bool m_scheduled = false;
    bool m_held = false;
    std::optional<StorageError> m_refusal;
    std::unique_ptr<Store> m_store;
    std::atomic<quint64> m_jobs {0};
    std::atomic<quint64> m_batches {0};
    std::atomic<quint64> m_failed {0};
};

} // namespace Skein
