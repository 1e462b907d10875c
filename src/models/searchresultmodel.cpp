// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "searchresultmodel.h"

#include "models/plaintooltip.h"
namespace Skein {

SearchResultModel::SearchResultModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

SearchResultModel::~SearchResultModel() = default;

void SearchResultModel::setHits(const QString &query, const QList<SearchHit> &hits)
{
    beginResetModel();
    m_query = query;
    m_hits = hits;
    endResetModel();
}

void SearchResultModel::clear()
{
    setHits({}, {});
}

QString SearchResultModel::snippetHtml(const QString &snippet)
{
    QString out;
    out.reserve(snippet.size() + 32);
    QString run;
    for (const QChar c : snippet) {
        if (c == QChar(0x02) || c == QChar(0x03)) {
            out += run.toHtmlEscaped();
            run.clear();
            out += c == QChar(0x02) ? QStringLiteral("<b>") : QStringLiteral("</b>");
        } else {
            run += c;
        }
    }
    out += run.toHtmlEscaped();
    return out;
}

int SearchResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

QVariant SearchResultModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return {};
    const SearchHit &hit = m_hits.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole: {
        QString plain = hit.snippet;
        plain.remove(QChar(0x02)).remove(QChar(0x03));
        return plain;
    }
    case Qt::ToolTipRole:
        return plainToolTip(hit.sessionTitle);
    case MessageIdRole:
        return hit.messageId;
    case SessionIdRole:
        return hit.sessionId;
    case SessionTitleRole:
        return hit.sessionTitle.isEmpty() ? tr("New chat") : hit.sessionTitle;
    case SnippetRole:
        return hit.snippet;
    case CreatedAtRole:
        return hit.createdAt;
    default:
        return {};
    }
}

Qt::ItemFlags SearchResultModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

} // namespace Skein
