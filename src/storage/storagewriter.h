#pragma once

#include "storage/database.h"
#include "storage/result.h"

#include <QMutex>
#include <QObject>
#include <atomic>
#include <functional>
#include <memory>

namespace Skein {

class Store;

// How a write must reach the disk: Full (synchronous=FULL) for anything carrying user input,
// Normal for streaming flushes and derived data. A batch uses the strictest of its jobs.
enum class Durability { Normal, Full };

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

    // Storage thread only.
    void setStore(std::unique_ptr<Store> store);
    Store *store() const { return m_store.get(); }
    // Runs everything still queued, then closes the connection.
    void shutdown();

private:
    void drain();
    void runBatch(QList<Job> &batch);

    const int m_maxBatch;
    mutable QMutex m_mutex;
    QList<Job> m_queue;
    bool m_scheduled = false;
    std::unique_ptr<Store> m_store;
    std::atomic<quint64> m_jobs {0};
    std::atomic<quint64> m_batches {0};
    std::atomic<quint64> m_failed {0};
};

} // namespace Skein
