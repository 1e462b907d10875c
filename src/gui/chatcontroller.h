/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "app/conversations.h"
#include "app/services/sessionservice.h"
#include "composer.h"
#include "core/conversationtree.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "engine/context/contextexclusions.h"
#include "engine/conversation/conversation.h"
#include "engine/turn/turnoptions.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <optional>

class QTimer;

namespace Skein {

class AppContext;
class Conversation;
class SearchResultModel;
class SessionListModel;
class ThreadModel;
class ToolHost;

// The chat area's presenter: the conversation list (SessionService), search, the conversation
// shown (a Conversation document from Conversations, adapted by ThreadModel) and the model picked
// in the composer. Replies are Conversations' business: each conversation runs its own turns, so
// a reply can stream in one while the user writes in another; busy / queue / stop / approvals
// here are those of the conversation shown. Holds no store and writes no storage job.
//
// Public API for other panels (branch view, memory and context inspectors):
//   currentSessionId() / currentSessionChanged(id)   the session shown in the chat view
//   conversation()                                   its document (tree, messages, summaries)
//   selectedMessageId() / selectedMessageChanged(id) the message the user selected (or "")
//   openMessage(sessionId, messageId)                show that session on the branch through
//                                                    the message and scroll to it
//   showBranchOf(messageId)                          switch branch within the current session
//   threadModel()                                    the active branch's rows
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
    Conversation *conversation() const { return m_conversation; }

    QString currentSessionId() const;
    Session currentSession() const;
    QString selectedMessageId() const { return m_selectedMessage; }
    // The conversation shown has a turn running (or starting).
    bool isBusy() const;
    // Requests waiting behind it.
    int queuedCount() const;
    QList<ModelChoice> modelChoices() const { return m_choices; }
    ToolHost *toolHost() const;
    bool toolsEnabled() const { return m_toolsEnabled; }
    // The approval the user is asked for on this call's card (conversation shown), if any.
    std::optional<ApprovalRequest> pendingApproval(const QString &callId) const;
    ModelChoice currentChoice() const { return m_choice; }
    // What a conversation of this process is doing (the sidebar's marks).
    Conversations::Activity activity(const QString &sessionId) const;

    // Milliseconds a deleted session stays restorable (tests shorten it).
    void setUndoWindow(int ms);
    // The session start() opens: the one this id or unique id prefix names (skein --open), else
    // the resume session when it still exists (where the user left off), else the most recently
    // updated one.
    void setOpenAtStart(const QString &idOrPrefix) { m_openAtStart = idOrPrefix; }
    void setResumeSession(const QString &sessionId) { m_resumeSessionId = sessionId; }
    // How streamed text reaches the view (ms between updates).
    void setStreamInterval(int ms);

    static QString titleFromText(const QString &text) { return Conversations::titleFromText(text); }

public Q_SLOTS:
    // Storage is open: loads the session list and providers.
    void start();
    void reloadProviders();
    // The session list again (after an import).
    void reloadSessions();
    // The open conversation again from storage (after start-up recovery repaired it); not while
    // a reply is being written into it.
    void reloadCurrentSession();
    // incognito: not learned from, no memories, recall or search, deleted when left (issue 17).
    void newSession(bool incognito = false);
    // Keeps the current incognito conversation when it is left (it stays incognito).
    void keepIncognito();
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

    // The text and the files attached to it (either may be empty, not both).
    void send(const QString &text, const QList<Skein::PreparedAttachment> &attachments = {});
    // Esc: stops the conversation shown (others keep running).
    void stop();
    void editMessage(const QString &userMessageId, const QString &newText);
    void regenerate(const QString &assistantMessageId);
    void continueReply(const QString &assistantMessageId);
    // The request of this assistant reply again, with the given messages and memories left out
    // (context inspector): the new reply is a sibling of the old one.
    void rerunWithContext(const QString &assistantMessageId, const Skein::ContextExclusions &exclusions);
    void deleteBranch(const QString &messageId);
    void switchSibling(const QString &messageId, Skein::ConversationTree::Direction direction);

    // chatcontroller_sessions.cpp: the conversation list.
    void search(const QString &text);
    void renameSession(const QString &sessionId, const QString &title);
    void setPinned(const QString &sessionId, bool pinned);
    void setTags(const QString &sessionId, const QStringList &tags);
    void archiveSession(const QString &sessionId);
    void deleteSession(const QString &sessionId);
    void undoDelete();
    void duplicateSession(const QString &sessionId);
    // JSON (skein.session/1) unless path ends in .md (the active branch as Markdown).
    // The format from the file's extension unless given.
    void exportSession(const QString &sessionId, const QString &path,
                       std::optional<SessionService::ExportFormat> format = std::nullopt);
    // Prints the active branch on a printer the print dialog set up (off the GUI thread).
    void printSession(const QString &sessionId, const std::shared_ptr<QPagedPaintDevice> &printer);

Q_SIGNALS:
    void currentSessionChanged(const QString &sessionId);
    // The current conversation was kept (its incognito state changed).
    void incognitoChanged();
    void selectedMessageChanged(const QString &messageId);
    void activeLeafChanged(const QString &sessionId, const QString &leafId);
    void messageStored(const QString &sessionId, const QString &messageId);
    // The view should scroll to this message (after openMessage / a search jump).
    void scrollRequested(const QString &messageId);
    void busyChanged(bool busy);
    // A turn of this session started / ended.
    void runStarted(const QString &sessionId);
    void runFinished(const QString &sessionId);
    void queueChanged(int count);
    void modelChoicesChanged(const QList<Skein::ModelChoice> &choices);
    void sessionModelChosen(const QString &providerId, const QString &model);
    // Tokens of the next request without the draft (system prompt + active branch).
    void contextTokensChanged(qint64 tokens);
    // A tool call of the conversation shown waits for the user's decision on its card.
    void approvalRequested(const Skein::ApprovalRequest &request);
    // The agent loop's state for a session (running, waiting for a tool or approval, done).
    void agentStateChanged(const QString &sessionId, Skein::SessionState state);
    void activityChanged(const QString &sessionId, Skein::Conversations::Activity activity);
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
    void show(const QString &sessionId, const QString &showMessageId);
    void onShown(const QString &showMessageId);
    void closeCurrent();
    void run(TurnRequest request);
    void onActivity(const QString &sessionId, Conversations::Activity activity);
    void onTurnFinished(const QString &sessionId, const QString &lastReplyId);
    void updateContextTokens();
    void countContextTokens();
    void sessionListChanged(const Session &session);
    QString openAtStart(const QList<Session> &sessions);

    AppContext &m_context;
    Conversations &m_conversations;
    SessionListModel *m_sessions;
    SearchResultModel *m_search;
    ThreadModel *m_thread;
    QPointer<Conversation> m_conversation;
    QList<ProviderConfig> m_providers;
    QList<ModelChoice> m_choices;
    ModelChoice m_choice;
    QString m_openAtStart;
    QString m_resumeSessionId;
    QString m_selectedMessage;
    bool m_toolsEnabled = true;
    bool m_shownBusy = false;
    bool m_leftIncognitoRemoved = false;
    // Sent before the first session existed: text and files.
    QList<std::pair<QString, QList<PreparedAttachment>>> m_awaitingSession;
    QSet<QString> m_active; // sessions with a turn, for runStarted / runFinished

    QTimer *m_searchTimer;
    QString m_searchText;
    quint64 m_searchGeneration = 0;
    qint64 m_searchBacklog = 0; // imported messages search does not find yet

    QHash<QString, qint64> m_tokenCache; // messages stored without a token estimate
    bool m_contextTokensPending = false;
};

} // namespace Skein
