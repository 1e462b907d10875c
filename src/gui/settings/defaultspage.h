/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/settings/settingskeys.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QSpinBox;

namespace Ui {
class DefaultsPage;
class MemoryPage;
} // namespace Ui

namespace Skein {

class ProviderListModel;
class SettingsSaver;
class UtilityModelPicker;

// SPEC §4 context defaults and §5 agent defaults as spin boxes; each change is saved when the
// user leaves the field (or steps it), under the keys of core/settings/settingskeys.h.
class DefaultsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DefaultsPage)

public:
    DefaultsPage(SettingsSaver *saver, QWidget *parent = nullptr);
    ~DefaultsPage() override;

    void load(const Settings::Values &values);

private:
    // Binds a spin box of the form to its key: named after the key (tests and tools find it so),
    // with the key's range and default, and saved as it changes.
    void bind(QSpinBox *spin, const Settings::IntKey &key);
    void resetToDefaults();
    void updateShareNote();

    std::unique_ptr<Ui::DefaultsPage> m_ui;
    SettingsSaver *m_saver;
    QHash<QSpinBox *, Settings::IntKey> m_keys;
    QList<QSpinBox *> m_shares;
    bool m_loading = false;
};

// SPEC §4.10: whether memories are extracted automatically and whether they wait for review; and
// which model writes summaries and extracts memories (§4.5, §4.10).
class MemoryPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryPage)

public:
    // providers: the Providers page's list, for the utility model picker.
    MemoryPage(SettingsSaver *saver, const ProviderListModel *providers, QWidget *parent = nullptr);
    ~MemoryPage() override;

    void load(const Settings::Values &values);

private:
    void save();

    std::unique_ptr<Ui::MemoryPage> m_ui;
    SettingsSaver *m_saver;
    UtilityModelPicker *m_utility;
    UtilityModelPicker *m_embeddings;
    bool m_loading = false;
};

} // namespace Skein
