/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QStringList>

namespace Skein {

// "Re-run with this context" (SPEC §4.9): regenerate replyId as a new sibling branch with the
// context the user changed in the inspector. Ids are relative to the stored snapshot: exclude*
// were sent and must be left out, include* were left out and must be sent.
struct ContextRerunRequest
{
    QString sessionId;
    QString replyId; // the assistant message to re-run; the new reply is its sibling
    QString parentId; // the message the new reply answers (replyId's parent)
    QString snapshotId; // the context the changes are relative to
    QStringList excludeMessageIds;
    QStringList includeMessageIds;
    QStringList excludeMemoryIds;
    QStringList includeMemoryIds;
    QString model; // empty: the model of the original reply

    bool hasChanges() const
    {
        return !excludeMessageIds.isEmpty() || !includeMessageIds.isEmpty() || !excludeMemoryIds.isEmpty()
            || !includeMemoryIds.isEmpty();
    }
    friend bool operator==(const ContextRerunRequest &, const ContextRerunRequest &) = default;
};

} // namespace Skein
