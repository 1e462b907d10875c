// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "turn.h"

#include "core/domain/ids.h"
#include "engine/context/contextengine.h"
#include "engine/context/contextsource.h"
#include "engine/tools/toolregistry.h"
#include "engine/turn/agentcallsource.h"
#include "engine/turn/modelcall.h"
#include "engine/turn/recovery.h"
#include "llm/providerclient.h"
#include "storage/asyncstore.h"
#include "storage/checkpointrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

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

// The call ids a reply's calls run under (fresh ones where the model's were missing or taken),
// and the reply as stored when any changed.
struct RenamedCalls
{
    QStringList ids;
    std::optional<Message> reply;
};

} // namespace

Turn::Turn(AsyncStore *store, ProviderClient *client, ToolRegistry *tools, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_tools(tools)
    , m_sourceFactory(contextSources())
{ }

Turn::~Turn()
{
    if (m_invocation)
        m_invocation->disconnect(this);
}

Turn::SourceFactory Turn::contextSources()
{
    return [](const CallPlan &plan) -> std::shared_ptr<const ContextSource> {
        auto context = std::make_shared<ContextEngine>();
        context->setTools(plan.tools);
        context->setOutputReserve(plan.outputTokens);
        context->setExclusions(plan.exclusions);
        context->setProviderKind(plan.kind);
        context->setQueryEmbedding(plan.embedding);
        if (!plan.finalCall)
            return context;
        return std::make_shared<AgentCallSource>(context, QList<ToolDefinition> {}, true);
    };
}

Turn::SourceFactory Turn::plainSources()
{
    return [](const CallPlan &plan) -> std::shared_ptr<const ContextSource> {
        auto source
            = std::make_shared<AgentCallSource>(std::make_shared<WholePathSource>(), plan.tools, plan.finalCall);
        source->setOutputTokens(plan.outputTokens);
        return source;
    };
}

void Turn::send(const QString &sessionId, const QString &text, const std::optional<QString> &parentId)
{
    if (m_started)
        return;
    m_started = true;
    m_start = Start::Send;
    m_text = text;
    m_parentId = parentId;
    claim(sessionId, [this] { embedQuery(); });
}

void Turn::retry(const QString &sessionId, const QString &assistantMessageId)
{
    if (m_started)
        return;
    m_started = true;
    m_start = Start::Retry;
    m_targetId = assistantMessageId;
    claim(sessionId, [this] { embedQuery(); });
}

void Turn::continueReply(const QString &sessionId, const QString &assistantMessageId)
{
    if (m_started)
        return;
    m_started = true;
    m_start = Start::Continue;
    m_targetId = assistantMessageId;
    claim(sessionId, [this] { embedQuery(); });
}

void Turn::claim(const QString &sessionId, std::function<void()> then)
{
    m_sessionId = sessionId;
    if (!m_store) {
        finishRun(SessionState::Failed, tr("The database is not open."));
        return;
    }
    // A run left waiting for approval is answered "not run" first: the user moved on.
    const QString reason = m_start == Start::Send
        ? QStringLiteral("Not run: the user sent a new message instead of approving this call.")
        : QStringLiteral("Not run: the user asked for another reply instead of approving this call.");
    m_store->write<QList<Message>>(
        this,
        [sessionId, reason](Store &store) -> Result<QList<Message>> {
            Result<Session> session = store.sessions().get(sessionId);
            if (!session)
                return session.error();
            Result<QList<Message>> closed = Recovery::answerDanglingCalls(store, sessionId, reason);
            if (!closed)
                return closed.error();
            if (Status s = store.checkpoints().clear(sessionId); !s)
                return s.error();
            if (Status s = store.sessions().setState(sessionId, SessionState::Pending); !s)
                return s.error();
            return closed.value();
        },
        [this, then = std::move(then)](const Result<QList<Message>> &closed) {
            if (!closed) {
                m_sessionId.clear(); // nothing of ours to repair
                finishRun(SessionState::Failed, closed.error().message);
                return;
            }
            for (const Message &m : closed.value())
                Q_EMIT messageStored(m);
            m_state = SessionState::Pending;
            Q_EMIT stateChanged(m_state);
            then();
        },
        Durability::Full);
}

void Turn::resume(const QString &sessionId)
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
        [this](const Result<Resumable> &r) {
            if (!r) {
                m_sessionId.clear();
                finishRun(SessionState::Failed, r.error().message);
                return;
            }
            QSet<QString> done;
            QHash<QString, QString> requestIds;
            for (const auto &v : r->checkpoint.completedCalls)
                done.insert(v.toObject().value(QStringLiteral("id")).toString());
            for (const auto &v : r->checkpoint.pendingCalls)
                requestIds.insert(v.toObject().value(QStringLiteral("id")).toString(),
                                  v.toObject().value(QStringLiteral("request_id")).toString());
            m_iteration = r->checkpoint.iteration;
            m_assistantId = r->assistant.id;
            m_leafId = r->leaf;
            m_slots.clear();
            int index = 0;
            for (const auto &v : r->assistant.toolCalls) {
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

void Turn::cancel()
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

void Turn::embedQuery()
{
    if (!m_embedder) {
        startModelCall();
        return;
    }
    // A retry or a continue has no new text: the vector stored for its user message is used.
    m_embedder(m_start == Start::Send ? m_text : QString(), this, [this](const QueryEmbedding &embedding) {
        m_embedding = embedding;
        startModelCall();
    });
}

void Turn::startModelCall()
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
    plan.exclusions = m_options.exclusions;
    plan.embedding = m_embedding;
    if (m_client)
        plan.kind = m_client->endpoint().kind;
    if (m_options.toolsEnabled && !m_finalCall && m_tools)
        for (const std::shared_ptr<Tool> &tool : m_tools->tools())
            plan.tools.append({tool->name(), tool->description(), tool->parameters()});

    m_turn = new ModelCall(m_store, m_client, this);
    m_turn->setModel(m_model);
    m_turn->setProviderId(m_providerId);
    m_turn->setFlushInterval(m_flushIntervalMs);
    m_turn->setContextSource(m_sourceFactory(plan));
    connect(m_turn, &ModelCall::requestSent, this, [this](int maxTokens) {
        if (!m_cutTool.isEmpty())
            Q_EMIT outputLimitRaised(std::exchange(m_cutTool, {}), m_lastMaxTokens, maxTokens);
        m_lastMaxTokens = maxTokens;
    });
    connect(m_turn, &ModelCall::userMessageCommitted, this, [this](const QString &id) {
        m_userMessageId = id;
        m_text.clear();
        m_attachments.clear();
        Q_EMIT userMessageCommitted(id);
    });
    connect(m_turn, &ModelCall::assistantStarted, this, [this](const QString &id) {
        m_assistantId = id;
        setState(SessionState::Active);
        Q_EMIT assistantStarted(id, m_iteration);
    });
    connect(m_turn, &ModelCall::deltasReceived, this, &Turn::deltasReceived);
    connect(m_turn, &ModelCall::messageStored, this, &Turn::messageStored);
    connect(m_turn, &ModelCall::finished, this, &Turn::onTurnFinished);
    if (m_iteration == 1 && m_start == Start::Send && !m_text.isNull()) {
        m_turn->setAttachments(m_attachments);
        m_turn->send(m_sessionId, m_text, m_parentId);
    } else if (m_iteration == 1 && m_start == Start::Retry)
        m_turn->retry(m_targetId);
    else if (m_iteration == 1 && m_start == Start::Continue)
        m_turn->continueReply(m_targetId);
    else
        m_turn->reply(m_sessionId);
}

void Turn::onTurnFinished(MessageStatus status, const QString &error)
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

void Turn::beginTools(const QList<ToolCall> &calls)
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
    m_store->write<RenamedCalls>(
        this,
        [sessionId, cp, calls](Store &store) -> Result<RenamedCalls> {
            RenamedCalls out;
            QSet<QString> taken;
            bool renamed = false;
            QJsonArray stored;
            RuntimeCheckpoint next = cp;
            next.pendingCalls = {};
            for (qsizetype i = 0; i < calls.size(); ++i) {
                ToolCall c = calls.at(i);
                bool used = c.id.isEmpty() || taken.contains(c.id);
                if (!used) {
                    Result<bool> answered = store.messages().hasToolResult(sessionId, c.id);
                    if (!answered)
                        return answered.error();
                    used = answered.value();
                }
                if (used) {
                    c.id = (c.id.isEmpty() ? QStringLiteral("call") : c.id) + QLatin1Char('_')
                        + Ids::create().remove(QLatin1Char('-')).left(8);
                    renamed = true;
                }
                taken.insert(c.id);
                out.ids.append(c.id);
                stored.append(QJsonObject {{QStringLiteral("id"), c.id},
                                           {QStringLiteral("name"), c.name},
                                           {QStringLiteral("arguments"), c.argumentsJson}});
                QJsonObject pending = cp.pendingCalls.at(i).toObject();
                pending.insert(QStringLiteral("id"), c.id);
                pending.insert(QStringLiteral("request_id"), c.id);
                next.pendingCalls.append(pending);
            }
            if (renamed) {
                if (Status s = store.messages().setToolCalls(cp.assistantMessageId, stored); !s)
                    return s.error();
                Result<Message> reply = store.messages().get(cp.assistantMessageId);
                if (!reply)
                    return reply.error();
                out.reply = reply.value();
            }
            if (Status s = store.checkpoints().save(next); !s)
                return s.error();
            if (Status s = store.sessions().setState(sessionId, SessionState::WaitingTool); !s)
                return s.error();
            return out;
        },
        [this](const Result<RenamedCalls> &renamed) {
            if (!renamed) {
                finishRun(SessionState::Failed, renamed.error().message);
                return;
            }
            if (renamed->reply)
                Q_EMIT messageStored(*renamed->reply);
            const QStringList &ids = renamed->ids;
            for (qsizetype i = 0; i < m_slots.size() && i < ids.size(); ++i)
                m_slots[i].call.id = m_slots[i].requestId = ids.at(i);
            nextCall();
        },
        Durability::Full);
}

void Turn::setState(SessionState state, bool durable)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
    const QString id = m_sessionId;
    m_store->write([id, state](Store &store) { return store.sessions().setState(id, state); },
                   durable ? Durability::Full : Durability::Normal);
}

RuntimeCheckpoint Turn::checkpoint() const
{
    RuntimeCheckpoint cp;
    cp.sessionId = m_sessionId;
    cp.assistantMessageId = m_assistantId;
    cp.iteration = m_iteration;
    cp.updatedAt = Ids::nowMs();
    for (const Slot &s : m_slots) {
        if (s.phase == QLatin1String("done"))
            cp.completedCalls.append(QJsonObject {{QStringLiteral("id"), s.call.id},
                                                  {QStringLiteral("name"), s.call.name},
                                                  {QStringLiteral("status"), toString(s.status)}});
        else
            cp.pendingCalls.append(QJsonObject {{QStringLiteral("id"), s.call.id},
                                                {QStringLiteral("request_id"), s.requestId},
                                                {QStringLiteral("name"), s.call.name},
                                                {QStringLiteral("arguments"), s.call.argumentsJson},
                                                {QStringLiteral("phase"), s.phase}});
    }
    return cp;
}

void Turn::finishRun(SessionState state, const QString &error)
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
    m_store->write<QList<Message>>(
        this,
        [sessionId, reason, state](Store &store) -> Result<QList<Message>> {
            Result<QList<Message>> closed = Recovery::answerDanglingCalls(store, sessionId, reason);
            if (!closed)
                return closed.error();
            if (Status s = store.checkpoints().clear(sessionId); !s)
                return s.error();
            if (Status s = store.sessions().setState(sessionId, state); !s)
                return s.error();
            return closed.value();
        },
        [this, done](const Result<QList<Message>> &closed) {
            if (!closed && m_errorText.isEmpty())
                m_errorText = closed.error().message;
            if (closed)
                for (const Message &m : closed.value())
                    Q_EMIT messageStored(m);
            done();
        },
        Durability::Full);
}

} // namespace Skein
