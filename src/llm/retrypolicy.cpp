// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/retrypolicy.h"

#include <QRandomGenerator>

#include <cmath>

namespace Skein {

std::optional<qint64> RetryPolicy::delayBeforeRetry(int retry, const CallError &error, bool contentReceived,
                                                    const std::function<double()> &random) const
{
    if (contentReceived || retry < 1 || retry > maxRetries || !error.isRetryable())
        return std::nullopt;
    if (error.retryAfterMs) {
        if (*error.retryAfterMs > maxRetryAfterMs)
            return std::nullopt;
        return *error.retryAfterMs;
    }
    const double exponential = double(baseDelayMs) * std::pow(2.0, retry - 1);
    const double capped = std::min(exponential, double(maxBackoffMs));
    const double roll = random ? random() : QRandomGenerator::global()->generateDouble();
    return qint64(capped * (1.0 - jitter * roll));
}

} // namespace Skein
