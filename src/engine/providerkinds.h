#pragma once

#include "core/domain/providerconfig.h"
#include "llm/providerendpoint.h"

#include <QString>
#include <optional>

namespace Skein::ProviderKinds {

// The kind names stored in ProviderConfig::kind and accepted on the command line.
std::optional<ProviderKind> fromName(QStringView name); // "openai", "anthropic", "ollama"
QString name(ProviderKind kind);
// The SecretStore entry that holds a provider's API key.
QString secretKey(const QString &providerId);
// The run-time endpoint of a stored provider with the key read from the SecretStore.
ProviderEndpoint endpoint(const ProviderConfig &config, const QString &apiKey);

} // namespace Skein::ProviderKinds
