// ChatController: sends and resumes run the agent loop (AgentRun); its tool calls, approvals and
// later iterations reach the ThreadModel here.
#include "app/appcontext.h"
#include "chatcontroller.h"

#include "engine/agent/agentrun.h"
#include "engine/agent/agentrunner.h"
#include "engine/agent/toolhost.h"
#include "llm/providerclient.h"
#include "models/threadmodel.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include <QScopeGuard>

#include <QSet>

namespace Skein {

namespace {

// How far syncPath walks up from a message looking for one the view already shows.
constexpr int kSyncDepth = 256;

QString stateKey(ToolStatus status)
{
    switch (status) {
    case ToolStatus::Pending:
        return QStringLiteral("pending");
    case ToolStatus::Running:
        return QStringLiteral("running");
    case ToolStatus::Success:
        return QStringLiteral("done");
    case ToolStatus::Failed:
        return QStringLiteral("failed");
    case ToolStatus::Timeout:
        return QStringLiteral("timeout");
    case ToolStatus::Denied:
        return QStringLiteral("denied");
    }
    return {};
}

} // namespace

std::optional<ApprovalRequest> ChatController::pendingApproval(const QString &callId) const
{
    const auto it = m_approvals.constFind(callId);
    if (it == m_approvals.cend())
        return std::nullopt;
    return *it;
}

void ChatController::setToolsEnabled(bool enabled)
{
    m_toolsEnabled = enabled;
}

void ChatController::reloadTools()
{
    m_tools->reload();
}

void ChatController::decideTool(const QString &callId, ApprovalDecision decision)
{
    if (!m_run || !m_approvals.contains(callId))
        return;
    m_approvals.remove(callId);
    m_thread->setToolCallState(
        callId, decision == ApprovalDecision::Deny ? QStringLiteral("denied") : QStringLiteral("approved"));
    m_run->decide(callId, decision);
}

void ChatController::startRun(const PendingTurn &pending, ProviderClient *client, const QString &providerId,
                              const QString &model)
{
    const Settings::AgentDefaults defaults = m_tools->agentDefaults();
    AgentOptions options;
    options.maxIterations = defaults.maxIterations;
    options.toolTimeout = std::chrono::seconds(defaults.toolTimeoutSeconds);
    options.toolsEnabled = m_toolsEnabled;
    QString refused;
    AgentRun *run = m_runner->create(pending.sessionId, client, options, &refused);
    if (!run) {
        delete client;
        Q_EMIT notice(refused);
        if (pending.kind == TurnKind::Send)
            Q_EMIT sendRefused(pending.text);
        finishTurn(pending, {}, {});
        return;
    }
    client->setParent(run);
    run->setModel(model);
    run->setProviderId(providerId);
    m_run = run;
    m_streamTarget.clear();
    m_pendingText.clear();
    m_pendingReasoning.clear();

    connect(run, &AgentRun::userMessageCommitted, this, [this, pending](const QString &id) {
        if (m_thread->sessionId() != pending.sessionId)
            return;
        Message m = Message::create(pending.sessionId, pending.parentId, Role::User, pending.text);
        m.id = id;
        m_thread->addMessage(m, true);
    });
    connect(run, &AgentRun::assistantStarted, this, [this, pending, run, model](const QString &id, int iteration) {
        flushStream();
        m_streamTarget = id;
        if (m_thread->sessionId() != pending.sessionId)
            return;
        if (iteration == 1 && pending.kind == TurnKind::Send && m_thread->contains(run->userMessageId())) {
            Message m = Message::create(pending.sessionId, run->userMessageId(), Role::Assistant, QString());
            m.id = id;
            m.status = MessageStatus::Generating;
            m.model = model;
            m_thread->addMessage(m, true);
            return;
        }
        // After tool results (or on resume): the rows in between come from storage.
        syncPath(pending.sessionId, id);
    });
    connect(run, &AgentRun::deltasReceived, this, &ChatController::onDeltas);
    connect(run, &AgentRun::stateChanged, this,
            [this, pending](SessionState state) { Q_EMIT agentStateChanged(pending.sessionId, state); });
    connect(run, &AgentRun::toolCallStarted, this, [this](const ToolCallInfo &call) {
        // The reply that asked for it is complete: show its stored tool calls.
        refreshMessage(m_streamTarget);
        m_thread->setToolCallState(call.callId, QStringLiteral("running"));
    });
    connect(run, &AgentRun::toolCallProgress, this,
            [this](const QString &callId, double progress, double total, const QString &) {
                const QString state
                    = total > 0 ? QStringLiteral("running:%1").arg(qBound(0, int(100 * progress / total), 100))
                                : QStringLiteral("running");
                m_thread->setToolCallState(callId, state);
            });
    connect(run, &AgentRun::toolCallFinished, this,
            [this, pending](const QString &callId, ToolStatus status, const QString &, bool) {
                m_approvals.remove(callId);
                m_thread->setToolCallState(callId, stateKey(status));
                syncActiveLeaf(pending.sessionId);
            });
    connect(run, &AgentRun::approvalRequested, this, [this](const ApprovalRequest &request) {
        refreshMessage(m_streamTarget);
        m_approvals.insert(request.call.callId, request);
        m_thread->setToolCallState(request.call.callId, QStringLiteral("awaiting"));
        Q_EMIT approvalRequested(request);
    });
    connect(run, &AgentRun::outputLimitRaised, this, [this](const QString &tool, int previous, int next) {
        // Why the reply takes an extra round: the card of the cut call says "not run".
        Q_EMIT notice(next > previous
                          ? tr("The reply was cut off by its output limit (%1 tokens) inside a call to %2; asking "
                               "again with room for %3 tokens.")
                                .arg(previous)
                                .arg(tool)
                                .arg(next)
                          : tr("The reply was cut off by its output limit (%1 tokens) inside a call to %2; the "
                               "model's limit is reached, so it is asked to shorten the call.")
                                .arg(previous)
                                .arg(tool));
    });
    connect(run, &AgentRun::finished, this, &ChatController::onRunFinished);

    if (pending.kind == TurnKind::Resume) {
        run->resume(pending.sessionId);
        return;
    }
    // The run appends below the stored active leaf: make it the parent we mean (the leaf shown,
    // or an edited message's parent, so the edit becomes its sibling). Writes run in order, so
    // this lands before the send.
    const QString sessionId = pending.sessionId;
    const QString parent = pending.parentId;
    m_context.storage().write(
        [sessionId, parent](Store &store) { return store.sessions().setActiveLeaf(sessionId, parent); });
    run->send(pending.sessionId, pending.text);
}

void ChatController::onRunFinished(SessionState state, const QString &error)
{
    AgentRun *run = m_run;
    if (!run)
        return;
    m_streamTimer->stop();
    flushStream();
    const PendingTurn finished = m_running;
    const QString assistantId = run->lastAssistantId();
    const QString userId = run->userMessageId();
    m_run = nullptr; // the runner deletes it
    for (auto it = m_approvals.begin(); it != m_approvals.end();) {
        m_thread->setToolCallState(it.key(), QStringLiteral("cancelled"));
        it = m_approvals.erase(it);
    }
    if (state == SessionState::Failed && !error.isEmpty())
        Q_EMIT notice(error);
    m_streamTarget.clear();
    // Tool results written after the last reply (a cancel in the middle of the tools) are shown
    // before the turn is reported done: idle means the view holds the final path.
    syncActiveLeaf(finished.sessionId,
                   [this, finished, assistantId, userId] { finishTurn(finished, assistantId, userId); });
}

void ChatController::refreshMessage(const QString &messageId)
{
    if (messageId.isEmpty())
        return;
    const QString sessionId = m_thread->sessionId();
    // On the writer's queue, so it sees the reply's final write (a read could run before it).
    m_context.storage().write<Message>(
        this, [messageId](Store &store) { return store.messages().get(messageId); },
        [this, sessionId](Result<Message> stored) {
            if (!stored || m_thread->sessionId() != sessionId || !m_thread->contains(stored->id))
                return;
            if (stored->id == m_streamTarget && stored->status == MessageStatus::Generating)
                return; // the view is ahead of the last flush
            m_thread->updateMessage(stored.value());
            // The panels that draw the path (branch view) read the finished reply again.
            Q_EMIT activeLeafChanged(sessionId, m_thread->activeLeaf());
        });
}

void ChatController::syncActiveLeaf(const QString &sessionId, std::function<void()> then)
{
    m_context.storage().read<Session>(
        this, [sessionId](Store &store) { return store.sessions().get(sessionId); },
        [this, then = std::move(then)](Result<Session> s) {
            if (s && !s->activeLeafId.isEmpty())
                syncPath(s->id, s->activeLeafId, then);
            else if (then)
                then();
        });
}

void ChatController::syncPath(const QString &sessionId, const QString &messageId, std::function<void()> then)
{
    if (m_thread->sessionId() != sessionId || messageId.isEmpty()) {
        if (then)
            then();
        return;
    }
    // The rows at the end of the shown branch: the walk up stops at the first of them.
    QSet<QString> known;
    const QStringList rows = m_thread->rows();
    for (qsizetype i = rows.size() - 1; i >= 0 && known.size() < kSyncDepth; --i)
        known.insert(rows.at(i));
    m_context.storage().read<QList<Message>>(
        this,
        [messageId, known](Store &store) -> Result<QList<Message>> {
            QList<Message> chain;
            QString id = messageId;
            while (!id.isEmpty() && chain.size() < kSyncDepth) {
                Result<Message> m = store.messages().get(id);
                if (!m)
                    return m.error();
                chain.prepend(m.value());
                if (known.contains(id))
                    break;
                id = m->parentId;
            }
            return chain;
        },
        [this, sessionId, then = std::move(then)](Result<QList<Message>> chain) {
            const auto done = qScopeGuard([&then] {
                if (then)
                    then();
            });
            if (!chain || m_thread->sessionId() != sessionId)
                return;
            for (Message m : chain.value()) {
                if (m.id == m_streamTarget && m.status == MessageStatus::Generating) {
                    // The reply being streamed: the view holds every delta since it started
                    // (they wait for this row), so the row starts empty.
                    if (!m_thread->contains(m.id)) {
                        m.content.clear();
                        m.reasoning.clear();
                        m_thread->addMessage(m, true);
                    }
                } else if (!m_thread->contains(m.id)) {
                    m_thread->addMessage(m, true);
                } else {
                    m_thread->updateMessage(m); // finished meanwhile: its tool calls, usage
                }
            }
        });
}

} // namespace Skein
