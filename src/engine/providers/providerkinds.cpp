// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "providerkinds.h"

#include <QCoreApplication>
#include <QUrl>
#include <QUrlQuery>

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

QString baseUrlProblem(const QUrl &url)
{
    if (!url.userInfo().isEmpty())
        return QCoreApplication::translate("Skein::ProviderKinds",
                                           "the base URL contains a user name or password; give the key separately "
                                           "so that it is kept in the keychain, and use the URL without it");
    static const QStringList secretParameters {
        QStringLiteral("key"),      QStringLiteral("api_key"),      QStringLiteral("apikey"), QStringLiteral("api-key"),
        QStringLiteral("token"),    QStringLiteral("access_token"), QStringLiteral("auth"),   QStringLiteral("secret"),
        QStringLiteral("password"), QStringLiteral("sig")};
    const QList<std::pair<QString, QString>> items = QUrlQuery(url).queryItems();
    for (const auto &[name, value] : items)
        if (secretParameters.contains(name.toLower()))
            return QCoreApplication::translate("Skein::ProviderKinds",
                                               "the base URL carries a secret in its query (%1=…); give the key "
                                               "separately so that it is kept in the keychain, and use the URL "
                                               "without it")
                .arg(name);
    return {};
}

ProviderEndpoint endpoint(const ProviderConfig &config, const QString &apiKey)
{
    const ProviderKind kind = fromName(config.kind).value_or(ProviderKind::OpenAiCompatible);
    return ProviderEndpoint::make(kind, QUrl(config.baseUrl), apiKey);
}

} // namespace Skein::ProviderKinds
