/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QTextStream>

namespace Skein::Bench {

// The seed's experiment ([S000] §9, [S001] §3.2–3.3, issue #5 "Benchmarks"): scripted
// conversations replayed three ways against a scripted model on loopback HTTP — full history,
// window + summaries, window + summaries + memory — reporting prompt tokens sent (peak, mean),
// requests rejected for invalid tool chains and the availability of planted facts when asked.
// digestToolResults: store tool outputs as the agent loop does (Turn::storeResult: the raw
// output plus a digest for the model when over 1,200 tokens) instead of raw only. Both request
// sources then send the digest, the full-history baseline included.
bool runSeedExperiment(QTextStream &out, bool perTurn, bool digestToolResults = false);

} // namespace Skein::Bench
