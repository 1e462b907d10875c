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

// A provider and model picked from the configured providers (their fetched or stored model lists;
// a name can also be typed), for one of the engine's background routes:
// * Utility (SPEC §4.5, §4.10): the model that writes summaries and extracts memories, or the
//   chat's own (context/utility_provider_id, context/utility_model);
// * Embeddings (issue 17): the model that embeds messages for semantic recall, or none
//   (context/embedding_provider_id, context/embedding_model).
// Follows `providers` (the Providers page's list), so a provider added in the same dialog can be
// picked at once. Saves as the choice changes.
class UtilityModelPicker final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UtilityModelPicker)

public:
    enum class Route { Utility, Embeddings };
    UtilityModelPicker(Route route, const ProviderListModel *providers, SettingsSaver *saver,
                       QWidget *parent = nullptr);
    ~UtilityModelPicker() override;

    void load(const Settings::Values &values);
    // "" = the chat's own provider / model (Utility), none (Embeddings).
    QString providerId() const { return m_providerId; }
    QString model() const { return m_model; }

private:
    void rebuildProviders();
    void rebuildModels();
    void providerPicked();
    void modelPicked();
    void save();

    std::unique_ptr<Ui::UtilityModelPicker> m_ui;
    Route m_route;
    Settings::TextKey m_providerKey;
    Settings::TextKey m_modelKey;
    const ProviderListModel *m_providers;
    SettingsSaver *m_saver;
    QString m_providerId;
    QString m_model;
    bool m_updating = false;
};

} // namespace Skein
