// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Conversations: what a running turn feeds its conversation — the messages it stores, the text it
// streams (coalesced), tool-call states and approvals — and how a turn ends (the session row again,
// a title from the first message, the housekeeper, the next queued request).
#include "app/conversations.h"
#include "app/conversations_p.h"
#include "engine/conversation/conversation.h"
#include "engine/memory/memoryhousekeeper.h"
#include "storage/asyncstore.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QTimer>

namespace Skein {

void Conversations::wire(const QString &sessionId, Turn *turn, const TurnRequest &request)
{
    connect(turn, &Turn::messageStored, this, [this, sessionId](const Message &m) {
        const auto it = m_running.constFind(sessionId);
        if (it != m_running.cend() && m.id == (*it)->streamTarget && m.status != MessageStatus::Generating) {
            (*it)->pendingText.clear(); // the stored row is the truth
            (*it)->pendingReasoning.clear();
        }
        if (it != m_running.cend() && m.role == Role::User)
            (*it)->userMessageId = m.id;
        if (Conversation *doc = document(sessionId))
            doc->applyStored(m);
        Q_EMIT messageStored(sessionId, m);
    });
    connect(turn, &Turn::assistantStarted, this, [this, sessionId](const QString &id) {
        flushDeltas(sessionId);
        if (const auto it = m_running.constFind(sessionId); it != m_running.cend())
            (*it)->streamTarget = id;
    });
    connect(turn, &Turn::deltasReceived, this,
            [this, sessionId](const QList<StreamDelta> &deltas) { onDeltas(sessionId, deltas); });
    connect(turn, &Turn::toolCallStarted, this, [this, sessionId](const ToolCallInfo &call) {
        if (Conversation *doc = document(sessionId))
            doc->setToolCallState(call.callId, {ToolCallState::Phase::Running, -1});
        setActivity(sessionId, Activity::Running);
    });
    connect(turn, &Turn::toolCallProgress, this,
            [this, sessionId](const QString &callId, double progress, double total, const QString &) {
                if (Conversation *doc = document(sessionId))
                    doc->setToolCallState(
                        callId,
                        {ToolCallState::Phase::Running, total > 0 ? qBound(0, int(100 * progress / total), 100) : -1});
            });
    connect(turn, &Turn::toolCallFinished, this,
            [this, sessionId](const QString &callId, ToolStatus status, const QString &, bool) {
                if (const auto it = m_running.constFind(sessionId); it != m_running.cend())
                    (*it)->approvals.remove(callId);
                if (Conversation *doc = document(sessionId))
                    doc->setToolCallState(callId, ToolCallState::finished(status));
            });
    connect(turn, &Turn::approvalRequested, this, [this, sessionId](const ApprovalRequest &approval) {
        if (const auto it = m_running.constFind(sessionId); it != m_running.cend())
            (*it)->approvals.insert(approval.call.callId, approval);
        if (Conversation *doc = document(sessionId))
            doc->setToolCallState(approval.call.callId, {ToolCallState::Phase::AwaitingApproval, -1});
        setActivity(sessionId, Activity::WaitingForApproval);
        Q_EMIT approvalRequested(sessionId, approval);
    });
    connect(turn, &Turn::outputLimitRaised, this, [this](const QString &tool, int previous, int next) {
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
    connect(turn, &Turn::finished, this, [this, sessionId, turn, request](SessionState state, const QString &error) {
        const QString reply = turn->lastAssistantId();
        const QString user = turn->userMessageId();
        finish(sessionId, state, error);
        if (request.kind == TurnRequest::Kind::Send && !user.isEmpty())
            maybeTitle(sessionId, request.text);
        if (m_background && m_services.housekeeper && !reply.isEmpty())
            m_services.housekeeper->turnCompleted(sessionId, reply);
        Q_EMIT turnFinished(sessionId, state, error, reply);
        if (QList<TurnRequest> &queue = m_queues[sessionId]; !queue.isEmpty()) {
            const TurnRequest next = queue.takeFirst();
            Q_EMIT queueChanged(sessionId, int(queue.size()));
            start(next);
        }
    });
}

void Conversations::onDeltas(const QString &sessionId, const QList<StreamDelta> &deltas)
{
    const auto it = m_running.constFind(sessionId);
    if (it == m_running.cend() || !document(sessionId))
        return;
    for (const StreamDelta &d : deltas) {
        if (d.kind == StreamDelta::Kind::Text || d.kind == StreamDelta::Kind::Refusal)
            (*it)->pendingText += d.text;
        else if (d.kind == StreamDelta::Kind::Reasoning)
            (*it)->pendingReasoning += d.text;
    }
    if (!m_streamTimer->isActive())
        m_streamTimer->start(m_streamIntervalMs);
}

void Conversations::flushDeltas(const QString &sessionId)
{
    const auto it = m_running.constFind(sessionId);
    if (it == m_running.cend())
        return;
    Running &r = **it;
    if (r.streamTarget.isEmpty() || (r.pendingText.isEmpty() && r.pendingReasoning.isEmpty()))
        return;
    if (Conversation *doc = document(sessionId))
        doc->appendText(r.streamTarget, r.pendingText, r.pendingReasoning);
    r.pendingText.clear();
    r.pendingReasoning.clear();
}

void Conversations::finish(const QString &sessionId, SessionState state, const QString &error)
{
    flushDeltas(sessionId);
    const std::shared_ptr<Running> running = m_running.take(sessionId);
    if (Conversation *doc = document(sessionId)) {
        doc->setTurnRunning(false);
        if (running)
            for (auto it = running->approvals.cbegin(); it != running->approvals.cend(); ++it)
                doc->setToolCallState(it.key(), {ToolCallState::Phase::NotRun, -1});
    }
    if (m_services.housekeeper)
        m_services.housekeeper->runFinished(sessionId);
    if (state == SessionState::Failed && !error.isEmpty())
        Q_EMIT notice(error);
    setActivity(sessionId, Activity::Idle);
    refreshSession(sessionId);
    release(sessionId);
}

void Conversations::fail(const TurnRequest &request, const QString &reason)
{
    if (m_running.contains(request.sessionId)) {
        m_running.remove(request.sessionId);
        if (Conversation *doc = document(request.sessionId))
            doc->setTurnRunning(false);
        if (m_services.housekeeper)
            m_services.housekeeper->runFinished(request.sessionId);
        setActivity(request.sessionId, Activity::Idle);
        release(request.sessionId);
    }
    Q_EMIT notice(reason);
    Q_EMIT refused(request, reason);
    Q_EMIT turnFinished(request.sessionId, SessionState::Failed, reason, {});
    if (QList<TurnRequest> &queue = m_queues[request.sessionId]; !queue.isEmpty()) {
        const TurnRequest next = queue.takeFirst();
        Q_EMIT queueChanged(request.sessionId, int(queue.size()));
        start(next);
    }
}

void Conversations::refreshSession(const QString &sessionId)
{
    m_services.store->read<Session>(
        this, [sessionId](Store &store) { return store.sessions().get(sessionId); },
        [this](Result<Session> s) {
            if (!s)
                return;
            if (Conversation *doc = document(s->id))
                doc->setSession(s.value());
            Q_EMIT sessionChanged(s.value());
        });
}

QString Conversations::titleFromText(const QString &text)
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

void Conversations::maybeTitle(const QString &sessionId, const QString &userText)
{
    const QString title = titleFromText(userText);
    if (title.isEmpty())
        return;
    m_services.store->write<bool>(
        this,
        [sessionId, title](Store &store) -> Result<bool> {
            Result<Session> s = store.sessions().get(sessionId);
            if (!s)
                return s.error();
            if (s->titleIsUserSet || !s->title.isEmpty())
                return false;
            if (Status set = store.sessions().setAutoTitle(sessionId, title); !set)
                return set.error();
            return true;
        },
        [this, sessionId](Result<bool> titled) {
            if (titled && titled.value())
                refreshSession(sessionId);
        });
}

} // namespace Skein
