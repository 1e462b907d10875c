// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/sessionrepository.h"

#include "core/domain/ids.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/sqlvalues.h"

#include <QHash>
#include <QJsonArray>
#include <QSqlQuery>

#include <algorithm>

namespace Skein {

namespace {

const QString columns = QStringLiteral(
    "id, title, title_is_user, created_at, updated_at, pinned, archived, provider_id, model, system_prompt, "
    "context_settings, active_leaf_id, state, version, parent_session_id, entry_message_id, tags, incognito");

QString tagsJson(const QStringList &tags)
{
    return SqlValues::json(QJsonArray::fromStringList(Session::cleanTags(tags)));
}

QStringList tagsFrom(const QVariant &value)
{
    if (value.toString() == QLatin1String("[]"))
        return {};
    QStringList tags;
    const QJsonArray array = SqlValues::jsonArray(value);
    for (const auto &tag : array)
        tags.append(tag.toString());
    return tags;
}

Session fromRow(const QSqlQuery &q)
{
    Session s;
    s.id = q.value(0).toString();
    s.title = q.value(1).toString();
    s.titleIsUserSet = q.value(2).toBool();
    s.createdAt = q.value(3).toLongLong();
    s.updatedAt = q.value(4).toLongLong();
    s.pinned = q.value(5).toBool();
    s.archived = q.value(6).toBool();
    s.providerId = SqlValues::text(q.value(7));
    s.model = SqlValues::text(q.value(8));
    s.systemPrompt = q.value(9).toString();
    s.contextSettings = SqlValues::jsonObject(q.value(10));
    s.activeLeafId = SqlValues::text(q.value(11));
    s.state = sessionStateFromString(q.value(12).toString()).value_or(SessionState::Idle);
    s.version = q.value(13).toLongLong();
    s.parentSessionId = SqlValues::text(q.value(14));
    s.entryMessageId = SqlValues::text(q.value(15));
    s.tags = tagsFrom(q.value(16));
    s.incognito = Session::Incognito(std::clamp(q.value(17).toInt(), 0, 2));
    return s;
}

StorageError notFound(const QString &id)
{
    return {StorageError::Kind::NotFound, QStringLiteral("no session %1").arg(id)};
}

} // namespace

Status SessionRepository::create(const Session &s)
{
    if (s.id.isEmpty())
        return StorageError {StorageError::Kind::Invalid, QStringLiteral("a session needs an id")};
    QSqlQuery &q = m_db.statement(QStringLiteral("INSERT INTO sessions (") + columns
                                  + QStringLiteral(") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
    q.bindValue(0, s.id);
    q.bindValue(1, SqlValues::notNull(s.title));
    q.bindValue(2, s.titleIsUserSet);
    q.bindValue(3, s.createdAt);
    q.bindValue(4, s.updatedAt);
    q.bindValue(5, s.pinned);
    q.bindValue(6, s.archived);
    q.bindValue(7, SqlValues::nullable(s.providerId));
    q.bindValue(8, SqlValues::nullable(s.model));
    q.bindValue(9, SqlValues::notNull(s.systemPrompt));
    q.bindValue(10, SqlValues::json(s.contextSettings));
    q.bindValue(11, SqlValues::nullable(s.activeLeafId));
    q.bindValue(12, toString(s.state));
    q.bindValue(13, s.version);
    q.bindValue(14, SqlValues::nullable(s.parentSessionId));
    q.bindValue(15, SqlValues::nullable(s.entryMessageId));
    q.bindValue(16, tagsJson(s.tags));
    q.bindValue(17, int(s.incognito));
    return m_db.exec(q);
}

Result<Session> SessionRepository::get(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM sessions WHERE id = ?"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    if (!q.next())
        return notFound(id);
    Session session = fromRow(q);
    q.finish();
    return session;
}

Result<QList<Session>> SessionRepository::list(const ListOptions &options)
{
    QString where;
    switch (options.archived) {
    case ListOptions::Archived::Exclude:
        where = QStringLiteral("WHERE archived = 0 ");
        break;
    case ListOptions::Archived::Only:
        where = QStringLiteral("WHERE archived = 1 ");
        break;
    case ListOptions::Archived::Include:
        where = QStringLiteral("WHERE 1 ");
        break;
    }
    // A tag matches regardless of case (Unicode case folding, as cleanTags() compares), so that
    // filter runs here, before the limit and offset.
    const bool byTag = !options.tag.isEmpty();
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT ") + columns + QStringLiteral(" FROM sessions ") + where
                                  + (byTag ? QStringLiteral("AND tags <> '[]' ") : QString())
                                  + QStringLiteral("ORDER BY pinned DESC, updated_at DESC LIMIT ? OFFSET ?"));
    q.bindValue(0, byTag ? -1 : options.limit);
    q.bindValue(1, byTag ? 0 : options.offset);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<Session> sessions;
    const QString tag = byTag ? Session::cleanTags({options.tag}).value(0).toCaseFolded() : QString();
    qint64 skip = options.offset;
    while (q.next() && (options.limit < 0 || sessions.size() < options.limit)) {
        Session s = fromRow(q);
        if (byTag) {
            if (std::none_of(s.tags.cbegin(), s.tags.cend(), [&](const QString &t) { return t.toCaseFolded() == tag; }))
                continue;
            if (skip > 0) {
                --skip;
                continue;
            }
        }
        sessions.append(std::move(s));
    }
    q.finish();
    return sessions;
}

Result<qint64> SessionRepository::count()
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT count(*) FROM sessions"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    q.next();
    const qint64 n = q.value(0).toLongLong();
    q.finish();
    return n;
}

Result<Session> SessionRepository::update(const Session &s)
{
    QSqlQuery &q = m_db.statement(QStringLiteral(
        "UPDATE sessions SET title = ?, title_is_user = ?, updated_at = ?, pinned = ?, archived = ?, provider_id = ?, "
        "model = ?, system_prompt = ?, context_settings = ?, active_leaf_id = ?, state = ?, tags = ?, "
        "version = version + 1 WHERE id = ? AND version = ?"));
    q.bindValue(0, SqlValues::notNull(s.title));
    q.bindValue(1, s.titleIsUserSet);
    q.bindValue(2, std::max(s.updatedAt, Ids::nowMs()));
    q.bindValue(3, s.pinned);
    q.bindValue(4, s.archived);
    q.bindValue(5, SqlValues::nullable(s.providerId));
    q.bindValue(6, SqlValues::nullable(s.model));
    q.bindValue(7, SqlValues::notNull(s.systemPrompt));
    q.bindValue(8, SqlValues::json(s.contextSettings));
    q.bindValue(9, SqlValues::nullable(s.activeLeafId));
    q.bindValue(10, toString(s.state));
    q.bindValue(11, tagsJson(s.tags));
    q.bindValue(12, s.id);
    q.bindValue(13, s.version);
    if (Status st = m_db.exec(q); !st)
        return st.error();
    if (q.numRowsAffected() == 0) {
        auto current = get(s.id);
        if (!current)
            return current.error();
        return StorageError {StorageError::Kind::Conflict,
                             QStringLiteral("session %1 changed since it was read (version %2, now %3)")
                                 .arg(s.id)
                                 .arg(s.version)
                                 .arg(current->version)};
    }
    return get(s.id);
}

Status SessionRepository::setTags(const QString &id, const QStringList &tags)
{
    // Not updated_at: sorting conversations into tags is not using them, and would reorder the list.
    QSqlQuery &q = m_db.statement(QStringLiteral("UPDATE sessions SET tags = ?, version = version + 1 WHERE id = ?"));
    q.bindValue(0, tagsJson(tags));
    q.bindValue(1, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    if (q.numRowsAffected() == 0)
        return notFound(id);
    return {};
}

Result<QList<SessionRepository::TagUse>> SessionRepository::tags()
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("SELECT value, count(*) FROM sessions, json_each(sessions.tags) WHERE sessions.archived = 0 "
                       "AND sessions.tags <> '[]' GROUP BY value"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    // One entry per tag regardless of case, spelled as most sessions spell it.
    struct Spelling
    {
        QString tag;
        qint64 sessions = 0;
        qint64 best = 0;
    };
    QHash<QString, Spelling> folded;
    while (q.next()) {
        const QString tag = q.value(0).toString();
        const qint64 n = q.value(1).toLongLong();
        Spelling &s = folded[tag.toCaseFolded()];
        s.sessions += n;
        if (n > s.best || (n == s.best && tag < s.tag)) {
            s.tag = tag;
            s.best = n;
        }
    }
    q.finish();
    QList<TagUse> uses;
    for (const Spelling &s : std::as_const(folded))
        uses.append({s.tag, s.sessions});
    std::sort(uses.begin(), uses.end(), [](const TagUse &a, const TagUse &b) {
        const int c = a.tag.compare(b.tag, Qt::CaseInsensitive);
        return c != 0 ? c < 0 : a.tag < b.tag;
    });
    return uses;
}

Status SessionRepository::simpleUpdate(const QString &assignment, const QString &id, const QVariant &value)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("UPDATE sessions SET ") + assignment
                                  + QStringLiteral(", updated_at = ?, version = version + 1 WHERE id = ?"));
    q.bindValue(0, value);
    q.bindValue(1, Ids::nowMs());
    q.bindValue(2, id);
    if (Status s = m_db.exec(q); !s)
        return s;
    if (q.numRowsAffected() == 0)
        return notFound(id);
    return {};
}

Result<QStringList> SessionRepository::midRun()
{
    QSqlQuery &q
        = m_db.statement(QStringLiteral("SELECT id FROM sessions WHERE state IN ('pending', 'active', 'waiting_tool', "
                                        "'streaming', 'awaiting_approval', 'running_tools')"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QStringList ids;
    while (q.next())
        ids.append(q.value(0).toString());
    q.finish();
    return ids;
}

Status SessionRepository::rename(const QString &id, const QString &title)
{
    return simpleUpdate(QStringLiteral("title_is_user = 1, title = ?"), id, SqlValues::notNull(title));
}

Status SessionRepository::setAutoTitle(const QString &id, const QString &title)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("UPDATE sessions SET title = ?, version = version + 1 WHERE id = ? AND title_is_user = 0"));
    q.bindValue(0, SqlValues::notNull(title));
    q.bindValue(1, id);
    return m_db.exec(q);
}

Status SessionRepository::setPinned(const QString &id, bool pinned)
{
    return simpleUpdate(QStringLiteral("pinned = ?"), id, pinned);
}

Status SessionRepository::setArchived(const QString &id, bool archived)
{
    return simpleUpdate(QStringLiteral("archived = ?"), id, archived);
}

Status SessionRepository::setIncognito(const QString &id, Session::Incognito incognito)
{
    return simpleUpdate(QStringLiteral("incognito = ?"), id, int(incognito));
}

Result<QStringList> SessionRepository::leftIncognito()
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT id FROM sessions WHERE incognito = 1"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QStringList out;
    while (q.next())
        out.append(q.value(0).toString());
    q.finish();
    return out;
}

Status SessionRepository::setActiveLeaf(const QString &id, const QString &leafId)
{
    return simpleUpdate(QStringLiteral("active_leaf_id = ?"), id, SqlValues::nullable(leafId));
}

Status SessionRepository::setState(const QString &id, SessionState state)
{
    return simpleUpdate(QStringLiteral("state = ?"), id, toString(state));
}

Status SessionRepository::touch(const QString &id, qint64 at)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("UPDATE sessions SET updated_at = max(updated_at, ?) WHERE id = ?"));
    q.bindValue(0, at);
    q.bindValue(1, id);
    return m_db.exec(q);
}

Status SessionRepository::remove(const QString &id)
{
    return m_db.transaction([&]() -> Status {
        // Messages go first, in one statement, so parent references never dangle in between.
        QSqlQuery &m = m_db.statement(QStringLiteral("DELETE FROM messages WHERE session_id = ?"));
        m.bindValue(0, id);
        if (Status s = m_db.exec(m); !s)
            return s;
        QSqlQuery &q = m_db.statement(QStringLiteral("DELETE FROM sessions WHERE id = ?"));
        q.bindValue(0, id);
        if (Status s = m_db.exec(q); !s)
            return s;
        if (q.numRowsAffected() == 0)
            return notFound(id);
        return {};
    });
}

Result<Session> SessionRepository::duplicate(const QString &id, const QString &title)
{
    return m_db.transaction([&]() -> Result<Session> {
        auto original = get(id);
        if (!original)
            return original.error();
        MessageRepository messages(m_db);
        auto all = messages.bySession(id);
        if (!all)
            return all.error();
        Session copy = *original;
        copy.id = Ids::create();
        copy.title = title;
        copy.titleIsUserSet = !title.isEmpty() || original->titleIsUserSet;
        copy.createdAt = Ids::nowMs();
        copy.updatedAt = copy.createdAt;
        copy.version = 1;
        copy.state = SessionState::Idle;
        QHash<QString, QString> newIds;
        for (const Message &m : std::as_const(*all))
            newIds.insert(m.id, Ids::create());
        copy.activeLeafId = newIds.value(original->activeLeafId, original->activeLeafId);
        if (Status s = create(copy); !s)
            return s.error();
        QList<Message> copies = std::move(all.value());
        for (Message &m : copies) {
            m.id = newIds.value(m.id);
            m.sessionId = copy.id;
            m.parentId = newIds.value(m.parentId, m.parentId); // a fork's entry stays a reference
            for (Attachment &a : m.attachments) { // the content is shared, not copied
                a.id = Ids::create();
                a.messageId = m.id;
            }
        }
        if (Status s = messages.insertBatch(copies); !s)
            return s.error();
        return copy;
    });
}

Result<Session> SessionRepository::fork(const QString &id, const QString &entryMessageId, const QString &title)
{
    auto original = get(id);
    if (!original)
        return original.error();
    Session child = Session::create(title);
    child.titleIsUserSet = !title.isEmpty();
    child.providerId = original->providerId;
    child.model = original->model;
    child.systemPrompt = original->systemPrompt;
    child.contextSettings = original->contextSettings;
    child.tags = original->tags;
    child.parentSessionId = id;
    child.entryMessageId = entryMessageId;
    child.activeLeafId = entryMessageId;
    if (Status s = create(child); !s)
        return s.error();
    return child;
}

} // namespace Skein
