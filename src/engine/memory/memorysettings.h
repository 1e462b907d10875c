/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QString>

namespace Skein {

class SettingsRepository;

// The memory and background-work settings (SPEC §4.6, §4.10) as stored in the settings table.
// The keys are the ones of the settings registry (docs/settings.md); a missing or malformed value
// gives the default.
struct MemorySettings
{
    bool autoExtract = true;
    bool reviewRequired = true; // new memories land `pending` (review inbox) rather than `active`
    bool paused = false; // issue 17: nothing extracted, nothing injected
    int activeCap = 200; // active memories beyond which archiving is proposed
    int extractAfterTurns = 3; // completed turns batched into one extraction call
    qint64 idleTtlMs = qint64 {15} * 60 * 1000;
    QString utilityProviderId; // empty: the session's provider
    QString utilityModel; // empty: the session's model
    // Issue 17, semantic recall: the provider and model that embed messages; either empty: off.
    QString embeddingProviderId;
    QString embeddingModel;

    static MemorySettings load(SettingsRepository &settings);
    Status save(SettingsRepository &settings) const;
};

} // namespace Skein
