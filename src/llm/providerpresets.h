/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "llm/providerendpoint.h"

#include <QList>
#include <QString>

namespace Skein {

// A known provider: how to reach it and a few models with default limits and prices. The numbers
// are public list prices in USD per million tokens at the time of writing; they are defaults the
// user can edit, not a source of truth.
struct ProviderPreset
{
    QString id; // stable: "openai", "anthropic", ...
    QString name;
    ProviderKind kind = ProviderKind::OpenAiCompatible;
    QString baseUrl;
    AuthKind auth = AuthKind::Bearer;
    bool local = false; // runs on the user's machine; no key needed
    bool customUrl = false; // the URL is only an example the user must replace
    QList<ModelInfo> models; // defaults; the live list comes from the provider
};

const QList<ProviderPreset> &providerPresets();
// nullptr when unknown.
const ProviderPreset *findPreset(QStringView id);

} // namespace Skein
