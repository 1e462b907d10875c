/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/exchange/importer.h"
#include "storage/result.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace Skein {

class AsyncStore;

// What the Data page does with the whole database: a backup copy, an export to one JSON file and
// an import of such a file. Every job runs on a storage thread; `done` runs on the GUI thread,
// and only while `context` is alive.
class DataService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DataService)

public:
    DataService(AsyncStore &storage, const QString &dataDir, QObject *parent = nullptr);
    ~DataService() override;

    QString dataDir() const { return m_dataDir; }
    // <dataDir>/backups
    QString backupDir() const;

    // A consistent copy of the database (SQLite backup API) in backupDir(); done gets its path.
    void backUp(QObject *context, std::function<void(Result<QString>)> done);
    // Every conversation, memory and provider (without keys) to one JSON file at `path`; done gets
    // the number of bytes written.
    void exportAll(const QString &path, QObject *context, std::function<void(Result<qint64>)> done);
    // Adds what the export (Skein's or another client's: a JSON file, a ZIP, a folder) has and
    // the database lacks, never duplicating; done gets the report once it is durable (it must
    // survive a power cut). progress (on the GUI thread, a few times a second) gets the bytes
    // read of all and the conversations so far; setting *cancel stops the import, which then
    // writes nothing.
    using ImportProgress = std::function<void(qint64 done, qint64 total, int conversations)>;
    void importFile(const QString &path, QObject *context, std::function<void(Result<Exchange::ImportReport>)> done,
                    ImportProgress progress = {}, std::shared_ptr<std::atomic_bool> cancel = {});

Q_SIGNALS:
    // An import added data.
    void imported();

private:
    AsyncStore &m_storage;
    QString m_dataDir;
};

} // namespace Skein
