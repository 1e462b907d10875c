/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/domain/summary.h"

#include <QList>
#include <QSet>

namespace Skein {

class TokenEstimator;

// The knobs of consolidation (SPEC §4.5), defaults from the seeds [S001 §3.2]: start at 70% of
// the history share or after 12 turns without a summary, stop at 50%, ~10-turn segments, the
// last 8 turns always verbatim.
struct ConsolidationSettings
{
    double startRatio = 0.70;
    double targetRatio = 0.50;
    int afterTurns = 12;
    int segmentTurns = 10;
    int keepVerbatimTurns = 8;
    // One summary call reads at most this much transcript (a huge tool output gets a segment alone).
    qint64 maxSegmentTokens = 24000;
    // A tail of eligible turns shorter than this waits for more turns instead of becoming a tiny
    // segment (unless it holds a quarter of the share, e.g. a large tool output).
    int minCompactTurns = 3;
    // Governance (SPEC §4.4) sends tool outputs older than the last keepTurns turns as digests of
    // about this many tokens: the trigger counts them at that size, as the request will.
    qint64 toolDigestTokens = 1200;
    int toolDigestKeepTurns = 2;
};

// A run of whole turns to summarise into one segment summary.
struct ConsolidationSegment
{
    qsizetype firstIndex = 0; // into the path
    qsizetype lastIndex = 0; // inclusive
    QString firstMessageId;
    QString lastMessageId;
    int turns = 0;
    qint64 tokens = 0;
};

struct ConsolidationPlan
{
    enum class Reason {
        None, // under both triggers
        Tokens, // unsummarised history over startRatio of the share
        Turns, // more than afterTurns turns since the last summary
        Compact, // idle compaction or an explicit request: everything but the verbatim tail
        Blocked, // the oldest span failed recently and waits for its retry
    };

    Reason reason = Reason::None;
    qint64 historyShare = 0;
    qsizetype coveredEnd = 0; // first unsummarised index
    qint64 unsummarisedTokens = 0;
    int unsummarisedTurns = 0;
    qint64 projectedTokens = 0; // unsummarised tokens once the segments are summarised
    QList<ConsolidationSegment> segments;

    bool isEmpty() const { return segments.isEmpty(); }
    static QString reasonName(Reason reason);
};

namespace ConsolidationPlanner {

enum class Mode { Threshold, Compact };

// What to summarise on path (root → leaf) given the summaries valid for it (PathSpans::validFor)
// and the history share of the budget in tokens. Pure: nothing is read or written. A segment
// whose first message id is in `blocked` stops the plan (segments stay contiguous).
ConsolidationPlan plan(const QList<Message> &path, const QList<Summary> &validSummaries, qint64 historyShare,
                       const ConsolidationSettings &settings, const TokenEstimator &estimator,
                       Mode mode = Mode::Threshold, const QSet<QString> &blocked = {});

} // namespace ConsolidationPlanner

} // namespace Skein
