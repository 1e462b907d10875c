#pragma once

#include "core/domain/memory.h"
#include "storage/memoryrepository.h"
#include "storage/result.h"

#include <QObject>
#include <QPointer>

#include <functional>

namespace Skein {

class AsyncStore;
class Store;

// What the user does to memories (SPEC §2.3, §6 memory inspector), on a synchronous Store: for
// the CLI and for jobs already on a storage thread. Every text change keeps the old text as a
// version; ids may be unique prefixes where noted.
namespace MemoryOps {

// A memory the user wrote: active at once (the user is its source).
Result<Memory> add(Store &store, MemoryType type, const QString &content, MemoryScope scope = MemoryScope::Global,
                   const QString &sessionId = {}, const QString &anchorMessageId = {});
// A memory by full id or unique id prefix.
Result<Memory> find(Store &store, const QString &idOrPrefix);
// Pending (or disabled, rejected) → active.
Status accept(Store &store, const QString &id);
// Edit the proposed text, then accept it, in one transaction.
Status acceptEdited(Store &store, const QString &id, const QString &content);
Status reject(Store &store, const QString &id);
Status edit(Store &store, const QString &id, const QString &content, const QString &changedBy = QStringLiteral("user"));
// Branch → session or global, session → global. Narrowing is refused (Invalid).
Status promote(Store &store, const QString &id, MemoryScope to);
Status restore(Store &store, const QString &id, qint64 versionId);
Status disable(Store &store, const QString &id);
Status remove(Store &store, const QString &id);

} // namespace MemoryOps

// The same operations for the GUI thread: each runs on the storage writer thread and reports on
// the caller's context object; changed() tells views to reload.
class MemoryService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryService)

public:
    using Done = std::function<void(const Status &status)>;

    explicit MemoryService(AsyncStore *store, QObject *parent = nullptr);
    ~MemoryService() override;

    void list(const MemoryRepository::Filter &filter, QObject *context,
              std::function<void(Result<QList<Memory>>)> done);
    void versions(const QString &id, QObject *context, std::function<void(Result<QList<MemoryVersion>>)> done);

    void add(MemoryType type, const QString &content, MemoryScope scope, const QString &sessionId,
             QObject *context = nullptr, Done done = {});
    void accept(const QString &id, QObject *context = nullptr, Done done = {});
    void acceptEdited(const QString &id, const QString &content, QObject *context = nullptr, Done done = {});
    void reject(const QString &id, QObject *context = nullptr, Done done = {});
    void edit(const QString &id, const QString &content, QObject *context = nullptr, Done done = {});
    void promote(const QString &id, MemoryScope to, QObject *context = nullptr, Done done = {});
    void restore(const QString &id, qint64 versionId, QObject *context = nullptr, Done done = {});
    void disable(const QString &id, QObject *context = nullptr, Done done = {});
    void remove(const QString &id, QObject *context = nullptr, Done done = {});

Q_SIGNALS:
    void changed(const QString &memoryId);

private:
    void mutate(const QString &id, std::function<Status(Store &)> job, QObject *context, Done done);

    QPointer<AsyncStore> m_store;
};

} // namespace Skein
