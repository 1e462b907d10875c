/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"

#include <QByteArray>
#include <QList>
#include <optional>

namespace Skein::ModelListParser {

// GET {base}/models of OpenAI-compatible servers. Reads the context window where the server
// states it: context_length (OpenRouter, LM Studio), max_model_len (vLLM), context_window (Groq),
// meta.n_ctx_train (llama.cpp); OpenRouter's per-token prices become prices per million tokens.
QList<ModelInfo> openAi(const QByteArray &body, bool *ok = nullptr);
// GET /v1/models of Anthropic (max_input_tokens / max_tokens when present).
QList<ModelInfo> anthropic(const QByteArray &body, bool *ok = nullptr);
// GET /api/tags of Ollama; the context length needs /api/show per model.
QList<ModelInfo> ollamaTags(const QByteArray &body, bool *ok = nullptr);
// POST /api/show of Ollama: num_ctx from the parameters if set, else "<arch>.context_length".
std::optional<qint64> ollamaShowContextLength(const QByteArray &body);
// GET /props of llama.cpp: the server's n_ctx (what a request may really use).
std::optional<qint64> llamaCppContextSize(const QByteArray &body);
// True when a /v1/models answer comes from llama.cpp (worth asking /props).
bool looksLikeLlamaCpp(const QByteArray &body);

// Fills unknown limits and prices from the preset tables for models they know.
void applyPresetDefaults(QList<ModelInfo> &models);

} // namespace Skein::ModelListParser
