/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/tokens/tokenestimator.h"
#include "llm/chatrequest.h"

#include <QList>
#include <QStringList>

namespace Skein {

struct HistoryLimits
{
    int countCap = 50; // messages of the selection, the current turn included
    qint64 tokenBudget = 0; // tokens of the history before the current turn; <= 0: none allowed
    TokenEstimator estimator;
    double factor = 1.0; // calibration
};

struct HistorySelection
{
    qsizetype begin = 0; // path[begin, path.size()) is replayed
    qsizetype currentBegin = 0; // the current turn: from the last user message on
    qint64 historyTokens = 0; // path[begin, currentBegin)
    qint64 currentTokens = 0;
};

// SPEC §4.3, layer 1: walks the path back from the current turn while the count cap and the token
// budget allow, then moves the start forward to a user-turn boundary, so that no tool result is
// cut from its call and no call from its results. floor: the first index that may be replayed
// (after the messages covered by summaries; the hard cap). The current turn is always selected.
HistorySelection selectHistory(const QList<Message> &path, qsizetype floor, const HistoryLimits &limits);

// Tokens of a stored message as sent.
qint64 storedMessageTokens(const TokenEstimator &estimator, const Message &message);

// Stored messages as request messages; system rows are appended to *systemExtra. sources gets the
// id of each request message (parallel to the result).
QList<ChatMessage> toChatMessages(const QList<Message> &messages, QString *systemExtra, QList<QStringList> *sources);

} // namespace Skein
