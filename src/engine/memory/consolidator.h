/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/summary.h"
#include "engine/memory/consolidationplan.h"
#include "engine/memory/utilitycall.h"
#include "engine/memory/workbackoff.h"

#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>

namespace Skein {

class AsyncStore;
struct ProviderConfig;
struct Session;

// Layer 3 of the context engine (SPEC §4.5): summarises the oldest unsummarised turns of a
// session's active path into segment summaries, then rolls them up into a new session-level
// summary that supersedes the previous one. Summaries are rows covering spans of the path;
// messages are never edited. A failed model call marks the span for a later retry (backoff) and
// ends the run quietly: chatting never waits for this. Runs on the caller's thread without
// blocking it (storage through AsyncStore, the model through a ProviderClient).
class Consolidator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Consolidator)

public:
    struct Options
    {
        // The history share of the request budget in tokens (ContextBudget::history).
        qint64 historyShare = 8192;
        ConsolidationSettings settings;
        ConsolidationPlanner::Mode mode = ConsolidationPlanner::Mode::Threshold;
    };

    struct Report
    {
        QString sessionId;
        ConsolidationPlan plan;
        QList<Summary> created; // new segment summaries, oldest first
        std::optional<Summary> sessionSummary; // the new roll-up, if one was written
        QString supersededId; // the session summary it replaced
        QStringList errors;
        bool busy = false; // a run of this session was already in progress; nothing done

        bool ok() const { return errors.isEmpty() && !busy; }
    };
    using Done = std::function<void(const Report &report)>;

    explicit Consolidator(AsyncStore *store, QObject *parent = nullptr);
    ~Consolidator() override;

    // Consolidates sessionId now if its plan says so (Threshold) or compacts it (Compact).
    // done (optional) runs on this object's thread when everything is stored.
    void run(const QString &sessionId, const ModelRoute &route, const Options &options, Done done = {});
    bool isRunning(const QString &sessionId) const { return m_running.contains(sessionId); }
    // The history share of the session's request budget (ContextBudget::history) for model on
    // provider (may be null): what consolidation measures the unsummarised history against.
    static qint64 historyShareFor(const Session &session, const ProviderConfig *provider, const QString &model);
    // Spans that failed wait here before they are tried again.
    WorkBackoff &backoff() { return m_backoff; }

Q_SIGNALS:
    void summaryCreated(const Skein::Summary &summary);
    void finished(const QString &sessionId, bool ok);

private:
    struct Job;

    void loaded(const std::shared_ptr<Job> &job);
    void nextSegment(const std::shared_ptr<Job> &job);
    void rollUp(const std::shared_ptr<Job> &job);
    void finish(const std::shared_ptr<Job> &job);

    QPointer<AsyncStore> m_store;
    WorkBackoff m_backoff;
    QSet<QString> m_running;
};

} // namespace Skein
