/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringView>

namespace Skein {

// Learns, per model, how far the estimator is off from the provider's reported
// `usage.prompt_tokens`, and corrects later estimates by that factor. The factor is an exponential
// moving average of reported/estimated, kept within [kMinFactor, kMaxFactor]; tiny prompts, zero or
// negative usage and wild outliers are ignored. Callers persist it with toJson()/fromJson().
// The upper bound is wide on purpose: local models with small or byte-level vocabularies (and
// older tokenizers on Chinese text) count 2–4 times what the o200k-like estimator says.
class TokenCalibration
{
public:
    static constexpr double kMinFactor = 0.7;
    static constexpr double kMaxFactor = 4.0;
    // Prompts smaller than this are dominated by framing and rounding; they teach nothing.
    static constexpr qint64 kMinEstimate = 32;
    // Ratios outside [1/kOutlierRatio, kOutlierRatio] are treated as bad data (a truncated usage
    // report, a cached-tokens field mixed up, a wrong model), never as calibration.
    static constexpr double kOutlierRatio = 6.0;
    // Weight of a new sample once the first few samples have been averaged.
    static constexpr double kSmoothing = 0.1;

    // Returns whether the sample was used.
    bool addSample(QStringView model, qint64 estimatedPromptTokens, qint64 reportedPromptTokens);
    // The server counted the prompt itself (a context error stating the prompt's size): the factor
    // becomes at least `factor` at once (clamped), instead of moving there sample by sample.
    void raise(QStringView model, double factor);
    // 1.0 for a model without samples.
    double factor(QStringView model) const;
    int sampleCount(QStringView model) const;
    // estimate × factor(model), rounded up.
    qint64 corrected(QStringView model, qint64 estimate) const;
    void clear(QStringView model);

    QJsonObject toJson() const;
    // Tolerates missing, malformed or out-of-range entries (they are dropped or clamped).
    static TokenCalibration fromJson(const QJsonObject &json);

private:
    struct Entry
    {
        double factor = 1.0;
        int samples = 0;
    };
    static QString key(QStringView model);

    QHash<QString, Entry> m_entries;
};

} // namespace Skein
