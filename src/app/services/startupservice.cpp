// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/services/startupservice.h"

#include "engine/turn/recovery.h"
#include "engine/turn/sessionlock.h"
#include "storage/exchange/exporter.h"
#include "storage/store.h"

#include <QDir>
#include <QSaveFile>

namespace Skein {

StartupService::StartupService(AsyncStore &store, const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_dataDir(dataDir)
{ }

StartupService::~StartupService() = default;

QString StartupService::databaseFile() const
{
    return QDir(m_dataDir).filePath(Database::fileName());
}

void StartupService::open(QObject *context, std::function<void(Result<OpenReport>)> opened,
                          std::function<void(Status)> checked)
{
    AsyncStore *store = &m_store;
    m_store.open(
        m_dataDir, Database::Options {}, context,
        [store, opened = std::move(opened)](Result<OpenReport> report) {
            if (report) // an import that was still being indexed when the app quit goes on
                store->indexSearchBacklog();
            if (opened)
                opened(std::move(report));
        },
        std::move(checked));
}

void StartupService::recover(QObject *context, std::function<void(Result<int>)> done)
{
    // The job may run only at shutdown (flushed after the context's members are gone), so it
    // captures the data folder by value.
    m_store.write<int>(
        context,
        [dataDir = m_dataDir](Store &store) -> Result<int> {
            const Result<Recovery::Report> restored = Recovery::restore(store, SessionLock::skipLocked(dataDir));
            if (!restored)
                return restored.error();
            return restored->total();
        },
        std::move(done));
}

void StartupService::exportReadable(const QString &path, QObject *context, std::function<void(Result<Salvage>)> done)
{
    // Reads and writes the file on the reader thread: the caller never waits on the disk.
    m_store.read<Salvage>(
        context,
        [path](Store &store) -> Result<Salvage> {
            Salvage outcome;
            Result<QByteArray> bytes = Exchange::Exporter(store).exportReadable(&outcome.exported, &outcome.problems);
            if (!bytes)
                return bytes.error();
            QSaveFile out(path);
            if (!out.open(QIODevice::WriteOnly) || out.write(bytes.value()) != bytes.value().size() || !out.commit())
                return StorageError {StorageError::Kind::Io, out.errorString()};
            return outcome;
        },
        std::move(done));
}

void StartupService::usage(qint64 sinceMs, QObject *context, std::function<void(Result<QList<UsageRow>>)> done)
{
    m_store.read<QList<UsageRow>>(
        context, [sinceMs](Store &store) { return UsageQuery::rows(store.database(), sinceMs); }, std::move(done));
}

} // namespace Skein
