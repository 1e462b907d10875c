/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "secrets/secretstore.h"

#include <optional>

namespace Skein::ProviderKeys {

// Reads the API key of a provider for a call. A provider recorded as having no key never touches
// the keychain (SPEC §3): the callback gets NotFound from the event loop, as every SecretStore
// result arrives, so a keyless local server works where no Secret Service runs.
void read(SecretStore &secrets, const ProviderConfig &provider, QObject *context, SecretStore::Callback callback);

// What a keychain answer taught about a provider's key, when that differs from what is recorded
// (a key found in, or confirmed missing from, a working keychain); nullopt when there is nothing new
// to record. A key kept for this session only (no keychain) is not a stored key.
std::optional<ApiKeyState> learned(const SecretStore &secrets, const ProviderConfig &provider,
                                   const SecretResult &result);

// A plain-words explanation for a provider whose key is in the keychain while the keychain cannot
// be used here, naming both ways out (a key for this run from an environment variable, or a
// Secret Service). `reason` is the keychain's own message.
QString unavailableHelp(const QString &providerName, const QString &reason);

} // namespace Skein::ProviderKeys
