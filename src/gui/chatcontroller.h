#pragma once

#include "composer.h"
#include "core/conversationtree.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "engine/agent/agentoptions.h"
#include "engine/context/contextexclusions.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <functional>
#include <optional>

class QTimer;

namespace Skein {

class AgentRun;
class AgentRunner;
class AppContext;
class ChatTurn;
class ProviderClient;
class ToolHost;
class SearchResultModel;
class SessionListModel;
class ThreadModel;
struct StreamDelta;
struct SecretResult;

// The chat area's logic between the widgets and storage: loads sessions and threads off the GUI
// thread, runs one turn at a time (further sends queue) and feeds streamed text to the
// ThreadModel on a 25 ms timer. A sent message runs the agent loop (AgentRun: tools, approvals
// on the tool cards, limits); regenerate, continue and re-run are single model calls (ChatTurn).
// A session left waiting for an approval (e.g. by a restart) resumes when it is opened.
//
// Public API for other panels (branch view, memory and context inspectors):
//   currentSessionId() / currentSessionChanged(id)   the session shown in the chat view
//   selectedMessageId() / selectedMessageChanged(id) the message the user selected (or "")
//   openMessage(sessionId, messageId)                show that session on the branch through
//                                                    the message and scroll to it
//   showBranchOf(messageId)                          switch branch within the current session
//   threadModel()                                    the active branch's rows and the full tree
//   activeLeafChanged(sessionId, leafId)             after any branch switch or new message
//   messageStored(sessionId, messageId)              a reply finished and is on disk
class ChatController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChatController)

public:
    explicit ChatController(AppContext &context, QObject *parent = nullptr);
    ~ChatController() override;

    SessionListModel *sessionModel() const { return m_sessions; }
    SearchResultModel *searchModel() const { return m_search; }
    ThreadModel *threadModel() const { return m_thread; }

    QString currentSessionId() const { return m_currentSession.id; }
    Session currentSession() const { return m_currentSession; }
    QString selectedMessageId() const { return m_selectedMessage; }
    bool isBusy() const { return m_busy; }
    int queuedCount() const { return int(m_queue.size()); }
    QList<ModelChoice> modelChoices() const { return m_choices; }
    ToolHost *toolHost() const { return m_tools; }
    bool toolsEnabled() const { return m_toolsEnabled; }
    // The approval the user is asked for on this call's card, if any.
    std::optional<ApprovalRequest> pendingApproval(const QString &callId) const;
    ModelChoice currentChoice() const { return m_choice; }

    // Milliseconds a deleted session stays restorable (tests shorten it).
    void setUndoWindow(int ms) { m_undoWindowMs = ms; }
    // The session start() opens (when it still exists); otherwise the most recent one.
    void setResumeSession(const QString &sessionId) { m_resumeSessionId = sessionId; }
    // How streamed text reaches the view (ms between updates).
    void setStreamInterval(int ms) { m_streamIntervalMs = ms; }

    // A heuristic title from the first user message (first line, at most ~48 characters at a
    // word boundary): used after the first exchange when the user has not named the session.
    static QString titleFromText(const QString &text);

public Q_SLOTS:
    // Storage is open: loads the session list and providers.
    void start();
    void reloadProviders();
    // The session list again (after an import).
    void reloadSessions();
    // The open conversation again from storage (after start-up recovery repaired it); not while
    // a reply is being written into it.
    void reloadCurrentSession();
    void newSession();
    void openSession(const QString &sessionId);
    void openMessage(const QString &sessionId, const QString &messageId);
    // A session made elsewhere (the topic-switch offer): list it and open it.
    void openNewSession(const QString &sessionId);
    void showBranchOf(const QString &messageId);
    void setSelectedMessage(const QString &messageId);
    void chooseModel(const Skein::ModelChoice &choice);
    // Offer tools to the model on the next sends (the agent loop runs either way).
    void setToolsEnabled(bool enabled);
    // Settings changed: agent limits, memory review, MCP servers (restarted).
    void reloadTools();
    // The user's answer on a tool card waiting for approval.
    void decideTool(const QString &callId, Skein::ApprovalDecision decision);

    void send(const QString &text);
    void stop();
    void editMessage(const QString &userMessageId, const QString &newText);
    void regenerate(const QString &assistantMessageId);
    void continueReply(const QString &assistantMessageId);
    // The request of this assistant reply again, with the given messages and memories left out
    // (context inspector): the new reply is a sibling of the old one.
    void rerunWithContext(const QString &assistantMessageId, const Skein::ContextExclusions &exclusions);
    void deleteBranch(const QString &messageId);
    void switchSibling(const QString &messageId, Skein::ConversationTree::Direction direction);

    void search(const QString &text);
    void renameSession(const QString &sessionId, const QString &title);
    void setPinned(const QString &sessionId, bool pinned);
    void archiveSession(const QString &sessionId);
    void deleteSession(const QString &sessionId);
    void undoDelete();
    void duplicateSession(const QString &sessionId);
    // JSON (skein.session/1) unless path ends in .md (the active branch as Markdown).
    void exportSession(const QString &sessionId, const QString &path);

Q_SIGNALS:
    void currentSessionChanged(const QString &sessionId);
    void selectedMessageChanged(const QString &messageId);
    void activeLeafChanged(const QString &sessionId, const QString &leafId);
    void messageStored(const QString &sessionId, const QString &messageId);
    // The view should scroll to this message (after openMessage / a search jump).
    void scrollRequested(const QString &messageId);
    void busyChanged(bool busy);
    // A reply or agent run of this session started / ended (idle compaction leaves it alone).
    void runStarted(const QString &sessionId);
    void runFinished(const QString &sessionId);
    void queueChanged(int count);
    void modelChoicesChanged(const QList<Skein::ModelChoice> &choices);
    void sessionModelChosen(const QString &providerId, const QString &model);
    // Tokens of the next request without the draft (system prompt + active branch).
    void contextTokensChanged(qint64 tokens);
    // A tool call waits for the user's decision on its card (its arguments are shown there).
    void approvalRequested(const Skein::ApprovalRequest &request);
    // The agent loop's state for a session (running, waiting for a tool or approval, done).
    void agentStateChanged(const QString &sessionId, Skein::SessionState state);
    // A send could not start (the session is busy in another window or process): the text goes
    // back to the composer.
    void sendRefused(const QString &text);
    // Something the user should read in the status bar.
    void notice(const QString &text);
    // A deleted session can be restored (text names it); undoExpired when the window closed.
    void undoAvailable(const QString &text);
    void undoExpired();
    // A session list load completed (for tests and the benchmark).
    void sessionsLoaded(int count);
    void threadLoaded(const QString &sessionId);

private:
    enum class TurnKind { Send, Retry, Continue, Resume };
    struct PendingTurn
    {
        TurnKind kind = TurnKind::Send;
        QString sessionId;
        QString text;
        QString targetId; // retry / continue: the assistant message
        QString parentId; // send: the user message's parent (the leaf, or an edited message's parent)
        ContextExclusions exclusions; // retry: what the context inspector left out
    };

    void loadThread(const QString &sessionId, const QString &showMessageId);
    void runTurn(const PendingTurn &pending);
    void startTurn(const PendingTurn &pending, const ProviderConfig &provider, const QString &key);
    // Records what a key lookup taught (a key found or missing) and tells the user when a stored
    // key cannot be read because the keychain is unavailable.
    void noteKeyLookup(const ProviderConfig &provider, const SecretResult &secret);
    void onDeltas(const QList<StreamDelta> &deltas);
    void flushStream();
    void onTurnFinished();
    // chatcontroller_agent.cpp: sends and resumes run the agent loop.
    void startRun(const PendingTurn &pending, ProviderClient *client, const QString &providerId, const QString &model);
    void onRunFinished(Skein::SessionState state, const QString &error);
    // Shows the finished reply as stored, then settles the turn (idle, or the next queued one).
    void finishTurn(const PendingTurn &finished, const QString &assistantId, const QString &userId);
    void settleTurn(const PendingTurn &finished, const QString &userId);
    // Adds the stored messages between the shown branch and `messageId` (tool results, the
    // next reply) and refreshes the finished ones; the reply being streamed is left alone.
    // Brings the shown branch up to the stored path ending at messageId (or the session's active
    // leaf); `then` runs once that is applied (or could not be), e.g. to report the turn done.
    void syncPath(const QString &sessionId, const QString &messageId, std::function<void()> then = {});
    void syncActiveLeaf(const QString &sessionId, std::function<void()> then = {});
    void refreshMessage(const QString &messageId);
    void finishPendingTurn(const QString &error);
    void persistActiveLeaf();
    void refreshSession(const QString &sessionId);
    void commitDelete(const QString &sessionId);
    void updateContextTokens();
    void maybeAutoTitle(const QString &sessionId, const QString &userText);

    AppContext &m_context;
    SessionListModel *m_sessions;
    SearchResultModel *m_search;
    ThreadModel *m_thread;
    QList<ProviderConfig> m_providers;
    QList<ModelChoice> m_choices;
    ModelChoice m_choice;
    Session m_currentSession;
    QString m_resumeSessionId;
    QString m_selectedMessage;
    quint64 m_loadGeneration = 0;

    QPointer<ChatTurn> m_turn;
    QPointer<AgentRun> m_run;
    ToolHost *m_tools;
    AgentRunner *m_runner;
    bool m_toolsEnabled = true;
    QHash<QString, ApprovalRequest> m_approvals;
    bool m_busy = false;
    quint64 m_turnGeneration = 0;
    PendingTurn m_running;
    QList<PendingTurn> m_queue;
    QStringList m_awaitingSession; // sent before the first session existed
    QString m_streamTarget;
    QString m_pendingText;
    QString m_pendingReasoning;
    QTimer *m_streamTimer;
    int m_streamIntervalMs = 25;

    QTimer *m_searchTimer;
    QString m_searchText;
    quint64 m_searchGeneration = 0;

    QHash<QString, QTimer *> m_pendingDeletes;
    QStringList m_deleteOrder;
    int m_undoWindowMs = 8000;
    QHash<QString, qint64> m_tokenCache;
};

} // namespace Skein
