/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QDialog>

#include <memory>

class QLabel;
class QPushButton;

namespace Ui {
class FirstRunDialog;
}

namespace Skein {

class AppContext;
class LocalServerProbe;

// Shown when no provider is configured: servers found running on this computer (Ollama,
// llama.cpp, LM Studio, probed on their default ports in the background) with one click to use
// each, or a cloud provider with its API key. The probe can be replaced for tests.
class FirstRunDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FirstRunDialog)

public:
    // probe: null = probe the default ports. The dialog takes ownership and starts it.
    FirstRunDialog(AppContext &context, LocalServerProbe *probe = nullptr, QWidget *parent = nullptr);
    ~FirstRunDialog() override;

    LocalServerProbe *probe() const { return m_probe; }
    // Adds the server found by the probe at index (with its models) and closes.
    void useLocalServer(int index);
    // Adds the cloud preset with the key typed in the dialog and closes.
    void addCloudProvider();

Q_SIGNALS:
    void providerAdded(const QString &providerId);
    // The user wants the full Settings dialog instead.
    void settingsRequested();

private:
    void showServer(int index);
    void updateCloud();
    void finish(const QString &providerId);

    std::unique_ptr<Ui::FirstRunDialog> m_ui;
    AppContext &m_context;
    LocalServerProbe *m_probe;
    QList<QLabel *> m_serverStates;
    QList<QPushButton *> m_serverButtons;
};

// Opens the first-run dialog over `window` when the database has no provider yet (checked off
// the GUI thread). Call once the storage of `context` is open. Selecting "Settings…" opens the
// Settings dialog on the Providers page.
void showFirstRunIfNeeded(AppContext &context, QWidget *window);

} // namespace Skein
