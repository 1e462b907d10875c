/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"
#include "core/domain/message.h"
#include "core/domain/runtimecheckpoint.h"
#include "core/stream/assembledturn.h"
#include "core/stream/streamdelta.h"
#include "engine/attachments/attachmentintake.h"
#include "engine/context/contextexclusions.h"
#include "engine/context/queryembedding.h"
#include "engine/tools/tool.h"
#include "engine/turn/repeatguard.h"
#include "engine/turn/turnoptions.h"
#include "llm/chatrequest.h"

#include <QCoreApplication>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

namespace Skein {

class AsyncStore;
class ModelCall;
class ProviderClient;
class ContextSource;
class ToolRegistry;

// One user turn of the agent loop (SPEC §5, [S000 §8]): model calls through ModelCall (so every
// call is streamed to disk and its request built — and governed — by the request source), tool
// calls executed through the ToolRegistry with the tool log as idempotence key (SPEC §2.5),
// approvals, limits, and a runtime checkpoint written with every tool result (SPEC §2.6).
// State PENDING → ACTIVE → WAITING_TOOL → ACTIVE … → COMPLETED | FAILED | CANCELLED is stored on
// the session and emitted. Single use; lives on the caller's thread and never blocks it. Use
// TurnRunner to get one: it keeps one run per session.
class Turn final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Turn)

public:
    Turn(AsyncStore *store, ProviderClient *client, ToolRegistry *tools, QObject *parent = nullptr);
    ~Turn() override;

    void setOptions(const TurnOptions &options) { m_options = options; }
    const TurnOptions &options() const { return m_options; }
    // What one model call of the loop asks for.
    struct CallPlan
    {
        QList<ToolDefinition> tools; // to offer; empty for the final call after the iteration limit
        bool finalCall = false;
        // Room for the reply (max_tokens) when the previous reply was cut inside a tool call's
        // arguments; 0: the budget's own output reserve. The context engine bounds it by the
        // model's max output and half the window.
        qint64 outputTokens = 0;
        // What the user left out of the context ("re-run with this context"), for every call.
        ContextExclusions exclusions;
        ProviderKind kind = ProviderKind::OpenAiCompatible; // the dialect of the server called
        QueryEmbedding embedding; // semantic recall's query, the same for every call of the turn
    };
    // Builds the request source of each model call from its plan. The source runs governance
    // before every call. Default: contextSources().
    using SourceFactory = std::function<std::shared_ptr<const ContextSource>(const CallPlan &plan)>;
    void setSourceFactory(SourceFactory factory) { m_sourceFactory = std::move(factory); }
    // The context engine (ContextEngine: budget, selection, governance, snapshot) with the
    // tools; the final call gets none and the closing instruction.
    static SourceFactory contextSources();
    // The path as it is (WholePathSource) plus the tools, for tests that read raw requests.
    static SourceFactory plainSources();
    void setModel(const QString &model) { m_model = model; }
    void setProviderId(const QString &providerId) { m_providerId = providerId; }
    void setFlushInterval(int milliseconds) { m_flushIntervalMs = milliseconds; }
    // Semantic recall: embeds the user's text (empty for a retry or a continue) with the
    // embedding model of the settings and calls done once, on context's thread, with the model
    // and the vector (model empty: none configured; vector empty: the call failed, or no text).
    // Not set: recall is lexical only.
    using QueryEmbedder
        = std::function<void(const QString &text, QObject *context, std::function<void(const QueryEmbedding &)> done)>;
    void setQueryEmbedder(QueryEmbedder embedder) { m_embedder = std::move(embedder); }
    // Files the user message of send() carries (AttachmentIntake), stored with it.
    void setAttachments(const QList<PreparedAttachment> &attachments) { m_attachments = attachments; }

    // Commits the user message below parentId (the active leaf when not given; empty: a new root)
    // and runs the loop.
    void send(const QString &sessionId, const QString &text, const std::optional<QString> &parentId = {});
    // A new answer to the user message of assistantMessageId (a sibling of it), then the loop.
    void retry(const QString &sessionId, const QString &assistantMessageId);
    // Goes on with an interrupted or stopped reply (appended to it), then the loop.
    void continueReply(const QString &sessionId, const QString &assistantMessageId);
    // Picks up a run that was waiting for approval (e.g. after a restart): the pending calls are
    // asked for again. Finishes at once (Failed) when the session has nothing to resume.
    void resume(const QString &sessionId);
    // The user's stop, at any moment: a streaming reply ends `cancelled`, a running tool is
    // cancelled, unanswered calls get a "not run" result so the chain stays valid.
    void cancel();
    // The answer to approvalRequested(call.callId). Ignored for any other id.
    void decide(const QString &callId, ApprovalDecision decision);

    QString sessionId() const { return m_sessionId; }
    SessionState state() const { return m_state; }
    bool isFinished() const { return m_finished; }
    int iteration() const { return m_iteration; }
    QString userMessageId() const { return m_userMessageId; }
    // The last model reply of the run (the answer when it completed).
    QString lastAssistantId() const { return m_assistantId; }
    QString errorText() const { return m_errorText; }
    // What the last model call returned (text, usage).
    AssembledTurn lastTurn() const { return m_lastTurn; }
    // The call waiting for a decision, if any.
    QString pendingApprovalCallId() const { return m_approvalCallId; }

    // Sent to the model in place of a call that was not run; English on purpose (model-facing).
    static QString repeatNudge(const QString &toolName, int times);
    // The result of a call whose arguments are not a JSON object: cut off by the output limit
    // (cutByLength), or not valid JSON / not an object (parseError says where). Model-facing.
    static QString brokenArgumentsResult(const QString &toolName, const QString &arguments, bool cutByLength,
                                         const QString &parseError);
    // The nudge when the calls of one tool keep arriving broken within the turn. Model-facing.
    static QString brokenRepeatNudge(const QString &toolName, int times);

Q_SIGNALS:
    void stateChanged(Skein::SessionState state);
    void userMessageCommitted(const QString &messageId);
    // A message of the session as it is now on disk (the user message, each reply when it starts
    // and when it is finished, each tool result): what a view of the conversation applies.
    void messageStored(const Skein::Message &message);
    // A model call began (its reply row exists); iteration counts from 1.
    void assistantStarted(const QString &messageId, int iteration);
    void deltasReceived(const QList<Skein::StreamDelta> &deltas);
    void toolCallStarted(const Skein::ToolCallInfo &call);
    void toolCallProgress(const QString &callId, double progress, double total, const QString &message);
    // The result is stored. reused: the tool log already had a success for this call id.
    void toolCallFinished(const QString &callId, Skein::ToolStatus status, const QString &result, bool reused);
    // Waiting for decide(); the state is WAITING_TOOL and survives a restart.
    void approvalRequested(const Skein::ApprovalRequest &request);
    // The previous reply was cut off by its output limit inside a call to toolName, so the next
    // model call of the turn went out with room for nextTokens (previousTokens before; equal when
    // the model's limit was already reached). For the user: why the reply took an extra round.
    void outputLimitRaised(const QString &toolName, int previousTokens, int nextTokens);
    void finished(Skein::SessionState state, const QString &error);

private:
    struct Slot
    {
        ToolCall call; // call.id: the id on the path, unique in the session
        QString phase; // queued, awaiting_approval, running, done
        ToolStatus status = ToolStatus::Pending;
        QString requestId; // the tool-log key with the session and reply: our call id, unique in the session
    };
    struct Prepared;
    struct Outcome;

    // agentrun.cpp: the loop
    void claim(const QString &sessionId, std::function<void()> then);
    void embedQuery(); // then startModelCall()
    void startModelCall();
    void onTurnFinished(MessageStatus status, const QString &error);
    void beginTools(const QList<ToolCall> &calls);
    void setState(SessionState state, bool durable = false);
    void finishRun(SessionState state, const QString &error);
    RuntimeCheckpoint checkpoint() const;

    // agentrun_tools.cpp: one call after another
    void nextCall();
    void prepareCall(Slot &slot, bool grantAlways, bool approved);
    void onPrepared(const Prepared &prepared);
    void askApproval(const Slot &slot, const Prepared &prepared);
    void runTool(Slot &slot);
    void storeResult(const QString &callId, const ToolResult &result, ToolStatus status, bool log);
    Slot *slotFor(const QString &callId);
    ToolCallInfo infoOf(const Slot &slot) const;

    QPointer<AsyncStore> m_store;
    QPointer<ProviderClient> m_client;
    QPointer<ToolRegistry> m_tools;
    SourceFactory m_sourceFactory;
    QueryEmbedder m_embedder;
    QueryEmbedding m_embedding;
    TurnOptions m_options;
    QString m_model;
    QString m_providerId;
    int m_flushIntervalMs = 250;

    QString m_sessionId;
    QString m_userMessageId;
    QString m_assistantId; // the reply of the current / last model call
    QString m_leafId; // where the next tool result goes
    enum class Start { Send, Retry, Continue, Resume };
    Start m_start = Start::Send;
    QString m_text; // the user's message until it is committed
    QList<PreparedAttachment> m_attachments; // its files, until then too
    std::optional<QString> m_parentId; // Send: where the user message goes
    QString m_targetId; // Retry / Continue: the reply
    SessionState m_state = SessionState::Idle;
    ModelCall *m_turn = nullptr;
    AssembledTurn m_lastTurn;
    int m_iteration = 0;
    bool m_finalCall = false;
    QList<Slot> m_slots;
    qsizetype m_next = 0;
    QPointer<ToolInvocation> m_invocation;
    QString m_approvalCallId;
    RepeatGuard m_repeats;
    int m_lastMaxTokens = 0; // max_tokens of the last model call (0: not set)
    qint64 m_outputTokens = 0; // room asked for the next calls of this turn (0: the default)
    QString m_cutTool; // the call the last reply was cut in, while its next call is pending
    bool m_started = false;
    bool m_cancelRequested = false;
    bool m_finishing = false;
    bool m_finished = false;
    QString m_errorText;
};

} // namespace Skein
