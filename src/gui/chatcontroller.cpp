// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "chatcontroller.h"

#include "app/appcontext.h"
#include "app/services/sessionservice.h"
#include "app/settings/providerservice.h"
#include "core/tokens/tokenestimator.h"
#include "engine/context/contextsettings.h"
#include "engine/context/modelwindow.h"
#include "engine/conversation/conversation.h"
#include "engine/providers/providerkinds.h"
#include "engine/tools/toolhost.h"
#include "engine/turn/turn.h"
#include "engine/turn/turnrunner.h"
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"

#include <QTimer>

#include <utility>

namespace Skein {

ChatController::ChatController(AppContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_conversations(context.conversations())
    , m_sessions(new SessionListModel(this))
    , m_search(new SearchResultModel(this))
    , m_thread(new ThreadModel(this))
    , m_searchTimer(new QTimer(this))
{
    ToolHost &tools = context.tools();
    connect(&tools, &ToolHost::notice, this, &ChatController::notice);
    connect(&tools, &ToolHost::serverFailed, this, [this](const QString &name, const QString &detail) {
        Q_EMIT notice(tr("Tool server “%1” stopped: %2 (Tools → Restart Tool Servers starts it again; its log is "
                         "in Settings → MCP servers).")
                          .arg(name, detail));
    });
    m_searchTimer->setSingleShot(true);
    m_searchTimer->setInterval(150);
    connect(m_searchTimer, &QTimer::timeout, this, [this] {
        const QString text = m_searchText.trimmed();
        const quint64 generation = ++m_searchGeneration;
        if (text.isEmpty()) {
            m_search->clear();
            return;
        }
        m_context.sessions().search(text, 50, this, [this, text, generation](Result<QList<SearchHit>> hits) {
            if (generation != m_searchGeneration)
                return;
            if (hits)
                m_search->setHits(text, hits.value());
            if (hits && m_searchBacklog > 0)
                Q_EMIT notice(tr("Still indexing %L1 imported messages for search: they are not in these results yet.")
                                  .arg(m_searchBacklog));
            else if (!hits)
                Q_EMIT notice(tr("Search failed: %1").arg(hits.error().message));
        });
    });
    connect(m_sessions, &SessionListModel::titleEdited, this, &ChatController::renameSession);
    connect(m_thread, &ThreadModel::activeLeafChanged, this, [this](const QString &leaf) {
        updateContextTokens();
        if (!m_thread->sessionId().isEmpty())
            Q_EMIT activeLeafChanged(m_thread->sessionId(), leaf);
    });

    SessionService &sessions = context.sessions();
    connect(&sessions, &SessionService::sessionChanged, this, &ChatController::sessionListChanged);
    connect(&sessions, &SessionService::searchBacklog, this, [this](qint64 left) { m_searchBacklog = left; });
    connect(&sessions, &SessionService::deletePending, this, [this](const QString &id) {
        const QString title = m_sessions->session(id).title;
        m_sessions->setHidden(id, true);
        if (id == currentSessionId()) {
            closeCurrent();
            Q_EMIT currentSessionChanged(QString());
            Q_EMIT busyChanged(false);
        }
        Q_EMIT undoAvailable(title.isEmpty() ? tr("Conversation deleted.") : tr("“%1” deleted.").arg(title));
    });
    connect(&sessions, &SessionService::deleteUndone, this, [this](const QString &id) {
        m_sessions->setHidden(id, false);
        openSession(id);
    });
    connect(&sessions, &SessionService::deleted, m_sessions, &SessionListModel::remove);
    connect(&sessions, &SessionService::undoExpired, this, &ChatController::undoExpired);

    connect(&m_conversations, &Conversations::sessionChanged, this, &ChatController::sessionListChanged);
    connect(&m_conversations, &Conversations::notice, this, &ChatController::notice);
    connect(&m_conversations, &Conversations::activityChanged, this, &ChatController::onActivity);
    connect(&m_conversations, &Conversations::queueChanged, this, [this](const QString &sessionId, int count) {
        if (sessionId == currentSessionId())
            Q_EMIT queueChanged(count);
    });
    connect(&m_conversations, &Conversations::turnStarted, this, [this](const QString &sessionId, Turn *turn) {
        connect(turn, &Turn::stateChanged, this,
                [this, sessionId](SessionState state) { Q_EMIT agentStateChanged(sessionId, state); });
    });
    connect(&m_conversations, &Conversations::turnFinished, this,
            [this](const QString &sessionId, SessionState, const QString &, const QString &reply) {
                onTurnFinished(sessionId, reply);
            });
    connect(&m_conversations, &Conversations::refused, this, [this](const TurnRequest &request, const QString &) {
        if (request.kind == TurnRequest::Kind::Send && request.sessionId == currentSessionId())
            Q_EMIT sendRefused(request.text);
    });
    connect(&m_conversations, &Conversations::approvalRequested, this,
            [this](const QString &sessionId, const ApprovalRequest &request) {
                if (sessionId == currentSessionId()) {
                    Q_EMIT approvalRequested(request);
                    return;
                }
                const QString title = m_sessions->session(sessionId).title;
                Q_EMIT notice(tr("“%1” in the conversation “%2” needs your approval.")
                                  .arg(request.call.toolName, title.isEmpty() ? tr("Untitled") : title));
            });
}

ChatController::~ChatController()
{
    // The window that listens is being destroyed: leaving an incognito conversation here must
    // not reach it (the deletion's signals come back through this controller).
    blockSignals(true);
    closeCurrent();
}

QString ChatController::currentSessionId() const
{
    return m_conversation ? m_conversation->sessionId() : QString();
}

Session ChatController::currentSession() const
{
    return m_conversation ? m_conversation->session() : Session();
}

bool ChatController::isBusy() const
{
    return m_conversation && m_conversations.isRunning(m_conversation->sessionId());
}

int ChatController::queuedCount() const
{
    return m_conversation ? m_conversations.queuedCount(m_conversation->sessionId()) : 0;
}

ToolHost *ChatController::toolHost() const
{
    return &m_context.tools();
}

std::optional<ApprovalRequest> ChatController::pendingApproval(const QString &callId) const
{
    return m_conversations.pendingApproval(currentSessionId(), callId);
}

Conversations::Activity ChatController::activity(const QString &sessionId) const
{
    return m_conversations.activity(sessionId);
}

void ChatController::setUndoWindow(int ms)
{
    m_context.sessions().setUndoWindow(ms);
}

void ChatController::setStreamInterval(int ms)
{
    m_conversations.setStreamInterval(ms);
}

void ChatController::start()
{
    reloadSessions();
    reloadProviders();
    m_context.tools().reload();
}

void ChatController::reloadProviders()
{
    m_context.providerService().list(this, [this](Result<QList<ProviderConfig>> providers) {
        if (!providers)
            return;
        m_providers = providers.value();
        m_choices.clear();
        QList<ModelInfo> infos;
        for (const ProviderConfig &p : std::as_const(m_providers)) {
            if (!p.enabled)
                continue;
            QStringList seen;
            const bool local = p.isLocal();
            const ProviderKind kind = ProviderKinds::fromName(p.kind).value_or(ProviderKind::OpenAiCompatible);
            for (const ModelInfo &m : p.models) {
                const ModelVision vision
                    = ModelWindows::resolve(&p, m.id, ContextSettings {}).info.vision; // the presets know some
                m_choices.append(ModelChoice {p.id, p.name, m.id, m.contextWindow, local, kind, vision});
                seen << m.id;
                infos << m;
            }
            if (!p.defaultModel.isEmpty() && !seen.contains(p.defaultModel))
                m_choices.prepend(
                    ModelChoice {p.id, p.name, p.defaultModel, 0, local, kind,
                                 ModelWindows::resolve(&p, p.defaultModel, ContextSettings {}).info.vision});
        }
        m_thread->setModelInfo(infos);
        if (m_choice.model.isEmpty() && !m_choices.isEmpty())
            m_choice = m_choices.constFirst();
        Q_EMIT modelChoicesChanged(m_choices);
        if (m_conversation)
            Q_EMIT sessionModelChosen(currentSession().providerId, currentSession().model);
    });
}

void ChatController::reloadSessions()
{
    // At the first load, incognito conversations a previous run left open (it crashed) go; they
    // are not listed meanwhile.
    const bool first = !std::exchange(m_leftIncognitoRemoved, true);
    if (first)
        m_context.sessions().removeLeftIncognito(this, [this](const Status &s) {
            if (!s)
                Q_EMIT notice(tr("Could not delete a previous incognito conversation: %1").arg(s.error().message));
        });
    m_context.sessions().list(this, [this, first](const Result<QList<Session>> &loaded) {
        if (!loaded) {
            Q_EMIT notice(tr("Could not load conversations: %1").arg(loaded.error().message));
            return;
        }
        QList<Session> sessions = loaded.value();
        if (first)
            sessions.removeIf([](const Session &s) { return s.incognito == Session::Incognito::UntilClosed; });
        m_sessions->setSessions(sessions);
        for (const QString &running : m_conversations.runningSessions())
            m_sessions->setActivity(running, int(m_conversations.activity(running)));
        Q_EMIT sessionsLoaded(int(sessions.size()));
        // The one asked for (skein --open), else where the user left off, else the most recently
        // updated conversation.
        if (!m_conversation && !sessions.isEmpty()) {
            QString open = openAtStart(sessions);
            if (open.isEmpty())
                open = m_resumeSessionId;
            if (!m_sessions->contains(open)) {
                const Session *latest = nullptr;
                for (const Session &s : std::as_const(sessions))
                    if (!s.archived && (!latest || s.updatedAt > latest->updatedAt))
                        latest = &s;
                open = latest ? latest->id : QString();
            }
            if (!open.isEmpty())
                openSession(open);
        }
    });
}

QString ChatController::openAtStart(const QList<Session> &sessions)
{
    const QString wanted = std::exchange(m_openAtStart, {});
    if (wanted.isEmpty())
        return {};
    const QList<Session> matches = Session::matching(sessions, wanted);
    if (matches.size() == 1)
        return matches.first().id;
    if (matches.isEmpty())
        Q_EMIT notice(tr("No conversation has the id %1.").arg(wanted));
    else
        Q_EMIT notice(
            tr("%1 is the start of %n conversation ids; give more of it.", nullptr, int(matches.size())).arg(wanted));
    return {};
}

void ChatController::sessionListChanged(const Session &session)
{
    if (!m_context.sessions().isDeletePending(session.id))
        m_sessions->upsert(session);
}

void ChatController::newSession(bool incognito)
{
    Session session = Session::create();
    if (incognito)
        session.incognito = Session::Incognito::UntilClosed;
    session.providerId = m_choice.providerId;
    session.model = m_choice.model;
    m_context.sessions().create(session, this, [this](const Result<Session> &stored) {
        if (!stored) {
            Q_EMIT notice(tr("Could not create a conversation: %1").arg(stored.error().message));
            return;
        }
        openSession(stored->id);
    });
}

void ChatController::openSession(const QString &sessionId)
{
    show(sessionId, {});
}

void ChatController::reloadCurrentSession()
{
    if (m_conversation && !isBusy())
        m_conversation->load();
}

void ChatController::openNewSession(const QString &sessionId)
{
    m_context.sessions().get(sessionId, this, [this](Result<Session> s) {
        if (s)
            sessionListChanged(s.value());
    });
    openSession(sessionId);
}

void ChatController::openMessage(const QString &sessionId, const QString &messageId)
{
    if (sessionId == currentSessionId() && m_thread->contains(messageId)) {
        showBranchOf(messageId);
        return;
    }
    show(sessionId, messageId);
}

void ChatController::closeCurrent()
{
    if (!m_conversation)
        return;
    // Leaving an incognito conversation deletes it (with the usual undo), unless it was kept
    // or a reply is still being written into it.
    if (const Session left = currentSession();
        left.incognito == Session::Incognito::UntilClosed && !m_conversations.isRunning(left.id))
        m_context.sessions().scheduleDelete(left.id);
    Conversation *old = m_conversation;
    m_conversation = nullptr;
    m_thread->setConversation(nullptr);
    disconnect(old, nullptr, this, nullptr);
    m_conversations.close(old);
}

void ChatController::show(const QString &sessionId, const QString &showMessageId)
{
    Conversation *doc = m_conversations.open(sessionId);
    if (doc == m_conversation) {
        m_conversations.close(doc); // already held
        doc->whenLoaded(this, [this, showMessageId] { onShown(showMessageId); });
        return;
    }
    closeCurrent();
    m_conversation = doc;
    m_selectedMessage.clear();
    m_tokenCache.clear();
    connect(doc, &Conversation::storageFailed, this, &ChatController::notice);
    connect(doc, &Conversation::sessionChanged, this, &ChatController::updateContextTokens);
    // The rows follow the document from its preview on (Conversation::load).
    m_thread->setConversation(doc);
    doc->whenLoaded(this, [this, doc, showMessageId] {
        if (doc == m_conversation)
            onShown(showMessageId);
    });
}

void ChatController::onShown(const QString &showMessageId)
{
    const Session session = currentSession();
    if (!session.providerId.isEmpty() || !session.model.isEmpty()) {
        for (const ModelChoice &c : std::as_const(m_choices))
            if (c.providerId == session.providerId && c.model == session.model)
                m_choice = c;
        Q_EMIT sessionModelChosen(session.providerId, session.model);
    }
    Q_EMIT currentSessionChanged(session.id);
    Q_EMIT threadLoaded(session.id);
    Q_EMIT busyChanged(m_shownBusy = isBusy());
    Q_EMIT queueChanged(queuedCount());
    if (!showMessageId.isEmpty())
        showBranchOf(showMessageId);
    // A turn that waited for the user's approval when the app closed asks again.
    if (session.state == SessionState::WaitingTool && !m_conversations.isRunning(session.id)
        && !m_context.turns().isBusy(session.id)) {
        TurnRequest resume;
        resume.kind = TurnRequest::Kind::Resume;
        resume.sessionId = session.id;
        run(resume);
    }
}

void ChatController::showBranchOf(const QString &messageId)
{
    if (!m_conversation || !m_conversation->contains(messageId))
        return;
    m_conversation->showBranchOf(messageId);
    Q_EMIT scrollRequested(messageId);
}

void ChatController::setSelectedMessage(const QString &messageId)
{
    if (messageId == m_selectedMessage)
        return;
    m_selectedMessage = messageId;
    Q_EMIT selectedMessageChanged(messageId);
}

void ChatController::chooseModel(const ModelChoice &choice)
{
    m_choice = choice;
    if (!m_conversation)
        return;
    m_context.sessions().setModel(currentSessionId(), choice.providerId, choice.model, this,
                                  [this](Result<Session> stored) {
                                      if (stored && m_conversation)
                                          m_conversation->setSession(stored.value());
                                  });
    updateContextTokens();
}

void ChatController::switchSibling(const QString &messageId, ConversationTree::Direction direction)
{
    if (m_conversation)
        m_conversation->switchSibling(messageId, direction);
}

void ChatController::deleteBranch(const QString &messageId)
{
    if (m_conversation && !isBusy())
        m_conversation->deleteBranch(messageId);
}

void ChatController::updateContextTokens()
{
    // Several changes of one event-loop turn (a document read again: its session, its tree, its
    // active leaf) count the path once.
    if (std::exchange(m_contextTokensPending, true))
        return;
    QTimer::singleShot(0, this, [this] {
        m_contextTokensPending = false;
        countContextTokens();
    });
}

void ChatController::countContextTokens()
{
    const TokenEstimator estimator = TokenEstimator::forModel(m_choice.model);
    const Session session = currentSession();
    qint64 total = session.systemPrompt.isEmpty() ? 0 : estimator.estimateMessage(u"system", session.systemPrompt);
    if (!m_conversation) {
        Q_EMIT contextTokensChanged(total);
        return;
    }
    for (const QString &id : m_thread->path()) {
        const std::optional<CompactMessages::Brief> brief = m_conversation->brief(id);
        if (!brief || brief->status == MessageStatus::Generating)
            continue;
        if (brief->tokenEstimate > 0) {
            total += brief->tokenEstimate;
            continue;
        }
        // Only messages stored without an estimate are counted here, once.
        auto it = m_tokenCache.constFind(id);
        if (it == m_tokenCache.cend())
            it = m_tokenCache.insert(
                id, estimator.estimateMessage(toString(brief->role), m_conversation->message(id).content));
        total += *it;
    }
    Q_EMIT contextTokensChanged(total);
}

} // namespace Skein
