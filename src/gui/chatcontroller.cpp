#include "chatcontroller.h"

#include "app/appcontext.h"
#include "core/domain/ids.h"
#include "core/stream/streamdelta.h"
#include "core/tokens/tokenestimator.h"
#include "engine/agent/agentrun.h"
#include "engine/agent/agentrunner.h"
#include "engine/agent/toolhost.h"
#include "engine/chatturn.h"
#include "engine/context/contextrequestsource.h"
#include "engine/providerkeys.h"
#include "engine/providerkinds.h"
#include "llm/providerclient.h"
#include "models/searchresultmodel.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"
#include "secrets/secretstore.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QTimer>

#include <utility>

namespace Skein {

namespace {

struct ThreadData
{
    Session session;
    QList<Message> messages;
};

} // namespace

ChatController::ChatController(AppContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_sessions(new SessionListModel(this))
    , m_search(new SearchResultModel(this))
    , m_thread(new ThreadModel(this))
    , m_tools(new ToolHost(&context.storage(), &context.secrets(), context.dataDir(), this))
    , m_runner(new AgentRunner(&context.storage(), m_tools->registry(), context.dataDir(), this))
    , m_streamTimer(new QTimer(this))
    , m_searchTimer(new QTimer(this))
{
    connect(m_tools, &ToolHost::notice, this, &ChatController::notice);
    connect(m_tools, &ToolHost::serverFailed, this, [this](const QString &name, const QString &detail) {
        Q_EMIT notice(tr("Tool server “%1” stopped: %2 (Tools → Restart Tool Servers starts it again; its log is "
                         "in Settings → MCP servers).")
                          .arg(name, detail));
    });
    m_streamTimer->setSingleShot(true);
    connect(m_streamTimer, &QTimer::timeout, this, &ChatController::flushStream);
    m_searchTimer->setSingleShot(true);
    m_searchTimer->setInterval(150);
    connect(m_searchTimer, &QTimer::timeout, this, [this] {
        const QString text = m_searchText.trimmed();
        const quint64 generation = ++m_searchGeneration;
        if (text.isEmpty()) {
            m_search->clear();
            return;
        }
        m_context.storage().read<QList<SearchHit>>(
            this,
            [text](Store &store) {
                SearchQuery q;
                q.text = text;
                q.limit = 50;
                return store.search().search(q);
            },
            [this, text, generation](Result<QList<SearchHit>> hits) {
                if (generation != m_searchGeneration)
                    return;
                if (hits)
                    m_search->setHits(text, hits.value());
                else
                    Q_EMIT notice(tr("Search failed: %1").arg(hits.error().message));
            });
    });
    connect(m_sessions, &SessionListModel::titleEdited, this, &ChatController::renameSession);
    connect(m_thread, &ThreadModel::activeLeafChanged, this, [this](const QString &leaf) {
        updateContextTokens();
        if (!m_thread->sessionId().isEmpty())
            Q_EMIT activeLeafChanged(m_thread->sessionId(), leaf);
    });
}

ChatController::~ChatController()
{
    // Deletes still waiting for their undo window happen now; the storage writer finishes
    // them before the app exits.
    const QStringList pending = m_pendingDeletes.keys();
    for (const QString &id : pending)
        commitDelete(id);
    if (m_turn)
        m_turn->cancel();
    // A run waiting for the user's approval stays WAITING_TOOL on disk and asks again when the
    // session is next opened; anything else in flight stops (the reply is kept, `cancelled`).
    if (m_run && m_run->pendingApprovalCallId().isEmpty())
        m_run->cancel();
}

void ChatController::start()
{
    reloadSessions();
    reloadProviders();
    m_tools->reload();
}

void ChatController::reloadSessions()
{
    m_context.storage().read<QList<Session>>(
        this, [](Store &store) { return store.sessions().list(); },
        [this](Result<QList<Session>> sessions) {
            if (!sessions) {
                Q_EMIT notice(tr("Could not load conversations: %1").arg(sessions.error().message));
                return;
            }
            m_sessions->setSessions(sessions.value());
            Q_EMIT sessionsLoaded(int(sessions->size()));
            // Reopen where the user left off, else the most recently updated conversation.
            if (m_currentSession.id.isEmpty() && !sessions->isEmpty()) {
                QString open = m_resumeSessionId;
                if (!m_sessions->contains(open)) {
                    const Session *latest = nullptr;
                    for (const Session &s : sessions.value())
                        if (!s.archived && (!latest || s.updatedAt > latest->updatedAt))
                            latest = &s;
                    open = latest ? latest->id : QString();
                }
                if (!open.isEmpty())
                    openSession(open);
            }
        });
}

void ChatController::reloadProviders()
{
    m_context.storage().read<QList<ProviderConfig>>(
        this, [](Store &store) { return store.providers().list(); },
        [this](Result<QList<ProviderConfig>> providers) {
            if (!providers)
                return;
            m_providers = providers.value();
            m_choices.clear();
            QList<ModelInfo> infos;
            for (const ProviderConfig &p : std::as_const(m_providers)) {
                if (!p.enabled)
                    continue;
                QStringList seen;
                for (const ModelInfo &m : p.models) {
                    m_choices.append(ModelChoice {p.id, p.name, m.id, m.contextWindow});
                    seen << m.id;
                    infos << m;
                }
                if (!p.defaultModel.isEmpty() && !seen.contains(p.defaultModel))
                    m_choices.prepend(ModelChoice {p.id, p.name, p.defaultModel, 0});
            }
            m_thread->setModelInfo(infos);
            if (m_choice.model.isEmpty() && !m_choices.isEmpty())
                m_choice = m_choices.constFirst();
            Q_EMIT modelChoicesChanged(m_choices);
            if (!m_currentSession.id.isEmpty())
                Q_EMIT sessionModelChosen(m_currentSession.providerId, m_currentSession.model);
        });
}

void ChatController::newSession()
{
    Session session = Session::create();
    session.providerId = m_choice.providerId;
    session.model = m_choice.model;
    m_context.storage().write<Session>(
        this,
        [session](Store &store) -> Result<Session> {
            if (Status s = store.sessions().create(session); !s)
                return s.error();
            return store.sessions().get(session.id);
        },
        [this](Result<Session> stored) {
            if (!stored) {
                Q_EMIT notice(tr("Could not create a conversation: %1").arg(stored.error().message));
                return;
            }
            m_sessions->upsert(stored.value());
            openSession(stored->id);
        });
}

void ChatController::openSession(const QString &sessionId)
{
    loadThread(sessionId, {});
}

void ChatController::reloadCurrentSession()
{
    if (m_currentSession.id.isEmpty() || (m_busy && m_running.sessionId == m_currentSession.id))
        return;
    loadThread(m_currentSession.id, m_selectedMessage);
}

void ChatController::openNewSession(const QString &sessionId)
{
    refreshSession(sessionId);
    openSession(sessionId);
}

void ChatController::openMessage(const QString &sessionId, const QString &messageId)
{
    if (sessionId == m_thread->sessionId() && m_thread->contains(messageId)) {
        showBranchOf(messageId);
        return;
    }
    loadThread(sessionId, messageId);
}

void ChatController::loadThread(const QString &sessionId, const QString &showMessageId)
{
    const quint64 generation = ++m_loadGeneration;
    m_context.storage().read<ThreadData>(
        this,
        [sessionId](Store &store) -> Result<ThreadData> {
            ThreadData data;
            Result<Session> session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            data.session = session.value();
            Result<QList<Message>> messages = store.messages().bySession(sessionId);
            if (!messages)
                return messages.error();
            data.messages = messages.value();
            // A forked session's first messages hang below another session's messages.
            if (!data.session.entryMessageId.isEmpty()) {
                Result<QList<Message>> entry = store.messages().path(data.session.entryMessageId);
                if (entry)
                    data.messages = entry.value() + data.messages;
            }
            return data;
        },
        [this, generation, showMessageId](Result<ThreadData> data) {
            if (generation != m_loadGeneration)
                return;
            if (!data) {
                Q_EMIT notice(tr("Could not open the conversation: %1").arg(data.error().message));
                return;
            }
            m_currentSession = data->session;
            m_selectedMessage.clear();
            m_tokenCache.clear();
            if (!m_thread->load(data->session.id, data->messages, data->session.activeLeafId))
                Q_EMIT notice(tr("This conversation's messages do not form a valid tree."));
            if (!m_currentSession.providerId.isEmpty() || !m_currentSession.model.isEmpty()) {
                for (const ModelChoice &c : std::as_const(m_choices))
                    if (c.providerId == m_currentSession.providerId && c.model == m_currentSession.model)
                        m_choice = c;
                Q_EMIT sessionModelChosen(m_currentSession.providerId, m_currentSession.model);
            }
            Q_EMIT currentSessionChanged(m_currentSession.id);
            Q_EMIT threadLoaded(m_currentSession.id);
            if (!showMessageId.isEmpty())
                showBranchOf(showMessageId);
            // A run that waited for the user's approval when the app closed asks again.
            const bool running = m_busy && m_running.sessionId == m_currentSession.id;
            if (m_currentSession.state == SessionState::WaitingTool && !running
                && !m_runner->isBusy(m_currentSession.id)) {
                PendingTurn resume;
                resume.kind = TurnKind::Resume;
                resume.sessionId = m_currentSession.id;
                runTurn(resume);
            }
        });
}

void ChatController::showBranchOf(const QString &messageId)
{
    if (!m_thread->contains(messageId))
        return;
    const QString before = m_thread->activeLeaf();
    m_thread->showBranchOf(messageId);
    if (m_thread->activeLeaf() != before)
        persistActiveLeaf();
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
    if (m_currentSession.id.isEmpty())
        return;
    m_currentSession.providerId = choice.providerId;
    m_currentSession.model = choice.model;
    const QString id = m_currentSession.id;
    m_context.storage().write<Session>(
        this,
        [id, choice](Store &store) -> Result<Session> {
            Result<Session> s = store.sessions().get(id);
            if (!s)
                return s.error();
            Session updated = s.value();
            updated.providerId = choice.providerId;
            updated.model = choice.model;
            return store.sessions().update(updated);
        },
        [this](Result<Session> stored) {
            if (stored)
                m_sessions->upsert(stored.value());
        });
    updateContextTokens();
}

void ChatController::persistActiveLeaf()
{
    const QString sessionId = m_thread->sessionId();
    const QString leaf = m_thread->activeLeaf();
    if (sessionId.isEmpty())
        return;
    m_currentSession.activeLeafId = leaf;
    m_context.storage().write(
        [sessionId, leaf](Store &store) { return store.sessions().setActiveLeaf(sessionId, leaf); });
}

void ChatController::switchSibling(const QString &messageId, ConversationTree::Direction direction)
{
    if (m_busy && m_running.sessionId == m_thread->sessionId())
        return; // the reply being written stays on screen
    if (m_thread->switchSibling(messageId, direction))
        persistActiveLeaf();
}

void ChatController::updateContextTokens()
{
    const TokenEstimator estimator = TokenEstimator::forModel(m_choice.model);
    qint64 total = m_currentSession.systemPrompt.isEmpty()
        ? 0
        : estimator.estimateMessage(u"system", m_currentSession.systemPrompt);
    const QStringList rows = m_thread->rows();
    for (const QString &id : rows) {
        auto it = m_tokenCache.constFind(id);
        if (it == m_tokenCache.cend()) {
            const Message m = m_thread->message(id);
            if (m.status == MessageStatus::Generating)
                continue;
            const qint64 t
                = m.tokenEstimate > 0 ? m.tokenEstimate : estimator.estimateMessage(toString(m.role), m.content);
            it = m_tokenCache.insert(id, t);
        }
        total += *it;
    }
    Q_EMIT contextTokensChanged(total);
}

// --- Model calls ---------------------------------------------------------------------------

void ChatController::send(const QString &text)
{
    if (text.trimmed().isEmpty())
        return;
    if (m_currentSession.id.isEmpty()) {
        // No conversation yet: create one, then send into it (sends made meanwhile follow).
        m_awaitingSession.append(text);
        if (m_awaitingSession.size() > 1)
            return;
        Session session = Session::create();
        session.providerId = m_choice.providerId;
        session.model = m_choice.model;
        m_context.storage().write<Session>(
            this,
            [session](Store &store) -> Result<Session> {
                if (Status s = store.sessions().create(session); !s)
                    return s.error();
                return store.sessions().get(session.id);
            },
            [this](Result<Session> stored) {
                const QStringList texts = std::exchange(m_awaitingSession, {});
                if (!stored) {
                    Q_EMIT notice(tr("Could not create a conversation: %1").arg(stored.error().message));
                    return;
                }
                m_sessions->upsert(stored.value());
                m_currentSession = stored.value();
                m_thread->load(stored->id, {}, {});
                Q_EMIT currentSessionChanged(stored->id);
                for (const QString &t : texts)
                    send(t);
            });
        return;
    }
    PendingTurn p;
    p.kind = TurnKind::Send;
    p.sessionId = m_currentSession.id;
    p.text = text;
    p.parentId = m_thread->activeLeaf();
    runTurn(p);
}

void ChatController::editMessage(const QString &userMessageId, const QString &newText)
{
    const Message original = m_thread->message(userMessageId);
    if (original.id.isEmpty() || original.role != Role::User || newText.trimmed().isEmpty())
        return;
    PendingTurn p;
    p.kind = TurnKind::Send;
    p.sessionId = original.sessionId;
    p.text = newText;
    p.parentId = original.parentId;
    runTurn(p);
}

void ChatController::regenerate(const QString &assistantMessageId)
{
    const Message m = m_thread->message(assistantMessageId);
    if (m.id.isEmpty() || m.role != Role::Assistant)
        return;
    runTurn(PendingTurn {TurnKind::Retry, m.sessionId, {}, m.id, m.parentId, {}});
}

void ChatController::continueReply(const QString &assistantMessageId)
{
    const Message m = m_thread->message(assistantMessageId);
    if (m.id.isEmpty() || m.role != Role::Assistant)
        return;
    runTurn(PendingTurn {TurnKind::Continue, m.sessionId, {}, m.id, m.parentId, {}});
}

void ChatController::stop()
{
    if (!m_queue.isEmpty()) {
        m_queue.clear();
        Q_EMIT queueChanged(0);
    }
    if (m_run) {
        m_run->cancel();
    } else if (m_turn) {
        m_turn->cancel();
    } else if (m_busy) {
        // Still reading the API key: nothing was sent yet.
        ++m_turnGeneration;
        m_busy = false;
        Q_EMIT busyChanged(false);
        Q_EMIT runFinished(m_running.sessionId);
    }
}

void ChatController::runTurn(const PendingTurn &pending)
{
    if (m_busy) {
        m_queue.append(pending);
        Q_EMIT queueChanged(int(m_queue.size()));
        return;
    }
    const QString providerId = pending.sessionId == m_currentSession.id && !m_currentSession.providerId.isEmpty()
        ? m_currentSession.providerId
        : m_choice.providerId;
    ProviderConfig provider;
    for (const ProviderConfig &p : std::as_const(m_providers))
        if (p.id == providerId)
            provider = p;
    if (provider.id.isEmpty()) {
        Q_EMIT notice(tr("No provider is configured for this conversation. Add one in Settings."));
        return;
    }
    m_running = pending;
    m_busy = true; // from here on a second send queues, also while the key is read
    Q_EMIT busyChanged(true);
    Q_EMIT runStarted(pending.sessionId);
    const quint64 generation = ++m_turnGeneration;
    const bool agent = pending.kind == TurnKind::Send || pending.kind == TurnKind::Resume;
    ProviderKeys::read(m_context.secrets(), provider, this,
                       [this, pending, provider, generation, agent](const SecretResult &secret) {
                           if (generation != m_turnGeneration)
                               return;
                           noteKeyLookup(provider, secret);
                           const QString key = secret.ok() ? secret.value : QString();
                           if (!agent || m_tools->isReady()) {
                               startTurn(pending, provider, key);
                               return;
                           }
                           // The first send after start waits until the tool servers are up (or timed out).
                           Q_EMIT notice(tr("Starting tool servers…"));
                           m_tools->whenReady(this, [this, pending, provider, key, generation] {
                               if (generation == m_turnGeneration)
                                   startTurn(pending, provider, key);
                           });
                       });
}

void ChatController::noteKeyLookup(const ProviderConfig &provider, const SecretResult &secret)
{
    if (const std::optional<ApiKeyState> state = ProviderKeys::learned(m_context.secrets(), provider, secret)) {
        for (ProviderConfig &p : m_providers)
            if (p.id == provider.id)
                p.apiKey = *state;
        const QString id = provider.id;
        m_context.storage().write(
            [id, state = *state](Store &store) { return store.providers().setApiKeyState(id, state); });
    }
    if (secret.status == SecretResult::Status::Unavailable && provider.apiKey == ApiKeyState::Keychain)
        Q_EMIT notice(tr("The API key of %1 is in the system keychain, but the keychain cannot be used (%2). The "
                         "request is sent without it; see Settings → Providers.")
                          .arg(provider.name, secret.message));
}

void ChatController::startTurn(const PendingTurn &pending, const ProviderConfig &provider, const QString &key)
{
    auto *client = new ProviderClient(m_context.network(), ProviderKinds::endpoint(provider, key));
    const QString model = pending.sessionId == m_currentSession.id && !m_currentSession.model.isEmpty()
        ? m_currentSession.model
        : (m_choice.model.isEmpty() ? provider.defaultModel : m_choice.model);
    if (pending.kind == TurnKind::Send || pending.kind == TurnKind::Resume) {
        startRun(pending, client, provider.id, model);
        return;
    }
    auto *turn = new ChatTurn(&m_context.storage(), client, this);
    client->setParent(turn);
    m_turn = turn;
    if (!pending.exclusions.isEmpty()) {
        auto source = std::make_shared<ContextRequestSource>();
        source->setExclusions(pending.exclusions);
        turn->setRequestSource(source);
    }
    turn->setModel(model);
    turn->setProviderId(provider.id);
    m_streamTarget.clear();
    m_pendingText.clear();
    m_pendingReasoning.clear();

    connect(turn, &ChatTurn::userMessageCommitted, this, [this, pending](const QString &id) {
        if (m_thread->sessionId() != pending.sessionId)
            return;
        Message m = Message::create(pending.sessionId, pending.parentId, Role::User, pending.text);
        m.id = id;
        m_thread->addMessage(m, true);
    });
    connect(turn, &ChatTurn::assistantStarted, this, [this, pending, turn, model](const QString &id) {
        m_streamTarget = id;
        if (m_thread->sessionId() != pending.sessionId)
            return;
        if (pending.kind == TurnKind::Continue) {
            m_thread->setStatus(id, MessageStatus::Generating);
            return;
        }
        const QString parent = pending.kind == TurnKind::Send ? turn->userMessageId() : pending.parentId;
        Message m = Message::create(pending.sessionId, parent, Role::Assistant, QString());
        m.id = id;
        m.status = MessageStatus::Generating;
        m.model = model;
        m_thread->addMessage(m, true);
    });
    connect(turn, &ChatTurn::deltasReceived, this, &ChatController::onDeltas);
    connect(turn, &ChatTurn::finished, this, &ChatController::onTurnFinished);
    if (pending.kind == TurnKind::Continue)
        turn->continueReply(pending.targetId);
    else
        turn->retry(pending.targetId);
}

void ChatController::onDeltas(const QList<StreamDelta> &deltas)
{
    for (const StreamDelta &d : deltas) {
        if (d.kind == StreamDelta::Kind::Text || d.kind == StreamDelta::Kind::Refusal)
            m_pendingText += d.text;
        else if (d.kind == StreamDelta::Kind::Reasoning)
            m_pendingReasoning += d.text;
    }
    if (!m_streamTimer->isActive())
        m_streamTimer->start(m_streamIntervalMs);
}

void ChatController::flushStream()
{
    if (m_streamTarget.isEmpty() || (m_pendingText.isEmpty() && m_pendingReasoning.isEmpty()))
        return;
    if (m_thread->sessionId() == m_running.sessionId && !m_thread->contains(m_streamTarget)) {
        // The reply's row is still being read from storage (a later iteration of the loop).
        m_streamTimer->start(m_streamIntervalMs);
        return;
    }
    m_thread->appendText(m_streamTarget, m_pendingText, m_pendingReasoning);
    m_pendingText.clear();
    m_pendingReasoning.clear();
}

void ChatController::onTurnFinished()
{
    ChatTurn *turn = m_turn;
    if (!turn)
        return;
    m_streamTimer->stop();
    flushStream();
    const PendingTurn finished = m_running;
    const QString assistantId = turn->assistantMessageId();
    const QString userId = turn->userMessageId();
    turn->deleteLater();
    m_turn = nullptr;
    if (turn->status() == MessageStatus::Failed && !turn->errorText().isEmpty())
        Q_EMIT notice(turn->errorText());
    finishTurn(finished, assistantId, userId);
}

void ChatController::finishTurn(const PendingTurn &finished, const QString &assistantId, const QString &userId)
{
    if (assistantId.isEmpty()) {
        settleTurn(finished, userId);
        return;
    }
    // The stored row is the truth (status, usage, finish reason, tool calls): it is in the view
    // before the turn is reported done, so nobody sees "idle" beside a reply still "generating".
    m_context.storage().read<Message>(
        this, [assistantId](Store &store) { return store.messages().get(assistantId); },
        [this, assistantId, finished, userId](Result<Message> stored) {
            if (stored && m_thread->sessionId() == finished.sessionId && m_thread->contains(assistantId)) {
                m_thread->updateMessage(stored.value());
                m_tokenCache.remove(assistantId);
                updateContextTokens();
            }
            Q_EMIT messageStored(finished.sessionId, assistantId);
            settleTurn(finished, userId);
        });
}

void ChatController::settleTurn(const PendingTurn &finished, const QString &userId)
{
    if (finished.kind == TurnKind::Send && !userId.isEmpty())
        maybeAutoTitle(finished.sessionId, finished.text);
    refreshSession(finished.sessionId);
    m_streamTarget.clear();
    m_busy = false;
    Q_EMIT runFinished(finished.sessionId);
    if (!m_queue.isEmpty()) {
        PendingTurn next = m_queue.takeFirst();
        Q_EMIT queueChanged(int(m_queue.size()));
        if (next.kind == TurnKind::Send && next.sessionId == m_thread->sessionId())
            next.parentId = m_thread->activeLeaf();
        runTurn(next);
        if (m_busy)
            return;
    }
    Q_EMIT busyChanged(false);
}

void ChatController::refreshSession(const QString &sessionId)
{
    m_context.storage().read<Session>(
        this, [sessionId](Store &store) { return store.sessions().get(sessionId); },
        [this](Result<Session> s) {
            if (!s)
                return;
            if (!m_pendingDeletes.contains(s->id))
                m_sessions->upsert(s.value());
            if (s->id == m_currentSession.id)
                m_currentSession = s.value();
        });
}

QString ChatController::titleFromText(const QString &text)
{
    QString line;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &l : lines)
        if (!l.trimmed().isEmpty()) {
            line = l.simplified();
            break;
        }
    while (line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char('>')))
        line = line.mid(1).trimmed();
    constexpr int kMax = 48;
    if (line.size() <= kMax)
        return line;
    int cut = int(line.lastIndexOf(QLatin1Char(' '), kMax));
    if (cut < kMax / 2)
        cut = kMax;
    return line.left(cut).trimmed() + QStringLiteral("…");
}

void ChatController::maybeAutoTitle(const QString &sessionId, const QString &userText)
{
    const Session s = m_sessions->session(sessionId);
    if (s.titleIsUserSet || !s.title.isEmpty())
        return;
    const QString title = titleFromText(userText);
    if (title.isEmpty())
        return;
    m_context.storage().write(
        this, [sessionId, title](Store &store) { return store.sessions().setAutoTitle(sessionId, title); },
        [this, sessionId](Status) { refreshSession(sessionId); });
}

} // namespace Skein
