/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/settings/settingskeys.h"
#include "storage/result.h"

#include <QObject>

#include <functional>

namespace Skein {

class AsyncStore;

// The stored values of the settings registry (core/settings/settingskeys.h) that the Settings
// pages show and edit. Jobs run on the storage threads; `done` runs on the GUI thread, and only
// while `context` is alive (a null context: nothing is called back, failures still reach
// AsyncStore::writeFailed). Change signals come after the write committed, whoever asked.
class SettingsService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsService)

public:
    explicit SettingsService(AsyncStore &storage, QObject *parent = nullptr);
    ~SettingsService() override;

    // Every stored value; a key never stored is absent (Settings::value gives its default).
    void load(QObject *context, std::function<void(Result<Settings::Values>)> done);
    // Stores these keys in one job; other keys keep their values.
    void save(const Settings::Values &values, QObject *context, std::function<void(Status)> done);

Q_SIGNALS:
    // These values were stored (after the write committed).
    void saved(const Skein::Settings::Values &values);

private:
    AsyncStore &m_storage;
};

} // namespace Skein
