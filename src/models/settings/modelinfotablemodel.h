/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"

#include <QAbstractTableModel>

namespace Skein {

// A provider's models as an editable table: id, context window, max output, the three prices per
// million tokens and whether it reads images. Edits change the list in place and emit edited() so the owner can save.
class ModelInfoTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelInfoTableModel)

public:
    // Vision: a check box with three states (checked: reads images, unchecked: does not,
    // partly: not known, so images are sent).
    enum Column { Id, ContextWindow, MaxOutput, InputPrice, OutputPrice, CachedPrice, Vision, ColumnCount };

    explicit ModelInfoTableModel(QObject *parent = nullptr);
    ~ModelInfoTableModel() override;

    void setModels(const QList<ModelInfo> &models);
    const QList<ModelInfo> &models() const { return m_models; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void edited();

private:
    static QVariant visionData(ModelVision vision, int role);

    QList<ModelInfo> m_models;
};

} // namespace Skein
