// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "modelinfotablemodel.h"

#include "models/plaintooltip.h"
#include <QLocale>

namespace Skein {

ModelInfoTableModel::ModelInfoTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

ModelInfoTableModel::~ModelInfoTableModel() = default;

void ModelInfoTableModel::setModels(const QList<ModelInfo> &models)
{
    beginResetModel();
    m_models = models;
    endResetModel();
}

int ModelInfoTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_models.size());
}

int ModelInfoTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ModelInfoTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ModelInfo &m = m_models.at(index.row());
    const QLocale locale;
    if (role == Qt::ToolTipRole && index.column() == Id)
        return plainToolTip(m.id);
    if (index.column() == Vision)
        return visionData(m.vision, role);
    if (role == Qt::TextAlignmentRole && index.column() != Id)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::EditRole) {
        switch (index.column()) {
        case Id:
            return m.id;
        case ContextWindow:
            return m.contextWindow;
        case MaxOutput:
            return m.maxOutputTokens;
        case InputPrice:
            return m.inputPricePerMTok;
        case OutputPrice:
            return m.outputPricePerMTok;
        case CachedPrice:
            return m.cachedInputPricePerMTok;
        default:
            return {};
        }
    }
    if (role == Qt::DisplayRole) {
        const auto count = [&](qint64 v) { return v > 0 ? locale.toString(v) : tr("unknown"); };
        const auto price = [&](double v) { return locale.toString(v, 'f', v < 0.1 && v > 0 ? 3 : 2); };
        switch (index.column()) {
        case Id:
            return m.id;
        case ContextWindow:
            return count(m.contextWindow);
        case MaxOutput:
            return count(m.maxOutputTokens);
        case InputPrice:
            return price(m.inputPricePerMTok);
        case OutputPrice:
            return price(m.outputPricePerMTok);
        case CachedPrice:
            return price(m.cachedInputPricePerMTok);
        default:
            return {};
        }
    }
    return {};
}

QVariant ModelInfoTableModel::visionData(ModelVision vision, int role)
{
    switch (role) {
    case Qt::CheckStateRole:
        return vision == ModelVision::Yes ? Qt::Checked
            : vision == ModelVision::No   ? Qt::Unchecked
                                          : Qt::PartiallyChecked;
    case Qt::DisplayRole:
        return vision == ModelVision::Yes ? tr("reads images")
            : vision == ModelVision::No   ? tr("no images")
                                          : tr("not known");
    case Qt::ToolTipRole:
        return tr("Whether the model reads images. When it is not known, attached images are sent, and a server "
                  "that cannot read them says so. A model without vision gets their names and sizes instead.");
    default:
        return {};
    }
}

bool ModelInfoTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || index.column() == Id)
        return false;
    ModelInfo &m = m_models[index.row()];
    if (index.column() == Vision) {
        if (role != Qt::CheckStateRole)
            return false;
        const auto state = Qt::CheckState(value.toInt());
        m.vision = state == Qt::Checked ? ModelVision::Yes
            : state == Qt::Unchecked    ? ModelVision::No
                                        : ModelVision::Unknown;
        Q_EMIT dataChanged(index, index);
        Q_EMIT edited();
        return true;
    }
    if (role != Qt::EditRole)
        return false;
    bool ok = false;
    if (index.column() == ContextWindow || index.column() == MaxOutput) {
        const qint64 v = value.toLongLong(&ok);
        if (!ok || v < 0)
            return false;
        (index.column() == ContextWindow ? m.contextWindow : m.maxOutputTokens) = v;
    } else {
        const double v = value.toDouble(&ok);
        if (!ok || v < 0)
            return false;
        if (index.column() == InputPrice)
            m.inputPricePerMTok = v;
        else if (index.column() == OutputPrice)
            m.outputPricePerMTok = v;
        else
            m.cachedInputPricePerMTok = v;
    }
    Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

Qt::ItemFlags ModelInfoTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == Vision)
        f |= Qt::ItemIsUserCheckable | Qt::ItemIsUserTristate;
    else if (index.column() != Id)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant ModelInfoTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id:
        return tr("Model");
    case ContextWindow:
        return tr("Context");
    case MaxOutput:
        return tr("Max output");
    case InputPrice:
        return tr("Input $/M");
    case OutputPrice:
        return tr("Output $/M");
    case CachedPrice:
        return tr("Cached $/M");
    case Vision:
        return tr("Vision");
    default:
        return {};
    }
}

} // namespace Skein
