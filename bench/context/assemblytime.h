/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QTextStream>

namespace Skein::Bench {

// Context assembly time (load the path tail, summaries, memories; budget, select, govern,
// assemble) for paths of 1k, 10k and 100k messages in a real SQLite store. Prints the figures and
// the ratio 100k/1k (target <= 1.5). Returns false when the target is missed.
bool runAssemblyTime(QTextStream &out, int repetitions);

} // namespace Skein::Bench
