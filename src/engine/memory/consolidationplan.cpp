// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/consolidationplan.h"

#include "core/tokens/tokenestimator.h"
#include "engine/memory/pathspans.h"

#include <algorithm>

namespace Skein {

QString ConsolidationPlan::reasonName(Reason reason)
{
    switch (reason) {
    case Reason::None:
        return QStringLiteral("none");
    case Reason::Tokens:
        return QStringLiteral("tokens");
    case Reason::Turns:
        return QStringLiteral("turns");
    case Reason::Compact:
        return QStringLiteral("compact");
    case Reason::Blocked:
        return QStringLiteral("blocked");
    }
    return {};
}

namespace ConsolidationPlanner {

ConsolidationPlan plan(const QList<Message> &path, const QList<Summary> &validSummaries, qint64 historyShare,
                       const ConsolidationSettings &settings, const TokenEstimator &estimator, Mode mode,
                       const QSet<QString> &blocked)
{
    ConsolidationPlan out;
    out.historyShare = historyShare;
    out.coveredEnd = PathSpans::coveredEnd(path, validSummaries);

    const QList<PathTurn> turns = PathSpans::turns(path, out.coveredEnd);
    const qsizetype digestBefore
        = turns.size() > settings.toolDigestKeepTurns ? turns[turns.size() - settings.toolDigestKeepTurns].first : 0;
    QList<qint64> tokens(path.size(), 0);
    for (qsizetype i = out.coveredEnd; i < path.size(); ++i) {
        tokens[i] = PathSpans::messageTokens(path[i], estimator);
        if (path[i].role == Role::Tool && i < digestBefore)
            tokens[i] = std::min(tokens[i], settings.toolDigestTokens);
        out.unsummarisedTokens += tokens[i];
    }
    out.unsummarisedTurns = int(turns.size());
    out.projectedTokens = out.unsummarisedTokens;

    const auto startTokens = qint64(double(historyShare) * settings.startRatio);
    const auto targetTokens = qint64(double(historyShare) * settings.targetRatio);
    if (mode == Mode::Compact)
        out.reason = ConsolidationPlan::Reason::Compact;
    else if (out.unsummarisedTokens > startTokens)
        out.reason = ConsolidationPlan::Reason::Tokens;
    else if (out.unsummarisedTurns > settings.afterTurns)
        out.reason = ConsolidationPlan::Reason::Turns;
    else
        return out;

    const qsizetype eligible = std::max<qsizetype>(0, turns.size() - settings.keepVerbatimTurns);
    qint64 remaining = out.unsummarisedTokens;
    int remainingTurns = out.unsummarisedTurns;
    qsizetype next = 0;
    while (next < eligible) {
        if (mode == Mode::Threshold && !out.segments.isEmpty() && remaining <= targetTokens
            && remainingTurns <= settings.afterTurns)
            break;
        ConsolidationSegment segment;
        segment.firstIndex = turns[next].first;
        while (next < eligible && segment.turns < settings.segmentTurns) {
            qint64 turnTokens = 0;
            for (qsizetype i = turns[next].first; i <= turns[next].last; ++i)
                turnTokens += tokens[i];
            if (segment.turns > 0 && segment.tokens + turnTokens > settings.maxSegmentTokens)
                break;
            segment.tokens += turnTokens;
            segment.lastIndex = turns[next].last;
            ++segment.turns;
            ++next;
        }
        // A short tail waits for more turns instead of a call per turn — unless it is heavy (a
        // large tool output) and the share is what triggered.
        const bool shortTail
            = next >= eligible && segment.turns < std::min(settings.minCompactTurns, settings.segmentTurns);
        const bool heavy = mode == Mode::Threshold && out.reason == ConsolidationPlan::Reason::Tokens
            && segment.tokens * 4 >= historyShare;
        if (shortTail && !heavy)
            break;
        segment.firstMessageId = path[segment.firstIndex].id;
        segment.lastMessageId = path[segment.lastIndex].id;
        if (blocked.contains(segment.firstMessageId)) {
            if (out.segments.isEmpty())
                out.reason = ConsolidationPlan::Reason::Blocked;
            break;
        }
        out.segments.append(segment);
        remaining -= segment.tokens;
        remainingTurns -= segment.turns;
    }
    out.projectedTokens = remaining;
    return out;
}

} // namespace ConsolidationPlanner

} // namespace Skein
