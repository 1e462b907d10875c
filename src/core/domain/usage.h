/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QtGlobal>
#include <optional>

namespace Skein {

// Token usage as reported by a provider; a field the provider did not report stays empty.
struct Usage
{
    std::optional<qint64> promptTokens;
    std::optional<qint64> completionTokens;
    std::optional<qint64> cachedTokens;
    std::optional<qint64> reasoningTokens;

    bool isEmpty() const { return !promptTokens && !completionTokens && !cachedTokens && !reasoningTokens; }
    friend bool operator==(const Usage &, const Usage &) = default;
};

} // namespace Skein
