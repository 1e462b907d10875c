/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcpserverconfig.h"

#include <QAbstractListModel>

namespace Skein {

// The configured MCP servers; the check box enables or disables a server. Edits emit edited()
// so the owner can save the list (as McpConfig::toJson) under Settings::Keys::mcpServers.
class McpServerListModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServerListModel)

public:
    enum Roles { NameRole = Qt::UserRole + 1, DetailRole };

    explicit McpServerListModel(QObject *parent = nullptr);
    ~McpServerListModel() override;

    void setServers(const QList<McpServerConfig> &servers);
    const QList<McpServerConfig> &servers() const { return m_servers; }
    // Adds, or replaces the server with the same name; returns its row.
    int upsert(const McpServerConfig &server);
    void removeRow(int row);
    McpServerConfig server(int row) const { return m_servers.value(row); }
    // "npx -y @scope/server /tmp" or the URL.
    static QString describe(const McpServerConfig &server);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void edited();

private:
    QList<McpServerConfig> m_servers;
};

} // namespace Skein
