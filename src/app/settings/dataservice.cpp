// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "dataservice.h"

#include "engine/memory/extraction.h"
#include "storage/asyncstore.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/store.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QPointer>
#include <QSaveFile>

namespace Skein {

DataService::DataService(AsyncStore &storage, const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_storage(storage)
    , m_dataDir(dataDir)
{ }

DataService::~DataService() = default;

QString DataService::backupDir() const
{
    return QDir(m_dataDir).filePath(QStringLiteral("backups"));
}

void DataService::backUp(QObject *context, std::function<void(Result<QString>)> done)
{
    const QString dir = backupDir();
    const QString path = QDir(dir).filePath(
        QStringLiteral("skein-%1.db").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    m_storage.read<QString>(
        context,
        [dir, path](Store &store) -> Result<QString> {
            if (!QDir().mkpath(dir))
                return StorageError {StorageError::Kind::Io, tr("cannot create the folder %1").arg(dir)};
            if (Status s = store.database().backupTo(path); !s)
                return s.error();
            return path;
        },
        std::move(done));
}

void DataService::exportAll(const QString &path, QObject *context, std::function<void(Result<qint64>)> done)
{
    m_storage.read<qint64>(
        context,
        [path](Store &store) -> Result<qint64> {
            Result<QByteArray> bytes = Exchange::Exporter(store).exportAll();
            if (!bytes)
                return bytes.error();
            QSaveFile out(path);
            if (!out.open(QIODevice::WriteOnly) || out.write(bytes.value()) != bytes.value().size() || !out.commit())
                return StorageError {StorageError::Kind::Io, out.errorString()};
            return qint64(bytes.value().size());
        },
        std::move(done));
}

void DataService::importFile(const QString &path, QObject *context,
                             std::function<void(Result<Exchange::ImportReport>)> done, ImportProgress progress,
                             std::shared_ptr<std::atomic_bool> cancel)
{
    QPointer<QObject> target(context);
    m_storage.write<Exchange::ImportReport>(
        this,
        [path, target, progress = std::move(progress), cancel](Store &store) -> Result<Exchange::ImportReport> {
            Exchange::ImportOptions options;
            QElapsedTimer since;
            since.start();
            options.progress = [&](qint64 bytes, qint64 total, int conversations) {
                if (progress && target && since.elapsed() >= 100) { // a few updates a second
                    since.restart();
                    QMetaObject::invokeMethod(
                        target.data(),
                        [target, progress, bytes, total, conversations] {
                            if (target)
                                progress(bytes, total, conversations);
                        },
                        Qt::QueuedConnection);
                }
                return !(cancel && cancel->load());
            };
            return Exchange::Importer(store, Extraction::importGuards()).importPath(path, options);
        },
        [this, target, done = std::move(done)](Result<Exchange::ImportReport> result) {
            if (result && result->newMessages() > 0)
                m_storage.indexSearchBacklog(); // the import left its messages to index
            if (result && (result->newMessages() > 0 || result->memoriesImported > 0 || result->providersImported > 0))
                Q_EMIT imported();
            if (target && done)
                done(std::move(result));
        },
        Durability::Full, Batching::Alone); // the import's own transaction, set up for a long write
}

} // namespace Skein
