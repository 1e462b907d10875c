/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/callerror.h"

#include <functional>
#include <optional>

namespace Skein {

// When and how long to wait before repeating a failed model call: the official SDKs' policy
// (exponential backoff from 0.5 s capped at 8 s with jitter, Retry-After honoured up to two
// minutes), at most three retries, and only while nothing of the reply has been received.
struct RetryPolicy
{
    int maxRetries = 3;
    qint64 baseDelayMs = 500;
    qint64 maxBackoffMs = 8000;
    qint64 maxRetryAfterMs = 120000; // a server asking for longer is not retried automatically
    double jitter = 0.25; // the backoff is scaled by a random factor in [1 - jitter, 1]

    // The delay before retry number `retry` (1-based) after `error`, or nullopt when it must not be
    // retried. `random` returns a value in [0, 1); injectable so tests can pin it.
    std::optional<qint64> delayBeforeRetry(int retry, const CallError &error, bool contentReceived,
                                           const std::function<double()> &random = {}) const;
};

} // namespace Skein
