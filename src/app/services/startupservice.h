/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/asyncstore.h"
#include "storage/result.h"
#include "storage/usagequery.h"

#include <QObject>
#include <QStringList>

#include <functional>

namespace Skein {

// The data folder's storage work that is not about one conversation: opening the database at
// start (with its integrity check), the crash repair that follows, the export of what can still
// be read from a damaged database, and the usage figures. For the app's start-up and usage
// windows; done runs on context's thread.
class StartupService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StartupService)

public:
    using OpenReport = AsyncStore::OpenReport;

    StartupService(AsyncStore &store, const QString &dataDir, QObject *parent = nullptr);
    ~StartupService() override;

    // The database file in the data folder.
    QString databaseFile() const;
    // Opens the database (AsyncStore::open): opened when reads can start, checked after the
    // integrity check.
    void open(QObject *context, std::function<void(Result<OpenReport>)> opened, std::function<void(Status)> checked);
    // Crash recovery, queued as the first write: replies left generating become interrupted, tool
    // runs get their chains closed (sessions another live process runs are left alone). The number
    // of repairs.
    void recover(QObject *context, std::function<void(Result<int>)> done);

    struct Salvage
    {
        int exported = 0;
        QStringList problems;
    };
    // Every conversation that can still be read, as a skein.archive/1 file at path.
    void exportReadable(const QString &path, QObject *context, std::function<void(Result<Salvage>)> done);

    // Usage per day, conversation and model since sinceMs (0: all).
    void usage(qint64 sinceMs, QObject *context, std::function<void(Result<QList<UsageRow>>)> done);

private:
    AsyncStore &m_store;
    QString m_dataDir;
};

} // namespace Skein
