/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

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
// queued call to the caller's context object. The start-up quick_check runs on a third thread
// and connection, so reads never wait for it. Nothing here blocks the calling thread, except the
// destructor, which cancels a running check and lets queued writes finish.
class AsyncStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AsyncStore)

public:
    struct OpenReport
    {
        Database::Info info;
        // Always ok: the check now runs after open() reports (see `checked` there). Kept so that
        // callers written against the old synchronous check still compile.
        Status integrity;
    };

    explicit AsyncStore(QObject *parent = nullptr);
    ~AsyncStore() override;

    // Opens <dataDir>/skein.db (migrating on the writer thread) and the reader connection, then
    // calls done on context's thread: reads can start at once. quick_check then runs on its own
    // thread and connection and `checked` gets its result on context's thread (Corrupt: offer
    // export/salvage, never start fresh). Writes wait for the check: they are queued, run when it
    // passes and fail with its error, without touching the file, when it does not (a write into
    // damaged pages can spread the damage, and the salvage path promises an untouched file).
    // `checked` is never called when the store is destroyed before the check ends.
    void open(const QString &dataDir, const Database::Options &options, QObject *context,
              std::function<void(Result<OpenReport>)> done, std::function<void(Status)> checked = {});

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
               Durability durability = Durability::Normal, Batching batching = Batching::Batched)
    {
        auto slot = std::make_shared<std::optional<Result<T>>>();
        ResultRelay *relay
            = context ? relayTo(context, [slot, done = std::move(done)] { done(std::move(**slot)); }) : nullptr;
        StorageWriter::Job j;
        j.durability = durability;
        j.batching = batching;
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

    // Indexes the messages an import left out of the search index, in small write jobs one after
    // another so that other writes run between them; searchBacklog() after each. Does nothing
    // while it is already at it. This object's thread only.
    void indexSearchBacklog();

Q_SIGNALS:
    // Messages not yet searchable (an upper bound), after each step of indexSearchBacklog().
    void searchBacklog(qint64 remaining);
    // A write failed (also emitted for writes that have their own callback), so the app can
    // surface disk-full / I/O errors in one place.
    void writeFailed(const Skein::StorageError &error);

private:
    class Reader;
    class Checker;

    static StorageError notOpen();
    ResultRelay *relayTo(QObject *context, std::function<void()> deliver);
    void postRead(std::function<void(Store *)> job);
    void reportFailure(const StorageError &error);
    void indexSearchBacklogStep();

    QThread *m_writerThread = nullptr;
    QThread *m_readerThread = nullptr;
    QThread *m_checkerThread = nullptr;
    StorageWriter *m_writer = nullptr;
    Reader *m_reader = nullptr;
    Checker *m_checker = nullptr;
    bool m_indexing = false;
};

} // namespace Skein
