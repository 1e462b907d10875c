/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/settings/settingskeys.h"

#include <QWidget>

#include <memory>

namespace Ui {
class UtilityModelPicker;
}

namespace Skein {

class ProviderListModel;
class SettingsSaver;

// SPEC §4.5, §4.10: the model that writes summaries and extracts memories — the chat's own, or a
// provider and model picked from the configured providers (their fetched or stored model lists;
// a name can also be typed). Follows `providers` (the Providers page's list), so a provider added
// in the same dialog can be picked at once. Saves context/utility_provider_id and
// context/utility_model as they change.
class UtilityModelPicker final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UtilityModelPicker)

public:
    UtilityModelPicker(const ProviderListModel *providers, SettingsSaver *saver, QWidget *parent = nullptr);
    ~UtilityModelPicker() override;

    void load(const Settings::Values &values);
    // "" = the chat's own provider / model.
    QString providerId() const { return m_providerId; }
    QString model() const { return m_model; }

private:
    void rebuildProviders();
    void rebuildModels();
    void providerPicked();
    void modelPicked();
    void save();

    std::unique_ptr<Ui::UtilityModelPicker> m_ui;
    const ProviderListModel *m_providers;
    SettingsSaver *m_saver;
    QString m_providerId;
    QString m_model;
    bool m_updating = false;
};

} // namespace Skein
