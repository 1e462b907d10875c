/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/searchrepository.h"

#include <QAbstractListModel>
#include <QList>

namespace Skein {

// Full-text search hits for the sidebar, newest first. The snippet keeps SearchRepository's
// \x02 / \x03 markers around matches (SnippetRole); DisplayRole has them stripped.
class SearchResultModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SearchResultModel)

public:
    enum Roles {
        MessageIdRole = Qt::UserRole + 1,
        SessionIdRole,
        SessionTitleRole,
        SnippetRole,
        CreatedAtRole,
    };

    explicit SearchResultModel(QObject *parent = nullptr);
    ~SearchResultModel() override;

    void setHits(const QString &query, const QList<SearchHit> &hits);
    void clear();
    QString query() const { return m_query; }
    SearchHit hit(int row) const { return m_hits.value(row); }

    // The snippet as rich text: escaped, with matches in bold.
    static QString snippetHtml(const QString &snippet);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    QString m_query;
    QList<SearchHit> m_hits;
};

} // namespace Skein
