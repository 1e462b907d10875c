// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/toolcallstate.h"

namespace Skein {

ToolCallState ToolCallState::finished(ToolStatus status)
{
    switch (status) {
    case ToolStatus::Pending:
        return {Phase::Queued, -1};
    case ToolStatus::Running:
        return {Phase::Running, -1};
    case ToolStatus::Success:
        return {Phase::Done, -1};
    case ToolStatus::Failed:
        return {Phase::Failed, -1};
    case ToolStatus::Timeout:
        return {Phase::Timeout, -1};
    case ToolStatus::Denied:
        return {Phase::Denied, -1};
    }
    return {};
}

QString ToolCallState::phaseName(Phase phase)
{
    switch (phase) {
    case Phase::None:
        return {};
    case Phase::Queued:
        return QStringLiteral("pending");
    case Phase::AwaitingApproval:
        return QStringLiteral("awaiting");
    case Phase::Approved:
        return QStringLiteral("approved");
    case Phase::Running:
        return QStringLiteral("running");
    case Phase::Done:
        return QStringLiteral("done");
    case Phase::Failed:
        return QStringLiteral("failed");
    case Phase::Timeout:
        return QStringLiteral("timeout");
    case Phase::Denied:
        return QStringLiteral("denied");
    case Phase::NotRun:
        return QStringLiteral("cancelled");
    }
    return {};
}

} // namespace Skein
