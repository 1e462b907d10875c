// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/asyncstore.h"

#include "storage/integritycheck.h"
#include "storage/searchrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QThread>

namespace Skein {

namespace {

// Writes waited for the integrity check: run them now, or refuse them when the file is damaged.
void releaseWrites(StorageWriter *writer, const Status &integrity)
{
    if (integrity) {
        writer->release();
        return;
    }
    const StorageError &damage = integrity.error();
    writer->refuse({damage.kind,
                    QCoreApplication::translate("Skein::AsyncStore",
                                                "Skein did not save this change because the check of "
                                                "its database at start-up failed. %1")
                        .arg(damage.message)});
}

} // namespace

// Owns the read connection on the reader thread.
class AsyncStore::Reader final : public QObject
{
public:
    std::unique_ptr<Store> store;
};

// Runs the start-up integrity check; its connection lives only while the check runs.
class AsyncStore::Checker final : public QObject
{
public:
    IntegrityCheck check;
};

AsyncStore::AsyncStore(QObject *parent)
    : QObject(parent)
    , m_writerThread(new QThread(this))
    , m_readerThread(new QThread(this))
    , m_checkerThread(new QThread(this))
    , m_writer(new StorageWriter)
    , m_reader(new Reader)
    , m_checker(new Checker)
{
    m_writerThread->setObjectName(QStringLiteral("skein-storage-writer"));
    m_readerThread->setObjectName(QStringLiteral("skein-storage-reader"));
    m_checkerThread->setObjectName(QStringLiteral("skein-storage-check"));
    m_writer->moveToThread(m_writerThread);
    m_reader->moveToThread(m_readerThread);
    m_checker->moveToThread(m_checkerThread);
    m_writerThread->start();
    m_readerThread->start();
    m_checkerThread->start();
}

AsyncStore::~AsyncStore()
{
    // A check still running says nothing yet: stop it (milliseconds) rather than wait for it.
    m_checker->check.cancel();
    // Queued writes are user data: finish them, then close each connection on its own thread.
    QMetaObject::invokeMethod(m_writer, [w = m_writer] { w->shutdown(); }, Qt::BlockingQueuedConnection);
    QMetaObject::invokeMethod(m_reader, [r = m_reader] { r->store.reset(); }, Qt::BlockingQueuedConnection);
    m_writerThread->quit();
    m_readerThread->quit();
    m_checkerThread->quit();
    m_writerThread->wait();
    m_readerThread->wait();
    m_checkerThread->wait();
    delete m_writer;
    delete m_reader;
    delete m_checker;
}

StorageError AsyncStore::notOpen()
{
    return {StorageError::Kind::Internal, QStringLiteral("the database is not open")};
}

ResultRelay *AsyncStore::relayTo(QObject *context, std::function<void()> deliver)
{
    auto *relay = new ResultRelay;
    relay->moveToThread(context->thread());
    connect(relay, &ResultRelay::ready, context, std::move(deliver), Qt::QueuedConnection);
    return relay;
}

void AsyncStore::postRead(std::function<void(Store *)> job)
{
    QMetaObject::invokeMethod(
        m_reader, [r = m_reader, job = std::move(job)] { job(r->store.get()); }, Qt::QueuedConnection);
}

void AsyncStore::reportFailure(const StorageError &error)
{
    // Called on the writer thread; the signal is queued to receivers on other threads.
    Q_EMIT writeFailed(error);
}

void AsyncStore::open(const QString &dataDir, const Database::Options &options, QObject *context,
                      std::function<void(Result<OpenReport>)> done, std::function<void(Status)> checked)
{
    auto slot = std::make_shared<std::optional<Result<OpenReport>>>();
    ResultRelay *relay = relayTo(context, [slot, done = std::move(done)] { done(std::move(**slot)); });
    auto checkSlot = std::make_shared<Status>();
    ResultRelay *checkRelay
        = checked ? relayTo(context, [checkSlot, checked = std::move(checked)] { checked(*checkSlot); }) : nullptr;
    StorageWriter *writer = m_writer;
    Reader *reader = m_reader;
    Checker *checker = m_checker;
    const QString filePath = QDir(dataDir).filePath(Database::fileName());
    const auto dropCheck = [checkRelay] {
        if (checkRelay)
            checkRelay->deleteLater();
    };
    QMetaObject::invokeMethod(
        m_writer,
        [=] {
            auto opened = Store::open(dataDir, options);
            if (!opened) {
                slot->emplace(opened.error());
                relay->fire();
                dropCheck();
                return;
            }
            const Database::Info info = opened.value()->database().info();
            writer->hold(); // until the integrity check vouches for the file
            writer->setStore(std::move(opened).value());
            Database::Options readOptions = options;
            readOptions.readOnly = true;
            readOptions.migrate = false;
            QMetaObject::invokeMethod(
                reader,
                [=] {
                    auto readStore = Store::open(dataDir, readOptions);
                    if (!readStore) {
                        slot->emplace(readStore.error());
                        relay->fire();
                        writer->release();
                        dropCheck();
                        return;
                    }
                    reader->store = std::move(readStore).value();
                    slot->emplace(OpenReport {info, {}});
                    relay->fire();
                    QMetaObject::invokeMethod(
                        checker,
                        [=] {
                            const std::optional<Status> result = checker->check.run(filePath, options.busyTimeoutMs);
                            if (!result) { // cancelled at shutdown, which flushes the queue itself
                                dropCheck();
                                return;
                            }
                            releaseWrites(writer, *result);
                            *checkSlot = *result;
                            if (checkRelay)
                                checkRelay->fire();
                        },
                        Qt::QueuedConnection);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void AsyncStore::write(QObject *context, std::function<Status(Store &)> job, std::function<void(Status)> done,
                       Durability durability)
{
    auto slot = std::make_shared<Status>();
    ResultRelay *relay = context ? relayTo(context, [slot, done = std::move(done)] { done(*slot); }) : nullptr;
    StorageWriter::Job j;
    j.durability = durability;
    j.run = std::move(job);
    j.finished = [this, slot, relay](const Status &status) {
        *slot = status;
        if (!status)
            reportFailure(status.error());
        if (relay)
            relay->fire();
    };
    m_writer->enqueue(std::move(j));
}

void AsyncStore::write(std::function<Status(Store &)> job, Durability durability)
{
    write(nullptr, std::move(job), {}, durability);
}

StorageWriter::Stats AsyncStore::writerStats() const
{
    return m_writer->stats();
}

void AsyncStore::indexSearchBacklog()
{
    if (m_indexing)
        return;
    m_indexing = true;
    // Read first: a database without a backlog (or opened read-only) gets no write at all.
    read<qint64>(
        this, [](Store &store) { return store.search().backlog(); },
        [this](const Result<qint64> &left) {
            if (!left || *left == 0) {
                m_indexing = false;
                return;
            }
            Q_EMIT searchBacklog(*left);
            indexSearchBacklogStep();
        });
}

void AsyncStore::indexSearchBacklogStep()
{
    // About a fifth of a second of the writer's time each (docs/storage.md, "Search").
    constexpr qint64 kMessagesPerJob = 10000;
    write<qint64>(
        this, [](Store &store) { return store.search().indexBacklog(kMessagesPerJob); },
        [this](const Result<qint64> &left) {
            if (!left || *left == 0)
                m_indexing = false; // an error was reported through writeFailed; the next start goes on
            if (left)
                Q_EMIT searchBacklog(*left);
            if (left && *left > 0)
                indexSearchBacklogStep();
        });
}

} // namespace Skein
