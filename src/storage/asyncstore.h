#pragma once

#include "storage/database.h"
#include "storage/result.h"
#include "storage/resultrelay.h"
#include "storage/storagewriter.h"

#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>

class QThread;

namespace Skein {

class Store;

// The storage service for the GUI: writes go to the writer thread (batched, see StorageWriter),
// reads run on a reader thread with its own connection, and every result comes back through a
// queued call to the caller's context object. Nothing here blocks the calling thread, except the
// destructor, which lets queued writes finish.
class AsyncStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AsyncStore)

public:
    struct OpenReport
    {
        Database::Info info;
        // quick_check on the reader thread: Corrupt means offer export/salvage, never start fresh.
        Status integrity;
    };

    explicit AsyncStore(QObject *parent = nullptr);
    ~AsyncStore() override;

    // Opens <dataDir>/skein.db (migrating on the writer thread), opens the reader connection and
    // runs quick_check, then calls done on context's thread.
    void open(const QString &dataDir, const Database::Options &options, QObject *context,
              std::function<void(Result<OpenReport>)> done);

    // Runs job on the reader thread; done runs on context's thread (never if context is gone).
    template<typename T>
    void read(QObject *context, std::function<Result<T>(Store &)> job, std::function<void(Result<T>)> done)
    {
        auto slot = std::make_shared<std::optional<Result<T>>>();
        ResultRelay *relay = relayTo(context, [slot, done = std::move(done)] { done(std::move(**slot)); });
        postRead([slot, relay, job = std::move(job)](Store *store) {
            if (store)
                slot->emplace(job(*store));
            else
                slot->emplace(notOpen());
            relay->fire();
        });
    }

    // Queues job on the writer thread inside the next batch; done gets the job's final result
    // (after its batch committed) on context's thread. A null context means fire-and-forget:
    // failures are still reported through writeFailed.
    template<typename T>
    void write(QObject *context, std::function<Result<T>(Store &)> job, std::function<void(Result<T>)> done,
               Durability durability = Durability::Normal)
    {
        auto slot = std::make_shared<std::optional<Result<T>>>();
        ResultRelay *relay
            = context ? relayTo(context, [slot, done = std::move(done)] { done(std::move(**slot)); }) : nullptr;
        StorageWriter::Job j;
        j.durability = durability;
        j.run = [slot, job = std::move(job)](Store &store) -> Status {
            slot->emplace(job(store));
            return (*slot)->ok() ? Status() : Status((*slot)->error());
        };
        j.finished = [this, slot, relay](const Status &status) {
            if (!status) {
                slot->emplace(status.error());
                reportFailure(status.error());
            }
            if (relay)
                relay->fire();
        };
        m_writer->enqueue(std::move(j));
    }

    // A write with no result value.
    void write(QObject *context, std::function<Status(Store &)> job, std::function<void(Status)> done,
               Durability durability = Durability::Normal);
    void write(std::function<Status(Store &)> job, Durability durability = Durability::Normal);

    StorageWriter::Stats writerStats() const;

Q_SIGNALS:
    // A write failed (also emitted for writes that have their own callback), so the app can
    // surface disk-full / I/O errors in one place.
    void writeFailed(const Skein::StorageError &error);

private:
    class Reader;

    static StorageError notOpen();
    ResultRelay *relayTo(QObject *context, std::function<void()> deliver);
    void postRead(std::function<void(Store *)> job);
    void reportFailure(const StorageError &error);

    QThread *m_writerThread = nullptr;
    QThread *m_readerThread = nullptr;
    StorageWriter *m_writer = nullptr;
    Reader *m_reader = nullptr;
};

} // namespace Skein
