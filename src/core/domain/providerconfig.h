/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QList>
#include <QString>

namespace Skein {

// Whether a model reads images (issue 16). Unknown: nobody said; an attached image is sent, and a
// server that refuses it says so in plain words (the user can then set No).
enum class ModelVision { Unknown, Yes, No };
// Stored as "yes" / "no"; Unknown has no name (an empty string) and reads back from anything else.
QString modelVisionName(ModelVision vision);
ModelVision modelVisionFromString(QStringView text);

struct ModelInfo
{
    QString id;
    qint64 contextWindow = 0;
    qint64 maxOutputTokens = 0;
    double inputPricePerMTok = 0.0; // USD per million tokens
    double outputPricePerMTok = 0.0;
    double cachedInputPricePerMTok = 0.0;
    ModelVision vision = ModelVision::Unknown;

    // Images are sent to it (Unknown counts as yes).
    bool readsImages() const { return vision != ModelVision::No; }

    friend bool operator==(const ModelInfo &, const ModelInfo &) = default;
};

// Whether a provider has an API key, recorded without the key (SPEC §3, §7): a provider with no
// key never touches the keychain, so a keyless local server works on a machine without a Secret
// Service. Unknown: recorded before Skein kept this (or imported); learned on the next lookup.
enum class ApiKeyState { Unknown, None, Keychain };
// Stored as "none" / "keychain"; Unknown has no name (an empty string) and reads back from anything else.
QString apiKeyStateName(ApiKeyState state);
ApiKeyState apiKeyStateFromString(QStringView text);

// A configured provider. Never holds a secret: the API key lives in the keychain under an entry
// derived from id.
struct ProviderConfig
{
    QString id;
    QString name;
    QString kind; // "openai", "anthropic", "ollama", ...
    QString baseUrl;
    bool enabled = true;
    QString defaultModel;
    QList<ModelInfo> models;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    ApiKeyState apiKey = ApiKeyState::Unknown; // local to this machine: never exported
    // Came from an imported file and was not yet reviewed: stays disabled, shown as "imported —
    // review", until the user enables it on this machine (SPEC §7, issue #13). Never exported.
    bool importedForReview = false;

    // Served from this machine (localhost, 127.0.0.1, ::1): such servers usually need no key.
    bool isLocal() const { return isLocalUrl(baseUrl); }
    static bool isLocalUrl(const QString &url);

    friend bool operator==(const ProviderConfig &, const ProviderConfig &) = default;
};

} // namespace Skein
