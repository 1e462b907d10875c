#include "providerkinds.h"

#include <QUrl>

namespace Skein::ProviderKinds {

std::optional<ProviderKind> fromName(QStringView name)
{
    if (name == u"openai" || name == u"openai-compatible")
        return ProviderKind::OpenAiCompatible;
    if (name == u"anthropic")
        return ProviderKind::Anthropic;
    if (name == u"ollama")
        return ProviderKind::OllamaNative;
    return std::nullopt;
}

QString name(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return QStringLiteral("openai");
    case ProviderKind::Anthropic:
        return QStringLiteral("anthropic");
    case ProviderKind::OllamaNative:
        return QStringLiteral("ollama");
    }
    return {};
}

QString secretKey(const QString &providerId)
{
    return QStringLiteral("provider/") + providerId;
}

ProviderEndpoint endpoint(const ProviderConfig &config, const QString &apiKey)
{
    const ProviderKind kind = fromName(config.kind).value_or(ProviderKind::OpenAiCompatible);
    return ProviderEndpoint::make(kind, QUrl(config.baseUrl), apiKey);
}

} // namespace Skein::ProviderKinds
