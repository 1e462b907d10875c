// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/memoryextractor.h"

#include "engine/memory/memorysettings.h"
#include "storage/asyncstore.h"
#include "storage/store.h"

#include <QTimer>

namespace Skein {

namespace {

struct Loaded
{
    MemorySettings settings;
    ExtractionBatch batch;
};

} // namespace

struct MemoryExtractor::Job
{
    QString sessionId;
    ModelRoute route;
    Done done;
    Report report;
    MemorySettings settings;
    ExtractionBatch batch;
};

MemoryExtractor::MemoryExtractor(AsyncStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{ }

MemoryExtractor::~MemoryExtractor() = default;

void MemoryExtractor::run(const QString &sessionId, const ModelRoute &route, Done done, bool ignoreAutoExtract)
{
    auto job = std::make_shared<Job>();
    job->sessionId = sessionId;
    job->route = route;
    job->done = std::move(done);
    job->report.sessionId = sessionId;
    if (m_running.contains(sessionId) || m_backoff.isWaiting(sessionId) || !m_store) {
        job->report.skipped = true;
        if (!m_store)
            job->report.error = tr("storage is not available");
        QTimer::singleShot(0, this, [job] {
            if (job->done)
                job->done(job->report);
        });
        return;
    }
    m_running.insert(sessionId);
    const int limit = m_batchLimit;
    m_store->read<Loaded>(
        this,
        [sessionId, limit](Store &store) -> Result<Loaded> {
            Loaded out;
            out.settings = MemorySettings::load(store.settings());
            Result<ExtractionBatch> batch = Extraction::loadBatch(store, sessionId, limit);
            if (!batch)
                return batch.error();
            out.batch = std::move(batch).value();
            return out;
        },
        [this, job, ignoreAutoExtract](const Result<Loaded> &loaded) {
            if (!loaded) {
                job->report.error = loaded.error().message;
                finish(job);
                return;
            }
            job->settings = loaded->settings;
            job->batch = loaded->batch;
            job->report.messages = int(job->batch.userMessages.size());
            if (job->batch.isEmpty() || (!job->settings.autoExtract && !ignoreAutoExtract)) {
                job->report.skipped = true;
                finish(job);
                return;
            }
            if (job->settings.paused) {
                // Paused memory (issue 17): what was said meanwhile is passed over for good, so
                // resuming does not extract it later.
                job->report.skipped = true;
                m_store->write<ExtractionOutcome>(
                    this,
                    [batch = job->batch, settings = job->settings](Store &store) {
                        return Extraction::apply(store, batch, {}, settings);
                    },
                    [this, job](const Result<ExtractionOutcome> &) { finish(job); });
                return;
            }
            UtilityCall::start(
                job->route, Extraction::request(job->batch), this,
                [this, job](const QString &text, const CallError &error) {
                    if (error.isError()) {
                        m_backoff.failed(job->sessionId);
                        job->report.error = tr("memory extraction failed: %1").arg(error.displayText());
                        finish(job);
                        return;
                    }
                    QString parseError;
                    const auto decisions = Extraction::parse(text, &parseError);
                    if (!decisions || !m_store) {
                        m_backoff.failed(job->sessionId);
                        job->report.error = tr("memory extraction failed: %1").arg(parseError);
                        finish(job);
                        return;
                    }
                    m_store->write<ExtractionOutcome>(
                        this,
                        [batch = job->batch, decisions = *decisions, settings = job->settings](Store &store) {
                            return Extraction::apply(store, batch, decisions, settings);
                        },
                        [this, job](Result<ExtractionOutcome> outcome) {
                            if (!outcome) {
                                job->report.error = outcome.error().message;
                            } else {
                                m_backoff.succeeded(job->sessionId);
                                job->report.outcome = outcome.value();
                                if (!outcome->added.isEmpty() || !outcome->updated.isEmpty())
                                    Q_EMIT memoriesChanged(job->sessionId);
                            }
                            finish(job);
                        });
                });
        });
}

void MemoryExtractor::finish(const std::shared_ptr<Job> &job)
{
    m_running.remove(job->sessionId);
    Q_EMIT finished(job->sessionId, job->report.ok());
    if (job->done)
        job->done(job->report);
}

} // namespace Skein
