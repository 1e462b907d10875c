/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"

#include <QPointer>
#include <QWidget>

#include <memory>

namespace Ui {
class ProvidersPage;
}

namespace Skein {

class ModelInfoTableModel;
class ProviderCheck;
class ProviderListModel;
class ProviderService;
class SettingsSaver;

// Providers: the list on the left (add from a preset, remove), the selected one on the right:
// name, kind, base URL, API key with its keychain state, test connection, fetch models and the
// editable model table. Changes are saved as they are made; the key goes to the SecretStore only.
class ProvidersPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProvidersPage)

public:
    enum class KeyState { Unknown, Checking, Stored, SessionOnly, Missing, NotNeeded, Unavailable, Unreachable };
    Q_ENUM(KeyState)

    ProvidersPage(ProviderService &service, SettingsSaver *saver, QWidget *parent = nullptr);
    ~ProvidersPage() override;

    // Adds a provider made from the preset (all of them are offered in the Add menu) and selects it.
    void addFromPreset(const QString &presetId);
    ProviderListModel *providers() const { return m_list; }
    KeyState keyState() const { return m_keyState; }
    bool isLoaded() const { return m_loaded; }

Q_SIGNALS:
    void loaded();
    void providersChanged();
    void keyStateChanged(Skein::ProvidersPage::KeyState state);
    void checkFinished(bool ok, const QString &message);

private:
    void load();
    void select(int row);
    void showCurrent();
    void commitFields();
    void saveCurrent();
    void storeKey();
    void refreshKeyState();
    void setKeyState(KeyState state, const QString &detail = {});
    // Records whether the current provider has a key (never the key) and saves it.
    void recordKeyState(ApiKeyState state);
    void runCheck(bool fetch);
    void confirmRemove();
    void removeCurrent();
    QString uniqueName(const QString &base) const;

    std::unique_ptr<Ui::ProvidersPage> m_ui;
    ProviderService &m_service;
    SettingsSaver *m_saver;
    ProviderListModel *m_list;
    ModelInfoTableModel *m_modelTable;
    ProviderConfig m_current;
    KeyState m_keyState = KeyState::Unknown;
    bool m_loaded = false;
    bool m_showing = false;
    QPointer<ProviderCheck> m_check;
};

} // namespace Skein
