/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"

#include "storage/result.h"

#include <QCoreApplication>
#include <QStringList>

#include <functional>

namespace Skein {

class Store;

// Start-up repair after a crash (GUI and CLI), SPEC §5.2 / [S000 §10.3].
class Recovery final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::Recovery)

public:
    // What restore() changed, for `skein-cli restore` and the log.
    struct Report
    {
        int interruptedMessages = 0; // generating -> interrupted
        int syntheticResults = 0; // "interrupted before completion" tool results written
        int checkpointsCleared = 0;
        int runsEnded = 0; // sessions whose run state was reset
        int approvalsKept = 0; // runs still waiting for the user's approval (resumable)
        int toolLogRepaired = 0; // pending/running log entries marked failed
        QStringList details; // one translated line per repair

        int total() const
        {
            return interruptedMessages + syntheticResults + checkpointsCleared + runsEnded + toolLogRepaired;
        }
    };
    // Sessions another live process is running (their lock is held): left alone.
    using Skip = std::function<bool(const QString &sessionId)>;

    // Marks every message still `generating` as `interrupted`, keeping its text; returns how many.
    // Only call it when no other process is streaming into the same data dir.
    static Result<int> interruptGenerating(Store &store);

    // RESTORE: marks generating replies interrupted, then for every session with a checkpoint or
    // a run state left active: keeps the completed tool results, writes a synthetic
    // "interrupted before completion" result for each declared call without one (never a second
    // one), marks its pending tool-log entries failed, clears the checkpoint and sets the state to
    // FAILED. A run that was only waiting for the user's approval (no call running) keeps its
    // checkpoint and WAITING_TOOL so it can be resumed. One transaction.
    static Result<Report> restore(Store &store, const Skip &skip = {});

    // Gives every tool call declared by the last tool-calling reply on the session's active path
    // that has no result a result with `reason`, chained below the existing results (the active
    // leaf moves to the last one), and marks their pending/running log entries failed. Returns
    // the results it wrote. Used by restore and when a run ends early.
    static Result<QList<Message>> answerDanglingCalls(Store &store, const QString &sessionId, const QString &reason,
                                                      int *logRepaired = nullptr);

    // The text of the synthetic result restore() writes (model-facing, English).
    static QString interruptedResult();
};

} // namespace Skein
