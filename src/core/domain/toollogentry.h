/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QString>

namespace Skein {

// SPEC §2.5. requestId is the tool_call_id; a call that already succeeded is not run again.
struct ToolLogEntry
{
    QString requestId;
    QString sessionId;
    QString messageId;
    QString toolName;
    QString arguments; // JSON text as sent by the model
    ToolStatus status = ToolStatus::Pending;
    QString resultRaw;
    QString resultDigest;
    int retryCount = 0;
    qint64 startedAt = 0;
    qint64 finishedAt = 0;

    friend bool operator==(const ToolLogEntry &, const ToolLogEntry &) = default;
};

} // namespace Skein
