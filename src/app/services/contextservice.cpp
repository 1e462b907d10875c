// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/services/contextservice.h"

#include "engine/context/contextpreview.h"
#include "storage/asyncstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QSet>

namespace Skein {

ContextService::ContextService(AsyncStore &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{ }

ContextService::~ContextService() = default;

void ContextService::nextRequest(const QString &sessionId, const QString &draftText, QObject *context, Done done)
{
    m_store.read<ContextView>(
        context,
        [sessionId, draftText](Store &store) -> Result<ContextView> {
            auto next = ContextPreview::load(store, sessionId, draftText);
            if (!next)
                return next.error();
            ContextView out;
            out.draft = true;
            out.snapshot = next->snapshot;
            out.path = next->path;
            out.memories = next->memories;
            out.summaries = next->summaries;
            return out;
        },
        std::move(done));
}

void ContextService::ofReply(const QString &messageId, QObject *context, Done done)
{
    m_store.read<ContextView>(
        context,
        [messageId](Store &store) -> Result<ContextView> {
            ContextView out;
            auto reply = store.messages().get(messageId);
            if (!reply)
                return reply.error();
            out.reply = *reply;
            if (reply->role != Role::Assistant || reply->requestId.isEmpty())
                return out;
            auto snapshot = store.snapshots().get(reply->requestId);
            if (!snapshot)
                return snapshot.error().kind == StorageError::Kind::NotFound ? Result<ContextView>(out)
                                                                             : Result<ContextView>(snapshot.error());
            out.snapshot = *snapshot;
            const QString last = !snapshot->leafMessageId.isEmpty() ? snapshot->leafMessageId : reply->parentId;
            if (!last.isEmpty()) {
                auto path = store.messages().path(last);
                if (!path)
                    return path.error();
                out.path = *path;
            }
            MemoryRepository::Filter filter;
            filter.sessionId = reply->sessionId;
            filter.status = MemoryStatus::Active;
            auto memories = store.memories().list(filter);
            if (!memories)
                return memories.error();
            out.memories = *memories;
            QSet<QString> have;
            for (const Memory &m : std::as_const(out.memories))
                have.insert(m.id);
            for (const QString &id : std::as_const(snapshot->memoryIds)) {
                if (have.contains(id))
                    continue;
                if (auto m = store.memories().get(id))
                    out.memories.prepend(*m);
            }
            auto summaries = store.summaries().bySession(reply->sessionId, true);
            if (!summaries)
                return summaries.error();
            out.summaries = *summaries;
            return out;
        },
        std::move(done));
}

} // namespace Skein
