// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/imagecost.h"

#include <algorithm>
#include <cmath>

namespace Skein::ImageCost {

namespace {

// Scales down (never up) so that size fits the factor; at least one pixel a side.
QSize scaled(QSize size, double factor)
{
    if (factor >= 1.0)
        return size;
    // The small epsilon keeps a side scaled to exactly the limit (1568 / 3000 × 3000) at the limit.
    constexpr double epsilon = 1e-6;
    return {std::max(1, int(std::floor(size.width() * factor + epsilon))),
            std::max(1, int(std::floor(size.height() * factor + epsilon)))};
}

constexpr int kOpenAiBox = 2048;
constexpr int kOpenAiShortSide = 768;
constexpr int kOpenAiTile = 512;
constexpr int kAnthropicLongSide = 1568;
constexpr double kAnthropicPixels = 1.15e6;

} // namespace

QSize sentSize(ProviderKind kind, QSize original)
{
    if (original.isEmpty())
        return {};
    const double w = original.width();
    const double h = original.height();
    switch (kind) {
    case ProviderKind::OpenAiCompatible: {
        const QSize boxed = scaled(original, std::min(kOpenAiBox / w, kOpenAiBox / h));
        return scaled(boxed, double(kOpenAiShortSide) / std::min(boxed.width(), boxed.height()));
    }
    case ProviderKind::Anthropic:
    case ProviderKind::OllamaNative:
        break;
    }
    return scaled(original, std::min(kAnthropicLongSide / std::max(w, h), std::sqrt(kAnthropicPixels / (w * h))));
}

qint64 tokens(ProviderKind kind, QSize original)
{
    const QSize sent = sentSize(kind, original);
    if (sent.isEmpty())
        return 0;
    switch (kind) {
    case ProviderKind::OpenAiCompatible: {
        const qint64 tiles = qint64((sent.width() + kOpenAiTile - 1) / kOpenAiTile)
            * qint64((sent.height() + kOpenAiTile - 1) / kOpenAiTile);
        return 85 + 170 * tiles;
    }
    case ProviderKind::Anthropic:
    case ProviderKind::OllamaNative:
        break;
    }
    return (qint64(sent.width()) * sent.height() + 749) / 750;
}

qint64 pageTokens(ProviderKind kind, int pages)
{
    return std::max(pages, 0) * tokens(kind, kPageSize);
}

} // namespace Skein::ImageCost
