/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/tokens/tokenestimator.h"
#include "llm/chatrequest.h"

#include <QList>
#include <QStringList>

namespace Skein {

// Limits for one governance pass; token counts are already corrected by calibration (factor).
struct GovernanceLimits
{
    qint64 messageBudget = 0; // request.messages in total (history + current turn); <= 0: no limit
    qint64 toolResultBudget = 0; // all tool results together; <= 0: no limit
    qint64 digestThreshold = 1200; // tool outputs above this are digested ...
    int keepTurns = 2; // ... unless within the last keepTurns user turns
    TokenEstimator estimator;
    double factor = 1.0; // calibration of the estimator for the model
};

struct GovernanceReport
{
    int orphansDropped = 0;
    int resultsSynthesized = 0;
    int digested = 0;
    int omitted = 0; // tool outputs replaced by a one-line note to respect the tool-result cap
    int turnsDropped = 0;
    int argumentsRepaired = 0; // tool calls whose arguments were not a JSON object, sent as {}
    QStringList droppedIds; // stored messages left out by dropping turns or as orphans
    qint64 tokens = 0; // the messages after governance
    bool overBudget = false; // the last turn alone is over messageBudget
};

// SPEC §4.4, layer 2: makes a request copy legal and fit before EVERY model call (also inside the
// agent loop). On request.messages: leading non-user messages and orphan or duplicate tool results
// are dropped; tool-call arguments that are not a JSON object (a reply cut by max_tokens inside
// them) are sent as {} — the stored raw text is untouched and the call's result tells the model; each declared call
// without a result gets a synthetic error result ("interrupted before completion") right after its block; empty
// assistant turns are dropped and consecutive user turns merged, so roles alternate for every provider kind; old tool
// outputs over the threshold are digested; tool results are capped; then the oldest turns are dropped while over budget
// (the last turn always stays). sources, when given, runs parallel to request.messages (the stored ids each message
// came from) and is kept parallel. Pure; stored messages are never touched.
GovernanceReport govern(ChatRequest &request, const GovernanceLimits &limits, QList<QStringList> *sources = nullptr);

// Only the legality part of govern (no digests, no budget).
GovernanceReport makeLegal(ChatRequest &request, QList<QStringList> *sources = nullptr);

// The text of the synthetic result for a call that never got one.
QString interruptedResultText();

// Tokens of one message as the estimator sees it (role framing, content, tool calls), and its images'.
qint64 messageTokens(const TokenEstimator &estimator, const ChatMessage &message);

} // namespace Skein
