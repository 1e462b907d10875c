// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/consolidator.h"

#include "core/domain/ids.h"
#include "core/domain/session.h"
#include "core/tokens/tokenestimator.h"
#include "engine/context/contextsettings.h"
#include "engine/context/modelwindow.h"
#include "engine/memory/pathspans.h"
#include "engine/memory/summaryprompt.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"

#include <QTimer>

#include <algorithm>

namespace Skein {

namespace {

struct Loaded
{
    Session session;
    QList<Message> path;
    QList<Summary> summaries;
};

Result<Loaded> load(Store &store, const QString &sessionId)
{
    Result<Session> session = store.sessions().get(sessionId);
    if (!session)
        return session.error();
    Loaded out;
    out.session = session.value();
    if (!out.session.activeLeafId.isEmpty()) {
        Result<QList<Message>> path = store.messages().path(out.session.activeLeafId);
        if (!path)
            return path.error();
        out.path = std::move(path).value();
    }
    // A forked session's path runs through its parent: summaries of either may cover it.
    QStringList sessions {sessionId};
    for (const Message &m : std::as_const(out.path))
        if (!sessions.contains(m.sessionId))
            sessions.append(m.sessionId);
    for (const QString &id : std::as_const(sessions)) {
        Result<QList<Summary>> rows = store.summaries().bySession(id);
        if (!rows)
            return rows.error();
        out.summaries += rows.value();
    }
    return out;
}

QString spanKey(const QString &sessionId)
{
    return sessionId + QLatin1Char('/');
}

} // namespace

struct Consolidator::Job
{
    QString sessionId;
    ModelRoute route;
    Options options;
    Done done;
    Report report;
    QList<Message> path;
    QList<Summary> valid;
    TokenEstimator estimator;
    qsizetype nextSegment = 0;
};

Consolidator::Consolidator(AsyncStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{ }

Consolidator::~Consolidator() = default;

qint64 Consolidator::historyShareFor(const Session &session, const ProviderConfig *provider, const QString &model)
{
    const ContextSettings settings = ContextSettings::fromJson(session.contextSettings);
    const QString name = model.isEmpty() ? session.model : model;
    const ModelWindow window = ModelWindows::resolve(provider, name, settings);
    return ContextBudget::compute(window.tokens, settings, window.info.maxOutputTokens).history;
}

void Consolidator::run(const QString &sessionId, const ModelRoute &route, const Options &options, Done done)
{
    auto job = std::make_shared<Job>();
    job->sessionId = sessionId;
    job->route = route;
    job->options = options;
    job->done = std::move(done);
    job->report.sessionId = sessionId;
    if (m_running.contains(sessionId) || !m_store) {
        job->report.busy = m_running.contains(sessionId);
        if (!m_store)
            job->report.errors.append(QStringLiteral("storage is not available"));
        QTimer::singleShot(0, this, [job] {
            if (job->done)
                job->done(job->report);
        });
        return;
    }
    m_running.insert(sessionId);
    m_store->read<Loaded>(
        this, [sessionId](Store &store) { return load(store, sessionId); },
        [this, job](Result<Loaded> result) {
            if (!result) {
                job->report.errors.append(result.error().message);
                finish(job);
                return;
            }
            job->path = std::move(result.value().path);
            job->valid = PathSpans::validFor(job->path, result.value().summaries);
            job->estimator = TokenEstimator::forModel(result.value().session.model);
            loaded(job);
        });
}

void Consolidator::loaded(const std::shared_ptr<Job> &job)
{
    job->report.plan
        = ConsolidationPlanner::plan(job->path, job->valid, job->options.historyShare, job->options.settings,
                                     job->estimator, job->options.mode, m_backoff.waiting(spanKey(job->sessionId)));
    nextSegment(job);
}

void Consolidator::nextSegment(const std::shared_ptr<Job> &job)
{
    const QList<ConsolidationSegment> &segments = job->report.plan.segments;
    if (job->nextSegment >= segments.size() || !job->report.errors.isEmpty()) {
        rollUp(job);
        return;
    }
    const ConsolidationSegment segment = segments[job->nextSegment];
    const QList<Message> messages = job->path.mid(segment.firstIndex, segment.lastIndex - segment.firstIndex + 1);
    const QString key = spanKey(job->sessionId) + segment.firstMessageId;
    UtilityCall::start(job->route, SummaryPrompt::segment(messages), this,
                       [this, job, segment, key](const QString &text, const CallError &error) {
                           const QString content = SummaryPrompt::cleanReply(text);
                           if (error.isError() || content.isEmpty()) {
                               m_backoff.failed(key);
                               job->report.errors.append(
                                   tr("summarising messages %1…%2 failed: %3")
                                       .arg(segment.firstMessageId.left(8), segment.lastMessageId.left(8),
                                            error.isError() ? error.displayText() : tr("empty summary")));
                               rollUp(job);
                               return;
                           }
                           Summary summary;
                           summary.id = Ids::create();
                           summary.sessionId = job->sessionId;
                           summary.level = SummaryLevel::Segment;
                           summary.firstMessageId = segment.firstMessageId;
                           summary.lastMessageId = segment.lastMessageId;
                           summary.content = content;
                           summary.tokenCount = job->estimator.estimateText(content);
                           summary.model = job->route.model;
                           summary.createdAt = Ids::nowMs();
                           if (!m_store) {
                               job->report.errors.append(QStringLiteral("storage is not available"));
                               finish(job);
                               return;
                           }
                           m_store->write(
                               this, [summary](Store &store) { return store.summaries().create(summary); },
                               [this, job, summary, key](Status status) {
                                   if (!status) {
                                       job->report.errors.append(status.error().message);
                                       rollUp(job);
                                       return;
                                   }
                                   m_backoff.succeeded(key);
                                   job->report.created.append(summary);
                                   job->valid.append(summary);
                                   Q_EMIT summaryCreated(summary);
                                   ++job->nextSegment;
                                   nextSegment(job);
                               });
                       });
}

void Consolidator::rollUp(const std::shared_ptr<Job> &job)
{
    // Segments newer than the current session summary (on this path) roll up into a new one.
    const Summary *previous = PathSpans::sessionSummary(job->valid);
    const qsizetype previousEnd = previous ? PathSpans::indexOf(job->path, previous->lastMessageId) : -1;
    QList<Summary> newer;
    for (const Summary &s : std::as_const(job->valid))
        if (s.level == SummaryLevel::Segment && PathSpans::indexOf(job->path, s.lastMessageId) > previousEnd)
            newer.append(s);
    if (newer.isEmpty() || !m_store) {
        finish(job);
        return;
    }
    std::sort(newer.begin(), newer.end(), [&](const Summary &a, const Summary &b) {
        return PathSpans::indexOf(job->path, a.lastMessageId) < PathSpans::indexOf(job->path, b.lastMessageId);
    });
    const std::optional<Summary> before = previous ? std::optional<Summary>(*previous) : std::nullopt;
    const QString key = spanKey(job->sessionId) + QStringLiteral("rollup:") + newer.last().lastMessageId;
    if (m_backoff.isWaiting(key)) {
        finish(job);
        return;
    }
    UtilityCall::start(
        job->route, SummaryPrompt::rollUp(before ? &*before : nullptr, newer), this,
        [this, job, before, newer, key](const QString &text, const CallError &error) {
            const QString content = SummaryPrompt::cleanReply(text);
            if (error.isError() || content.isEmpty() || !m_store) {
                m_backoff.failed(key);
                job->report.errors.append(tr("updating the session summary failed: %1")
                                              .arg(error.isError() ? error.displayText() : tr("empty summary")));
                finish(job);
                return;
            }
            Summary summary;
            summary.id = Ids::create();
            summary.sessionId = job->sessionId;
            summary.level = SummaryLevel::Session;
            summary.firstMessageId = before ? before->firstMessageId : newer.first().firstMessageId;
            summary.lastMessageId = newer.last().lastMessageId;
            summary.content = content;
            summary.tokenCount = job->estimator.estimateText(content);
            summary.model = job->route.model;
            summary.createdAt = Ids::nowMs();
            const QString previousId = before ? before->id : QString();
            m_store->write(
                this,
                [summary, previousId](Store &store) {
                    return store.transaction([&]() -> Status {
                        if (Status s = store.summaries().create(summary); !s)
                            return s;
                        return previousId.isEmpty() ? Status() : store.summaries().supersede(previousId, summary.id);
                    });
                },
                [this, job, summary, previousId, key](Status status) {
                    if (!status) {
                        job->report.errors.append(status.error().message);
                    } else {
                        m_backoff.succeeded(key);
                        job->report.sessionSummary = summary;
                        job->report.supersededId = previousId;
                        Q_EMIT summaryCreated(summary);
                    }
                    finish(job);
                });
        });
}

void Consolidator::finish(const std::shared_ptr<Job> &job)
{
    m_running.remove(job->sessionId);
    Q_EMIT finished(job->sessionId, job->report.ok());
    if (job->done)
        job->done(job->report);
}

} // namespace Skein
