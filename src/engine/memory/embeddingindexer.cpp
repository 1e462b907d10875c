// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/embeddingindexer.h"

#include "llm/embeddingcall.h"
#include "storage/asyncstore.h"
#include "storage/embeddingrepository.h"
#include "storage/store.h"

#include <utility>

namespace Skein {

struct EmbeddingIndexer::Run
{
    ModelRoute route;
    int done = 0;
    // Messages of a refused batch, sent again one at a time; those refused alone are marked at the
    // end of the batch, unless none was taken (the server refuses everything: an error, not a mark).
    QList<qint64> aloneSeqs;
    QStringList aloneTexts;
    QList<qint64> refused;
    bool aloneTaken = false;
    QString aloneError;
};

namespace {

// The server refused what was sent (rather than being unreachable, refusing the key or asking to
// wait): one message of the batch may be the cause.
bool refusedContent(const CallError &error)
{
    using C = CallError::Category;
    if (error.httpStatus == 404 || error.httpStatus == 405 || error.httpStatus == 501)
        return false; // no such endpoint
    return error.category == C::Http || error.category == C::Parse || error.category == C::Api
        || error.category == C::ContextTooLong || error.category == C::TooLarge;
}

} // namespace

EmbeddingIndexer::EmbeddingIndexer(AsyncStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{ }

EmbeddingIndexer::~EmbeddingIndexer() = default;

void EmbeddingIndexer::index(const QString &sessionId, const ModelRoute &route)
{
    if (m_runs.contains(sessionId))
        return;
    if (!route.isValid() || !m_store) {
        Q_EMIT indexed(sessionId, 0);
        return;
    }
    auto run = std::make_shared<Run>();
    run->route = route;
    m_runs.insert(sessionId, run);
    next(sessionId);
}

void EmbeddingIndexer::next(const QString &sessionId)
{
    const std::shared_ptr<Run> run = m_runs.value(sessionId);
    if (!run)
        return;
    if (!run->route.isValid()) {
        end(sessionId);
        return;
    }
    if (!run->aloneSeqs.isEmpty()) {
        const QList<qint64> seq {run->aloneSeqs.takeFirst()};
        const QStringList text {run->aloneTexts.takeFirst()};
        embed(sessionId, seq, text, true);
        return;
    }
    if (!run->refused.isEmpty()) {
        const QList<qint64> refused = std::exchange(run->refused, {});
        if (!run->aloneTaken) {
            end(sessionId, run->aloneError);
            return;
        }
        store(sessionId, refused, QList<QList<float>>(refused.size())); // marked: not asked again
        return;
    }
    if (run->done >= kPerRun) {
        end(sessionId);
        return;
    }
    const QString model = run->route.model;
    m_store->read<QList<EmbeddingRepository::Pending>>(
        this,
        [sessionId, model](Store &store) {
            return EmbeddingRepository(store.database()).missing(sessionId, model, kBatch);
        },
        [this, sessionId](const Result<QList<EmbeddingRepository::Pending>> &pending) {
            if (!pending) {
                end(sessionId, pending.error().message);
                return;
            }
            if (pending->isEmpty()) {
                end(sessionId);
                return;
            }
            QList<qint64> seqs;
            QStringList texts;
            for (const EmbeddingRepository::Pending &p : pending.value()) {
                seqs << p.seq;
                texts << p.text;
            }
            embed(sessionId, seqs, texts, false);
        });
}

void EmbeddingIndexer::embed(const QString &sessionId, const QList<qint64> &seqs, const QStringList &texts, bool alone)
{
    const std::shared_ptr<Run> run = m_runs.value(sessionId);
    if (!run || !run->route.isValid()) {
        end(sessionId);
        return;
    }
    auto *call = new EmbeddingCall(run->route.client, run->route.model, texts);
    connect(call, &EmbeddingCall::finished, this,
            [this, call, sessionId, seqs, texts, alone](const QList<QList<float>> &vectors, const CallError &error) {
                call->deleteLater();
                const std::shared_ptr<Run> current = m_runs.value(sessionId);
                if (!current)
                    return;
                if (!error.isError()) {
                    current->aloneTaken = current->aloneTaken || alone;
                    store(sessionId, seqs, vectors);
                } else if (refusedContent(error)) {
                    // Sent again one at a time (a batch), or marked when others were taken.
                    if (!alone) {
                        current->aloneSeqs = seqs;
                        current->aloneTexts = texts;
                        current->aloneTaken = false;
                    } else {
                        current->refused += seqs;
                        current->aloneError = error.displayText();
                    }
                    next(sessionId);
                } else {
                    end(sessionId, error.displayText());
                }
            });
    call->start();
}

void EmbeddingIndexer::store(const QString &sessionId, const QList<qint64> &seqs, const QList<QList<float>> &vectors)
{
    const std::shared_ptr<Run> run = m_runs.value(sessionId);
    if (!run)
        return;
    const QString model = run->route.model;
    m_store->write(
        this,
        [model, seqs, vectors](Store &store) {
            return EmbeddingRepository(store.database()).put(model, seqs, vectors);
        },
        [this, sessionId, count = int(seqs.size())](const Status &stored) {
            const std::shared_ptr<Run> current = m_runs.value(sessionId);
            if (!current)
                return;
            if (!stored) {
                end(sessionId, stored.error().message);
                return;
            }
            current->done += count;
            next(sessionId);
        });
}

void EmbeddingIndexer::end(const QString &sessionId, const QString &error)
{
    const std::shared_ptr<Run> run = m_runs.take(sessionId);
    if (!run)
        return;
    if (!error.isEmpty())
        Q_EMIT failed(sessionId, error);
    Q_EMIT indexed(sessionId, run->done);
}

} // namespace Skein
