// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "tokencalibration.h"

#include <QJsonValue>

#include <algorithm>
#include <climits>
#include <cmath>

namespace Skein {

namespace {

constexpr auto kFactorKey = "factor";
constexpr auto kSamplesKey = "samples";

double clampFactor(double factor)
{
    return std::clamp(factor, TokenCalibration::kMinFactor, TokenCalibration::kMaxFactor);
}

} // namespace

QString TokenCalibration::key(QStringView model)
{
    return model.trimmed().toString().toLower();
}

bool TokenCalibration::addSample(QStringView model, qint64 estimatedPromptTokens, qint64 reportedPromptTokens)
{
    const QString id = key(model);
    if (id.isEmpty() || estimatedPromptTokens < kMinEstimate || reportedPromptTokens <= 0)
        return false;
    const double ratio = static_cast<double>(reportedPromptTokens) / static_cast<double>(estimatedPromptTokens);
    if (!std::isfinite(ratio) || ratio > kOutlierRatio || ratio < 1.0 / kOutlierRatio)
        return false;
    Entry &entry = m_entries[id];
    // The first samples are averaged plainly so the factor settles fast; later ones are smoothed.
    const double weight = std::max(kSmoothing, 1.0 / (entry.samples + 1));
    entry.factor = clampFactor(entry.factor + weight * (ratio - entry.factor));
    entry.samples = entry.samples < INT_MAX ? entry.samples + 1 : entry.samples;
    return true;
}

void TokenCalibration::raise(QStringView model, double factor)
{
    const QString id = key(model);
    if (id.isEmpty() || !std::isfinite(factor))
        return;
    Entry &entry = m_entries[id];
    entry.factor = clampFactor(std::max(entry.factor, factor));
    entry.samples = std::max(entry.samples, 1);
}

double TokenCalibration::factor(QStringView model) const
{
    const auto it = m_entries.constFind(key(model));
    return it == m_entries.cend() ? 1.0 : it->factor;
}

int TokenCalibration::sampleCount(QStringView model) const
{
    const auto it = m_entries.constFind(key(model));
    return it == m_entries.cend() ? 0 : it->samples;
}

qint64 TokenCalibration::corrected(QStringView model, qint64 estimate) const
{
    return static_cast<qint64>(std::ceil(static_cast<double>(estimate) * factor(model)));
}

void TokenCalibration::clear(QStringView model)
{
    m_entries.remove(key(model));
}

QJsonObject TokenCalibration::toJson() const
{
    QJsonObject json;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        json.insert(it.key(),
                    QJsonObject {{QLatin1String(kFactorKey), it->factor}, {QLatin1String(kSamplesKey), it->samples}});
    }
    return json;
}

TokenCalibration TokenCalibration::fromJson(const QJsonObject &json)
{
    TokenCalibration calibration;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QJsonObject object = it.value().toObject();
        const double factor = object.value(QLatin1String(kFactorKey)).toDouble(-1);
        const int samples = object.value(QLatin1String(kSamplesKey)).toInt(0);
        const QString id = key(it.key());
        if (id.isEmpty() || !std::isfinite(factor) || factor <= 0 || samples <= 0)
            continue;
        calibration.m_entries.insert(id, Entry {clampFactor(factor), samples});
    }
    return calibration;
}

} // namespace Skein
