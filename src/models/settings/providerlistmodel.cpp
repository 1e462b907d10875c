// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "providerlistmodel.h"

#include "models/plaintooltip.h"
#include <algorithm>

namespace Skein {

namespace {

bool lessByName(const ProviderConfig &a, const ProviderConfig &b)
{
    const int c = a.name.localeAwareCompare(b.name);
    return c != 0 ? c < 0 : a.id < b.id;
}

} // namespace

ProviderListModel::ProviderListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

ProviderListModel::~ProviderListModel() = default;

void ProviderListModel::setProviders(const QList<ProviderConfig> &providers)
{
    beginResetModel();
    m_providers = providers;
    std::sort(m_providers.begin(), m_providers.end(), lessByName);
    endResetModel();
}

int ProviderListModel::sortedRow(const ProviderConfig &provider) const
{
    return int(std::lower_bound(m_providers.begin(), m_providers.end(), provider, lessByName) - m_providers.begin());
}

int ProviderListModel::upsert(const ProviderConfig &provider)
{
    const int existing = rowOf(provider.id);
    if (existing >= 0) {
        if (m_providers.at(existing).name == provider.name) {
            m_providers[existing] = provider;
            Q_EMIT dataChanged(index(existing), index(existing));
            return existing;
        }
        beginRemoveRows({}, existing, existing);
        m_providers.removeAt(existing);
        endRemoveRows();
    }
    const int row = sortedRow(provider);
    beginInsertRows({}, row, row);
    m_providers.insert(row, provider);
    endInsertRows();
    return row;
}

void ProviderListModel::remove(const QString &id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_providers.removeAt(row);
    endRemoveRows();
}

int ProviderListModel::rowOf(const QString &id) const
{
    for (int i = 0; i < m_providers.size(); ++i)
        if (m_providers.at(i).id == id)
            return i;
    return -1;
}

int ProviderListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_providers.size());
}

QVariant ProviderListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ProviderConfig &p = m_providers.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        if (p.importedForReview)
            return tr("%1 — imported, review").arg(p.name);
        return p.enabled ? p.name : tr("%1 (disabled)").arg(p.name);
    case Qt::ToolTipRole:
        // A name and URL from an imported file are not markup.
        return plainToolTip(p.name + QLatin1Char('\n') + p.baseUrl);
    case BaseUrlRole:
        return p.baseUrl;
    case EnabledRole:
        return p.enabled;
    case IdRole:
        return p.id;
    case KindRole:
        return p.kind;
    default:
        return {};
    }
}

} // namespace Skein
