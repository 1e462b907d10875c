// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/memorysettings.h"

#include "storage/settingsrepository.h"

namespace Skein {

namespace {

using namespace Qt::StringLiterals;

const QString autoExtractKey = u"memory/auto_extract"_s;
const QString reviewKey = u"memory/review_required"_s;
const QString pausedKey = u"memory/paused"_s;
const QString capKey = u"memory/active_cap"_s;
const QString batchKey = u"memory/extract_after_turns"_s;
const QString ttlKey = u"context/idle_ttl_minutes"_s;
const QString providerKey = u"context/utility_provider_id"_s;
const QString modelKey = u"context/utility_model"_s;
const QString embeddingProviderKey = u"context/embedding_provider_id"_s;
const QString embeddingModelKey = u"context/embedding_model"_s;

QString stored(SettingsRepository &settings, const QString &key)
{
    Result<std::optional<QString>> value = settings.get(key);
    return value ? value.value().value_or(QString()) : QString();
}

bool boolValue(const QString &text, bool fallback)
{
    if (text == "true"_L1 || text == "1"_L1)
        return true;
    if (text == "false"_L1 || text == "0"_L1)
        return false;
    return fallback;
}

qint64 intValue(const QString &text, qint64 fallback, qint64 minimum, qint64 maximum)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    return ok ? std::clamp(v, minimum, maximum) : fallback;
}

} // namespace

MemorySettings MemorySettings::load(SettingsRepository &settings)
{
    MemorySettings s;
    s.autoExtract = boolValue(stored(settings, autoExtractKey), s.autoExtract);
    s.reviewRequired = boolValue(stored(settings, reviewKey), s.reviewRequired);
    s.paused = boolValue(stored(settings, pausedKey), s.paused);
    s.activeCap = int(intValue(stored(settings, capKey), s.activeCap, 10, 100000));
    s.extractAfterTurns = int(intValue(stored(settings, batchKey), s.extractAfterTurns, 1, 100));
    s.idleTtlMs = intValue(stored(settings, ttlKey), 15, 1, qint64 {7} * 24 * 60) * 60 * 1000;
    s.utilityProviderId = stored(settings, providerKey);
    s.utilityModel = stored(settings, modelKey);
    s.embeddingProviderId = stored(settings, embeddingProviderKey);
    s.embeddingModel = stored(settings, embeddingModelKey);
    return s;
}

Status MemorySettings::save(SettingsRepository &settings) const
{
    const QList<std::pair<QString, QString>> values {
        {autoExtractKey, autoExtract ? u"true"_s : u"false"_s},
        {reviewKey, reviewRequired ? u"true"_s : u"false"_s},
        {pausedKey, paused ? u"true"_s : u"false"_s},
        {capKey, QString::number(activeCap)},
        {batchKey, QString::number(extractAfterTurns)},
        {ttlKey, QString::number(std::max<qint64>(1, idleTtlMs / 60000))},
        {providerKey, utilityProviderId},
        {modelKey, utilityModel},
        {embeddingProviderKey, embeddingProviderId},
        {embeddingModelKey, embeddingModel},
    };
    for (const auto &[key, value] : values)
        if (Status s = settings.set(key, value); !s)
            return s;
    return {};
}

} // namespace Skein
