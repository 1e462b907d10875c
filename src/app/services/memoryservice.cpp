// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/services/memoryservice.h"

#include "engine/memory/memoryops.h"
#include "engine/memory/memorysettings.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"

namespace Skein {

MemoryService::MemoryService(AsyncStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{ }

MemoryService::~MemoryService() = default;

void MemoryService::list(const MemoryRepository::Filter &filter, QObject *context,
                         std::function<void(Result<QList<Memory>>)> done)
{
    if (m_store)
        m_store->read<QList<Memory>>(
            context, [filter](Store &store) { return store.memories().list(filter); }, std::move(done));
}

void MemoryService::versions(const QString &id, QObject *context,
                             std::function<void(Result<QList<MemoryVersion>>)> done)
{
    if (m_store)
        m_store->read<QList<MemoryVersion>>(
            context, [id](Store &store) { return store.memories().versions(id); }, std::move(done));
}

void MemoryService::mutate(const QString &id, std::function<Status(Store &)> job, QObject *context, Done done)
{
    if (!m_store)
        return;
    QPointer<MemoryService> self(this);
    m_store->write(context ? context : this, std::move(job), [self, id, done = std::move(done)](const Status &status) {
        if (status && self)
            Q_EMIT self->changed(id);
        if (done)
            done(status);
    });
}

void MemoryService::add(MemoryType type, const QString &content, MemoryScope scope, const QString &sessionId,
                        QObject *context, Done done, const QString &anchorMessageId)
{
    mutate(
        {},
        [type, content, scope, sessionId, anchorMessageId](Store &s) -> Status {
            Result<Memory> m = MemoryOps::add(s, type, content, scope, sessionId, anchorMessageId);
            return m ? Status() : Status(m.error());
        },
        context, std::move(done));
}

void MemoryService::pin(const QString &content, MemoryScope scope, const QString &sessionId,
                        const QString &sourceMessageId, QObject *context, Done done)
{
    mutate(
        {},
        [content, scope, sessionId, sourceMessageId](Store &s) -> Status {
            Result<Memory> m = MemoryOps::pin(s, content, scope, sessionId, sourceMessageId);
            return m ? Status() : Status(m.error());
        },
        context, std::move(done));
}

void MemoryService::injectedIn(const QString &messageId, QObject *context,
                               std::function<void(Result<QStringList>)> done)
{
    if (!m_store)
        return;
    m_store->read<QStringList>(
        context,
        [messageId](Store &store) -> Result<QStringList> {
            Result<Message> message = store.messages().get(messageId);
            if (!message)
                return message.error();
            if (message->requestId.isEmpty())
                return QStringList();
            Result<ContextSnapshot> snapshot = store.snapshots().get(message->requestId);
            if (!snapshot)
                return snapshot.error().kind == StorageError::Kind::NotFound ? Result<QStringList>(QStringList())
                                                                             : Result<QStringList>(snapshot.error());
            return snapshot->memoryIds;
        },
        std::move(done));
}

void MemoryService::accept(const QString &id, QObject *context, Done done)
{
    mutate(id, [id](Store &s) { return MemoryOps::accept(s, id); }, context, std::move(done));
}

void MemoryService::acceptEdited(const QString &id, const QString &content, QObject *context, Done done)
{
    mutate(id, [id, content](Store &s) { return MemoryOps::acceptEdited(s, id, content); }, context, std::move(done));
}

void MemoryService::reject(const QString &id, QObject *context, Done done)
{
    mutate(id, [id](Store &s) { return MemoryOps::reject(s, id); }, context, std::move(done));
}

void MemoryService::edit(const QString &id, const QString &content, QObject *context, Done done)
{
    mutate(id, [id, content](Store &s) { return MemoryOps::edit(s, id, content); }, context, std::move(done));
}

void MemoryService::promote(const QString &id, MemoryScope to, QObject *context, Done done)
{
    mutate(id, [id, to](Store &s) { return MemoryOps::promote(s, id, to); }, context, std::move(done));
}

void MemoryService::restore(const QString &id, qint64 versionId, QObject *context, Done done)
{
    mutate(id, [id, versionId](Store &s) { return MemoryOps::restore(s, id, versionId); }, context, std::move(done));
}

void MemoryService::disable(const QString &id, QObject *context, Done done)
{
    mutate(id, [id](Store &s) { return MemoryOps::disable(s, id); }, context, std::move(done));
}

void MemoryService::timeline(const QString &id, QObject *context, std::function<void(Result<Timeline>)> done)
{
    if (!m_store)
        return;
    m_store->read<Timeline>(
        context,
        [id](Store &store) -> Result<Timeline> {
            Timeline out;
            Result<QList<Memory>> lineage = store.memories().lineage(id);
            if (!lineage)
                return lineage.error();
            out.lineage = lineage.value();
            for (const Memory &m : std::as_const(out.lineage)) {
                Result<QList<MemoryVersion>> versions = store.memories().versions(m.id);
                if (!versions)
                    return versions.error();
                out.versions.insert(m.id, versions.value());
            }
            return out;
        },
        std::move(done));
}

void MemoryService::paused(QObject *context, std::function<void(Result<bool>)> done)
{
    if (!m_store)
        return;
    m_store->read<bool>(
        context, [](Store &store) -> Result<bool> { return MemorySettings::load(store.settings()).paused; },
        std::move(done));
}

void MemoryService::setPaused(bool paused, QObject *context, Done done)
{
    mutate(
        {},
        [paused](Store &s) -> Status {
            MemorySettings settings = MemorySettings::load(s.settings());
            settings.paused = paused;
            return settings.save(s.settings());
        },
        context, std::move(done));
}

void MemoryService::supersede(const QString &id, const QString &content, const QString &reason, QObject *context,
                              Done done)
{
    mutate(
        id,
        [id, content, reason](Store &s) -> Status {
            Result<Memory> m = MemoryOps::supersede(s, id, content, reason);
            return m ? Status() : Status(m.error());
        },
        context, std::move(done));
}

void MemoryService::keep(const QString &id, QObject *context, Done done)
{
    mutate(id, [id](Store &s) { return MemoryOps::keep(s, id); }, context, std::move(done));
}

void MemoryService::remove(const QString &id, QObject *context, Done done)
{
    mutate(id, [id](Store &s) { return MemoryOps::remove(s, id); }, context, std::move(done));
}

} // namespace Skein
