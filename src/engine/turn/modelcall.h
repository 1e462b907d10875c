/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "core/domain/enums.h"
#include "core/domain/message.h"
#include "core/domain/session.h"
#include "core/stream/assembledturn.h"
#include "core/stream/streamdelta.h"
#include "engine/attachments/attachmentintake.h"
#include "llm/callerror.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

class QTimer;

namespace Skein {

class AsyncStore;
class ProviderClient;
class SourceInputs;
class ContextSource;
class StreamingCall;

// One model call of a session, streamed to disk (SPEC "Stream to disk"). The user message is
// committed with Durability::Full before anything is sent; the assistant row exists as
// `generating` before the first byte; text and reasoning are coalesced and appended through the
// storage writer at most every flushInterval; the row ends `complete`, `interrupted`, `failed` or
// `cancelled`, keeping every flushed byte. Single use: call exactly one of send / continueReply /
// retry. Lives on the caller's thread; never blocks it.
class ModelCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelCall)

public:
    ModelCall(AsyncStore *store, ProviderClient *client, QObject *parent = nullptr);
    ~ModelCall() override;

    // Defaults to the context engine (ContextEngine). Set before starting.
    void setContextSource(std::shared_ptr<const ContextSource> source);
    // Files the user message of send() carries: their content is stored and they are written with
    // the message, in its job.
    void setAttachments(const QList<PreparedAttachment> &attachments) { m_attachments = attachments; }
    // The model to ask (empty: the session's model) and the provider id stored on the reply.
    void setModel(const QString &model) { m_model = model; }
    void setProviderId(const QString &providerId) { m_providerId = providerId; }
    // At most one flush per interval (250 ms = 4 per second).
    void setFlushInterval(int milliseconds) { m_flushIntervalMs = milliseconds; }

    // Appends a user message below parentId (the session's active leaf when not given; an empty
    // id makes it a new root, as an edited first message is), then asks the model.
    void send(const QString &sessionId, const QString &text, const std::optional<QString> &parentId = {});
    // Asks the model to go on with an interrupted or cancelled reply; the output is appended to
    // that same message.
    void continueReply(const QString &assistantMessageId);
    // A new answer to the same user message: a sibling of assistantMessageId.
    void retry(const QString &assistantMessageId);
    // The next model call of a tool loop: a new reply below the session's active leaf (the last
    // tool result), without a new user message.
    void reply(const QString &sessionId);
    // The user's stop: the reply keeps what arrived and ends `cancelled`.
    void cancel();

    QString sessionId() const { return m_sessionId; }
    QString userMessageId() const { return m_userMessageId; }
    QString assistantMessageId() const { return m_assistantId; }
    bool isFinished() const { return m_finished; }
    MessageStatus status() const { return m_status; }
    QString errorText() const { return m_errorText; }
    CallError llmError() const { return m_llmError; }
    AssembledTurn turn() const { return m_turn; }
    int flushCount() const { return m_flushes; }
    // The context snapshot of the last request sent (empty for a source without snapshots).
    QString requestId() const { return m_snapshot ? m_snapshot->id : QString(); }
    // Whether the request was rebuilt once for a smaller window after a context error.
    bool retriedForWindow() const { return m_windowRetried; }

Q_SIGNALS:
    // The user message is on disk (synchronous=FULL): the UI may show it as sent.
    void userMessageCommitted(const QString &messageId);
    // The assistant row exists (generating) and the request is on its way.
    void assistantStarted(const QString &messageId);
    // A row as it is now on disk: the user message and the new (or reopened) reply when the call
    // starts, the finished reply at the end. A view of the conversation applies these as they come.
    void messageStored(const Skein::Message &message);
    // New pieces of the reply, for live display.
    void deltasReceived(const QList<Skein::StreamDelta> &deltas);
    // The request is on its way; maxTokens is the room it gives the reply (0: none set).
    void requestSent(int maxTokens);
    // A batch of text went to the storage writer.
    void flushed(int count);
    // Everything is stored; error is empty for `complete`.
    void finished(Skein::MessageStatus status, const QString &error);

private:
    enum class Mode { Send, Continue, Retry, Reply };
    struct Prepared; // what the writer thread read for the request

    void start(Mode mode, const QString &id, const QString &text, const std::optional<QString> &parentId = {});
    void begin(const Session &session, const QList<Message> &path, const Message &assistant);
    void sendRequest();
    void onDeltas(const QList<StreamDelta> &deltas);
    void scheduleFlush();
    void flush();
    void flushFailed(const QString &reason);
    void onCallFinished(const AssembledTurn &turn, const CallError &error);
    void finishWith(MessageStatus status, const QString &error);
    void storageFailed(const QString &message);

    QPointer<AsyncStore> m_store;
    QPointer<ProviderClient> m_client;
    std::shared_ptr<const ContextSource> m_source;
    QList<PreparedAttachment> m_attachments;
    std::shared_ptr<const SourceInputs> m_inputs;
    std::optional<ContextSnapshot> m_snapshot; // of the request in flight
    Session m_session;
    QList<Message> m_path;
    QString m_assistantModel;
    bool m_windowRetried = false;
    QPointer<StreamingCall> m_call;
    QTimer *m_flushTimer;
    QElapsedTimer m_sinceFlush;
    QString m_model;
    QString m_providerId;
    int m_flushIntervalMs = 250;

    QString m_sessionId;
    QString m_userMessageId;
    QString m_assistantId;
    QString m_baseText; // a continued reply's text before this call
    QString m_baseReasoning;
    QList<ReasoningBlock> m_baseBlocks;
    qsizetype m_baseToolCalls = 0;
    QList<ToolCall> m_droppedCalls; // cut off mid-stream: not stored as calls
    QString m_pendingText;
    QString m_pendingReasoning;
    bool m_resetPending = false;
    int m_flushes = 0;
    // What the queued flushes make of the stored reply (UTF-8 bytes): each flush appends only where
    // the stored text is exactly this long, so a lost part never leaves a hole (issue #13).
    qint64 m_storedContentBytes = 0;
    qint64 m_storedReasoningBytes = 0;
    QString m_flushError; // the first flush that did not reach the disk
    bool m_started = false;
    bool m_cancelRequested = false;
    bool m_finished = false;
    MessageStatus m_status = MessageStatus::Generating;
    QString m_errorText;
    CallError m_llmError;
    AssembledTurn m_turn;
};

} // namespace Skein
