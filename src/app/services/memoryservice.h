/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"
#include "storage/memoryrepository.h"
#include "storage/result.h"

#include <QObject>
#include <QPointer>

#include <QHash>

#include <functional>

namespace Skein {

class AsyncStore;
class Store;

// What the user does to memories, for the GUI thread (the memory inspector): each operation of
// MemoryOps runs on the storage writer thread and reports on the caller's context object;
// changed() tells views to reload.
class MemoryService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryService)

public:
    using Done = std::function<void(const Status &status)>;

    // A memory's lineage (issue 17), oldest first, with the earlier texts of each.
    struct Timeline
    {
        QList<Memory> lineage;
        QHash<QString, QList<MemoryVersion>> versions;
    };

    explicit MemoryService(AsyncStore *store, QObject *parent = nullptr);
    ~MemoryService() override;

    void list(const MemoryRepository::Filter &filter, QObject *context,
              std::function<void(Result<QList<Memory>>)> done);
    void versions(const QString &id, QObject *context, std::function<void(Result<QList<MemoryVersion>>)> done);
    void timeline(const QString &id, QObject *context, std::function<void(Result<Timeline>)> done);
    // "Pause memory" (issue 17): nothing extracted, nothing injected, until resumed.
    void paused(QObject *context, std::function<void(Result<bool>)> done);
    void setPaused(bool paused, QObject *context = nullptr, Done done = {});

    // A memory the user wrote: active at once. A branch memory is anchored at anchorMessageId.
    void add(MemoryType type, const QString &content, MemoryScope scope, const QString &sessionId,
             QObject *context = nullptr, Done done = {}, const QString &anchorMessageId = {});
    // Pins a note (issue 17) to the session (Session) or to every conversation (Global).
    void pin(const QString &content, MemoryScope scope, const QString &sessionId, const QString &sourceMessageId,
             QObject *context = nullptr, Done done = {});
    // The memories the request of this reply carried (its context snapshot); empty when it has none.
    void injectedIn(const QString &messageId, QObject *context, std::function<void(Result<QStringList>)> done);
    void accept(const QString &id, QObject *context = nullptr, Done done = {});
    void acceptEdited(const QString &id, const QString &content, QObject *context = nullptr, Done done = {});
    void reject(const QString &id, QObject *context = nullptr, Done done = {});
    void edit(const QString &id, const QString &content, QObject *context = nullptr, Done done = {});
    void promote(const QString &id, MemoryScope to, QObject *context = nullptr, Done done = {});
    void restore(const QString &id, qint64 versionId, QObject *context = nullptr, Done done = {});
    void disable(const QString &id, QObject *context = nullptr, Done done = {});
    // Keeps a memory proposed for archiving.
    void keep(const QString &id, QObject *context = nullptr, Done done = {});
    // The fact changed: a new memory supersedes id, which ends now and stays in the timeline.
    void supersede(const QString &id, const QString &content, const QString &reason, QObject *context = nullptr,
                   Done done = {});
    void remove(const QString &id, QObject *context = nullptr, Done done = {});

Q_SIGNALS:
    void changed(const QString &memoryId);

private:
    void mutate(const QString &id, std::function<Status(Store &)> job, QObject *context, Done done);

    QPointer<AsyncStore> m_store;
};

} // namespace Skein
