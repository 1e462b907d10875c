/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QColor>
#include <QList>
#include <QString>

namespace Skein {

struct ContextSnapshot;

// The budget sections of a request in the order the context inspector stacks them (SPEC §4.2):
// system prompt, memories, summaries, tool definitions, history, current message (and the runtime
// block appended to it), output reserve.
struct ContextSection
{
    // "system", "memories", "summaries", "tools", "history", "attachments" and "recall" (only
    // when not 0), "current", "output", or unknown
    QString key;
    QString label; // translated
    qint64 tokens = 0;
    QColor color;
};

namespace ContextBudget {

// The stored sectionTokens in display order. Known keys (and the spellings the engine may use,
// e.g. "output_reserve", "currentMessage") map onto the seven sections; unknown keys follow them
// so nothing the engine recorded is hidden. Sections with zero tokens are kept (the bar skips them).
// Bookkeeping entries (window, window_source, raw_estimate, calibration) are not sections.
QList<ContextSection> sections(const ContextSnapshot &snapshot);
// The model's context window the request had to fit: the recorded "window", else the input
// budget plus the output reserve.
qint64 window(const ContextSnapshot &snapshot);
qint64 total(const QList<ContextSection> &sections);
QString label(const QString &key);
QColor color(const QString &key);

} // namespace ContextBudget

} // namespace Skein
