/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein {

// What the model is shown of a long tool result (SPEC §5.2, [S001 §4.3]); the raw text stays in
// the tool log. Structural compression only, no model call: JSON loses nulls, long arrays keep
// their first and last items, long strings their head and tail, and every cut is noted; plain
// text keeps its head and tail. A stand-in until the context engine's governance digest is used
// for stored results too.
class ResultDigest final
{
public:
    // Default threshold of SPEC §5.2.
    static constexpr int kDefaultMaxTokens = 1200;

    // Empty when raw is within maxTokens (estimated); otherwise a digest within about maxTokens.
    static QString make(const QString &raw, int maxTokens = kDefaultMaxTokens);
    static qint64 estimateTokens(const QString &text);
};

} // namespace Skein
