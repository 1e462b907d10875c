// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "app/conversations.h"
#include "app/conversations_p.h"

#include "engine/conversation/conversation.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/providers/providerkeys.h"
#include "engine/providers/providerkinds.h"
#include "engine/tools/toolhost.h"
#include "engine/turn/turn.h"
#include "engine/turn/turnrunner.h"
#include "llm/providerclient.h"
#include "secrets/secretstore.h"
#include "storage/asyncstore.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QTimer>

namespace Skein {

namespace {

struct Resolved
{
    Session session;
    std::optional<ProviderConfig> provider;
};

} // namespace

Conversations::Conversations(const Services &services, QObject *parent)
    : QObject(parent)
    , m_services(services)
    , m_streamTimer(new QTimer(this))
{
    m_streamTimer->setSingleShot(true);
    connect(m_streamTimer, &QTimer::timeout, this, [this] {
        const QStringList sessions = m_running.keys();
        for (const QString &id : sessions)
            flushDeltas(id);
    });
    if (m_services.housekeeper)
        connect(m_services.housekeeper, &MemoryHousekeeper::summariesChanged, this, [this](const QString &sessionId) {
            if (Conversation *doc = document(sessionId))
                doc->reloadSummaries();
        });
}

Conversations::~Conversations()
{
    // A turn waiting for the user's approval stays WAITING_TOOL on disk and asks again when the
    // conversation is next opened; anything else in flight stops (the reply is kept, `cancelled`).
    for (const std::shared_ptr<Running> &r : std::as_const(m_running))
        if (r->turn && r->turn->pendingApprovalCallId().isEmpty())
            r->turn->cancel();
}

Conversation *Conversations::open(const QString &sessionId)
{
    Open &entry = m_open[sessionId];
    if (!entry.document) {
        entry.document = new Conversation(m_services.store, sessionId, this);
        entry.document->load();
    }
    ++entry.holds;
    return entry.document;
}

void Conversations::close(Conversation *conversation)
{
    if (!conversation)
        return;
    const QString id = conversation->sessionId();
    auto it = m_open.find(id);
    if (it == m_open.end() || it->document != conversation)
        return;
    it->holds = std::max(0, it->holds - 1);
    release(id);
}

void Conversations::release(const QString &sessionId)
{
    auto it = m_open.find(sessionId);
    if (it == m_open.end() || it->holds > 0 || m_running.contains(sessionId))
        return;
    it->document->deleteLater();
    m_open.erase(it);
}

Conversation *Conversations::document(const QString &sessionId) const
{
    return m_open.value(sessionId).document;
}

TurnOptions Conversations::defaultOptions() const
{
    TurnOptions options;
    if (m_services.tools) {
        const Settings::AgentDefaults defaults = m_services.tools->agentDefaults();
        options.maxIterations = defaults.maxIterations;
        options.toolTimeout = std::chrono::seconds(defaults.toolTimeoutSeconds);
    }
    return options;
}

bool Conversations::isRunning(const QString &sessionId) const
{
    return m_running.contains(sessionId);
}

Conversations::Activity Conversations::activity(const QString &sessionId) const
{
    const auto it = m_running.constFind(sessionId);
    return it == m_running.cend() ? Activity::Idle : (*it)->activity;
}

int Conversations::queuedCount(const QString &sessionId) const
{
    return int(m_queues.value(sessionId).size());
}

std::optional<ApprovalRequest> Conversations::pendingApproval(const QString &sessionId, const QString &callId) const
{
    const auto it = m_running.constFind(sessionId);
    if (it == m_running.cend() || !(*it)->approvals.contains(callId))
        return std::nullopt;
    return (*it)->approvals.value(callId);
}

QList<ApprovalRequest> Conversations::pendingApprovals(const QString &sessionId) const
{
    const auto it = m_running.constFind(sessionId);
    return it == m_running.cend() ? QList<ApprovalRequest> {} : (*it)->approvals.values();
}

QStringList Conversations::runningSessions() const
{
    return m_running.keys();
}

void Conversations::start(const TurnRequest &request)
{
    if (request.sessionId.isEmpty())
        return;
    if (m_running.contains(request.sessionId)) {
        QList<TurnRequest> &queue = m_queues[request.sessionId];
        queue.append(request);
        Q_EMIT queueChanged(request.sessionId, int(queue.size()));
        return;
    }
    auto running = std::make_shared<Running>();
    running->request = request;
    m_running.insert(request.sessionId, running);
    if (Conversation *doc = document(request.sessionId))
        doc->setTurnRunning(true);
    if (m_services.housekeeper)
        m_services.housekeeper->runStarted(request.sessionId);
    setActivity(request.sessionId, Activity::Running);
    resolve(request, [this, request](const ProviderConfig &provider, const QString &key) {
        const auto it = m_running.constFind(request.sessionId);
        if (it == m_running.cend() || (*it)->request.sessionId != request.sessionId)
            return;
        if ((*it)->cancelled) {
            finish(request.sessionId, SessionState::Cancelled, {});
            return;
        }
        const bool agent = request.options.toolsEnabled && m_services.tools;
        auto go = [this, request, provider, key] {
            // A document being loaded must hold the disk's state before the turn reports into it.
            if (Conversation *doc = document(request.sessionId); doc && !doc->isLoaded())
                doc->whenLoaded(this, [this, request, provider, key] { launch(request, provider, key); });
            else
                launch(request, provider, key);
        };
        if (!agent || m_services.tools->isReady()) {
            go();
            return;
        }
        // The first turn after start waits until the tool servers are up (or timed out).
        Q_EMIT notice(tr("Starting tool servers…"));
        m_services.tools->whenReady(this, go);
    });
}

void Conversations::resolve(const TurnRequest &request,
                            std::function<void(const ProviderConfig &, const QString &key)> then)
{
    if (request.provider) {
        ProviderConfig provider = *request.provider;
        if (!request.model.isEmpty())
            provider.defaultModel = request.model;
        then(provider, request.apiKey.value_or(QString()));
        return;
    }
    const QString sessionId = request.sessionId;
    const QString providerId = request.providerId;
    m_services.store->read<Resolved>(
        this,
        [sessionId, providerId](Store &store) -> Result<Resolved> {
            Resolved r;
            Result<Session> session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            r.session = session.value();
            const QString id = providerId.isEmpty() ? r.session.providerId : providerId;
            if (!id.isEmpty())
                if (Result<ProviderConfig> p = store.providers().get(id); p)
                    r.provider = p.value();
            return r;
        },
        [this, request, then = std::move(then)](const Result<Resolved> &resolved) {
            if (!resolved) {
                fail(request, tr("Could not start the reply: %1").arg(resolved.error().message));
                return;
            }
            if (!resolved->provider) {
                fail(request, tr("No provider is configured for this conversation. Add one in Settings."));
                return;
            }
            ProviderConfig provider = *resolved->provider;
            if (!provider.enabled) {
                fail(request,
                     tr("The provider %1 is not enabled on this computer (an imported provider waits for "
                        "your review in Settings → Providers); nothing was sent.")
                         .arg(provider.name));
                return;
            }
            if (request.model.isEmpty() && !resolved->session.model.isEmpty())
                provider.defaultModel = resolved->session.model;
            else if (!request.model.isEmpty())
                provider.defaultModel = request.model;
            if (request.apiKey) {
                then(provider, *request.apiKey);
                return;
            }
            ProviderKeys::read(*m_services.secrets, provider, this, [this, provider, then](const SecretResult &secret) {
                noteKeyLookup(provider, secret);
                then(provider, secret.ok() ? secret.value : QString());
            });
        });
}

void Conversations::noteKeyLookup(const ProviderConfig &provider, const SecretResult &secret)
{
    if (const std::optional<ApiKeyState> state = ProviderKeys::learned(*m_services.secrets, provider, secret)) {
        const QString id = provider.id;
        m_services.store->write(
            [id, state = *state](Store &store) { return store.providers().setApiKeyState(id, state); });
    }
    if (secret.status == SecretResult::Status::Unavailable && provider.apiKey == ApiKeyState::Keychain)
        Q_EMIT notice(tr("The API key of %1 is in the system keychain, but the keychain cannot be used (%2). The "
                         "request is sent without it; see Settings → Providers.")
                          .arg(provider.name, secret.message));
}

void Conversations::launch(const TurnRequest &request, const ProviderConfig &provider, const QString &key)
{
    const auto it = m_running.constFind(request.sessionId);
    if (it == m_running.cend())
        return;
    if ((*it)->cancelled) {
        finish(request.sessionId, SessionState::Cancelled, {});
        return;
    }
    auto *client = new ProviderClient(m_services.network, ProviderKinds::endpoint(provider, key));
    QString refusedWhy;
    Turn *turn = m_services.runner->create(request.sessionId, client, request.options, &refusedWhy);
    if (!turn) {
        delete client;
        fail(request, refusedWhy);
        return;
    }
    client->setParent(turn);
    turn->setModel(provider.defaultModel);
    turn->setProviderId(provider.id);
    if (QPointer<MemoryHousekeeper> housekeeper = m_services.housekeeper)
        turn->setQueryEmbedder(
            [housekeeper](const QString &text, QObject *context, std::function<void(const QueryEmbedding &)> done) {
                if (housekeeper)
                    housekeeper->embedQuery(text, context, std::move(done));
                else
                    done({});
            });
    (*it)->turn = turn;
    wire(request.sessionId, turn, request);
    Q_EMIT turnStarted(request.sessionId, turn);
    switch (request.kind) {
    case TurnRequest::Kind::Send:
        turn->setAttachments(request.attachments);
        turn->send(request.sessionId, request.text, request.parentId);
        break;
    case TurnRequest::Kind::Retry:
        turn->retry(request.sessionId, request.replyId);
        break;
    case TurnRequest::Kind::Continue:
        turn->continueReply(request.sessionId, request.replyId);
        break;
    case TurnRequest::Kind::Resume:
        turn->resume(request.sessionId);
        break;
    }
}

void Conversations::stop(const QString &sessionId)
{
    if (m_queues.contains(sessionId) && !m_queues.value(sessionId).isEmpty()) {
        m_queues.remove(sessionId);
        Q_EMIT queueChanged(sessionId, 0);
    }
    const auto it = m_running.constFind(sessionId);
    if (it == m_running.cend())
        return;
    if ((*it)->turn)
        (*it)->turn->cancel();
    else
        (*it)->cancelled = true; // its key is being read: nothing was sent yet
}

void Conversations::stopAll()
{
    const QStringList sessions = m_running.keys();
    for (const QString &id : sessions)
        stop(id);
}

void Conversations::decide(const QString &sessionId, const QString &callId, ApprovalDecision decision)
{
    const auto it = m_running.constFind(sessionId);
    if (it == m_running.cend() || !(*it)->turn || !(*it)->approvals.contains(callId))
        return;
    (*it)->approvals.remove(callId);
    if (Conversation *doc = document(sessionId))
        doc->setToolCallState(
            callId,
            {decision == ApprovalDecision::Deny ? ToolCallState::Phase::Denied : ToolCallState::Phase::Approved, -1});
    if ((*it)->approvals.isEmpty())
        setActivity(sessionId, Activity::Running);
    (*it)->turn->decide(callId, decision);
}

void Conversations::setActivity(const QString &sessionId, Activity activity)
{
    if (const auto it = m_running.constFind(sessionId); it != m_running.cend()) {
        if ((*it)->activity == activity)
            return;
        (*it)->activity = activity;
    }
    Q_EMIT activityChanged(sessionId, activity);
}

} // namespace Skein
