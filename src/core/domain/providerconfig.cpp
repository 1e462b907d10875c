// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/providerconfig.h"

#include <QUrl>

namespace Skein {

QString apiKeyStateName(ApiKeyState state)
{
    switch (state) {
    case ApiKeyState::None:
        return QStringLiteral("none");
    case ApiKeyState::Keychain:
        return QStringLiteral("keychain");
    case ApiKeyState::Unknown:
        break;
    }
    return {};
}

bool ProviderConfig::isLocalUrl(const QString &url)
{
    const QString host = QUrl(url).host();
    return host == u"localhost" || host == u"127.0.0.1" || host == u"::1";
}

ApiKeyState apiKeyStateFromString(QStringView text)
{
    if (text == u"none")
        return ApiKeyState::None;
    if (text == u"keychain")
        return ApiKeyState::Keychain;
    return ApiKeyState::Unknown;
}

QString modelVisionName(ModelVision vision)
{
    switch (vision) {
    case ModelVision::Yes:
        return QStringLiteral("yes");
    case ModelVision::No:
        return QStringLiteral("no");
    case ModelVision::Unknown:
        break;
    }
    return {};
}

ModelVision modelVisionFromString(QStringView text)
{
    if (text == u"yes")
        return ModelVision::Yes;
    if (text == u"no")
        return ModelVision::No;
    return ModelVision::Unknown;
}

} // namespace Skein
