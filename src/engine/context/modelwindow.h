/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "llm/callerror.h"

#include <QString>
#include <optional>

namespace Skein {

struct ContextSettings;

// The context window of a model and where it came from (docs/context.md "Window discovery").
struct ModelWindow
{
    enum class Source {
        Session, // the session's own setting (contextSettings.window)
        Provider, // the provider's model list: reported by the server (/props, /api/show, /v1/models),
                  // edited by the user, or lowered after a context error
        Preset, // the preset tables
        Setting, // the application's default window setting
        Fallback, // nothing known: a conservative default
    };

    qint64 tokens = 0;
    Source source = Source::Fallback;
    ModelInfo info; // limits and prices as known (id = the model)

    static QString sourceName(Source source);
};

namespace ModelWindows {

// Resolves the window of model on provider (may be null): session setting, else the provider's
// model info, else the presets, else defaultWindow (an application setting; 0 if unset), else
// ContextSettings::kFallbackWindow. Prices and max output come from the same places.
ModelWindow resolve(const ProviderConfig *provider, const QString &model, const ContextSettings &settings,
                    qint64 defaultWindow = 0);

// The window a "context too long" error states: OpenAI "maximum context length is N tokens",
// Anthropic "prompt is too long: P tokens > N maximum", llama.cpp n_ctx. nullopt when it states none.
std::optional<qint64> statedWindow(const CallError &error);

// The window to believe after the provider rejected a request as too long: the stated window when
// it is smaller than the believed one, else 80% of the believed one. nullopt when the error is not
// a context error or the window cannot go lower.
std::optional<qint64> loweredWindow(const CallError &error, qint64 believedWindow);

// provider with model's window set to window (the model is added to the list if missing).
ProviderConfig withWindow(ProviderConfig provider, const QString &model, qint64 window);

} // namespace ModelWindows

} // namespace Skein
