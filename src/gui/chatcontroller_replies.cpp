// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// ChatController: replies in the conversation shown — send, edit, regenerate, continue, re-run
// with a changed context, stop, approvals — started through Conversations.
#include "app/appcontext.h"
#include "app/services/sessionservice.h"
#include "chatcontroller.h"
#include "engine/conversation/conversation.h"
#include "engine/tools/toolhost.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"

#include <utility>

namespace Skein {

void ChatController::setToolsEnabled(bool enabled)
{
    m_toolsEnabled = enabled;
}

void ChatController::reloadTools()
{
    m_context.tools().reload();
}

void ChatController::decideTool(const QString &callId, ApprovalDecision decision)
{
    m_conversations.decide(currentSessionId(), callId, decision);
}

void ChatController::run(TurnRequest request)
{
    const Session session = currentSession();
    if (request.sessionId != session.id || session.providerId.isEmpty())
        request.providerId = m_choice.providerId;
    if (request.sessionId != session.id || session.model.isEmpty())
        request.model = m_choice.model;
    const ContextExclusions exclusions = request.options.exclusions;
    request.options = m_conversations.defaultOptions();
    request.options.toolsEnabled = m_toolsEnabled;
    request.options.exclusions = exclusions;
    m_conversations.start(request);
}

void ChatController::send(const QString &text, const QList<PreparedAttachment> &attachments)
{
    if (text.trimmed().isEmpty() && attachments.isEmpty())
        return;
    if (!m_conversation) {
        // No conversation yet: create one, then send into it (sends made meanwhile follow).
        m_awaitingSession.append({text, attachments});
        if (m_awaitingSession.size() > 1)
            return;
        Session session = Session::create();
        session.providerId = m_choice.providerId;
        session.model = m_choice.model;
        m_context.sessions().create(session, this, [this](const Result<Session> &stored) {
            const auto texts = std::exchange(m_awaitingSession, {});
            if (!stored) {
                Q_EMIT notice(tr("Could not create a conversation: %1").arg(stored.error().message));
                return;
            }
            show(stored->id, {});
            m_conversation->whenLoaded(this, [this, texts] {
                for (const auto &[t, files] : texts)
                    send(t, files);
            });
        });
        return;
    }
    TurnRequest r;
    r.kind = TurnRequest::Kind::Send;
    r.sessionId = currentSessionId();
    r.text = text;
    r.attachments = attachments;
    run(r);
}

void ChatController::editMessage(const QString &userMessageId, const QString &newText)
{
    const Message original = m_thread->message(userMessageId);
    if (original.id.isEmpty() || original.role != Role::User || newText.trimmed().isEmpty())
        return;
    TurnRequest r;
    r.kind = TurnRequest::Kind::Send;
    r.sessionId = original.sessionId == currentSessionId() ? original.sessionId : currentSessionId();
    r.text = newText;
    r.parentId = original.parentId; // the edit becomes a sibling of the original
    run(r);
}

void ChatController::regenerate(const QString &assistantMessageId)
{
    rerunWithContext(assistantMessageId, {});
}

void ChatController::continueReply(const QString &assistantMessageId)
{
    const Message m = m_thread->message(assistantMessageId);
    if (m.id.isEmpty() || m.role != Role::Assistant)
        return;
    TurnRequest r;
    r.kind = TurnRequest::Kind::Continue;
    r.sessionId = currentSessionId();
    r.replyId = m.id;
    run(r);
}

void ChatController::rerunWithContext(const QString &assistantMessageId, const ContextExclusions &exclusions)
{
    const Message m = m_thread->message(assistantMessageId);
    if (m.id.isEmpty() || m.role != Role::Assistant)
        return;
    TurnRequest r;
    r.kind = TurnRequest::Kind::Retry;
    r.sessionId = currentSessionId();
    r.replyId = m.id;
    r.options.exclusions = exclusions;
    run(r);
}

void ChatController::stop()
{
    if (m_conversation)
        m_conversations.stop(currentSessionId());
}

void ChatController::onActivity(const QString &sessionId, Conversations::Activity activity)
{
    m_sessions->setActivity(sessionId, int(activity));
    Q_EMIT activityChanged(sessionId, activity);
    if (activity == Conversations::Activity::Running && sessionId == currentSessionId() && !m_shownBusy) {
        m_shownBusy = true;
        Q_EMIT busyChanged(true);
    }
    if (activity != Conversations::Activity::Idle && !m_active.contains(sessionId)) {
        m_active.insert(sessionId);
        Q_EMIT runStarted(sessionId);
    }
}

void ChatController::onTurnFinished(const QString &sessionId, const QString &lastReplyId)
{
    if (!lastReplyId.isEmpty())
        Q_EMIT messageStored(sessionId, lastReplyId);
    if (sessionId == currentSessionId()) {
        m_tokenCache.remove(lastReplyId);
        updateContextTokens();
    }
    if (!m_conversations.isRunning(sessionId) && m_active.remove(sessionId))
        Q_EMIT runFinished(sessionId);
    if (sessionId == currentSessionId() && m_shownBusy && !isBusy()) {
        m_shownBusy = false;
        Q_EMIT busyChanged(false);
    }
}

} // namespace Skein
