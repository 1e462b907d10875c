/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QSet>
#include <QString>

namespace Skein {

// What the user left out of one request in the context inspector ("re-run with this context"):
// messages of the path and memories that the context engine must not include. The current user
// message is never excluded.
struct ContextExclusions
{
    QSet<QString> messageIds;
    QSet<QString> memoryIds;

    bool isEmpty() const { return messageIds.isEmpty() && memoryIds.isEmpty(); }
};

} // namespace Skein
