/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QSet>
#include <QString>

namespace Skein {

// What the user changed of one request in the context inspector ("re-run with this context"):
// messages of the path and memories that the context engine must not include, and those it left
// out that it must add. An added message that is not in the window comes back as a recalled
// passage (issue 17), an added memory before the ranked ones. The current user message is never
// excluded.
struct ContextExclusions
{
    QSet<QString> messageIds;
    QSet<QString> memoryIds;
    QSet<QString> addMessageIds;
    QSet<QString> addMemoryIds;

    bool isEmpty() const
    {
        return messageIds.isEmpty() && memoryIds.isEmpty() && addMessageIds.isEmpty() && addMemoryIds.isEmpty();
    }
};

} // namespace Skein
