/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/settings/settingskeys.h"

#include <QDialog>

#include <memory>

namespace Ui {
class SettingsDialog;
}

namespace Skein {

class AppContext;
class SettingsSaver;

// Preferences: a list of pages on the left, the page on the right. Every change is saved as it
// is made (through SettingsSaver, off the GUI thread); Close just closes. Needs the storage of
// `context` to be open.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    enum class Page { Providers, Context, Memory, McpServers, ToolApprovals, Appearance, Data };
    Q_ENUM(Page)

    explicit SettingsDialog(AppContext &context, QWidget *parent = nullptr);
    ~SettingsDialog() override;

    void showPage(Page page);
    SettingsSaver *saver() const { return m_saver; }
    // True once the stored values have been read and shown.
    bool isLoaded() const { return m_loaded; }

Q_SIGNALS:
    void loaded();
    // A provider was added, changed or removed (the main window refreshes its model pickers).
    void providersChanged();

private:
    void addPage(Page page, const QString &icon, const QString &title, QWidget *widget);
    void load();
    void showProblem(const QString &message);

    std::unique_ptr<Ui::SettingsDialog> m_ui;
    AppContext &m_context;
    SettingsSaver *m_saver;
    QList<Page> m_order;
    bool m_loaded = false;
};

// Shows the Settings dialog over `window` (raising the one already open), optionally on `page`.
SettingsDialog *openSettingsDialog(AppContext &context, QWidget *window,
                                   SettingsDialog::Page page = SettingsDialog::Page::Providers);

} // namespace Skein
