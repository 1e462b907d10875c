// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/memoryhousekeeper.h"

#include "engine/memory/embeddingindexer.h"
#include "engine/memory/extraction.h"
#include "engine/memory/topicswitch.h"
#include "engine/providers/providerkeys.h"
#include "engine/providers/providerkinds.h"
#include "llm/embeddingcall.h"
#include "llm/providerclient.h"
#include "secrets/secretstore.h"
#include "storage/asyncstore.h"
#include "storage/embeddingrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QCryptographicHash>
#include <QScopeGuard>
#include <QTimer>

#include <memory>

namespace Skein {

namespace {

using namespace Qt::StringLiterals;

// How long a message being sent may wait for its vector before it goes without semantic recall.
constexpr int kQueryTimeoutMs = 10 * 1000;

struct Loaded
{
    MemorySettings settings;
    QList<ProviderConfig> providers;
};

struct TurnRows
{
    Session session;
    Message user; // the message the reply answers (empty when it is not a user message)
    qint64 waitingTurns = 0; // user messages not yet looked at by extraction
};

QString failureKey(bool consolidation, const QString &sessionId)
{
    return (consolidation ? u"c:"_s : u"e:"_s) + sessionId;
}

} // namespace

MemoryHousekeeper::MemoryHousekeeper(AsyncStore *store, QNetworkAccessManager *network, SecretStore *secrets,
                                     QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_network(network)
    , m_secrets(secrets)
    , m_consolidator(new Consolidator(store, this))
    , m_extractor(new MemoryExtractor(store, this))
    , m_topics(new TopicSwitchDetector(store, this))
    , m_compactor(new IdleCompactor(store, m_consolidator, m_extractor, this))
    , m_indexer(new EmbeddingIndexer(store, this))
    , m_idleTimer(new QTimer(this))
{
    m_compactor->setRunRegistry(&m_runs);
    m_compactor->setRouteResolver([this](const Session &session) { return routeFor(session); });
    m_compactor->setShareResolver([this](const Session &session) { return shareFor(session); });
    m_idleTimer->setInterval(60 * 1000);
    connect(m_idleTimer, &QTimer::timeout, this, &MemoryHousekeeper::checkIdleNow);
    connect(m_consolidator, &Consolidator::summaryCreated, this,
            [this](const Summary &summary) { Q_EMIT summariesChanged(summary.sessionId); });
    connect(m_extractor, &MemoryExtractor::memoriesChanged, this, &MemoryHousekeeper::memoriesChanged);
    connect(m_compactor, &IdleCompactor::sessionCompacted, this,
            [this](const QString &sessionId, const Consolidator::Report &consolidation,
                   const MemoryExtractor::Report &extraction) {
                if (!consolidation.ok() && !consolidation.busy)
                    failed(Work::Consolidation, sessionId, consolidation.errors.join(u"; "_s));
                else if (consolidation.ok() && consolidation.plan.reason != ConsolidationPlan::Reason::Blocked)
                    succeeded(Work::Consolidation, sessionId);
                if (!extraction.ok())
                    failed(Work::Extraction, sessionId, extraction.error);
                else if (!extraction.skipped)
                    succeeded(Work::Extraction, sessionId);
            });
    connect(m_indexer, &EmbeddingIndexer::failed, this, [this](const QString &, const QString &error) {
        Q_EMIT notice(tr("Messages could not be indexed for semantic recall: %1").arg(error));
    });
    connect(m_indexer, &EmbeddingIndexer::indexed, this, [this] { endWork(); });
    setRetryDelays(m_retryFirstMs, m_retryMaxMs);
}

MemoryHousekeeper::~MemoryHousekeeper() = default;

void MemoryHousekeeper::setRetryDelays(qint64 firstMs, qint64 maxMs)
{
    m_retryFirstMs = std::max<qint64>(1, firstMs);
    m_retryMaxMs = std::max(m_retryFirstMs, maxMs);
    m_consolidator->backoff().setDelays(m_retryFirstMs, m_retryMaxMs);
    m_extractor->backoff().setDelays(m_retryFirstMs, m_retryMaxMs);
}

void MemoryHousekeeper::setIdleCheckInterval(int milliseconds)
{
    m_idleTimer->setInterval(milliseconds);
}

void MemoryHousekeeper::start()
{
    m_idleTimer->start();
}

void MemoryHousekeeper::stop()
{
    m_idleTimer->stop();
    m_compactor->stop();
}

void MemoryHousekeeper::checkIdleNow()
{
    refresh([this] { m_compactor->checkNow(); });
}

// Settings, providers and their keys, read again before each piece of work: the user may have
// changed the utility model or a key since.
void MemoryHousekeeper::refresh(std::function<void()> then)
{
    m_afterRefresh.append(std::move(then));
    if (m_refreshing || !m_store)
        return;
    m_refreshing = true;
    m_store->read<Loaded>(
        this,
        [](Store &store) -> Result<Loaded> {
            Loaded out;
            out.settings = MemorySettings::load(store.settings());
            Result<QList<ProviderConfig>> providers = store.providers().list();
            if (!providers)
                return providers.error();
            out.providers = providers.value();
            return out;
        },
        [this](const Result<Loaded> &loaded) {
            if (loaded) {
                m_settings = loaded->settings;
                m_providers = loaded->providers;
            }
            auto remaining = std::make_shared<int>(int(m_providers.size()) + 1);
            auto done = [this, remaining] {
                if (--*remaining > 0)
                    return;
                m_refreshing = false;
                const QList<std::function<void()>> waiting = std::exchange(m_afterRefresh, {});
                for (const std::function<void()> &f : waiting)
                    f();
            };
            for (const ProviderConfig &p : std::as_const(m_providers)) {
                if (!m_secrets) {
                    done();
                    continue;
                }
                ProviderKeys::read(*m_secrets, p, this, [this, id = p.id, done](const SecretResult &r) {
                    // No key is fine (local servers); an unreadable keychain leaves the last one.
                    if (r.ok())
                        m_keys.insert(id, r.value);
                    else if (r.status == SecretResult::Status::NotFound)
                        m_keys.remove(id);
                    done();
                });
            }
            done();
        });
}

const ProviderConfig *MemoryHousekeeper::provider(const QString &id) const
{
    for (const ProviderConfig &p : m_providers)
        if (p.id == id || (!id.isEmpty() && p.name == id))
            return &p;
    return nullptr;
}

ProviderClient *MemoryHousekeeper::clientFor(const ProviderConfig &config, const QString &key)
{
    const QString fingerprint = config.id + u'\n' + config.kind + u'\n' + config.baseUrl + u'\n'
        + QString::fromLatin1(QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex());
    if (ProviderClient *client = m_clients.value(fingerprint))
        return client;
    // Clients of older settings stay until this object goes: a call may still be running on one.
    auto *client = new ProviderClient(m_network, ProviderKinds::endpoint(config, key), this);
    m_clients.insert(fingerprint, client);
    return client;
}

ModelRoute MemoryHousekeeper::routeFor(const Session &session)
{
    const bool utility = !m_settings.utilityProviderId.isEmpty() && provider(m_settings.utilityProviderId);
    const ProviderConfig *p = provider(utility ? m_settings.utilityProviderId : session.providerId);
    if (!p || !p->enabled)
        return {};
    QString model = m_settings.utilityModel;
    if (model.isEmpty())
        model = utility ? p->defaultModel : (session.model.isEmpty() ? p->defaultModel : session.model);
    return ModelRoute {clientFor(*p, m_keys.value(p->id)), model};
}

ModelRoute MemoryHousekeeper::embeddingRoute()
{
    const ProviderConfig *p = provider(m_settings.embeddingProviderId);
    if (m_settings.embeddingProviderId.isEmpty() || m_settings.embeddingModel.isEmpty() || !p || !p->enabled)
        return {};
    return ModelRoute {clientFor(*p, m_keys.value(p->id)), m_settings.embeddingModel};
}

void MemoryHousekeeper::embedQuery(const QString &text, QObject *context,
                                   std::function<void(const QueryEmbedding &)> done)
{
    refresh([this, text, context = QPointer<QObject>(context), done = std::move(done)] {
        if (!context)
            return;
        const ModelRoute route = embeddingRoute();
        QueryEmbedding embedding;
        embedding.model = route.isValid() ? route.model : QString();
        if (!route.isValid() || text.trimmed().isEmpty()) {
            done(embedding);
            return;
        }
        auto *call = new EmbeddingCall(route.client, route.model, {text.left(EmbeddingRepository::kTextChars)});
        call->setTimeoutMs(kQueryTimeoutMs);
        connect(call, &EmbeddingCall::finished, this,
                [this, call, context, embedding, done](const QList<QList<float>> &vectors, const CallError &error) {
                    call->deleteLater();
                    if (!context)
                        return;
                    QueryEmbedding out = embedding;
                    if (error.isError())
                        Q_EMIT notice(tr("Semantic recall was skipped for this message (recall by words still "
                                         "ran): %1")
                                          .arg(error.displayText()));
                    else
                        out.vector = vectors.value(0);
                    done(out);
                });
        call->start();
    });
}

void MemoryHousekeeper::indexSession(const QString &sessionId)
{
    beginWork();
    refresh([this, sessionId] { indexNow(sessionId); });
}

void MemoryHousekeeper::indexNow(const QString &sessionId)
{
    const ModelRoute route = embeddingRoute();
    if (!route.isValid() || m_indexer->isIndexing(sessionId)) {
        endWork();
        return;
    }
    m_indexer->index(sessionId, route); // its indexed() ends the work
}

// The trigger measures the history share of the session's own requests (its model's window), not
// the utility model's.
qint64 MemoryHousekeeper::shareFor(const Session &session) const
{
    const ProviderConfig *p = provider(session.providerId);
    const QString model = !session.model.isEmpty() ? session.model : (p ? p->defaultModel : QString());
    return Consolidator::historyShareFor(session, p, model);
}

void MemoryHousekeeper::endWork()
{
    if (--m_inFlight == 0)
        Q_EMIT idle();
}

void MemoryHousekeeper::turnCompleted(const QString &sessionId, const QString &assistantMessageId)
{
    if (!m_store || sessionId.isEmpty())
        return;
    beginWork();
    m_store->read<TurnRows>(
        this,
        [sessionId, assistantMessageId](Store &store) -> Result<TurnRows> {
            TurnRows out;
            Result<Session> session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            out.session = session.value();
            if (Result<qint64> waiting = Extraction::waitingTurns(store, sessionId); waiting)
                out.waitingTurns = waiting.value();
            if (assistantMessageId.isEmpty())
                return out;
            Result<Message> reply = store.messages().get(assistantMessageId);
            if (reply && !reply->parentId.isEmpty())
                if (Result<Message> user = store.messages().get(reply->parentId); user && user->role == Role::User)
                    out.user = user.value();
            return out;
        },
        [this, sessionId](const Result<TurnRows> &rows) {
            if (!rows) {
                Q_EMIT turnHandled(sessionId);
                endWork();
                return;
            }
            m_sessions.insert(sessionId, rows->session);
            const Message user = rows->user;
            const qint64 waiting = rows->waitingTurns;
            refresh([this, sessionId, user, waiting] {
                consolidate(sessionId);
                if (m_settings.autoExtract && waiting >= m_settings.extractAfterTurns)
                    extract(sessionId);
                if (m_topicCheck && !user.id.isEmpty())
                    checkTopic(sessionId, user.id, user.content);
                beginWork();
                indexNow(sessionId);
                Q_EMIT turnHandled(sessionId);
                endWork();
            });
        });
}

void MemoryHousekeeper::consolidate(const QString &sessionId)
{
    const Session session = m_sessions.value(sessionId);
    const ModelRoute route = routeFor(session);
    if (!route.isValid() || m_consolidator->isRunning(sessionId))
        return;
    Consolidator::Options options;
    options.historyShare = shareFor(session);
    beginWork();
    m_consolidator->run(sessionId, route, options, [this, sessionId](const Consolidator::Report &report) {
        const auto finished = qScopeGuard([this] { endWork(); });
        if (report.busy || report.plan.reason == ConsolidationPlan::Reason::Blocked)
            return; // someone else's run, or a span still waiting for its retry
        if (report.ok())
            succeeded(Work::Consolidation, sessionId);
        else
            failed(Work::Consolidation, sessionId, report.errors.join(u"; "_s));
    });
}

void MemoryHousekeeper::extract(const QString &sessionId)
{
    const ModelRoute route = routeFor(m_sessions.value(sessionId));
    if (!route.isValid() || m_extractor->isRunning(sessionId))
        return;
    beginWork();
    m_extractor->run(sessionId, route, [this, sessionId](const MemoryExtractor::Report &report) {
        const auto finished = qScopeGuard([this] { endWork(); });
        if (report.ok() && report.skipped)
            return; // nothing new, or the batch still waits for its retry
        if (report.ok())
            succeeded(Work::Extraction, sessionId);
        else
            failed(Work::Extraction, sessionId, report.error);
    });
}

void MemoryHousekeeper::checkTopic(const QString &sessionId, const QString &messageId, const QString &text)
{
    if (text.trimmed().isEmpty() || m_topicChecked.contains(messageId))
        return;
    const ModelRoute route = routeFor(m_sessions.value(sessionId));
    if (!route.isValid())
        return;
    beginWork();
    m_topics->classify(
        sessionId, text, route,
        [this, sessionId, messageId](const TopicDecision &decision) {
            const auto finished = qScopeGuard([this] { endWork(); });
            if (decision.error.isEmpty())
                m_topicChecked.insert(messageId);
            if (decision.offerNewSession())
                Q_EMIT topicSwitchSuggested(sessionId, messageId, decision.suggestedTitle);
        },
        messageId);
}

void MemoryHousekeeper::succeeded(Work work, const QString &sessionId)
{
    const QString key = failureKey(work == Work::Consolidation, sessionId);
    const Failure failure = m_failures.take(key);
    if (failure.reported)
        Q_EMIT notice(work == Work::Consolidation ? tr("Summarising older messages works again.")
                                                  : tr("Learning memories from the conversation works again."));
}

void MemoryHousekeeper::failed(Work work, const QString &sessionId, const QString &error)
{
    const bool consolidation = work == Work::Consolidation;
    const QString key = failureKey(consolidation, sessionId);
    Failure &failure = m_failures[key];
    ++failure.count;
    if (!failure.reported) {
        failure.reported = true;
        Q_EMIT notice(consolidation ? tr("Could not summarise older messages in the background (%1). Chatting is "
                                         "not affected; Skein will try again later.")
                                          .arg(error)
                                    : tr("Could not learn memories from the conversation in the background (%1). "
                                         "Chatting is not affected; Skein will try again later.")
                                          .arg(error));
    }
    if (m_retryScheduled.contains(key))
        return;
    m_retryScheduled.insert(key);
    const qint64 delay = std::min(m_retryMaxMs, m_retryFirstMs << std::min(failure.count - 1, 20));
    // A little after the backoff ends, so the component no longer considers the span waiting.
    QTimer::singleShot(std::chrono::milliseconds(delay + 20), this, [this, key, sessionId, consolidation] {
        m_retryScheduled.remove(key);
        if (!m_failures.contains(key))
            return;
        refresh([this, sessionId, consolidation] {
            if (consolidation)
                consolidate(sessionId);
            else
                extract(sessionId);
        });
    });
}

void MemoryHousekeeper::startReferencingSession(const QString &sessionId, const QString &entryMessageId,
                                                const QString &title, QObject *context,
                                                std::function<void(Result<Session>)> done)
{
    if (!m_store)
        return;
    m_store->write<Session>(
        context,
        [sessionId, entryMessageId, title](Store &store) {
            return TopicSwitch::startReferencingSession(store, sessionId, entryMessageId, title);
        },
        std::move(done));
}

} // namespace Skein
