// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/idlecompactor.h"

#include "core/domain/ids.h"
#include "engine/memory/memorysettings.h"
#include "storage/asyncstore.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QTimer>

namespace Skein {

namespace {

struct Candidates
{
    MemorySettings settings;
    QList<Session> sessions;
};

struct TurnContext
{
    MemorySettings settings;
    Session session;
};

} // namespace

IdleCompactor::IdleCompactor(AsyncStore *store, Consolidator *consolidator, MemoryExtractor *extractor, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_consolidator(consolidator)
    , m_extractor(extractor)
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(60 * 1000);
    connect(m_timer, &QTimer::timeout, this, &IdleCompactor::checkNow);
}

IdleCompactor::~IdleCompactor() = default;

void IdleCompactor::setCheckInterval(int milliseconds)
{
    m_timer->setInterval(milliseconds);
}

void IdleCompactor::start()
{
    m_timer->start();
}

void IdleCompactor::stop()
{
    m_timer->stop();
    m_queue.clear();
}

bool IdleCompactor::isBusy(const Session &session) const
{
    // Stored states of a run in flight (the agent loop's names and the older ones).
    static const QStringList busy {QStringLiteral("pending"),           QStringLiteral("active"),
                                   QStringLiteral("waiting_tool"),      QStringLiteral("streaming"),
                                   QStringLiteral("awaiting_approval"), QStringLiteral("running_tools")};
    return (m_registry && m_registry->isActive(session.id)) || busy.contains(toString(session.state))
        || (m_consolidator && m_consolidator->isRunning(session.id))
        || (m_extractor && m_extractor->isRunning(session.id));
}

void IdleCompactor::checkNow()
{
    if (m_checking || !m_store)
        return;
    m_checking = true;
    m_compactedThisCheck = 0;
    const qint64 horizon = m_horizonMs;
    m_store->read<Candidates>(
        this,
        [](Store &store) -> Result<Candidates> {
            Candidates out;
            out.settings = MemorySettings::load(store.settings());
            SessionRepository::ListOptions options;
            options.limit = 500;
            Result<QList<Session>> sessions = store.sessions().list(options);
            if (!sessions)
                return sessions.error();
            out.sessions = sessions.value();
            return out;
        },
        [this, horizon](Result<Candidates> candidates) {
            if (!candidates) {
                m_checking = false;
                Q_EMIT checkFinished(0);
                return;
            }
            const qint64 now = Ids::nowMs();
            const qint64 ttl = m_ttlOverride.value_or(candidates->settings.idleTtlMs);
            m_queue.clear();
            for (const Session &s : candidates->sessions) {
                const qint64 idleFor = now - s.updatedAt;
                if (idleFor < ttl || idleFor > horizon || s.activeLeafId.isEmpty())
                    continue;
                if (m_compactedAt.value(s.id, -1) >= s.updatedAt || isBusy(s))
                    continue;
                m_queue.append(s);
            }
            processNext();
        });
}

void IdleCompactor::processNext()
{
    if (m_queue.isEmpty() || !m_consolidator || !m_extractor) {
        m_checking = false;
        Q_EMIT checkFinished(m_compactedThisCheck);
        return;
    }
    const Session session = m_queue.takeFirst();
    const ModelRoute route = m_routeFor ? m_routeFor(session) : ModelRoute {};
    if (isBusy(session) || !route.isValid()) {
        processNext();
        return;
    }
    Consolidator::Options options;
    options.mode = ConsolidationPlanner::Mode::Compact;
    options.settings = m_settings;
    options.historyShare
        = m_shareFor ? m_shareFor(session) : Consolidator::historyShareFor(session, nullptr, route.model);
    m_consolidator->run(session.id, route, options, [this, session, route](const Consolidator::Report &consolidation) {
        if (!m_extractor) {
            processNext();
            return;
        }
        m_extractor->run(session.id, route, [this, session, consolidation](const MemoryExtractor::Report &extraction) {
            // A failure is tried again at a later check (each span waits out its backoff).
            if (consolidation.ok() && extraction.ok()) {
                m_compactedAt.insert(session.id, session.updatedAt);
                m_turnsSinceExtraction.remove(session.id);
            }
            ++m_compactedThisCheck;
            Q_EMIT sessionCompacted(session.id, consolidation, extraction);
            processNext();
        });
    });
}

void IdleCompactor::noteTurnCompleted(const QString &sessionId)
{
    if (!m_store)
        return;
    m_store->read<TurnContext>(
        this,
        [sessionId](Store &store) -> Result<TurnContext> {
            TurnContext out;
            out.settings = MemorySettings::load(store.settings());
            Result<Session> session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            out.session = session.value();
            return out;
        },
        [this, sessionId](Result<TurnContext> context) {
            if (!context || !m_consolidator || !m_extractor)
                return;
            const ModelRoute route = m_routeFor ? m_routeFor(context->session) : ModelRoute {};
            if (!route.isValid())
                return;
            Consolidator::Options options;
            options.settings = m_settings;
            options.historyShare = m_shareFor ? m_shareFor(context->session)
                                              : Consolidator::historyShareFor(context->session, nullptr, route.model);
            if (!m_consolidator->isRunning(sessionId))
                m_consolidator->run(sessionId, route, options);
            int &turns = m_turnsSinceExtraction[sessionId];
            if (++turns >= context->settings.extractAfterTurns && !m_extractor->isRunning(sessionId)) {
                turns = 0;
                m_extractor->run(sessionId, route);
            }
        });
}

} // namespace Skein
