/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/session.h"
#include "engine/memory/consolidator.h"
#include "engine/memory/memoryextractor.h"
#include "engine/memory/runregistry.h"
#include "engine/memory/utilitycall.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QTimer;

namespace Skein {

class AsyncStore;

// The background half of the context engine: after each completed turn it consolidates when the
// thresholds say so and extracts memories every few turns (batched); every checkInterval it looks
// for sessions idle longer than the TTL (SPEC §4.6, default 15 minutes) and compacts them —
// everything but the verbatim tail summarised, memory extraction run — one session at a time, so
// that returning to them later is cheap. Sessions with a run in flight (RunRegistry or a busy
// stored state) are skipped. Everything is asynchronous: the GUI thread never waits.
class IdleCompactor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IdleCompactor)

public:
    // The model for a session's background work (its own or the utility model); invalid = skip.
    using RouteFor = std::function<ModelRoute(const Session &session)>;
    // The history share of the session's budget in tokens (default: Consolidator::historyShareFor
    // without a provider, i.e. the window from the session setting or the presets).
    using ShareFor = std::function<qint64(const Session &session)>;

    IdleCompactor(AsyncStore *store, Consolidator *consolidator, MemoryExtractor *extractor, QObject *parent = nullptr);
    ~IdleCompactor() override;

    void setRunRegistry(const RunRegistry *registry) { m_registry = registry; }
    void setRouteResolver(RouteFor routeFor) { m_routeFor = std::move(routeFor); }
    void setShareResolver(ShareFor shareFor) { m_shareFor = std::move(shareFor); }
    // Overrides the stored idle TTL setting (tests, the CLI).
    void setTtl(qint64 milliseconds) { m_ttlOverride = milliseconds; }
    void setCheckInterval(int milliseconds);
    // Sessions last active longer ago than this are left alone (default 7 days): a first start
    // does not summarise years of history at once.
    void setHorizon(qint64 milliseconds) { m_horizonMs = milliseconds; }
    void setSettings(const ConsolidationSettings &settings) { m_settings = settings; }

    void start();
    void stop();
    // Looks for idle sessions now (also what the timer does).
    void checkNow();
    // Call when a turn of sessionId completed.
    void noteTurnCompleted(const QString &sessionId);

Q_SIGNALS:
    void sessionCompacted(const QString &sessionId, const Skein::Consolidator::Report &consolidation,
                          const Skein::MemoryExtractor::Report &extraction);
    void checkFinished(int sessionsCompacted);

private:
    bool isBusy(const Session &session) const;
    void processNext();

    QPointer<AsyncStore> m_store;
    QPointer<Consolidator> m_consolidator;
    QPointer<MemoryExtractor> m_extractor;
    const RunRegistry *m_registry = nullptr;
    RouteFor m_routeFor;
    ShareFor m_shareFor;
    ConsolidationSettings m_settings;
    QTimer *m_timer;
    std::optional<qint64> m_ttlOverride;
    qint64 m_horizonMs = 7LL * 24 * 3600 * 1000;
    QList<Session> m_queue;
    QHash<QString, qint64> m_compactedAt; // session id → its updated_at when last compacted
    QHash<QString, int> m_turnsSinceExtraction;
    bool m_checking = false;
    int m_compactedThisCheck = 0;
};

} // namespace Skein
