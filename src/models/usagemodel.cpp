// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "models/usagemodel.h"

#include "models/plaintooltip.h"

#include <QDate>
#include <QHash>
#include <QLocale>
#include <algorithm>

namespace Skein {

UsageModel::UsageModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void UsageModel::setRows(const QList<UsageRow> &rows)
{
    m_rows = rows;
    rebuild();
}

void UsageModel::setGroupBy(GroupBy groupBy)
{
    if (groupBy == m_groupBy)
        return;
    m_groupBy = groupBy;
    rebuild();
}

UsageModel::Bucket UsageModel::total() const
{
    Bucket sum;
    sum.label = tr("Total");
    for (const Bucket &b : m_buckets) {
        sum.replies += b.replies;
        sum.promptTokens += b.promptTokens;
        sum.completionTokens += b.completionTokens;
        sum.cachedTokens += b.cachedTokens;
        sum.cost += b.cost;
    }
    return sum;
}

void UsageModel::rebuild()
{
    QHash<QString, int> at;
    QList<Bucket> buckets;
    for (const UsageRow &r : std::as_const(m_rows)) {
        QString key;
        QString label;
        switch (m_groupBy) {
        case GroupBy::Day:
            key = r.day;
            label = QLocale().toString(QDate::fromString(r.day, Qt::ISODate), QLocale::ShortFormat);
            break;
        case GroupBy::Session:
            key = r.sessionId;
            label = r.sessionTitle.isEmpty() ? tr("Untitled conversation") : r.sessionTitle;
            break;
        case GroupBy::Model:
            key = r.model;
            label = r.model.isEmpty() ? tr("Unknown model") : r.model;
            break;
        }
        auto it = at.constFind(key);
        if (it == at.constEnd()) {
            it = at.insert(key, int(buckets.size()));
            buckets.append({key, label});
        }
        Bucket &b = buckets[*it];
        b.replies += r.replies;
        b.promptTokens += r.promptTokens;
        b.completionTokens += r.completionTokens;
        b.cachedTokens += r.cachedTokens;
        b.cost += r.cost;
    }
    if (m_groupBy == GroupBy::Day) {
        std::sort(buckets.begin(), buckets.end(), [](const Bucket &a, const Bucket &b) { return a.key < b.key; });
    } else {
        std::stable_sort(buckets.begin(), buckets.end(),
                         [](const Bucket &a, const Bucket &b) { return a.tokens() > b.tokens(); });
    }
    beginResetModel();
    m_buckets = buckets;
    endResetModel();
}

int UsageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_buckets.size());
}

int UsageModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant UsageModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Bucket &b = m_buckets.at(index.row());
    if (role == ValueRole) {
        switch (index.column()) {
        case KeyColumn:
            return b.key;
        case RepliesColumn:
            return b.replies;
        case PromptColumn:
            return b.promptTokens;
        case CompletionColumn:
            return b.completionTokens;
        case CachedColumn:
            return b.cachedTokens;
        case CostColumn:
            return b.cost;
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole && index.column() != KeyColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case KeyColumn:
        return role == Qt::ToolTipRole ? plainToolTip(b.label) : b.label; // a model or provider name
    case RepliesColumn:
        return locale.toString(b.replies);
    case PromptColumn:
        return locale.toString(b.promptTokens);
    case CompletionColumn:
        return locale.toString(b.completionTokens);
    case CachedColumn:
        return locale.toString(b.cachedTokens);
    case CostColumn:
        return QString(QStringLiteral("$") + locale.toString(b.cost, 'f', b.cost < 1.0 ? 4 : 2));
    }
    return {};
}

QVariant UsageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KeyColumn:
        return m_groupBy == GroupBy::Day ? tr("Day") : m_groupBy == GroupBy::Session ? tr("Conversation") : tr("Model");
    case RepliesColumn:
        return tr("Replies");
    case PromptColumn:
        return tr("Prompt tokens");
    case CompletionColumn:
        return tr("Completion tokens");
    case CachedColumn:
        return tr("Cached tokens");
    case CostColumn:
        return tr("Cost");
    }
    return {};
}

} // namespace Skein
