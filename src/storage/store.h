/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/database.h"
#include "storage/result.h"

#include <memory>

namespace Skein {

class AttachmentRepository;
class CheckpointRepository;
class MemoryRepository;
class MessageRepository;
class ProviderRepository;
class SearchRepository;
class SessionRepository;
class SettingsRepository;
class SnapshotRepository;
class SummaryRepository;
class ToolLogRepository;

// The synchronous storage API: one connection plus its repositories, used from a single thread
// (the writer and reader threads each own one; the CLI and tests use one directly).
class Store final
{
    Q_DISABLE_COPY_MOVE(Store)

public:
    // Opens (creating, migrating) <dataDir>/skein.db.
    static Result<std::unique_ptr<Store>> open(const QString &dataDir, const Database::Options &options);
    static Result<std::unique_ptr<Store>> open(const QString &dataDir) { return open(dataDir, Database::Options {}); }
    static Result<std::unique_ptr<Store>> openFile(const QString &filePath, const Database::Options &options);
    ~Store();

    Database &database() { return *m_db; }
    SessionRepository &sessions() { return *m_sessions; }
    MessageRepository &messages() { return *m_messages; }
    AttachmentRepository &attachments() { return *m_attachments; }
    MemoryRepository &memories() { return *m_memories; }
    SummaryRepository &summaries() { return *m_summaries; }
    ToolLogRepository &toolLog() { return *m_toolLog; }
    CheckpointRepository &checkpoints() { return *m_checkpoints; }
    SnapshotRepository &snapshots() { return *m_snapshots; }
    ProviderRepository &providers() { return *m_providers; }
    SettingsRepository &settings() { return *m_settings; }
    SearchRepository &search() { return *m_search; }

    template<typename F> auto transaction(F &&f) -> decltype(f()) { return m_db->transaction(std::forward<F>(f)); }

private:
    explicit Store(std::unique_ptr<Database> db);

    std::unique_ptr<Database> m_db;
    std::unique_ptr<SessionRepository> m_sessions;
    std::unique_ptr<MessageRepository> m_messages;
    std::unique_ptr<AttachmentRepository> m_attachments;
    std::unique_ptr<MemoryRepository> m_memories;
    std::unique_ptr<SummaryRepository> m_summaries;
    std::unique_ptr<ToolLogRepository> m_toolLog;
    std::unique_ptr<CheckpointRepository> m_checkpoints;
    std::unique_ptr<SnapshotRepository> m_snapshots;
    std::unique_ptr<ProviderRepository> m_providers;
    std::unique_ptr<SettingsRepository> m_settings;
    std::unique_ptr<SearchRepository> m_search;
};

} // namespace Skein
