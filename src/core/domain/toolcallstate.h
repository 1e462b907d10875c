/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QHash>
#include <QMetaType>
#include <QString>

namespace Skein {

// Where one tool call of a turn stands, as the tool card shows it. Not stored: the tool log and
// the result message are the record; this is the live state while the turn runs.
struct ToolCallState
{
    enum class Phase {
        None, // nothing known (a call of an earlier turn)
        Queued,
        AwaitingApproval,
        Approved,
        Running,
        Done,
        Failed,
        Timeout,
        Denied,
        NotRun, // the turn ended before the call ran
    };

    Phase phase = Phase::None;
    int percent = -1; // Running: progress the tool reported, 0..100; -1 when it reports none

    bool isNull() const { return phase == Phase::None; }
    // The state a finished call is in.
    static ToolCallState finished(ToolStatus status);
    // Stable lower-case name ("awaiting", "running", "done", …) for logs and tests.
    static QString phaseName(Phase phase);

    friend bool operator==(const ToolCallState &, const ToolCallState &) = default;
};

// Call id → state, for the calls and results of one message.
using ToolCallStates = QHash<QString, ToolCallState>;

} // namespace Skein

Q_DECLARE_METATYPE(Skein::ToolCallState)
Q_DECLARE_METATYPE(Skein::ToolCallStates)
