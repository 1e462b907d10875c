#include "agentrun.h"

#include "core/domain/ids.h"
#include "engine/agent/agentrequestsource.h"
#include "engine/chatturn.h"
#include "engine/context/contextrequestsource.h"
#include "engine/recovery.h"
#include "engine/requestsource.h"
#include "engine/tools/toolregistry.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"
#include "storage/checkpointrepository.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QSqlQuery>

#include <utility>

namespace Skein {

namespace {

QString notRunReason(SessionState state)
{
    // Model-facing text, English on purpose.
    switch (state) {
    case SessionState::Cancelled:
        return QStringLiteral("Not run: the user stopped the turn before this call ran.");
    case SessionState::Completed:
        return QStringLiteral("Not run: the tool-call limit for this turn was reached.");
    default:
        return QStringLiteral("Not run: the turn failed before this call completed.");
    }
}

} // namespace

AgentRun::AgentRun(AsyncStore *store, ProviderClient *client, ToolRegistry *tools, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_tools(tools)
    , m_sourceFactory(contextSources())
{ }

AgentRun::~AgentRun()
{
    if (m_invocation)
        m_invocation->disconnect(this);
}

AgentRun::SourceFactory AgentRun::contextSources()
{
    return [](const CallPlan &plan) -> std::shared_ptr<const RequestSource> {
        auto context = std::make_shared<ContextRequestSource>();
        context->setTools(plan.tools);
        context->setOutputReserve(plan.outputTokens);
        if (!plan.finalCall)
            return context;
        return std::make_shared<AgentRequestSource>(context, QList<ToolDefinition> {}, true);
    };
}

AgentRun::SourceFactory AgentRun::plainSources()
{
    return [](const CallPlan &plan) -> std::shared_ptr<const RequestSource> {
        auto source
            = std::make_shared<AgentRequestSource>(std::make_shared<PathRequestSource>(), plan.tools, plan.finalCall);
        source->setOutputTokens(plan.outputTokens);
        return source;
    };
}

QString AgentRun::repeatNudge(const QString &toolName, int times)
{
    return QStringLiteral(
               "Not run: you already called %1 %2 times with (nearly) the same arguments in this turn without "
               "progress. Change your approach, or answer the user with what you know.")
            .arg(toolName)
            .arg(times);
}

QString AgentRun::brokenArgumentsResult(const QString &toolName, const QString &arguments, bool cutByLength,
                                        const QString &parseError)
{
    constexpr qsizetype kShown = 160;
    const QString shown = arguments.size() > kShown ? arguments.left(kShown) + QStringLiteral("…") : arguments;
    const QString began
        = arguments.trimmed().isEmpty() ? QString() : QStringLiteral(" What arrived began: %1").arg(shown.simplified());
    if (cutByLength)
        return QStringLiteral(
                   "Not run: your call to %1 was cut off after %2 characters of arguments: the reply reached its "
                   "output limit (max_tokens) inside them, so they are incomplete JSON.%3 The next reply has more "
                   "room: send the complete call again, or answer without it.")
                .arg(toolName)
                .arg(arguments.size())
                .arg(began);
    return QStringLiteral(
               "Not run: the arguments of your call to %1 are not a valid JSON object (%2).%3 Send the call again "
               "with a JSON object as its arguments, or answer without it.")
            .arg(toolName, parseError, began);
}

QString AgentRun::brokenRepeatNudge(const QString &toolName, int times)
{
    return QStringLiteral(
               "Not run: your calls to %1 arrived with cut-off or invalid arguments %2 times in this turn. Change your "
               "approach (shorter arguments, fewer calls), or answer the user with what you know.")
            .arg(toolName)
            .arg(times);
}

void AgentRun::send(const QString &sessionId, const QString &text)
{
    if (m_started)
        return;
    m_started = true;
    m_text = text;
    claim(sessionId, [this] { startModelCall(); });
}

void AgentRun::claim(const QString &sessionId, std::function<void()> then)
{
    m_sessionId = sessionId;
    if (!m_store) {
        finishRun(SessionState::Failed, tr("The database is not open."));
        return;
    }
    // A run left waiting for approval is answered "not run" first: the user moved on.
    m_store->write(
        this,
        [sessionId](Store &store) -> Status {
            Result<Session> session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            Result<int> closed = Recovery::answerDanglingCalls(
                store, sessionId,
                QStringLiteral("Not run: the user sent a new message instead of approving this call."));
            if (!closed)
                return closed.error();
            if (Status s = store.checkpoints().clear(sessionId); !s)
                return s;
            return store.sessions().setState(sessionId, SessionState::Pending);
        },
        [this, then = std::move(then)](const Status &s) {
            if (!s) {
                m_sessionId.clear(); // nothing of ours to repair
                finishRun(SessionState::Failed, s.error().message);
                return;
            }
            m_state = SessionState::Pending;
            Q_EMIT stateChanged(m_state);
            then();
        },
        Durability::Full);
}

void AgentRun::resume(const QString &sessionId)
{
    if (m_started)
        return;
    m_started = true;
    m_sessionId = sessionId;
    struct Resumable
    {
        RuntimeCheckpoint checkpoint;
        Message assistant;
        QString leaf;
    };
    m_store->write<Resumable>(
        this,
        [sessionId](Store &store) -> Result<Resumable> {
            Result<std::optional<RuntimeCheckpoint>> cp = store.checkpoints().get(sessionId);
            if (!cp)
                return cp.error();
            if (!cp.value() || cp.value()->assistantMessageId.isEmpty())
                return StorageError {StorageError::Kind::NotFound, tr("This conversation has no tool call to resume.")};
            Result<Message> assistant = store.messages().get(cp.value()->assistantMessageId);
            if (!assistant)
                return assistant.error();
            Result<Session> session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            if (Status s = store.sessions().setState(sessionId, SessionState::WaitingTool); !s)
                return s.error();
            return Resumable {*cp.value(), assistant.value(), session->activeLeafId};
        },
        [this](Result<Resumable> r) {
            if (!r) {
                m_sessionId.clear();
                finishRun(SessionState::Failed, r.error().message);
                return;
            }
            QSet<QString> done;
            QHash<QString, QString> requestIds;
            for (const QJsonValue &v : r->checkpoint.completedCalls)
                done.insert(v.toObject().value(QStringLiteral("id")).toString());
            for (const QJsonValue &v : r->checkpoint.pendingCalls)
                requestIds.insert(v.toObject().value(QStringLiteral("id")).toString(),
                                                     v.toObject().value(QStringLiteral("request_id")).toString());
            m_iteration = r->checkpoint.iteration;
            m_assistantId = r->assistant.id;
            m_leafId = r->leaf;
            m_slots.clear();
            int index = 0;
            for (const QJsonValue &v : r->assistant.toolCalls) {
                const QJsonObject o = v.toObject();
                Slot slot;
                slot.call.index = index++;
                slot.call.id = o.value(QStringLiteral("id")).toString();
                slot.call.name = o.value(QStringLiteral("name")).toString();
                slot.call.argumentsJson = o.value(QStringLiteral("arguments")).toString();
                slot.phase = done.contains(slot.call.id) ? QStringLiteral("done") : QStringLiteral("queued");
                slot.requestId = requestIds.value(slot.call.id);
                if (slot.requestId.isEmpty())
                    slot.requestId = slot.call.id;
                m_slots.append(slot);
            }
            m_next = 0;
            while (m_next < m_slots.size() && m_slots[m_next].phase == QLatin1String("done"))
                ++m_next;
            m_state = SessionState::WaitingTool;
            Q_EMIT stateChanged(m_state);
            nextCall();
        },
        Durability::Full);
}

void AgentRun::cancel()
{
    if (m_finished || m_cancelRequested)
        return;
    m_cancelRequested = true;
    if (m_turn) {
        m_turn->cancel(); // ends in onTurnFinished
    } else if (m_invocation) {
        m_invocation->cancel(); // its result is stored, then nextCall() stops
    } else if (!m_approvalCallId.isEmpty()) {
        m_approvalCallId.clear();
        finishRun(SessionState::Cancelled, tr("Stopped by the user."));
    } else if (!m_started) {
        m_started = true;
        finishRun(SessionState::Cancelled, tr("Stopped by the user."));
    }
    // Otherwise a storage job is in flight; its callback sees m_cancelRequested.
}

void AgentRun::startModelCall()
{
    if (m_cancelRequested) {
        finishRun(SessionState::Cancelled, tr("Stopped by the user."));
        return;
    }
    ++m_iteration;
    m_finalCall = m_options.toolsEnabled && m_iteration > m_options.maxIterations;
    CallPlan plan;
    plan.finalCall = m_finalCall;
    plan.outputTokens = m_outputTokens;
    if (m_options.toolsEnabled && !m_finalCall && m_tools)
        for (const std::shared_ptr<Tool> &tool : m_tools->tools())
            plan.tools.append({tool->name(), tool->description(), tool->parameters()});

    m_turn = new ChatTurn(m_store, m_client, this);
    m_turn->setModel(m_model);
    m_turn->setProviderId(m_providerId);
    m_turn->setFlushInterval(m_flushIntervalMs);
    m_turn->setRequestSource(m_sourceFactory(plan));
    connect(m_turn, &ChatTurn::requestSent, this, [this](int maxTokens) {
        if (!m_cutTool.isEmpty())
            Q_EMIT outputLimitRaised(std::exchange(m_cutTool, {}), m_lastMaxTokens, maxTokens);
        m_lastMaxTokens = maxTokens;
    });
    connect(m_turn, &ChatTurn::userMessageCommitted, this, [this](const QString &id) {
        m_userMessageId = id;
        m_text.clear();
        Q_EMIT userMessageCommitted(id);
    });
    connect(m_turn, &ChatTurn::assistantStarted, this, [this](const QString &id) {
        m_assistantId = id;
        setState(SessionState::Active);
        Q_EMIT assistantStarted(id, m_iteration);
    });
    connect(m_turn, &ChatTurn::deltasReceived, this, &AgentRun::deltasReceived);
    connect(m_turn, &ChatTurn::finished, this, &AgentRun::onTurnFinished);
    if (m_iteration == 1 && !m_text.isNull())
        m_turn->send(m_sessionId, m_text);
    else
        m_turn->reply(m_sessionId);
}

void AgentRun::onTurnFinished(MessageStatus status, const QString &error)
{
    m_lastTurn = m_turn->turn();
    if (m_assistantId.isEmpty())
        m_assistantId = m_turn->assistantMessageId();
    m_turn->deleteLater();
    m_turn = nullptr;
    if (status == MessageStatus::Cancelled || m_cancelRequested) {
        finishRun(SessionState::Cancelled, error.isEmpty() ? tr("Stopped by the user.") : error);
        return;
    }
    if (status != MessageStatus::Complete) {
        finishRun(SessionState::Failed, error);
        return;
    }
    if (!m_lastTurn.hasToolCalls() || m_finalCall || !m_options.toolsEnabled) {
        finishRun(SessionState::Completed, {}); // stray calls get a "not run" result there
        return;
    }
    beginTools(m_lastTurn.toolCalls);
}

void AgentRun::beginTools(const QList<ToolCall> &calls)
{
    m_leafId = m_assistantId;
    m_slots.clear();
    for (const ToolCall &c : calls)
        m_slots.append({c, QStringLiteral("queued"), ToolStatus::Pending, c.id});
    m_next = 0;
    m_state = SessionState::WaitingTool;
    Q_EMIT stateChanged(m_state);
    const QString sessionId = m_sessionId;
    const RuntimeCheckpoint cp = checkpoint();
    // Call ids must be unique in the session: providers want them unique in the whole request, and
    // the tool log finds a stored result by them. An id that is missing (Ollama native), repeated in
    // this reply or already answered earlier in the session gets a fresh one (written back to the
    // reply's tool_calls), which is also the call's tool-log key.
    m_store->write<QStringList>(
        this,
        [sessionId, cp, calls](Store &store) -> Result<QStringList> {
            QStringList ids;
            QSet<QString> taken;
            bool renamed = false;
            QJsonArray stored;
            RuntimeCheckpoint out = cp;
            out.pendingCalls = {};
            for (qsizetype i = 0; i < calls.size(); ++i) {
                ToolCall c = calls.at(i);
                bool used = c.id.isEmpty() || taken.contains(c.id);
                if (!used) {
                    QSqlQuery &q = store.database().statement(
                        QStringLiteral("SELECT 1 FROM messages WHERE session_id = ? AND tool_call_id = ? LIMIT 1"));
                    q.bindValue(0, sessionId);
                    q.bindValue(1, c.id);
                    if (Status s = store.database().exec(q); !s)
                        return s.error();
                    used = q.next();
                    q.finish();
                }
                if (used) {
                    c.id = (c.id.isEmpty() ? QStringLiteral("call") : c.id) + QLatin1Char('_')
                            + Ids::create().remove(QLatin1Char('-')).left(8);
                    renamed = true;
                }
                taken.insert(c.id);
                ids.append(c.id);
                stored.append(
                    QJsonObject {{QStringLiteral("id"), c.id},
                                  {QStringLiteral("name"), c.name}, {QStringLiteral("arguments"), c.argumentsJson}});
                QJsonObject pending = cp.pendingCalls.at(i).toObject();
                pending.insert(QStringLiteral("id"), c.id);
                pending.insert(QStringLiteral("request_id"), c.id);
                out.pendingCalls.append(pending);
            }
            if (renamed)
                if (Status s = store.messages().setToolCalls(cp.assistantMessageId, stored); !s)
                    return s.error();
            if (Status s = store.checkpoints().save(out); !s)
                return s.error();
            if (Status s = store.sessions().setState(sessionId, SessionState::WaitingTool); !s)
                return s.error();
            return ids;
        },
        [this](Result<QStringList> ids) {
            if (!ids) {
                finishRun(SessionState::Failed, ids.error().message);
                return;
            }
            for (qsizetype i = 0; i < m_slots.size() && i < ids->size(); ++i)
                m_slots[i].call.id = m_slots[i].requestId = ids->at(i);
            nextCall();
        },
        Durability::Full);
}

void AgentRun::setState(SessionState state, bool durable)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
    const QString id = m_sessionId;
    m_store->write([id, state](Store &store) { return store.sessions().setState(id, state); },
                   durable ? Durability::Full : Durability::Normal);
}

RuntimeCheckpoint AgentRun::checkpoint() const
{
    RuntimeCheckpoint cp;
    cp.sessionId = m_sessionId;
    cp.assistantMessageId = m_assistantId;
    cp.iteration = m_iteration;
    cp.updatedAt = Ids::nowMs();
    for (const Slot &s : m_slots) {
        if (s.phase == QLatin1String("done"))
            cp.completedCalls.append(
                QJsonObject {{QStringLiteral("id"), s.call.id},
                              {QStringLiteral("name"), s.call.name}, {QStringLiteral("status"), toString(s.status)}});
        else
            cp.pendingCalls.append(QJsonObject {{QStringLiteral("id"), s.call.id},
                                                 {QStringLiteral("request_id"), s.requestId},
                                                  {QStringLiteral("name"), s.call.name},
                                                   {QStringLiteral("arguments"), s.call.argumentsJson},
                                                    {QStringLiteral("phase"), s.phase}});
    }
    return cp;
}

void AgentRun::finishRun(SessionState state, const QString &error)
{
    if (m_finishing || m_finished)
        return;
    m_finishing = true;
    m_errorText = error;
    auto done = [this, state] {
        m_finished = true;
        m_state = state;
        Q_EMIT stateChanged(state);
        Q_EMIT finished(state, m_errorText);
    };
    if (m_sessionId.isEmpty() || !m_store) {
        done();
        return;
    }
    const QString sessionId = m_sessionId;
    const QString reason = notRunReason(state);
    m_store->write(
        this,
        [sessionId, reason, state](Store &store) -> Status {
            Result<int> closed = Recovery::answerDanglingCalls(store, sessionId, reason);
            if (!closed)
                return closed.error();
            if (Status s = store.checkpoints().clear(sessionId); !s)
                return s;
            return store.sessions().setState(sessionId, state);
        },
        [this, done](const Status &s) {
            if (!s && m_errorText.isEmpty())
                m_errorText = s.error().message;
            done();
        },
        Durability::Full);
}

} // namespace Skein
