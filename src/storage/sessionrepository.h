/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/session.h"
#include "storage/result.h"

#include <QList>

namespace Skein {

class Database;

// Sessions (SPEC §2.1). Every mutation bumps `version`, and all but setTags() `updated_at`; update() is the
// optimistic-lock path: it applies only if the caller's version is still current.
class SessionRepository final
{
public:
    struct ListOptions
    {
        enum class Archived { Exclude, Only, Include };
        Archived archived = Archived::Exclude;
        int limit = -1;
        int offset = 0;
        QString tag; // only sessions with this tag (regardless of case), when set
    };
    struct TagUse
    {
        QString tag;
        qint64 sessions = 0; // not archived
    };

    explicit SessionRepository(Database &db)
        : m_db(db)
    { }

    Status create(const Session &session);
    Result<Session> get(const QString &id);
    // Pinned first, then most recently updated.
    Result<QList<Session>> list(const ListOptions &options);
    Result<QList<Session>> list() { return list(ListOptions {}); }
    Result<qint64> count();

    // Full update of the editable fields; Conflict if session.version is stale, NotFound if gone.
    // Returns the stored session with its new version.
    Result<Session> update(const Session &session);
    // A user rename: sets title_is_user so auto-titling never overwrites it.
    Status rename(const QString &id, const QString &title);
    // An auto-generated title: ignored (ok) when the user already set one.
    Status setAutoTitle(const QString &id, const QString &title);
    Status setPinned(const QString &id, bool pinned);
    Status setArchived(const QString &id, bool archived);
    // Issue 17: Kept turns an incognito conversation that would be deleted on leaving into one
    // that stays (still incognito).
    Status setIncognito(const QString &id, Session::Incognito incognito);
    // Incognito conversations left to be deleted (the app quit or crashed before leaving them).
    Result<QStringList> leftIncognito();
    // Replaces the session's tags (cleaned: Session::cleanTags()); updated_at stays.
    Status setTags(const QString &id, const QStringList &tags);
    // Every tag of a session not archived, with how many such sessions have it; one entry per
    // tag regardless of case, sorted.
    Result<QList<TagUse>> tags();
    Status setActiveLeaf(const QString &id, const QString &leafId);
    Status setState(const QString &id, SessionState state);
    // Sessions whose stored state says a turn is under way (recovery after a crash).
    Result<QStringList> midRun();
    Status touch(const QString &id, qint64 at);
    // Deletes the session with its messages, summaries, tool log, snapshots and checkpoint.
    Status remove(const QString &id);
    // A full copy (new ids for the session and every message, tree shape kept).
    Result<Session> duplicate(const QString &id, const QString &title);
    // A new session continuing from entryMessageId by reference (SPEC §2.1): its first messages
    // take entryMessageId as parent, so its paths run through the original session.
    Result<Session> fork(const QString &id, const QString &entryMessageId, const QString &title);

private:
    Status simpleUpdate(const QString &sql, const QString &id, const QVariant &value);

    Database &m_db;
};

} // namespace Skein
