/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/session.h"

#include <QAbstractListModel>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSet>

namespace Skein {

// The sidebar's sessions as one flat list with group headers (Pinned, Today, Yesterday,
// Previous 7 days, Older), so a view of 5,000 sessions stays a cheap list. The model holds
// data only; storage writes are the controller's job (rename edits are announced by
// titleEdited). Hidden sessions (a delete waiting for its undo window) are left out.
class SessionListModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionListModel)

public:
    enum Roles {
        IdRole = Qt::UserRole + 1,
        IsHeaderRole,
        PinnedRole,
        UpdatedAtRole,
        GroupRole,
        // What a turn of this process does in the conversation: 0 idle, 1 running, 2 waiting for
        // the user's approval (Conversations::Activity).
        ActivityRole,
        // A reply finished (or failed) in this conversation while another one was open, and the
        // user has not opened it since (bool).
        UnreadRole,
        TagsRole, // QStringList
        IncognitoRole, // bool (issue 17)
    };
    enum class Group { Pinned, Today, Yesterday, Previous7Days, Older };
    Q_ENUM(Group)

    explicit SessionListModel(QObject *parent = nullptr);
    ~SessionListModel() override;

    // Replaces everything (the off-thread load delivers here).
    void setSessions(const QList<Session> &sessions);
    // Inserts or replaces by id (archived sessions are dropped from the list).
    void upsert(const Session &session);
    void remove(const QString &id);
    void setHidden(const QString &id, bool hidden);
    // The sidebar's mark for a conversation with a turn running (0: none).
    void setActivity(const QString &id, int activity);
    int activity(const QString &id) const { return m_activity.value(id); }
    // The unread mark (in memory: kept across setSessions, dropped when the session goes).
    void setUnread(const QString &id, bool unread);
    bool isUnread(const QString &id) const { return m_unread.contains(id); }
    // Only the sessions with this tag (regardless of case); "" shows all.
    void setTagFilter(const QString &tag);
    QString tagFilter() const { return m_tagFilter; }
    struct TagCount
    {
        QString tag;
        int sessions = 0;
        friend bool operator==(const TagCount &, const TagCount &) = default;
    };
    // Every tag of the listed sessions (not those waiting for a delete's undo), once regardless
    // of case, sorted, with how many have it.
    const QList<TagCount> &tagCounts() const { return m_tagCounts; }
    // "Now" for grouping; defaults to the current time at each rebuild (tests pin it).
    void setNow(const QDateTime &now);

    int rowOf(const QString &id) const;
    QString idAt(int row) const;
    bool contains(const QString &id) const { return m_sessions.contains(id); }
    Session session(const QString &id) const { return m_sessions.value(id); }
    int sessionCount() const { return int(m_sessions.size()); }

    static QString groupName(Group group);
    Group groupOf(const Session &session) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    // The user renamed a session inline; the model already shows the new title.
    void titleEdited(const QString &id, const QString &title);
    // tagCounts() changed (a tag given or taken, a tagged session added or removed).
    void tagsChanged();

private:
    struct Row
    {
        QString id; // empty for a header
        Group group = Group::Older;
    };
    QList<Row> buildRows() const;
    // What a screen reader says after the title: "Replying", "Unread", "Pinned"…
    QString stateText(const Session &session) const;
    // Resets only when the order of rows changes; otherwise announces changed rows.
    void rebuild();
    void updateTagCounts();
    bool passesFilter(const Session &session) const;

    QHash<QString, Session> m_sessions;
    QSet<QString> m_hidden;
    QHash<QString, int> m_activity;
    QSet<QString> m_unread;
    QList<Row> m_rows;
    QHash<QString, int> m_rowOf;
    QDateTime m_now;
    QString m_tagFilter;
    QList<TagCount> m_tagCounts;
};

} // namespace Skein
