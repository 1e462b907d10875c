/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein {

class TokenEstimator;

// Structural compression of a tool output for the request copy (SPEC §4.4): JSON loses nulls and
// empty members, long arrays keep their head and tail, long strings their ends; plain text keeps
// its first and last lines. The digest says what was cut; the raw output stays in the tool log.
namespace ToolDigest {

// A digest of text of at most about targetTokens tokens, or text itself when it already fits.
QString digest(const QString &text, qint64 targetTokens, const TokenEstimator &estimator);
// Head and tail of a plain text within targetTokens, with a note of what was cut in between.
QString headAndTail(const QString &text, qint64 targetTokens, const TokenEstimator &estimator);

} // namespace ToolDigest

} // namespace Skein
