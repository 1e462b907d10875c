// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "modelcall.h"

#include "core/domain/ids.h"
#include "engine/context/contextengine.h"
#include "engine/context/contextsource.h"
#include "llm/providerclient.h"
#include "llm/streamingcall.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimer>

#include <utility>

namespace Skein {

struct ModelCall::Prepared
{
    Session session;
    QList<Message> path; // what the request is built from
    Message user; // Send only
    Message assistant;
    std::shared_ptr<const SourceInputs> inputs; // what the request source read for the call
};

namespace {

StorageError invalid(const QString &message)
{
    return StorageError {StorageError::Kind::Invalid, message};
}

} // namespace

ModelCall::ModelCall(AsyncStore *store, ProviderClient *client, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_source(std::make_shared<ContextEngine>())
    , m_flushTimer(new QTimer(this))
{
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setTimerType(Qt::PreciseTimer); // never early: the 250 ms spacing is a promise
    connect(m_flushTimer, &QTimer::timeout, this, &ModelCall::flush);
}

ModelCall::~ModelCall()
{
    if (m_call)
        m_call->disconnect(this);
    delete m_call;
}

void ModelCall::setContextSource(std::shared_ptr<const ContextSource> source)
{
    m_source = std::move(source);
}

void ModelCall::send(const QString &sessionId, const QString &text, const std::optional<QString> &parentId)
{
    start(Mode::Send, sessionId, text, parentId);
}

void ModelCall::continueReply(const QString &assistantMessageId)
{
    start(Mode::Continue, assistantMessageId, {});
}

void ModelCall::retry(const QString &assistantMessageId)
{
    start(Mode::Retry, assistantMessageId, {});
}

void ModelCall::reply(const QString &sessionId)
{
    start(Mode::Reply, sessionId, {});
}

void ModelCall::cancel()
{
    if (m_finished)
        return;
    m_cancelRequested = true;
    if (m_call)
        m_call->cancel(); // finishes through onCallFinished with Cancelled
}

void ModelCall::start(Mode mode, const QString &id, const QString &text, const std::optional<QString> &parentId)
{
    Q_ASSERT(!m_started);
    if (m_started || !m_store || !m_client)
        return;
    m_started = true;
    const QString providerId = m_providerId;
    const QString model = m_model;
    const std::shared_ptr<const ContextSource> source = m_source;
    const QList<PreparedAttachment> attachments = m_attachments;

    auto job = [mode, id, text, parentId, providerId, model, source, attachments](Store &store) -> Result<Prepared> {
        Prepared p;
        auto newReply = [&](const QString &above) {
            Message a = Message::create(p.session.id, above, Role::Assistant, QString());
            a.status = MessageStatus::Generating;
            a.providerId = providerId;
            a.model = model.isEmpty() ? p.session.model : model;
            a.completedAt = 0;
            return a;
        };
        if (mode == Mode::Reply) {
            Result<Session> session = store.sessions().get(id);
            if (!session)
                return session.error();
            p.session = session.value();
            p.assistant = newReply(p.session.activeLeafId);
        } else if (mode == Mode::Send) {
            Result<Session> session = store.sessions().get(id);
            if (!session)
                return session.error();
            p.session = session.value();
            const QString parent = parentId.value_or(p.session.activeLeafId);
            if (!parent.isEmpty()) {
                Result<Message> above = store.messages().get(parent);
                if (!above)
                    return above.error();
                if (above->sessionId != id && parent != p.session.entryMessageId)
                    return invalid(tr("The message to answer belongs to another conversation."));
            }
            p.user = Message::create(id, parent, Role::User, text);
            if (Status s = storeAttachments(store, attachments, &p.user); !s)
                return s.error();
            if (Status s = store.messages().insert(p.user); !s)
                return s.error();
            p.assistant = newReply(p.user.id);
        } else {
            Result<Message> old = store.messages().get(id);
            if (!old)
                return old.error();
            if (old->role != Role::Assistant)
                return invalid(tr("Only a reply of the model can be continued or retried."));
            Result<Session> session = store.sessions().get(old->sessionId);
            if (!session)
                return session.error();
            p.session = session.value();
            if (mode == Mode::Continue) {
                if (old->status == MessageStatus::Generating || old->status == MessageStatus::Complete)
                    return invalid(tr("Only an interrupted or stopped reply can be continued."));
                p.assistant = old.value();
                if (Status s = store.messages().reopen(id); !s)
                    return s.error();
            } else {
                p.assistant = newReply(old->parentId);
            }
        }
        if (mode != Mode::Continue)
            if (Status s = store.messages().insert(p.assistant); !s)
                return s.error();
        if (Status s = store.sessions().setActiveLeaf(p.session.id, p.assistant.id); !s)
            return s.error();
        const QString leaf = mode == Mode::Continue ? p.assistant.id : p.assistant.parentId;
        p.inputs = source->prepare(store, p.session, leaf, providerId, p.assistant.model);
        if (!leaf.isEmpty() && (!p.inputs || !source->loadsOwnPath())) {
            Result<QList<Message>> path = store.messages().path(leaf);
            if (!path)
                return path.error();
            p.path = path.value();
        }
        return p;
    };
    m_store->write<Prepared>(
        this, job,
        [this, mode](Result<Prepared> prepared) {
            if (!prepared) {
                finishWith(MessageStatus::Failed, prepared.error().message);
                return;
            }
            const Prepared &p = prepared.value();
            m_sessionId = p.session.id;
            m_assistantId = p.assistant.id;
            if (mode == Mode::Send) {
                m_userMessageId = p.user.id;
                Q_EMIT messageStored(p.user);
                Q_EMIT userMessageCommitted(m_userMessageId);
            } else if (mode != Mode::Reply) {
                m_userMessageId = p.assistant.parentId;
            }
            m_storedContentBytes = p.assistant.content.toUtf8().size();
            m_storedReasoningBytes = p.assistant.reasoning.toUtf8().size();
            if (mode == Mode::Continue) {
                m_baseText = p.assistant.content;
                m_baseReasoning = p.assistant.reasoning;
                m_baseBlocks = p.assistant.reasoningBlocks;
                m_baseToolCalls = p.assistant.toolCalls.size();
            }
            m_inputs = p.inputs;
            begin(p.session, p.path, p.assistant);
        },
        Durability::Full);
}

void ModelCall::begin(const Session &session, const QList<Message> &path, const Message &assistant)
{
    Message shown = assistant;
    shown.status = MessageStatus::Generating;
    shown.error.clear();
    shown.finishReason.clear();
    Q_EMIT messageStored(shown);
    Q_EMIT assistantStarted(assistant.id);
    if (m_cancelRequested || !m_client) {
        finishWith(MessageStatus::Cancelled, CallError::cancelled().displayText());
        return;
    }
    m_session = session;
    m_path = path;
    m_assistantModel = assistant.model;
    sendRequest();
}

void ModelCall::sendRequest()
{
    BuiltRequest built = m_source->buildCall(m_session, m_path, m_inputs.get());
    ChatRequest &request = built.request;
    if (!m_assistantModel.isEmpty())
        request.model = m_assistantModel;
    request.continueLastAssistant = !m_baseText.isEmpty() || !m_baseReasoning.isEmpty();
    m_snapshot = built.snapshot;
    if (m_snapshot && m_store) {
        m_snapshot->id = Ids::create();
        m_snapshot->providerId = m_providerId.isEmpty() ? m_session.providerId : m_providerId;
        m_snapshot->model = request.model;
        const ContextSnapshot snapshot = *m_snapshot;
        const QString assistantId = m_assistantId;
        m_store->write([snapshot, assistantId](Store &store) -> Status {
            if (Status s = store.snapshots().create(snapshot); !s)
                return s;
            return store.messages().setRequestId(assistantId, snapshot.id);
        });
    }
    m_call = m_client->chat(request);
    connect(m_call, &StreamingCall::deltasReceived, this, &ModelCall::onDeltas);
    connect(m_call, &StreamingCall::finished, this, &ModelCall::onCallFinished);
    Q_EMIT requestSent(request.maxTokens.value_or(0));
}

void ModelCall::onDeltas(const QList<StreamDelta> &deltas)
{
    for (const StreamDelta &d : deltas) {
        switch (d.kind) {
        case StreamDelta::Kind::Text:
        case StreamDelta::Kind::Refusal:
            m_pendingText += d.text;
            break;
        case StreamDelta::Kind::Reasoning:
            m_pendingReasoning += d.text;
            break;
        case StreamDelta::Kind::Reset:
            m_resetPending = true;
            m_pendingText.clear();
            m_pendingReasoning.clear();
            break;
        default:
            break;
        }
    }
    Q_EMIT deltasReceived(deltas);
    scheduleFlush();
}

void ModelCall::scheduleFlush()
{
    if (m_flushTimer->isActive() || (m_pendingText.isEmpty() && m_pendingReasoning.isEmpty() && !m_resetPending))
        return;
    const qint64 since = m_sinceFlush.isValid() ? m_sinceFlush.elapsed() : m_flushIntervalMs;
    m_flushTimer->start(int(qMax<qint64>(0, m_flushIntervalMs - since)));
}

void ModelCall::flush()
{
    if (!m_store || (m_pendingText.isEmpty() && m_pendingReasoning.isEmpty() && !m_resetPending))
        return;
    const QString id = m_assistantId;
    const QString text = std::exchange(m_pendingText, {});
    const QString reasoning = std::exchange(m_pendingReasoning, {});
    const bool reset = std::exchange(m_resetPending, false);
    const QString baseText = m_baseText;
    const QString baseReasoning = m_baseReasoning;
    if (reset) {
        m_storedContentBytes = baseText.toUtf8().size();
        m_storedReasoningBytes = baseReasoning.toUtf8().size();
    }
    const qint64 contentBefore = m_storedContentBytes;
    const qint64 reasoningBefore = m_storedReasoningBytes;
    m_storedContentBytes += text.toUtf8().size();
    m_storedReasoningBytes += reasoning.toUtf8().size();
    // Acknowledged: a flush lost to SQLITE_BUSY or SQLITE_FULL, or to another process that closed
    // the reply, ends the reply interrupted with the reason instead of leaving a hole.
    m_store->write(
        this,
        [=](Store &store) -> Status {
            if (reset)
                if (Status s = store.messages().setGeneratingContent(id, baseText, baseReasoning); !s)
                    return s;
            if (text.isEmpty() && reasoning.isEmpty())
                return {};
            return store.messages().appendDeltaAt(id, text, reasoning, contentBefore, reasoningBefore);
        },
        [this](const Status &s) {
            if (!s)
                flushFailed(s.error().message);
        });
    m_sinceFlush.start();
    ++m_flushes;
    Q_EMIT flushed(m_flushes);
}

void ModelCall::flushFailed(const QString &reason)
{
    if (!m_flushError.isEmpty())
        return;
    m_flushError = reason;
    if (m_finished || m_status != MessageStatus::Generating)
        return; // the finish checks what is on disk
    // Nothing more can be appended after the gap: stop the call; what is on disk stays.
    if (m_call) {
        m_turn = m_call->turn();
        m_turn.toolCalls.clear(); // an interrupted reply runs no tools
        m_call->disconnect(this);
        m_call->cancel();
        m_call->deleteLater();
        m_call = nullptr;
    }
    m_pendingText.clear();
    m_pendingReasoning.clear();
    m_resetPending = false;
    finishWith(MessageStatus::Interrupted, {});
}

void ModelCall::onCallFinished(const AssembledTurn &turn, const CallError &error)
{
    m_turn = turn;
    m_llmError = error;
    if (m_call) {
        m_call->disconnect(this);
        m_call->deleteLater();
    }
    // A call still open when the stream broke off (an error event inside a tool_use block, a
    // dropped connection, the user's stop) is not a call the model made: it is neither stored as
    // one nor sent back; the error says it was dropped. Text and reasoning are kept.
    m_droppedCalls.clear();
    if (error.isError()) {
        QList<ToolCall> kept;
        for (const ToolCall &call : std::as_const(m_turn.toolCalls))
            (call.closed ? kept : m_droppedCalls).append(call);
        m_turn.toolCalls = kept;
    }
    const bool hasContent = !m_baseText.isEmpty() || !turn.text.isEmpty() || !turn.reasoning.isEmpty()
        || !turn.refusal.isEmpty() || m_turn.hasToolCalls();
    // The model's window is smaller than believed: lower it, rebuild and retry once.
    if (error.category == CallError::Category::ContextTooLong && !hasContent && !m_windowRetried
        && !m_cancelRequested) {
        if (auto shrunk = m_source->shrink(m_inputs.get(), error)) {
            m_windowRetried = true;
            m_inputs = std::move(shrunk);
            m_turn = {};
            m_llmError = {};
            m_call = nullptr;
            sendRequest();
            return;
        }
    }
    // Whatever stopped a reply that had started (a dropped connection, an overloaded_error or
    // server error event mid-stream) leaves it interrupted: its text is kept and Continue picks up
    // from there. Without content it failed.
    MessageStatus status = MessageStatus::Complete;
    switch (error.category) {
    case CallError::Category::None:
        break;
    case CallError::Category::Cancelled:
        status = MessageStatus::Cancelled;
        break;
    case CallError::Category::Truncated:
        status = MessageStatus::Interrupted;
        break;
    default:
        status = hasContent ? MessageStatus::Interrupted : MessageStatus::Failed;
        break;
    }
    QString text = error.isError() ? error.displayText() : QString();
    if (!m_droppedCalls.isEmpty()) {
        QStringList names;
        for (const ToolCall &call : std::as_const(m_droppedCalls))
            names << (call.name.isEmpty() ? tr("a tool") : call.name);
        const QString note = tr("The reply broke off while it was calling %1; the incomplete call was not kept.")
                                 .arg(names.join(QStringLiteral(", ")));
        text = text.isEmpty() ? note : text + (text.endsWith(u'.') ? QStringLiteral(" ") : QStringLiteral(". ")) + note;
    }
    finishWith(status, text);
}

} // namespace Skein
