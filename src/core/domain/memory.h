/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QString>

namespace Skein {

// SPEC §2.3. Branch memories are valid only on paths through anchorMessageId.
struct Memory
{
    QString id;
    MemoryScope scope = MemoryScope::Global;
    MemoryType type = MemoryType::Fact;
    QString content;
    QString sessionId; // for session/branch scope
    QString anchorMessageId; // for branch scope
    QString sourceSessionId;
    QString sourceMessageId;
    MemoryStatus status = MemoryStatus::Pending;
    double confidence = 0.0;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    qint64 lastUsedAt = 0;
    qint64 useCount = 0;

    friend bool operator==(const Memory &, const Memory &) = default;
};

// One earlier text of a memory: kept on every edit so it can be restored.
struct MemoryVersion
{
    qint64 id = 0; // assigned by the database
    QString memoryId;
    QString content;
    QString changedBy; // "user", "extraction", "consolidation", "restore", ...
    qint64 changedAt = 0;

    friend bool operator==(const MemoryVersion &, const MemoryVersion &) = default;
};

} // namespace Skein
