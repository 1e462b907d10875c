/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/session.h"
#include "engine/memory/utilitycall.h"
#include "storage/result.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

namespace Skein {

class AsyncStore;
class Store;

// Whether a new message continues the session's task or starts an unrelated one (SPEC §4.11).
struct TopicDecision
{
    enum class Verdict {
        SameTopic,
        NewTopic, // the UI offers to continue in a fresh session that references this one
        Unknown, // too little context, or the check failed: the UI offers nothing
    };

    Verdict verdict = Verdict::Unknown;
    double confidence = 0.0;
    QString suggestedTitle; // for the new session
    QString error;
    bool cached = false;

    bool offerNewSession() const { return verdict == Verdict::NewTopic; }
    static QString verdictName(Verdict verdict);
};

// Classifies a draft or newly sent message against the session's recent turns and summary with
// the utility model. Results are cached per session and message-text hash, so asking again for
// the same text (the composer re-checking, a resend) costs nothing.
class TopicSwitchDetector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopicSwitchDetector)

public:
    using Done = std::function<void(const TopicDecision &decision)>;

    explicit TopicSwitchDetector(AsyncStore *store, QObject *parent = nullptr);
    ~TopicSwitchDetector() override;

    // NewTopic only when the model says unrelated with at least this confidence (default 0.7).
    void setThreshold(double confidence) { m_threshold = confidence; }
    // A session with fewer user turns than this has no task to pollute (default 2).
    void setMinimumTurns(int turns) { m_minTurns = turns; }

    // Against the active path; with messageId (a stored user message whose text is text), against
    // the path before that message — how a turn is checked after it was sent.
    void classify(const QString &sessionId, const QString &text, const ModelRoute &route, Done done,
                  const QString &messageId = {});
    static QByteArray cacheKey(const QString &sessionId, const QString &text);

    // The prompt and the reading of the reply, exposed for tests and the CLI.
    static ChatRequest request(const QStringList &recentTurns, const QString &summary, const QString &text);
    static TopicDecision decide(const QString &reply, double threshold);

private:
    void remember(const QByteArray &key, const TopicDecision &decision);

    QPointer<AsyncStore> m_store;
    QHash<QByteArray, TopicDecision> m_cache;
    QList<QByteArray> m_order; // oldest first, for eviction
    double m_threshold = 0.7;
    int m_minTurns = 2;
};

namespace TopicSwitch {

// The offer accepted: a new, empty session that references sessionId at entryMessageId
// (parent_session_id + entry_message_id) without inheriting its path, so the old context does not
// follow the new task. Provider, model and system prompt are carried over.
Result<Session> startReferencingSession(Store &store, const QString &sessionId, const QString &entryMessageId,
                                        const QString &title);

} // namespace TopicSwitch

} // namespace Skein
