/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/usagequery.h"

#include <QAbstractTableModel>
#include <QList>

namespace Skein {

// Tokens and cost grouped by day, conversation or model, for the usage view's chart and table.
// Fed with UsageQuery rows (already summed per day × session × model off the GUI thread).
class UsageModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageModel)

public:
    enum class GroupBy { Day, Session, Model };
    enum Column { KeyColumn, RepliesColumn, PromptColumn, CompletionColumn, CachedColumn, CostColumn, ColumnCount };
    enum Roles { ValueRole = Qt::UserRole + 1 }; // the raw number of a column (qint64 or double)

    struct Bucket
    {
        QString key; // day (yyyy-MM-dd), session id or model
        QString label;
        qint64 replies = 0;
        qint64 promptTokens = 0;
        qint64 completionTokens = 0;
        qint64 cachedTokens = 0;
        double cost = 0.0;
        qint64 tokens() const { return promptTokens + completionTokens; }
    };

    explicit UsageModel(QObject *parent = nullptr);

    void setRows(const QList<UsageRow> &rows);
    void setGroupBy(GroupBy groupBy);
    GroupBy groupBy() const { return m_groupBy; }
    // Days ascending; conversations and models by tokens, largest first.
    const QList<Bucket> &buckets() const { return m_buckets; }
    Bucket total() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();

    QList<UsageRow> m_rows;
    GroupBy m_groupBy = GroupBy::Day;
    QList<Bucket> m_buckets;
};

} // namespace Skein
