// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/storagewriter.h"

#include "storage/store.h"

#include <QCoreApplication>
#include <QMutexLocker>

namespace Skein {

StorageWriter::StorageWriter(int maxBatch)
    : m_maxBatch(maxBatch)
{ }

StorageWriter::~StorageWriter() = default;

void StorageWriter::enqueue(Job job)
{
    QMutexLocker lock(&m_mutex);
    m_queue.append(std::move(job));
    if (!m_scheduled && !m_held) {
        m_scheduled = true;
        QMetaObject::invokeMethod(this, &StorageWriter::drain, Qt::QueuedConnection);
    }
}

StorageWriter::Stats StorageWriter::stats() const
{
    return {m_jobs.load(), m_batches.load(), m_failed.load()};
}

void StorageWriter::hold()
{
    QMutexLocker lock(&m_mutex);
    m_held = true;
}

void StorageWriter::release()
{
    QMutexLocker lock(&m_mutex);
    m_held = false;
    if (!m_scheduled && !m_queue.isEmpty()) {
        m_scheduled = true;
        QMetaObject::invokeMethod(this, &StorageWriter::drain, Qt::QueuedConnection);
    }
}

void StorageWriter::refuse(const StorageError &error)
{
    {
        QMutexLocker lock(&m_mutex);
        m_refusal = error;
    }
    release();
}

void StorageWriter::setStore(std::unique_ptr<Store> store)
{
    m_store = std::move(store);
}

void StorageWriter::shutdown()
{
    for (;;) {
        QList<Job> batch;
        {
            QMutexLocker lock(&m_mutex);
            if (m_queue.isEmpty())
                break;
            batch.swap(m_queue);
        }
        runBatch(batch);
    }
    m_store.reset();
}

void StorageWriter::drain()
{
    QList<Job> batch;
    {
        QMutexLocker lock(&m_mutex);
        if (m_held) {
            m_scheduled = false; // release() schedules again
            return;
        }
        // A job that runs alone is a batch of one; the batch before it ends where it starts.
        qsizetype n = 1;
        if (m_queue.constFirst().batching == Batching::Batched)
            while (n < std::min<qsizetype>(m_queue.size(), m_maxBatch) && m_queue.at(n).batching == Batching::Batched)
                ++n;
        batch = m_queue.mid(0, n);
        m_queue.remove(0, n);
        if (m_queue.isEmpty())
            m_scheduled = false;
        else
            QMetaObject::invokeMethod(this, &StorageWriter::drain, Qt::QueuedConnection);
    }
    if (!batch.isEmpty())
        runBatch(batch);
}

void StorageWriter::runBatch(QList<Job> &batch)
{
    m_jobs += batch.size();
    ++m_batches;
    auto failAll = [&](const StorageError &error) {
        m_failed += batch.size();
        for (Job &job : batch) {
            if (job.finished)
                job.finished(error);
        }
    };
    if (!m_store) {
        failAll({StorageError::Kind::Internal, QStringLiteral("the database is not open")});
        return;
    }
    std::optional<StorageError> refusal;
    {
        QMutexLocker lock(&m_mutex);
        refusal = m_refusal;
    }
    if (refusal) {
        failAll(*refusal);
        return;
    }
    Database &db = m_store->database();
    if (batch.size() == 1 && batch.constFirst().batching == Batching::Alone) {
        runAlone(batch.first());
        return;
    }
    const bool full
        = std::any_of(batch.cbegin(), batch.cend(), [](const Job &j) { return j.durability == Durability::Full; });
    if (Status s = db.setSynchronous(full ? Database::Synchronous::Full : Database::Synchronous::Normal); !s) {
        failAll(s.error());
        return;
    }
    if (Status s = db.begin(); !s) {
        failAll(s.error());
        return;
    }
    QList<Status> results;
    results.reserve(batch.size());
    for (Job &job : batch) {
        results.append(db.transaction([&] { return job.run(*m_store); }));
        if (db.transactionDepth() == 0) {
            // After an I/O error or a full disk SQLite may roll back the whole transaction, not
            // just the job's savepoint: nothing of this batch is on disk. Every job hears the
            // cause (not a failed COMMIT), and no later job runs outside a batch.
            failAll(results.constLast()
                        ? StorageError {StorageError::Kind::Io,
                                        QCoreApplication::translate("Skein::StorageWriter",
                                                                    "Skein could not save the change: the database "
                                                                    "undid it after an error of the disk.")}
                        : results.constLast().error());
            return;
        }
    }
    if (Status s = db.commit(); !s) {
        failAll(s.error());
        return;
    }
    for (qsizetype i = 0; i < batch.size(); ++i) {
        if (!results[i])
            ++m_failed;
        if (batch[i].finished)
            batch[i].finished(results[i]);
    }
}

void StorageWriter::runAlone(Job &job)
{
    Database &db = m_store->database();
    Status result = db.setSynchronous(job.durability == Durability::Full ? Database::Synchronous::Full
                                                                         : Database::Synchronous::Normal);
    if (result)
        result = job.run(*m_store);
    if (!result)
        ++m_failed;
    if (job.finished)
        job.finished(result);
}

} // namespace Skein
