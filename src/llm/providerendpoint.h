/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/callerror.h"
#include "llm/chatrequest.h"
#include "llm/replylimit.h"
#include "llm/retrypolicy.h"

#include <QString>
#include <QUrl>

namespace Skein {

enum class AuthKind {
    None,
    Bearer, // Authorization: Bearer <key> (OpenAI-compatible)
    AnthropicKey, // x-api-key + anthropic-version
};

AuthKind defaultAuth(ProviderKind kind);

// Everything a client needs to talk to one provider at run time. The key is held in memory only
// (read from the SecretStore by the caller) and is never written to logs or error text.
struct ProviderEndpoint
{
    ProviderKind kind = ProviderKind::OpenAiCompatible;
    QUrl baseUrl; // e.g. https://api.openai.com/v1, https://api.anthropic.com, http://localhost:11434
    AuthKind auth = AuthKind::Bearer;
    QString apiKey;
    // Inactivity timeout: reasoning models may think for minutes before the first byte.
    int transferTimeoutMs = 10 * 60 * 1000;
    // The most of one streamed reply Skein reads (ReplyLimit); what arrived before is kept.
    qint64 maxReplyBytes = ReplyLimit::kStreamBytes;
    RetryPolicy retry;
    RawHeaders extraHeaders; // e.g. anthropic-beta, OpenRouter's HTTP-Referer
    bool useMaxCompletionTokens = false; // OpenAI reasoning models
    bool sendReasoningContent = false; // DeepSeek thinking mode with tools

    static ProviderEndpoint make(ProviderKind kind, const QUrl &baseUrl, const QString &apiKey = {});
};

} // namespace Skein
