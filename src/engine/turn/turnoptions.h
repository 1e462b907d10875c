/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"
#include "engine/context/contextexclusions.h"
#include "engine/tools/toolapprovals.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace Skein {

// The limits and approval presets of one turn (SPEC §5.2 defaults).
struct TurnOptions
{
    // Model calls that may declare tools; one more call without tools follows when the last of
    // them still asked for tools.
    int maxIterations = 6;
    std::chrono::milliseconds toolTimeout {30000};
    // Tool results estimated above this many tokens reach the model as a digest.
    int digestTokens = 1200;
    // A call repeated (nearly) identically more often than this is not run; the model gets a nudge.
    int maxIdenticalCalls = 2;
    bool toolsEnabled = true;
    // Approved for this run without asking (skein-cli --allow-tool NAME).
    QStringList allowedTools;
    // Nobody can be asked (skein-cli --deny-tools, or stdin is not a terminal): every call that
    // needs approval is denied with denyReason shown to the model and reported.
    bool denyUnapproved = false;
    QString denyReason;
    // "Re-run with this context" (the context inspector): left out of every request of the turn.
    ContextExclusions exclusions;
};

// The user's answer to an approval request.
enum class ApprovalDecision { AllowOnce, AllowAlways, Deny };

// A declared tool call as the UI shows it (tool card), with its full arguments.
struct ToolCallInfo
{
    QString sessionId;
    QString callId;
    QString toolName;
    QString argumentsJson; // as the model sent it
    int iteration = 0;
};

// A call that waits for the user's decision (allow once / always / deny). The whole argument text
// must be shown. `change` is set when an earlier "always" was revoked because the tool changed.
struct ApprovalRequest
{
    ToolCallInfo call;
    QString description; // the tool's current description
    QJsonObject parameters; // its schema
    std::optional<ToolDefinitionChange> change;
};

} // namespace Skein

Q_DECLARE_METATYPE(Skein::ToolCallInfo)
Q_DECLARE_METATYPE(Skein::ApprovalRequest)
