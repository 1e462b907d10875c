// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/memoryops.h"

#include "core/domain/ids.h"
#include "engine/memory/memorysettings.h"
#include "storage/asyncstore.h"
#include "storage/store.h"

namespace Skein {

namespace MemoryOps {

namespace {

StorageError invalid(const QString &message)
{
    return {StorageError::Kind::Invalid, message};
}

// A memory the user wrote, stored active at once (the user is its source).
Result<Memory> createOwn(Store &store, MemoryType type, const QString &content, MemoryScope scope,
                         const QString &sessionId, const QString &anchorMessageId, const QString &sourceMessageId,
                         const QString &reason)
{
    Memory m;
    m.id = Ids::create();
    m.type = type;
    m.scope = scope;
    m.content = content.trimmed();
    m.sessionId = scope == MemoryScope::Global ? QString() : sessionId;
    m.anchorMessageId = scope == MemoryScope::Branch ? anchorMessageId : QString();
    m.sourceSessionId = sessionId;
    m.sourceMessageId = sourceMessageId;
    m.status = MemoryStatus::Active;
    m.confidence = 1.0;
    m.createdAt = Ids::nowMs();
    m.updatedAt = m.createdAt;
    m.validFrom = m.createdAt;
    m.reason = reason;
    if (Status s = store.memories().create(m); !s)
        return s.error();
    return m;
}

} // namespace

Result<Memory> add(Store &store, MemoryType type, const QString &content, MemoryScope scope, const QString &sessionId,
                   const QString &anchorMessageId)
{
    if (content.trimmed().isEmpty())
        return invalid(QStringLiteral("a memory needs text"));
    if (scope != MemoryScope::Global && sessionId.isEmpty())
        return invalid(QStringLiteral("a session or branch memory needs a session"));
    if (scope == MemoryScope::Branch && anchorMessageId.isEmpty())
        return invalid(QStringLiteral("a branch memory needs an anchor message"));
    Result<Memory> m
        = createOwn(store, type, content, scope, sessionId, anchorMessageId, {}, QStringLiteral("added by the user"));
    if (!m)
        return m;
    if (Result<int> proposed
        = store.memories().proposeArchiving(MemorySettings::load(store.settings()).activeCap, Ids::nowMs());
        !proposed)
        return proposed.error();
    return m;
}

Result<Memory> pin(Store &store, const QString &content, MemoryScope scope, const QString &sessionId,
                   const QString &sourceMessageId)
{
    if (content.trimmed().isEmpty())
        return invalid(QStringLiteral("a pinned note needs text"));
    if (scope == MemoryScope::Branch)
        return invalid(QStringLiteral("a note is pinned to a conversation or to all of them"));
    if (scope == MemoryScope::Session && sessionId.isEmpty())
        return invalid(QStringLiteral("a note pinned to a conversation needs the conversation"));
    return createOwn(store, MemoryType::Pinned, content, scope, sessionId, {}, sourceMessageId,
                     QStringLiteral("pinned by the user"));
}

Result<Memory> find(Store &store, const QString &idOrPrefix)
{
    if (idOrPrefix.isEmpty())
        return invalid(QStringLiteral("a memory id is required"));
    if (Result<Memory> exact = store.memories().get(idOrPrefix); exact)
        return exact;
    Result<QList<Memory>> all = store.memories().list({});
    if (!all)
        return all.error();
    QList<Memory> matches;
    for (const Memory &m : all.value())
        if (m.id.startsWith(idOrPrefix))
            matches.append(m);
    if (matches.size() == 1)
        return matches.first();
    return StorageError {
        matches.isEmpty() ? StorageError::Kind::NotFound : StorageError::Kind::Invalid,
        matches.isEmpty()
            ? QStringLiteral("no memory %1").arg(idOrPrefix)
            : QStringLiteral("%1 matches %2 memories; give more of the id").arg(idOrPrefix).arg(matches.size())};
}

Status accept(Store &store, const QString &id)
{
    return store.transaction([&]() -> Status {
        Result<Memory> m = store.memories().get(id);
        if (!m)
            return m.error();
        if (Status s = store.memories().setStatus(id, MemoryStatus::Active); !s)
            return s;
        if (Status s = endSuperseded(store, m.value()); !s)
            return s;
        Result<int> proposed
            = store.memories().proposeArchiving(MemorySettings::load(store.settings()).activeCap, Ids::nowMs());
        return proposed ? Status() : Status(proposed.error());
    });
}

Status keep(Store &store, const QString &id)
{
    return store.memories().keep(id, Ids::nowMs());
}

Status endSuperseded(Store &store, const Memory &successor)
{
    // A branch memory replaces its predecessor on its own paths only (memoriesForPath); elsewhere
    // the predecessor still holds.
    if (successor.supersedes.isEmpty() || successor.scope == MemoryScope::Branch)
        return {};
    Result<Memory> old = store.memories().get(successor.supersedes);
    if (!old)
        return old.error().kind == StorageError::Kind::NotFound ? Status() : Status(old.error());
    // Two successors of one fact (both proposed before either was accepted): the chain is
    // followed to its newest version, and of the two the later-said one holds.
    Memory newest = old.value();
    for (int hops = 0; !newest.supersededBy.isEmpty() && newest.supersededBy != successor.id && hops < 100; ++hops) {
        Result<Memory> next = store.memories().get(newest.supersededBy);
        if (!next)
            break;
        newest = next.value();
    }
    if (newest.id == successor.id || newest.supersededBy == successor.id)
        return {};
    if (newest.validFrom > successor.validFrom)
        return store.memories().supersede(successor.id, newest.id, newest.validFrom);
    return store.memories().supersede(newest.id, successor.id, successor.validFrom);
}

Result<Memory> supersede(Store &store, const QString &id, const QString &content, const QString &reason)
{
    if (content.trimmed().isEmpty())
        return invalid(QStringLiteral("a memory needs text"));
    return store.transaction([&]() -> Result<Memory> {
        Result<Memory> old = store.memories().get(id);
        if (!old)
            return old.error();
        if (!old->supersededBy.isEmpty())
            return invalid(QStringLiteral("memory %1 is already superseded by %2").arg(id, old->supersededBy));
        Memory m;
        m.id = Ids::create();
        m.type = old->type;
        m.scope = old->scope;
        m.sessionId = old->sessionId;
        m.anchorMessageId = old->anchorMessageId;
        m.sourceSessionId = old->sourceSessionId;
        m.content = content.trimmed();
        m.status = MemoryStatus::Active;
        m.confidence = 1.0;
        m.createdAt = Ids::nowMs();
        m.updatedAt = m.createdAt;
        m.validFrom = m.createdAt;
        m.supersedes = old->id;
        m.reason = reason.trimmed().isEmpty() ? QStringLiteral("the user replaced it") : reason.trimmed();
        if (Status s = store.memories().create(m); !s)
            return s.error();
        // Ended everywhere, also for a branch memory: the user said so.
        if (Status s = store.memories().supersede(old->id, m.id, m.validFrom); !s)
            return s.error();
        return m;
    });
}

Status acceptEdited(Store &store, const QString &id, const QString &content)
{
    return store.transaction([&]() -> Status {
        if (Status s = edit(store, id, content); !s)
            return s;
        return accept(store, id);
    });
}

Status reject(Store &store, const QString &id)
{
    return store.memories().setStatus(id, MemoryStatus::Rejected);
}

Status edit(Store &store, const QString &id, const QString &content, const QString &changedBy)
{
    if (content.trimmed().isEmpty())
        return invalid(QStringLiteral("a memory needs text"));
    Result<Memory> current = store.memories().get(id);
    if (!current)
        return current.error();
    if (current->content == content.trimmed())
        return {};
    return store.memories().editContent(id, content.trimmed(), changedBy);
}

Status promote(Store &store, const QString &id, MemoryScope to)
{
    Result<Memory> current = store.memories().get(id);
    if (!current)
        return current.error();
    const auto rank = [](MemoryScope s) { return s == MemoryScope::Branch ? 0 : s == MemoryScope::Session ? 1 : 2; };
    if (rank(to) < rank(current->scope))
        return invalid(
            QStringLiteral("a %1 memory cannot be narrowed to %2").arg(toString(current->scope), toString(to)));
    if (to == current->scope)
        return {};
    const QString session = current->sessionId.isEmpty() ? current->sourceSessionId : current->sessionId;
    return store.memories().setScope(id, to, session, {});
}

Status restore(Store &store, const QString &id, qint64 versionId)
{
    return store.memories().restore(id, versionId);
}

Status disable(Store &store, const QString &id)
{
    return store.memories().setStatus(id, MemoryStatus::Disabled);
}

Status remove(Store &store, const QString &id)
{
    Result<Memory> current = store.memories().get(id);
    if (!current)
        return current.error();
    return store.memories().remove(id);
}

} // namespace MemoryOps

} // namespace Skein
