/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// What Conversations keeps of a turn it runs (shared by conversations.cpp and conversations_feed.cpp).
#include "app/conversations.h"
#include "engine/turn/turn.h"

#include <QHash>
#include <QPointer>

namespace Skein {

struct Conversations::Running
{
    TurnRequest request;
    QPointer<Turn> turn;
    bool cancelled = false; // stopped before the turn existed (its key was being read)
    Activity activity = Activity::Idle;
    QString streamTarget; // the reply the streamed text belongs to
    QString pendingText;
    QString pendingReasoning;
    QString userMessageId;
    QHash<QString, ApprovalRequest> approvals;
};

} // namespace Skein
