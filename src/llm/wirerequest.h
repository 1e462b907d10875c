/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/chatrequest.h"

#include <QJsonObject>
#include <QString>

namespace Skein::WireRequest {

// The instruction appended for kinds without a native assistant prefill when continuing.
QString continueInstruction();

// POST {base}/chat/completions: system message first, tools as functions with JSON-string
// arguments, role "tool" results, stream_options.include_usage when streaming.
QJsonObject openAiBody(const ChatRequest &request);

// POST {base}/v1/messages: top-level system blocks (cache_control on the stable prefix),
// tool_use / tool_result blocks, consecutive tool results merged into one user message, the
// last assistant message kept as a prefill.
QJsonObject anthropicBody(const ChatRequest &request);

// POST {base}/api/chat: system message, object arguments, tool results with tool_name.
QJsonObject ollamaBody(const ChatRequest &request);

QJsonObject body(ProviderKind kind, const ChatRequest &request);

// Path of the chat endpoint relative to the provider's base URL.
QString chatPath(ProviderKind kind);

} // namespace Skein::WireRequest
