/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "core/domain/session.h"
#include "engine/context/queryembedding.h"
#include "engine/memory/idlecompactor.h"
#include "engine/memory/memorysettings.h"
#include "storage/result.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

class QNetworkAccessManager;
class QTimer;

namespace Skein {

class AsyncStore;
class EmbeddingIndexer;
class ProviderClient;
class SecretStore;
class TopicSwitchDetector;

// The context engine's background work in the running app (SPEC §4.5, §4.6, §4.10, §4.11):
// after every completed turn it consolidates when the 70% / 12-turn triggers say so, extracts
// memories every few turns (settings: auto-extract, review required, batch size) and asks whether
// the turn's message started an unrelated task; every minute it compacts sessions idle longer than
// the TTL. Model calls go to the utility provider/model from the settings, else to the session's.
// Nothing here blocks the caller's (GUI) thread, and nothing here ever fails a chat turn: a failed
// call is reported once through notice() and retried with backoff.
class MemoryHousekeeper final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryHousekeeper)

public:
    // store must be open before work arrives; network and secrets are shared with the app.
    MemoryHousekeeper(AsyncStore *store, QNetworkAccessManager *network, SecretStore *secrets,
                      QObject *parent = nullptr);
    ~MemoryHousekeeper() override;

    // Whoever starts a reply or an agent run marks its session here (or calls runStarted /
    // runFinished): idle compaction leaves those sessions alone.
    RunRegistry &runs() { return m_runs; }
    Consolidator *consolidator() const { return m_consolidator; }
    MemoryExtractor *extractor() const { return m_extractor; }
    TopicSwitchDetector *topicDetector() const { return m_topics; }
    IdleCompactor *compactor() const { return m_compactor; }
    EmbeddingIndexer *indexer() const { return m_indexer; }

    // Semantic recall (issue 17), as Turn::QueryEmbedder: embeds text with the embedding provider
    // and model of the settings. done runs once, on context's thread.
    void embedQuery(const QString &text, QObject *context, std::function<void(const QueryEmbedding &)> done);
    // Embeds the messages of sessionId that have no vector of the embedding model yet (what
    // turnCompleted does after every turn; skein-cli send waits for it). No model set: nothing.
    void indexSession(const QString &sessionId);

    // Backoff of failed background calls (default: 1 min, doubling, at most 1 h).
    void setRetryDelays(qint64 firstMs, qint64 maxMs);
    // How often idle sessions are looked for (default 60 s).
    void setIdleCheckInterval(int milliseconds);
    void setTopicCheckEnabled(bool enabled) { m_topicCheck = enabled; }

    // Whether after-turn work (reading the turn, summaries, memories, the topic check) is in
    // flight; idle() follows when the last of it ends. Retries waiting for their backoff are not
    // in flight.
    bool isBusy() const { return m_inFlight > 0; }

    // Starts the idle checks (turnCompleted works without it).
    void start();
    void stop();

    // The topic-switch offer accepted: a new session referencing sessionId at entryMessageId
    // (TopicSwitch::startReferencingSession, on the storage thread). done runs on context's thread.
    void startReferencingSession(const QString &sessionId, const QString &entryMessageId, const QString &title,
                                 QObject *context, std::function<void(Result<Session>)> done);

public Q_SLOTS:
    // A reply finished and is stored (ChatController::messageStored).
    void turnCompleted(const QString &sessionId, const QString &assistantMessageId);
    void runStarted(const QString &sessionId) { m_runs.begin(sessionId); }
    void runFinished(const QString &sessionId) { m_runs.end(sessionId); }
    // Looks for idle sessions now (what the timer does).
    void checkIdleNow();

Q_SIGNALS:
    // Something the user may want to know, in plain words (a status-bar line).
    void notice(const QString &text);
    // The user message messageId of sessionId looks like the start of an unrelated task:
    // offer to continue in a new session (entry message: messageId's parent) titled title.
    void topicSwitchSuggested(const QString &sessionId, const QString &messageId, const QString &title);
    // Summaries or memories of a session changed (inspectors may refresh).
    void summariesChanged(const QString &sessionId);
    void memoriesChanged(const QString &sessionId);
    // The after-turn work of a turn was started or skipped (tests).
    void turnHandled(const QString &sessionId);
    // No after-turn work is in flight any more (see isBusy()).
    void idle();

private:
    struct Snapshot;
    struct Failure
    {
        int count = 0;
        bool reported = false;
    };
    enum class Work { Consolidation, Extraction };

    void refresh(std::function<void()> then);
    ModelRoute routeFor(const Session &session);
    ModelRoute embeddingRoute();
    void indexNow(const QString &sessionId); // after a refresh; in flight until the indexer ends
    qint64 shareFor(const Session &session) const;
    ProviderClient *clientFor(const ProviderConfig &provider, const QString &key);
    const ProviderConfig *provider(const QString &id) const;
    void consolidate(const QString &sessionId);
    void extract(const QString &sessionId);
    void checkTopic(const QString &sessionId, const QString &messageId, const QString &text);
    void succeeded(Work work, const QString &sessionId);
    void beginWork() { ++m_inFlight; }
    void endWork();
    void failed(Work work, const QString &sessionId, const QString &error);

    QPointer<AsyncStore> m_store;
    QNetworkAccessManager *m_network;
    QPointer<SecretStore> m_secrets;
    RunRegistry m_runs;
    Consolidator *m_consolidator;
    MemoryExtractor *m_extractor;
    TopicSwitchDetector *m_topics;
    IdleCompactor *m_compactor;
    EmbeddingIndexer *m_indexer;
    QTimer *m_idleTimer;

    MemorySettings m_settings;
    QList<ProviderConfig> m_providers;
    QHash<QString, QString> m_keys; // provider id → API key (memory only)
    QHash<QString, ProviderClient *> m_clients; // fingerprint → client
    QHash<QString, Session> m_sessions; // last known row of each session with after-turn work
    QHash<QString, Failure> m_failures; // "c:"/"e:" + session id
    QSet<QString> m_retryScheduled;
    QSet<QString> m_topicChecked; // user messages already checked (a regenerate asks nothing new)
    qint64 m_retryFirstMs = 60'000;
    qint64 m_retryMaxMs = 3'600'000;
    bool m_topicCheck = true;
    bool m_refreshing = false;
    int m_inFlight = 0;
    QList<std::function<void()>> m_afterRefresh;
};

} // namespace Skein
