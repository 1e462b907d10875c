// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/store.h"

#include "storage/attachmentrepository.h"
#include "storage/checkpointrepository.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/summaryrepository.h"
#include "storage/toollogrepository.h"

#include <QDir>

namespace Skein {

Result<std::unique_ptr<Store>> Store::open(const QString &dataDir, const Database::Options &options)
{
    return openFile(QDir(dataDir).filePath(Database::fileName()), options);
}

Result<std::unique_ptr<Store>> Store::openFile(const QString &filePath, const Database::Options &options)
{
    auto db = Database::open(filePath, options);
    if (!db)
        return db.error();
    return std::unique_ptr<Store>(new Store(std::move(db).value()));
}

Store::Store(std::unique_ptr<Database> db)
    : m_db(std::move(db))
    , m_sessions(std::make_unique<SessionRepository>(*m_db))
    , m_messages(std::make_unique<MessageRepository>(*m_db))
    , m_attachments(std::make_unique<AttachmentRepository>(*m_db))
    , m_memories(std::make_unique<MemoryRepository>(*m_db))
    , m_summaries(std::make_unique<SummaryRepository>(*m_db))
    , m_toolLog(std::make_unique<ToolLogRepository>(*m_db))
    , m_checkpoints(std::make_unique<CheckpointRepository>(*m_db))
    , m_snapshots(std::make_unique<SnapshotRepository>(*m_db))
    , m_providers(std::make_unique<ProviderRepository>(*m_db))
    , m_settings(std::make_unique<SettingsRepository>(*m_db))
    , m_search(std::make_unique<SearchRepository>(*m_db))
{ }

Store::~Store() = default;

} // namespace Skein
