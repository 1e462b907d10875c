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
    // The lifecycle (issue 17): the memory holds from validFrom (when the user said it) until
    // validTo (0: still holds). A successor names what it supersedes; the superseded memory names
    // its successor once that is active. reason: why it has its current text.
    qint64 validFrom = 0;
    qint64 validTo = 0;
    QString supersedes;
    QString supersededBy;
    QString reason;
    qint64 confirmCount = 0; // times extraction met the fact again
    qint64 confirmedAt = 0;
    // Proposed for archiving by the cap on active memories (in the review inbox); 0: not.
    qint64 archiveProposedAt = 0;

    // Active and not ended by a successor or a date: what may reach a prompt.
    bool isCurrent(qint64 now) const { return status == MemoryStatus::Active && (validTo == 0 || validTo > now); }

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
    QString reason; // why the memory had this text
    qint64 validFrom = 0; // since when this text held

    friend bool operator==(const MemoryVersion &, const MemoryVersion &) = default;
};

} // namespace Skein
