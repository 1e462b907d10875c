// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "mcpserverlistmodel.h"

#include "models/plaintooltip.h"
namespace Skein {

McpServerListModel::McpServerListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

McpServerListModel::~McpServerListModel() = default;

void McpServerListModel::setServers(const QList<McpServerConfig> &servers)
{
    beginResetModel();
    m_servers = servers;
    endResetModel();
}

int McpServerListModel::upsert(const McpServerConfig &server)
{
    for (int i = 0; i < m_servers.size(); ++i) {
        if (m_servers.at(i).name == server.name) {
            m_servers[i] = server;
            Q_EMIT dataChanged(index(i), index(i));
            Q_EMIT edited();
            return i;
        }
    }
    const int row = int(m_servers.size());
    beginInsertRows({}, row, row);
    m_servers.append(server);
    endInsertRows();
    Q_EMIT edited();
    return row;
}

void McpServerListModel::removeRow(int row)
{
    if (row < 0 || row >= m_servers.size())
        return;
    beginRemoveRows({}, row, row);
    m_servers.removeAt(row);
    endRemoveRows();
    Q_EMIT edited();
}

QString McpServerListModel::describe(const McpServerConfig &server)
{
    if (server.transport == McpServerConfig::Transport::Http)
        return server.url.toString();
    QStringList parts {server.command};
    parts += server.args;
    return parts.join(QLatin1Char(' '));
}

int McpServerListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_servers.size());
}

QVariant McpServerListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const McpServerConfig &s = m_servers.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return s.disabled ? tr("%1 (disabled)").arg(s.name) : s.name;
    case Qt::ToolTipRole:
        return plainToolTip(describe(s));
    case DetailRole:
        return describe(s);
    case Qt::CheckStateRole:
        return s.disabled ? Qt::Unchecked : Qt::Checked;
    case NameRole:
        return s.name;
    default:
        return {};
    }
}

bool McpServerListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const bool disabled = value.value<Qt::CheckState>() != Qt::Checked;
    McpServerConfig &s = m_servers[index.row()];
    if (s.disabled == disabled)
        return true;
    s.disabled = disabled;
    Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

Qt::ItemFlags McpServerListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable | Qt::ItemNeverHasChildren;
}

} // namespace Skein
