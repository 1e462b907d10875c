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
#include <QSet>
#include <QStringList>

namespace Skein {

// How the images of stored messages go into one request (issue 16).
struct ImagePolicy
{
    bool send = false; // the model reads images: send them (else each is described in a line)
    ProviderKind kind = ProviderKind::OpenAiCompatible; // whose size limits and token formula
    QSet<QString> leftOut; // messages whose images are left out to save space

    ImageDelivery deliveryFor(const Message &message) const;
};

// What an attachment sent as an image costs: an image by its size; a PDF whose pages go, by its
// pages (at most Attachment::kMaxSentPages); 0 for anything else.
qint64 imageTokens(const Attachment &attachment, ProviderKind kind);

struct HistoryLimits
{
    int countCap = 50; // messages of the selection, the current turn included
    qint64 tokenBudget = 0; // tokens of the history before the current turn; <= 0: none allowed
    TokenEstimator estimator;
    double factor = 1.0; // calibration
    ImagePolicy images;
};

struct HistorySelection
{
    qsizetype begin = 0; // path[begin, path.size()) is replayed
    qsizetype currentBegin = 0; // the current turn: from the last user message on
    qint64 historyTokens = 0; // path[begin, currentBegin)
    qint64 currentTokens = 0;
    bool cutByTokens = false; // the token budget (not the count cap or the floor) ended the history
};

// SPEC §4.3, layer 1: walks the path back from the current turn while the count cap and the token
// budget allow, then moves the start forward to a user-turn boundary, so that no tool result is
// cut from its call and no call from its results. floor: the first index that may be replayed
// (after the messages covered by summaries; the hard cap). The current turn is always selected.
HistorySelection selectHistory(const QList<Message> &path, qsizetype floor, const HistoryLimits &limits);

// selectHistory, where old images are the first thing to give way (issue 16): while the history
// does not fit whole (from floor), the images of history messages are left out, oldest first
// (limits.images.leftOut grows), before turns are dropped. The current turn keeps its images.
HistorySelection selectHistoryLeavingOutImages(const QList<Message> &path, qsizetype floor, HistoryLimits &limits);

// A stored message as sent: text, tool calls, and the images policy sends (without their bytes,
// which the context engine reads from the store after assembly).
ChatMessage toChatMessage(const Message &message, const ImagePolicy &images = {});

// Tokens of a stored message as sent.
qint64 storedMessageTokens(const TokenEstimator &estimator, const Message &message, const ImagePolicy &images = {});

// Stored messages as request messages; system rows are appended to *systemExtra. sources gets the
// id of each request message (parallel to the result).
QList<ChatMessage> toChatMessages(const QList<Message> &messages, QString *systemExtra, QList<QStringList> *sources,
                                  const ImagePolicy &images = {});

} // namespace Skein
