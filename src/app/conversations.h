/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "app/turnrequest.h"
#include "core/domain/enums.h"
#include "core/domain/message.h"
#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "core/stream/streamdelta.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>

class QNetworkAccessManager;
class QTimer;

namespace Skein {

class AsyncStore;
class Conversation;
class MemoryHousekeeper;
class SecretStore;
class ToolHost;
class Turn;
class TurnRunner;
struct SecretResult;

// Where conversations are run, for the app and the CLI alike: the open Conversation documents and
// the Turns running in them. start() resolves the provider, its key and the tool servers, runs the
// request as one Turn (TurnRunner keeps one per session, across processes), feeds what the turn
// stores and streams into the session's document (deltas coalesced per streamInterval), tracks
// approvals per conversation, hands every finished turn to the housekeeper (summaries, memories,
// topic check) and names a new conversation from its first message. Conversations run
// concurrently; a second request for a busy conversation waits in that conversation's queue.
class Conversations final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Conversations)

public:
    // What a conversation of this process is doing (the sidebar's marks).
    enum class Activity { Idle, Running, WaitingForApproval };
    Q_ENUM(Activity)

    struct Services
    {
        AsyncStore *store = nullptr;
        QNetworkAccessManager *network = nullptr;
        SecretStore *secrets = nullptr;
        ToolHost *tools = nullptr;
        TurnRunner *runner = nullptr;
        MemoryHousekeeper *housekeeper = nullptr; // null: no background work after turns
    };

    explicit Conversations(const Services &services, QObject *parent = nullptr);
    ~Conversations() override;

    // The document of a session, loading on first use. Each open() is matched by a close(); the
    // document stays while it is held or a turn runs in it.
    Conversation *open(const QString &sessionId);
    void close(Conversation *conversation);
    // The document if it is open, else nullptr.
    Conversation *document(const QString &sessionId) const;

    // The options a turn gets from the settings (agent limits; tools on).
    TurnOptions defaultOptions() const;
    // How often streamed text reaches the documents (ms).
    void setStreamInterval(int ms) { m_streamIntervalMs = ms; }
    // Hand finished turns to the housekeeper (default: when one was given).
    void setBackgroundWork(bool enabled) { m_background = enabled; }

    void start(const TurnRequest &request);
    // Stops the session's turn (its reply keeps what arrived) and drops its queued requests.
    void stop(const QString &sessionId);
    void stopAll();
    // The user's answer to an approval request of the session.
    void decide(const QString &sessionId, const QString &callId, Skein::ApprovalDecision decision);

    bool isRunning(const QString &sessionId) const;
    Activity activity(const QString &sessionId) const;
    int queuedCount(const QString &sessionId) const;
    // The approval the user is asked for on this call's card, if any.
    std::optional<ApprovalRequest> pendingApproval(const QString &sessionId, const QString &callId) const;
    QList<ApprovalRequest> pendingApprovals(const QString &sessionId) const;
    // Sessions with a turn in this process.
    QStringList runningSessions() const;

    // A heuristic title from the first user message (first line, at most ~48 characters at a
    // word boundary): given after the first exchange when the user has not named the session.
    static QString titleFromText(const QString &text);

Q_SIGNALS:
    // The turn exists and is about to start (connect to it for live output, as the CLI does).
    void turnStarted(const QString &sessionId, Skein::Turn *turn);
    void turnFinished(const QString &sessionId, Skein::SessionState state, const QString &error,
                      const QString &lastReplyId);
    // A request could not start (busy in another process, no provider, refused by the runner);
    // a Send's text should go back to where the user typed it.
    void refused(const Skein::TurnRequest &request, const QString &reason);
    void activityChanged(const QString &sessionId, Skein::Conversations::Activity activity);
    void queueChanged(const QString &sessionId, int count);
    void approvalRequested(const QString &sessionId, const Skein::ApprovalRequest &request);
    // A message of the session is stored (applied to its document when it is open).
    void messageStored(const QString &sessionId, const Skein::Message &message);
    // The session row changed (after a turn: state, title, time).
    void sessionChanged(const Skein::Session &session);
    // Something the user should read (status bar, stderr).
    void notice(const QString &text);

private:
    struct Running;
    struct Open
    {
        Conversation *document = nullptr;
        int holds = 0;
    };

    void resolve(const TurnRequest &request, std::function<void(const ProviderConfig &, const QString &key)> then);
    void launch(const TurnRequest &request, const ProviderConfig &provider, const QString &key);
    void wire(const QString &sessionId, Turn *turn, const TurnRequest &request);
    void onDeltas(const QString &sessionId, const QList<StreamDelta> &deltas);
    void flushDeltas(const QString &sessionId);
    void finish(const QString &sessionId, SessionState state, const QString &error);
    void noteKeyLookup(const ProviderConfig &provider, const SecretResult &secret);
    void refreshSession(const QString &sessionId);
    void maybeTitle(const QString &sessionId, const QString &userText);
    void setActivity(const QString &sessionId, Activity activity);
    void release(const QString &sessionId);
    void fail(const TurnRequest &request, const QString &reason);

    Services m_services;
    QHash<QString, Open> m_open;
    QHash<QString, std::shared_ptr<Running>> m_running;
    QHash<QString, QList<TurnRequest>> m_queues;
    QTimer *m_streamTimer;
    int m_streamIntervalMs = 25;
    bool m_background = true;
};

} // namespace Skein
