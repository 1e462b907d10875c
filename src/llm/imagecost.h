/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/chatrequest.h"

#include <QSize>

// What an image costs a provider (issue 16, docs/attachments.md "Token costs"). Each provider
// scales an image down to its limits before the model sees it, and counts tokens on what it kept;
// Skein sends the image already scaled, so it uploads no pixel the model would not read.
namespace Skein::ImageCost {

// The size an image of `original` pixels is sent at:
// * OpenAI-compatible: within 2048 × 2048, then the shorter side at most 768 (OpenAI's "high"
//   detail, the default);
// * Anthropic: the longer side at most 1568 and at most 1.15 megapixels;
// * Ollama: as Anthropic (its vision models scale to far less themselves).
// Never larger than the original; an empty size stays empty.
QSize sentSize(ProviderKind kind, QSize original);

// Tokens of the image as sent: OpenAI 85 + 170 per 512-pixel tile, Anthropic and Ollama
// width × height / 750 (rounded up). 0 for an empty size.
qint64 tokens(ProviderKind kind, QSize original);

// A PDF page as Skein renders it for a model: US Letter at 150 dpi (A4 is within a few per cent),
// then sent at sentSize like any image.
inline constexpr QSize kPageSize {1275, 1650};
// A PDF sent whole (Anthropic's document block) is at most this large: Anthropic takes 32 MB a
// request, in base64. A larger one goes as rendered pages.
inline constexpr qint64 kMaxDocumentBytes = qint64(24) << 20;

// What `pages` pages of a PDF cost as images (Anthropic counts a PDF document the same way: a page
// image per page, besides its text).
qint64 pageTokens(ProviderKind kind, int pages);

} // namespace Skein::ImageCost
