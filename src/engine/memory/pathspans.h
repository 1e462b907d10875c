/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/domain/summary.h"

#include <QList>

namespace Skein {

class TokenEstimator;

// A turn of a path: a user message and everything that answers it (assistant replies, tool
// calls and results), as indices into the path. Messages before the first user message form a
// turn of their own.
struct PathTurn
{
    qsizetype first = 0;
    qsizetype last = 0; // inclusive
};

namespace PathSpans {

// Turns of path[from..], a new one starting at every user message.
QList<PathTurn> turns(const QList<Message> &path, qsizetype from = 0);

// Summaries valid for this path: both ends on it, in order, not superseded. When the user
// switches to a branch that diverges inside a summarised span, that summary drops out here.
QList<Summary> validFor(const QList<Message> &path, const QList<Summary> &summaries);

// The index just after the last message covered by a segment summary among `valid` (0 when
// none): the start of the path's unsummarised history.
qsizetype coveredEnd(const QList<Message> &path, const QList<Summary> &valid);

// The newest session-level summary among `valid`, or nullptr.
const Summary *sessionSummary(const QList<Summary> &valid);

// The position of a message id on the path, or -1.
qsizetype indexOf(const QList<Message> &path, const QString &messageId);

// What a message costs in a request: the stored estimate when there is one.
qint64 messageTokens(const Message &message, const TokenEstimator &estimator);

} // namespace PathSpans

} // namespace Skein
