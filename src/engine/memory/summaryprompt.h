/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "core/domain/summary.h"
#include "llm/chatrequest.h"

#include <QList>

namespace Skein::SummaryPrompt {

// The transcript of messages as the summariser reads it: one block per message, tool outputs
// cut to their head and tail (maxToolChars) so one huge result cannot crowd out the rest.
QString transcript(const QList<Message> &messages, qsizetype maxToolChars = 3000);

// A segment summary of `messages` (whole turns). The transcript is delimited data; the
// instructions ask to keep numbers, names, qualifiers, preferences and open tasks verbatim.
ChatRequest segment(const QList<Message> &messages);

// The rolling session-level summary: the previous one (may be null) plus newer segment summaries.
ChatRequest rollUp(const Summary *previous, const QList<Summary> &segments);

// Replies sometimes come back wrapped ("Summary: ...", code fences); this trims that.
QString cleanReply(const QString &reply);

} // namespace Skein::SummaryPrompt
