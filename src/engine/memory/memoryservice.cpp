#include "engine/memory/memoryservice.h"

#include "core/domain/ids.h"
#include "storage/asyncstore.h"
#include "storage/store.h"

namespace Skein {

namespace MemoryOps {

namespace {

StorageError invalid(const QString &message)
{
    return {StorageError::Kind::Invalid, message};
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
    Memory m;
    m.id = Ids::create();
    m.type = type;
    m.scope = scope;
    m.content = content.trimmed();
    m.sessionId = scope == MemoryScope::Global ? QString() : sessionId;
    m.anchorMessageId = scope == MemoryScope::Branch ? anchorMessageId : QString();
    m.sourceSessionId = sessionId;
    m.status = MemoryStatus::Active;
    m.confidence = 1.0;
    m.createdAt = Ids::nowMs();
    m.updatedAt = m.createdAt;
    if (Status s = store.memories().create(m); !s)
        return s.error();
    return m;
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
    return store.memories().setStatus(id, MemoryStatus::Active);
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
            QStringLiteral("a %1 memory cannot be narrowed to %2") .arg(toString(current->scope), toString(to)));
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
    m_store->write(context ? context : this, std::move(job), [self, id, done = std::move(done)](Status status) {
        if (status && self)
            Q_EMIT self->changed(id);
        if (done)
            done(status);
    });
}

void MemoryService::add(MemoryType type, const QString &content, MemoryScope scope, const QString &sessionId,
                        QObject *context, Done done)
{
    mutate(
        {},
        [type, content, scope, sessionId](Store &s) -> Status {
            Result<Memory> m = MemoryOps::add(s, type, content, scope, sessionId);
            return m ? Status() : Status(m.error());
        },
        context, std::move(done));
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

void MemoryService::remove(const QString &id, QObject *context, Done done)
{
    mutate(id, [id](Store &s) { return MemoryOps::remove(s, id); }, context, std::move(done));
}

} // namespace Skein
