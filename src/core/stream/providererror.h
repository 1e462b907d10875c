/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArrayView>
#include <QJsonValue>
#include <QString>

namespace Skein {

// What went wrong, in terms the caller can act on (retry, ask for a key, shorten the context).
enum class ErrorCategory {
    None,
    Auth, // 401, invalid key
    Permission, // 403, region blocks
    Billing, // insufficient quota / billing: never retried
    RateLimit, // 429 rate limits: retry after a delay
    ContextTooLong, // prompt exceeds the model's context window
    NotFound, // unknown model or endpoint
    InvalidRequest, // other 4xx
    Overloaded, // 529 / overloaded_error / 503 slow down
    Server, // 5xx and server_error
    Protocol, // the stream itself is broken (malformed JSON, oversized event)
    Unknown,
};

// An error reported by a provider, either as an HTTP error body or inside a 200 stream.
struct ProviderError
{
    ErrorCategory category = ErrorCategory::None;
    QString message; // the provider's own text (or a short description when it sent none)
    QString type; // provider error type, e.g. "overloaded_error", "invalid_request_error"
    QString code; // provider code as text ("context_length_exceeded", "400"), empty if none
    int httpStatus = 0; // 0 when the error came inside a 200 stream
    qint64 contextSize = -1; // n_ctx when the provider states it (llama.cpp)
    qint64 promptTokens = -1; // prompt size when the provider states it

    bool isNull() const { return category == ErrorCategory::None; }
    // Whether an automatic retry can help (rate limit, overload, server error).
    bool isRetryable() const;
    friend bool operator==(const ProviderError &, const ProviderError &) = default;
};

// Lower-case stable name of a category ("rate_limit"), for logs and tests.
QString errorCategoryName(ErrorCategory category);

// Reads the `error` member of a provider JSON object: an object {message,type,code,...} (OpenAI,
// Anthropic, llama.cpp) or a plain string (Ollama).
ProviderError providerErrorFromJson(const QJsonValue &error, int httpStatus = 0);

// Turns an HTTP error body (JSON of any known shape, HTML or plain text) into a typed error with a
// readable message. Pure: the provider layer passes status and body.
ProviderError parseProviderErrorBody(int httpStatus, QByteArrayView body);

} // namespace Skein
