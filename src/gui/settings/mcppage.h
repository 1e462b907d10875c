/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/settings/settingskeys.h"
#include "engine/tools/mcpserverconfig.h"

#include <QDialog>
#include <QWidget>

#include <memory>

namespace Ui {
class McpPage;
class McpServerDialog;
} // namespace Ui

namespace Skein {

class McpServerListModel;
class McpServerService;
class SettingsSaver;

// MCP servers: the list (checked = enabled), add one by hand, import a desktop-format
// {"mcpServers": …} file, remove, and open a server's stderr log. Saved as that same JSON under
// Settings::Keys::mcpServers.
class McpPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpPage)

public:
    McpPage(McpServerService &service, SettingsSaver *saver, QWidget *parent = nullptr);
    ~McpPage() override;

    void load(const Settings::Values &values);
    // Reads the file off the GUI thread and merges its servers into the list (same name = replaced).
    void importFile(const QString &path);
    McpServerListModel *servers() const { return m_model; }

Q_SIGNALS:
    void importFinished(int imported, const QStringList &errors);

private:
    void save();
    void keepSecrets(const McpServerConfig &server);
    void confirmImport(const McpConfigParseResult &parsed);
    void addServer();
    void removeSelected();
    void openLog();
    void updateButtons();

    std::unique_ptr<Ui::McpPage> m_ui;
    McpServerService &m_service;
    SettingsSaver *m_saver;
    McpServerListModel *m_model;
    bool m_loading = false;
};

// Asks for one server: a name, then a command with arguments and environment, or a URL.
class McpServerDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServerDialog)

public:
    explicit McpServerDialog(QWidget *parent = nullptr);
    ~McpServerDialog() override;

    McpServerConfig server() const;
    void accept() override;

private:
    void updateTransport();

    std::unique_ptr<Ui::McpServerDialog> m_ui;
    QList<QWidget *> m_stdioRows;
    QList<QWidget *> m_httpRows;
};

} // namespace Skein
