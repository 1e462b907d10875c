/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/memory/extraction.h"
#include "engine/memory/utilitycall.h"
#include "engine/memory/workbackoff.h"

#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

namespace Skein {

class AsyncStore;

// Memory extraction (SPEC §4.10) for one session at a time: reads the user messages since the
// last extraction, asks the utility model for JSON decisions, applies them through the
// memory-poisoning guard and moves the watermark. A failed call or unusable reply leaves the
// watermark where it was and waits (backoff) before the batch is tried again; chatting never
// waits for any of this.
class MemoryExtractor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryExtractor)

public:
    struct Report
    {
        QString sessionId;
        int messages = 0; // user messages examined
        ExtractionOutcome outcome;
        QString error; // empty on success
        bool skipped = false; // nothing new, disabled, busy or waiting for a retry

        bool ok() const { return error.isEmpty(); }
    };
    using Done = std::function<void(const Report &report)>;

    explicit MemoryExtractor(AsyncStore *store, QObject *parent = nullptr);
    ~MemoryExtractor() override;

    // Extracts from sessionId's new user messages (at most batchLimit per call). With
    // ignoreAutoExtract the run happens even when the user turned automatic extraction off (an
    // explicit request).
    void run(const QString &sessionId, const ModelRoute &route, Done done = {}, bool ignoreAutoExtract = false);
    bool isRunning(const QString &sessionId) const { return m_running.contains(sessionId); }
    void setBatchLimit(int messages) { m_batchLimit = messages; }
    WorkBackoff &backoff() { return m_backoff; }

Q_SIGNALS:
    void memoriesChanged(const QString &sessionId);
    void finished(const QString &sessionId, bool ok);

private:
    struct Job;
    void finish(const std::shared_ptr<Job> &job);

    QPointer<AsyncStore> m_store;
    WorkBackoff m_backoff;
    QSet<QString> m_running;
    int m_batchLimit = 20;
};

} // namespace Skein
