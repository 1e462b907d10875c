/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/providerclient.h"

#include <QPointer>
#include <QString>

namespace Skein {

// The model that does the engine's background work (summaries, memory extraction, topic checks):
// the session's own model or a cheaper "utility model" the user configured. The caller owns the
// client; a route whose client is gone is invalid.
struct ModelRoute
{
    QPointer<ProviderClient> client;
    QString model;

    bool isValid() const { return client && !model.isEmpty(); }
};

} // namespace Skein
