/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QString>

namespace Skein {

// SPEC §2.4: covers the span firstMessageId..lastMessageId of a path.
struct Summary
{
    QString id;
    QString sessionId;
    SummaryLevel level = SummaryLevel::Segment;
    QString firstMessageId;
    QString lastMessageId;
    QString content;
    qint64 tokenCount = 0;
    QString model;
    qint64 createdAt = 0;
    QString supersededBy;

    friend bool operator==(const Summary &, const Summary &) = default;
};

} // namespace Skein
