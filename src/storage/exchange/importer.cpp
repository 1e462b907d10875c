// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "importer.h"

#include "core/domain/ids.h"
#include "importvalidator.h"
#include "jsonreader.h"
#include "storage/attachmentrepository.h"
#include "storage/database.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/sqlvalues.h"
#include "storage/store.h"
#include "storage/summaryrepository.h"
#include "storage/toollogrepository.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <QSqlQuery>

#include <numeric>

namespace Skein::Exchange {

namespace {

StorageError invalid(const QString &message)
{
    return {StorageError::Kind::Invalid, message};
}

template<typename T> bool exists(const Result<T> &result)
{
    return result.ok();
}

QString mapped(const QHash<QString, QString> &map, const QString &id)
{
    return map.value(id, id);
}

QStringList mapped(const QHash<QString, QString> &map, const QStringList &ids)
{
    QStringList out;
    for (const QString &id : ids)
        out << mapped(map, id);
    return out;
}

// Gives a session and everything in it fresh ids, keeping every reference consistent. Messages of
// the session a fork starts from are outside and keep their ids.
void remapAll(SessionContent &c)
{
    QHash<QString, QString> messages, summaries, calls, snapshots, memories;
    const QString newSession = Ids::create();
    for (const Message &m : std::as_const(c.messages)) {
        messages.insert(m.id, Ids::create());
        for (const auto &call : m.toolCalls) {
            const QString id = call.toObject().value(QStringLiteral("id")).toString();
            calls.insert(id, QStringLiteral("call_") + Ids::create().remove(QLatin1Char('-')).left(24));
        }
    }
    for (const Summary &s : std::as_const(c.summaries))
        summaries.insert(s.id, Ids::create());
    for (const ContextSnapshot &s : std::as_const(c.snapshots))
        snapshots.insert(s.id, Ids::create());
    for (const MemoryWithHistory &m : std::as_const(c.memories))
        memories.insert(m.memory.id, Ids::create());

    const QString oldSession = c.session.id;
    c.session.id = newSession;
    c.session.activeLeafId = mapped(messages, c.session.activeLeafId);
    for (Message &m : c.messages) {
        m.id = mapped(messages, m.id);
        m.sessionId = newSession;
        m.parentId = mapped(messages, m.parentId);
        m.toolCallId = mapped(calls, m.toolCallId);
        m.requestId = mapped(snapshots, m.requestId);
        QJsonArray toolCalls;
        for (const auto &call : std::as_const(m.toolCalls)) {
            QJsonObject o = call.toObject();
            o.insert(QStringLiteral("id"), mapped(calls, o.value(QStringLiteral("id")).toString()));
            toolCalls.append(o);
        }
        m.toolCalls = toolCalls;
        for (Attachment &a : m.attachments) {
            a.id = Ids::create();
            a.messageId = m.id;
        }
    }
    for (Summary &s : c.summaries) {
        s.id = mapped(summaries, s.id);
        s.sessionId = newSession;
        s.firstMessageId = mapped(messages, s.firstMessageId);
        s.lastMessageId = mapped(messages, s.lastMessageId);
        s.supersededBy = mapped(summaries, s.supersededBy);
    }
    for (ToolLogEntry &e : c.toolLog) {
        e.requestId = mapped(calls, e.requestId);
        e.sessionId = newSession;
        e.messageId = mapped(messages, e.messageId);
    }
    for (ContextSnapshot &s : c.snapshots) {
        s.id = mapped(snapshots, s.id);
        s.sessionId = newSession;
        s.leafMessageId = mapped(messages, s.leafMessageId);
        s.messageIds = mapped(messages, s.messageIds);
        s.summaryIds = mapped(summaries, s.summaryIds);
        s.memoryIds = mapped(memories, s.memoryIds);
    }
    for (MemoryWithHistory &m : c.memories) {
        m.memory.id = mapped(memories, m.memory.id);
        if (m.memory.sessionId == oldSession)
            m.memory.sessionId = newSession;
        m.memory.sourceSessionId = newSession;
        m.memory.sourceMessageId = mapped(messages, m.memory.sourceMessageId);
        m.memory.anchorMessageId = mapped(messages, m.memory.anchorMessageId);
        m.memory.supersedes = mapped(memories, m.memory.supersedes);
        m.memory.supersededBy = mapped(memories, m.memory.supersededBy);
        for (MemoryVersion &v : m.versions)
            v.memoryId = m.memory.id;
    }
}

} // namespace

QString ImportReport::outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Imported:
        return QStringLiteral("imported");
    case Outcome::AlreadyPresent:
        return QStringLiteral("already-present");
    case Outcome::ImportedAsNew:
        return QStringLiteral("imported-as-new");
    case Outcome::Merged:
        return QStringLiteral("merged");
    }
    return {};
}

int ImportReport::count(Outcome outcome) const
{
    return int(std::count_if(sessions.cbegin(), sessions.cend(),
                             [outcome](const SessionResult &s) { return s.outcome == outcome; }));
}

qsizetype ImportReport::newMessages() const
{
    return std::accumulate(sessions.cbegin(), sessions.cend(), qsizetype(0),
                           [](qsizetype n, const SessionResult &s) { return n + s.newMessages; });
}

qsizetype ImportReport::branches() const
{
    return std::accumulate(sessions.cbegin(), sessions.cend(), qsizetype(0),
                           [](qsizetype n, const SessionResult &s) { return n + s.branches; });
}

QString ImportReport::describe() const
{
    QStringList lines;
    for (const SessionResult &s : sessions) {
        const QString title = s.title.isEmpty() ? Text::tr("(untitled)") : s.title;
        switch (s.outcome) {
        case Outcome::Imported:
            lines << Text::tr("Imported \"%1\" (%2 messages) as %3.").arg(title).arg(s.messages).arg(s.importedId);
            break;
        case Outcome::AlreadyPresent:
            lines << Text::tr("\"%1\" is already present (%2); nothing changed.").arg(title, s.importedId);
            break;
        case Outcome::ImportedAsNew:
            lines << Text::tr("A different session with the id %1 exists already: imported \"%2\" as a new session %3.")
                         .arg(s.originalId, title, s.importedId);
            break;
        case Outcome::Merged:
            lines << Text::tr("\"%1\" grew since it was imported: %2 new messages added to %3.")
                         .arg(title)
                         .arg(s.newMessages)
                         .arg(s.importedId);
            break;
        }
    }
    for (const QString &note : notes)
        lines << note;
    if (attachments > 0)
        lines << Text::tr("Attachments: %1, of which %2 came with their files (the export named the others).")
                     .arg(attachments)
                     .arg(attachmentContents);
    for (const Skipped &skip : skipped)
        lines << Text::tr("Skipped %1: %2").arg(skip.path, skip.reason);
    if (memoriesImported || memoriesAlreadyPresent)
        lines << Text::tr("Memories: %1 imported into the review inbox (pending until you accept them), %2 already "
                          "present.")
                     .arg(memoriesImported)
                     .arg(memoriesAlreadyPresent);
    for (const QString &refused : memoriesRefused)
        lines << Text::tr("Memory not imported: %1").arg(refused);
    if (providersImported || providersAlreadyPresent)
        lines << Text::tr("Providers: %1 imported, disabled until you review and enable them (Settings → "
                          "Providers); %2 already present.")
                     .arg(providersImported)
                     .arg(providersAlreadyPresent);
    return lines.join(QLatin1Char('\n'));
}

Result<ImportReport> Importer::importFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return invalid(Text::tr("cannot read %1: %2").arg(path, file.errorString()));
    if (file.size() > ImportValidator::kMaxFileBytes)
        return invalid(Text::tr("$: the file is larger than %1 MB").arg(ImportValidator::kMaxFileBytes >> 20));
    return importBytes(file.readAll(), QFileInfo(path).fileName());
}

Result<ImportReport> Importer::importBytes(const QByteArray &bytes, const QString &source)
{
    m_source = source;
    if (m_store.database().isReadOnly())
        return StorageError {StorageError::Kind::ReadOnly, Text::tr("the database is open read-only")};
    ImportValidator validator(
        [this](const QString &id) -> std::optional<QString> {
            Result<Message> m = m_store.messages().get(id);
            return m ? std::optional<QString>(m->sessionId) : std::nullopt;
        },
        [this](const QString &id) -> std::optional<QString> {
            Result<Session> s = m_store.sessions().get(id);
            return s ? std::optional<QString>(s->parentSessionId) : std::nullopt;
        });
    ParsedImport parsed;
    if (!validator.parse(bytes, &parsed))
        return invalid(validator.error());

    ImportReport report;
    report.format = formatName(ImportFormat::Skein);
    const Status written = m_store.transaction([&]() -> Status {
        for (SessionContent &session : parsed.sessions)
            if (Status s = importSession(session, report); !s)
                return s;
        for (const MemoryWithHistory &memory : std::as_const(parsed.looseMemories))
            if (Status s = importMemory(memory, report); !s)
                return s;
        for (ProviderConfig provider : std::as_const(parsed.providers)) {
            Result<ProviderConfig> existing = m_store.providers().get(provider.id);
            if (existing) {
                ++report.providersAlreadyPresent;
                continue;
            }
            // A file names servers, never trusted ones (SPEC §7): nothing is sent to an imported
            // provider, by a send or by background work, until the user enables it here.
            provider.enabled = false;
            provider.importedForReview = true;
            provider.apiKey = ApiKeyState::Unknown;
            if (Status s = m_store.providers().save(provider); !s)
                return s;
            ++report.providersImported;
        }
        return {};
    });
    if (!written)
        return written.error();
    return report;
}

Result<bool> Importer::identical(const SessionContent &session)
{
    SessionContent existing;
    QString error;
    if (!loadSessionContent(m_store, session.session.id, &existing, &error))
        return StorageError {StorageError::Kind::Io, error};
    // Memories are compared one by one when they are imported (they arrive pending, with a note).
    SessionContent theirs = session;
    existing.memories.clear();
    theirs.memories.clear();
    return toCanonicalJson(existing) == toCanonicalJson(theirs);
}

// Any id of the file already used in the database by something else.
Result<bool> Importer::collides(const SessionContent &c)
{
    for (const Message &m : c.messages) {
        if (exists(m_store.messages().get(m.id)))
            return true;
        for (const Attachment &a : m.attachments) {
            Result<bool> used = m_store.attachments().exists(a.id);
            if (!used)
                return used.error();
            if (*used)
                return true;
        }
    }
    for (const Summary &s : c.summaries)
        if (exists(m_store.summaries().get(s.id)))
            return true;
    // Tool-log rows are keyed by their session: a new session cannot meet another one's rows.
    for (const ContextSnapshot &s : c.snapshots)
        if (exists(m_store.snapshots().get(s.id)))
            return true;
    return false;
}

Status Importer::importSession(SessionContent &session, ImportReport &report)
{
    ImportReport::SessionResult result;
    result.originalId = session.session.id;
    result.title = session.session.title;
    result.messages = session.messages.size();
    QSet<QString> parents;
    for (const Message &m : std::as_const(session.messages))
        parents.insert(m.parentId);
    for (const Message &m : std::as_const(session.messages))
        result.branches += parents.contains(m.id) ? 0 : 1;
    if (exists(m_store.sessions().get(session.session.id))) {
        Result<bool> same = identical(session);
        if (!same)
            return same.error();
        if (same.value()) {
            result.importedId = session.session.id;
            result.outcome = ImportReport::Outcome::AlreadyPresent;
            report.sessions.append(result);
            return {};
        }
        result.outcome = ImportReport::Outcome::ImportedAsNew;
    } else {
        Result<bool> collision = collides(session);
        if (!collision)
            return collision.error();
        result.outcome = collision.value() ? ImportReport::Outcome::ImportedAsNew : ImportReport::Outcome::Imported;
    }
    if (result.outcome == ImportReport::Outcome::ImportedAsNew)
        remapAll(session);
    result.importedId = session.session.id;
    result.newMessages = result.messages;
    if (Status s = writeSession(session); !s)
        return s;
    if (m_guards.sessionImported) {
        qint64 newest = 0;
        for (const Message &m : std::as_const(session.messages))
            newest = std::max(newest, m.createdAt);
        if (Status s = m_guards.sessionImported(m_store, session.session.id, newest); !s)
            return s;
    }
    for (const MemoryWithHistory &memory : std::as_const(session.memories))
        if (Status s = importMemory(memory, report); !s)
            return s;
    report.sessions.append(result);
    return {};
}

Status Importer::writeSession(const SessionContent &c)
{
    Session session = c.session;
    session.version = 1;
    if (Status s = m_store.sessions().create(session); !s)
        return s;
    for (auto it = c.contents.cbegin(); it != c.contents.cend(); ++it)
        if (Result<QString> stored = m_store.attachments().storeContent(it.value()); !stored)
            return stored.error();
    if (Status s = m_store.messages().insertBatch(c.messages); !s)
        return s;
    for (const Summary &summary : c.summaries)
        if (Status s = m_store.summaries().create(summary); !s)
            return s;
    for (const ToolLogEntry &entry : c.toolLog)
        if (Status s = m_store.toolLog().insert(entry); !s)
            return s;
    for (const ContextSnapshot &snapshot : c.snapshots)
        if (Status s = m_store.snapshots().create(snapshot); !s)
            return s;
    return {};
}

Status Importer::importMemory(MemoryWithHistory memory, ImportReport &report)
{
    if (const QString why = m_guards.memoryRefusal ? m_guards.memoryRefusal(memory.memory.content) : QString();
        !why.isEmpty()) {
        // Named by id: its text may be the very secret that was refused.
        report.memoriesRefused << Text::tr("memory %1: %2").arg(memory.memory.id, why);
        return {};
    }
    // What the file said stays in the history; here the memory waits for the user's review.
    const MemoryVersion asImported {0,
                                    memory.memory.id,
                                    memory.memory.content,
                                    QStringLiteral("import from %1 (was %2, %3 scope)")
                                        .arg(m_source.isEmpty() ? QStringLiteral("a file") : m_source,
                                             toString(memory.memory.status), toString(memory.memory.scope)),
                                    Ids::nowMs(),
                                    {},
                                    0};
    memory.memory.status = MemoryStatus::Pending;
    // A file may record a lineage this database already has, never end one of the user's
    // memories on accepting: `supersedes` stays only when its target already names this one.
    if (!memory.memory.supersedes.isEmpty()) {
        Result<Memory> target = m_store.memories().get(memory.memory.supersedes);
        if (!target || target->supersededBy != memory.memory.id)
            memory.memory.supersedes.clear();
    }
    if (Result<Memory> existing = m_store.memories().get(memory.memory.id); existing) {
        // The same memory (by id and text) is already here: whatever the user did with it since
        // (accepted, rejected, used) stands.
        const Memory &mine = existing.value();
        if (mine.content == memory.memory.content && mine.type == memory.memory.type
            && mine.scope == memory.memory.scope && mine.sessionId == memory.memory.sessionId) {
            ++report.memoriesAlreadyPresent;
            return {};
        }
        memory.memory.id = Ids::create();
        for (MemoryVersion &v : memory.versions)
            v.memoryId = memory.memory.id;
    }
    memory.versions.append(asImported);
    memory.versions.last().memoryId = memory.memory.id;
    if (Status s = m_store.memories().create(memory.memory); !s)
        return s;
    QSqlQuery &q = m_store.database().statement(
        QStringLiteral("INSERT INTO memory_versions (memory_id, content, changed_by, changed_at, reason, valid_from) "
                       "VALUES (?, ?, ?, ?, ?, ?)"));
    for (const MemoryVersion &v : std::as_const(memory.versions)) {
        q.bindValue(0, memory.memory.id);
        q.bindValue(1, v.content);
        q.bindValue(2, v.changedBy);
        q.bindValue(3, v.changedAt);
        q.bindValue(4, SqlValues::nullable(v.reason));
        q.bindValue(5, SqlValues::nullable(v.validFrom));
        if (Status s = m_store.database().exec(q); !s)
            return s;
    }
    q.finish();
    ++report.memoriesImported;
    return {};
}

} // namespace Skein::Exchange
