// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sessionlistmodel.h"

#include "models/plaintooltip.h"

#include <QStringList>

#include <algorithm>

namespace Skein {

SessionListModel::SessionListModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

SessionListModel::~SessionListModel() = default;

void SessionListModel::setSessions(const QList<Session> &sessions)
{
    beginResetModel();
    m_sessions.clear();
    m_sessions.reserve(sessions.size());
    for (const Session &s : sessions)
        if (!s.archived)
            m_sessions.insert(s.id, s);
    const QSet<QString> ids(m_sessions.keyBegin(), m_sessions.keyEnd());
    m_hidden.intersect(ids);
    m_unread.intersect(ids);
    m_rows = buildRows();
    m_rowOf.clear();
    for (int i = 0; i < m_rows.size(); ++i)
        if (!m_rows.at(i).id.isEmpty())
            m_rowOf.insert(m_rows.at(i).id, i);
    endResetModel();
    updateTagCounts();
}

void SessionListModel::upsert(const Session &session)
{
    if (session.archived) {
        remove(session.id);
        return;
    }
    m_sessions.insert(session.id, session);
    rebuild();
}

void SessionListModel::remove(const QString &id)
{
    if (m_sessions.remove(id) == 0)
        return;
    m_hidden.remove(id);
    m_unread.remove(id);
    rebuild();
}

void SessionListModel::setHidden(const QString &id, bool hidden)
{
    if (!m_sessions.contains(id) || m_hidden.contains(id) == hidden)
        return;
    if (hidden)
        m_hidden.insert(id);
    else
        m_hidden.remove(id);
    m_unread.remove(id);
    rebuild();
}

void SessionListModel::setNow(const QDateTime &now)
{
    m_now = now;
    rebuild();
}

int SessionListModel::rowOf(const QString &id) const
{
    return m_rowOf.value(id, -1);
}

QString SessionListModel::idAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : QString();
}

QString SessionListModel::groupName(Group group)
{
    switch (group) {
    case Group::Pinned:
        return tr("Pinned");
    case Group::Today:
        return tr("Today");
    case Group::Yesterday:
        return tr("Yesterday");
    case Group::Previous7Days:
        return tr("Previous 7 days");
    case Group::Older:
        return tr("Older");
    }
    return {};
}

SessionListModel::Group SessionListModel::groupOf(const Session &session) const
{
    if (session.pinned)
        return Group::Pinned;
    const QDateTime now = m_now.isValid() ? m_now : QDateTime::currentDateTime();
    const QDate today = now.toLocalTime().date();
    const QDate day = QDateTime::fromMSecsSinceEpoch(session.updatedAt).toLocalTime().date();
    const qint64 age = day.daysTo(today);
    if (age <= 0)
        return Group::Today;
    if (age == 1)
        return Group::Yesterday;
    if (age <= 7)
        return Group::Previous7Days;
    return Group::Older;
}

QList<SessionListModel::Row> SessionListModel::buildRows() const
{
    QList<const Session *> visible;
    visible.reserve(m_sessions.size());
    for (const Session &s : m_sessions)
        if (!m_hidden.contains(s.id) && passesFilter(s))
            visible.append(&s);
    std::sort(visible.begin(), visible.end(), [](const Session *a, const Session *b) {
        if (a->pinned != b->pinned)
            return a->pinned;
        if (a->updatedAt != b->updatedAt)
            return a->updatedAt > b->updatedAt;
        return a->id < b->id;
    });
    QList<Row> rows;
    rows.reserve(visible.size() + 5);
    bool first = true;
    Group current = Group::Pinned;
    for (const Session *s : visible) {
        const Group g = groupOf(*s);
        if (first || g != current) {
            rows.append(Row {QString(), g});
            current = g;
            first = false;
        }
        rows.append(Row {s->id, g});
    }
    return rows;
}

bool SessionListModel::passesFilter(const Session &session) const
{
    return m_tagFilter.isEmpty() || session.tags.contains(m_tagFilter, Qt::CaseInsensitive);
}

void SessionListModel::setTagFilter(const QString &tag)
{
    if (tag.compare(m_tagFilter, Qt::CaseInsensitive) == 0 && tag.isEmpty() == m_tagFilter.isEmpty())
        return;
    m_tagFilter = tag;
    rebuild();
}

void SessionListModel::updateTagCounts()
{
    QHash<QString, TagCount> folded;
    for (const Session &s : std::as_const(m_sessions)) {
        if (m_hidden.contains(s.id))
            continue;
        for (const QString &tag : s.tags) {
            TagCount &c = folded[tag.toCaseFolded()];
            if (c.tag.isEmpty())
                c.tag = tag;
            ++c.sessions;
        }
    }
    QList<TagCount> counts(folded.cbegin(), folded.cend());
    std::sort(counts.begin(), counts.end(), [](const TagCount &a, const TagCount &b) {
        const int c = a.tag.compare(b.tag, Qt::CaseInsensitive);
        return c != 0 ? c < 0 : a.tag < b.tag;
    });
    if (counts == m_tagCounts)
        return;
    m_tagCounts = std::move(counts);
    Q_EMIT tagsChanged();
}

void SessionListModel::rebuild()
{
    updateTagCounts();
    QList<Row> rows = buildRows();
    bool sameShape = rows.size() == m_rows.size();
    for (int i = 0; sameShape && i < rows.size(); ++i)
        sameShape = rows.at(i).id == m_rows.at(i).id && rows.at(i).group == m_rows.at(i).group;
    if (sameShape) {
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1));
        return;
    }
    beginResetModel();
    m_rows = std::move(rows);
    m_rowOf.clear();
    for (int i = 0; i < m_rows.size(); ++i)
        if (!m_rows.at(i).id.isEmpty())
            m_rowOf.insert(m_rows.at(i).id, i);
    endResetModel();
}

int SessionListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant SessionListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return {};
    const Row &row = m_rows.at(index.row());
    if (row.id.isEmpty()) {
        switch (role) {
        case Qt::DisplayRole:
        case Qt::AccessibleTextRole:
            return groupName(row.group);
        case IsHeaderRole:
            return true;
        case GroupRole:
            return int(row.group);
        default:
            return {};
        }
    }
    const Session &s = *m_sessions.find(row.id);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
    case Qt::AccessibleTextRole:
        return s.title.isEmpty() ? tr("New chat") : s.title;
    case Qt::ToolTipRole:
        return s.tags.isEmpty()
            ? plainToolTip(s.title)
            : plainToolTip(s.title + QLatin1Char('\n') + tr("Tags: %1").arg(s.tags.join(tr(", ", "between tags"))));
    case Qt::AccessibleDescriptionRole:
        return stateText(s);
    case IdRole:
        return s.id;
    case IsHeaderRole:
        return false;
    case PinnedRole:
        return s.pinned;
    case UpdatedAtRole:
        return s.updatedAt;
    case GroupRole:
        return int(row.group);
    case ActivityRole:
        return m_activity.value(s.id);
    case UnreadRole:
        return m_unread.contains(s.id);
    case TagsRole:
        return s.tags;
    case IncognitoRole:
        return s.isIncognito();
    default:
        return {};
    }
}

void SessionListModel::setActivity(const QString &id, int activity)
{
    if (m_activity.value(id) == activity)
        return;
    if (activity == 0)
        m_activity.remove(id);
    else
        m_activity.insert(id, activity);
    const int row = rowOf(id);
    if (row >= 0)
        Q_EMIT dataChanged(index(row), index(row));
}

QString SessionListModel::stateText(const Session &session) const
{
    QStringList parts;
    switch (m_activity.value(session.id)) {
    case 1:
        parts << tr("Replying");
        break;
    case 2:
        parts << tr("Waiting for your approval");
        break;
    default:
        break;
    }
    if (m_unread.contains(session.id))
        parts << tr("Unread");
    if (session.pinned)
        parts << tr("Pinned");
    if (session.isIncognito())
        parts << tr("Incognito");
    if (!session.tags.isEmpty())
        parts << tr("Tags: %1").arg(session.tags.join(tr(", ", "between tags")));
    return parts.join(tr(", ", "between the states of a conversation a screen reader reads"));
}

void SessionListModel::setUnread(const QString &id, bool unread)
{
    if (!m_sessions.contains(id) || m_unread.contains(id) == unread)
        return;
    if (unread)
        m_unread.insert(id);
    else
        m_unread.remove(id);
    const int row = rowOf(id);
    if (row >= 0)
        Q_EMIT dataChanged(index(row), index(row));
}

bool SessionListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.model() != this || index.row() >= rowCount())
        return false;
    const QString id = m_rows.at(index.row()).id;
    const QString title = value.toString().simplified();
    if (id.isEmpty() || title.isEmpty())
        return false;
    Session &s = m_sessions[id];
    if (s.title == title && s.titleIsUserSet)
        return true;
    s.title = title;
    s.titleIsUserSet = true;
    Q_EMIT dataChanged(index, index);
    Q_EMIT titleEdited(id, title);
    return true;
}

Qt::ItemFlags SessionListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return Qt::NoItemFlags;
    if (m_rows.at(index.row()).id.isEmpty())
        return Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable | Qt::ItemNeverHasChildren;
}

QHash<int, QByteArray> SessionListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(IdRole, "sessionId");
    names.insert(IsHeaderRole, "isHeader");
    names.insert(PinnedRole, "pinned");
    names.insert(IncognitoRole, "incognito");
    names.insert(UpdatedAtRole, "updatedAt");
    names.insert(GroupRole, "group");
    names.insert(ActivityRole, "activity");
    names.insert(UnreadRole, "unread");
    return names;
}

} // namespace Skein
