/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"

#include <QAbstractListModel>

namespace Skein {

// The configured providers for the Settings list, sorted by name. The owner loads them from
// storage and writes changes back; this model only mirrors the list.
class ProviderListModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProviderListModel)

public:
    enum Roles { IdRole = Qt::UserRole + 1, BaseUrlRole, KindRole, EnabledRole };

    explicit ProviderListModel(QObject *parent = nullptr);
    ~ProviderListModel() override;

    void setProviders(const QList<ProviderConfig> &providers);
    const QList<ProviderConfig> &providers() const { return m_providers; }
    // Inserts or replaces by id, keeping the list sorted; returns the provider's row.
    int upsert(const ProviderConfig &provider);
    void remove(const QString &id);
    int rowOf(const QString &id) const;
    ProviderConfig provider(int row) const { return m_providers.value(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int sortedRow(const ProviderConfig &provider) const;

    QList<ProviderConfig> m_providers;
};

} // namespace Skein
