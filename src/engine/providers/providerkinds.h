/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "llm/providerendpoint.h"

#include <QString>
#include <QUrl>
#include <optional>

namespace Skein::ProviderKinds {

// The kind names stored in ProviderConfig::kind and accepted on the command line.
std::optional<ProviderKind> fromName(QStringView name); // "openai", "anthropic", "ollama"
QString name(ProviderKind kind);
// The SecretStore entry that holds a provider's API key.
QString secretKey(const QString &providerId);
// Why a base URL must not be stored, in plain words, or an empty string: a key in the URL (user
// info, or a query parameter such as ?key=) would sit in the database, exports and logs, where
// no secret may be (SPEC §7); keys go to the keychain.
QString baseUrlProblem(const QUrl &url);
// The run-time endpoint of a stored provider with the key read from the SecretStore.
ProviderEndpoint endpoint(const ProviderConfig &config, const QString &apiKey);

} // namespace Skein::ProviderKinds
