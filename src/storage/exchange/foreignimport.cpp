// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Importer::importPath: Skein's own export and other clients' (docs/import.md).

#include "core/domain/ids.h"
#include "importer.h"
#include "importsource.h"
#include "jsonarraystream.h"
#include "jsonreader.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QSet>
#include <QSqlQuery>

#include <functional>

namespace Skein::Exchange {

namespace {

// Inside the caller's transaction: runs `work` with the search index's insert trigger dropped,
// then indexes every message `work` inserted in one statement and puts the trigger back (from its
// own text in the schema). Three times faster for an import than a trigger per row; other
// connections never see the schema without the trigger, and a rollback restores it. `work` may
// only insert messages (no content update or delete of a row it inserted).
Status withBulkSearchIndex(Database &db, const std::function<Status()> &work)
{
    QSqlQuery &trigger = db.statement(
        QStringLiteral("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'messages_fts_insert'"));
    if (Status s = db.exec(trigger); !s)
        return s;
    const QString triggerSql = trigger.next() ? trigger.value(0).toString() : QString();
    trigger.finish();
    if (triggerSql.isEmpty()) // not this schema: index row by row, as always
        return work();
    QSqlQuery &last = db.statement(QStringLiteral("SELECT coalesce(max(seq), 0) FROM messages"));
    if (Status s = db.exec(last); !s)
        return s;
    const qint64 before = last.next() ? last.value(0).toLongLong() : 0;
    last.finish();
    if (Status s = db.execScript(QStringLiteral("DROP TRIGGER messages_fts_insert")); !s)
        return s;
    Status done = work();
    if (done) {
        // seq is the rowid: every row inserted since has a larger one.
        QSqlQuery &index = db.statement(
            QStringLiteral("INSERT INTO messages_fts(rowid, content) SELECT seq, content FROM messages WHERE seq > ?"));
        index.bindValue(0, before);
        done = db.exec(index);
    }
    // Back even when the work failed: the caller's rollback would restore it, but a caller that
    // keeps the transaction must not lose it.
    const Status restored = db.execScript(triggerSql);
    return done ? restored : done;
}

constexpr qsizetype kMaxObjectFileBytes = qsizetype(1) << 30;

StorageError invalid(const QString &message)
{
    return {StorageError::Kind::Invalid, message};
}

// Why a JSON object is none of the formats, in words a user can act on.
QString unknownFormat(const QJsonObject &o)
{
    if (o.contains(QStringLiteral("history")) && o.contains(QStringLiteral("folders")))
        return Text::tr("this looks like a Chatbot UI export, which Skein cannot import (it imports Skein, ChatGPT, "
                        "Claude, Open WebUI and LibreChat exports)");
    return Text::tr("not a conversation of a format Skein imports (Skein, ChatGPT, Claude, Open WebUI, LibreChat)");
}

using Reader = bool (*)(const QJsonObject &, const QString &, ForeignConversation *, QString *);

Reader readerFor(ImportFormat format)
{
    switch (format) {
    case ImportFormat::ChatGpt:
        return readChatGpt;
    case ImportFormat::Claude:
        return readClaude;
    case ImportFormat::OpenWebUi:
        return readOpenWebUi;
    case ImportFormat::LibreChat:
        return readLibreChat;
    case ImportFormat::Auto:
    case ImportFormat::Skein:
        break;
    }
    return nullptr;
}

// The first byte that is not white space (or a byte-order mark); 0 for an empty device.
char firstByte(QIODevice *device)
{
    const QByteArray head = device->peek(4096);
    for (qsizetype i = head.startsWith("\xEF\xBB\xBF") ? 3 : 0; i < head.size(); ++i)
        if (!QByteArrayView(" \t\r\n").contains(head.at(i)))
            return head.at(i);
    return 0;
}

} // namespace

Result<ImportReport> Importer::importPath(const QString &path, const ImportOptions &options)
{
    if (m_store.database().isReadOnly())
        return StorageError {StorageError::Kind::ReadOnly, Text::tr("the database is open read-only")};
    if (options.format == ImportFormat::Skein) {
        if (!options.dryRun)
            return importFile(path);
        // Counted in a transaction that is then rolled back.
        Result<ImportReport> counted = invalid({});
        (void)m_store.transaction([&]() -> Status {
            counted = importFile(path);
            return invalid(QStringLiteral("dry run"));
        });
        if (counted)
            counted.value().dryRun = true;
        return counted;
    }
    return importForeign(path, options);
}

Result<ImportReport> Importer::importForeign(const QString &path, const ImportOptions &options)
{
    ImportSource source;
    QString error;
    if (!source.open(path, &error))
        return invalid(error);
    m_source = QFileInfo(path).fileName();
    ImportReport report;
    report.dryRun = options.dryRun;
    ImportFormat format = options.format;
    // A Skein export is one JSON object with "format": handed to the Skein importer.
    QByteArray skeinBytes;
    bool cancelled = false;
    const qint64 total = source.totalBytes();
    qint64 before = 0;
    int conversations = 0;
    auto progressed = [&](qint64 done) {
        ++conversations;
        if (options.progress && !options.progress(done, total, conversations))
            cancelled = true;
        return !cancelled;
    };
    auto sniffed = [&](const QJsonObject &o, const QString &at) -> Status {
        if (format != ImportFormat::Auto)
            return {};
        format = sniffConversation(o);
        if (format == ImportFormat::Auto)
            return invalid(at + QStringLiteral(": ") + unknownFormat(o));
        return {};
    };

    // Every conversation, in the one transaction below.
    const auto importDocuments = [&]() -> Status {
        for (const ImportSource::Document &doc : source.conversations()) {
            std::unique_ptr<QIODevice> device = source.device(doc.name, &error);
            if (!device)
                return invalid(error);
            const QString prefix = source.isArchive() ? doc.name : QString();
            const char first = firstByte(device.get());
            if (first == '{') {
                if (doc.size > kMaxObjectFileBytes)
                    return invalid(prefix
                                   + Text::tr("$: the file is larger than %1 MB").arg(kMaxObjectFileBytes >> 20));
                const QByteArray bytes = device->readAll();
                QJsonParseError parseError;
                const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
                if (parseError.error != QJsonParseError::NoError)
                    return invalid(prefix
                                   + Text::tr("$: not valid JSON at byte %1: %2")
                                         .arg(parseError.offset)
                                         .arg(parseError.errorString()));
                const QJsonObject o = document.object();
                if (o.value(QStringLiteral("format")).toString().startsWith(QLatin1String("skein"))) {
                    if (source.isArchive() || (format != ImportFormat::Auto && format != ImportFormat::Skein))
                        return invalid(prefix + Text::tr("$: a Skein export, not a %1 one").arg(formatName(format)));
                    skeinBytes = bytes;
                    return {};
                }
                if (Status s = sniffed(o, prefix + QStringLiteral("$")); !s)
                    return s;
                if (Status s = importConversation(format, o, prefix + QStringLiteral("$"), report); !s)
                    return s;
                progressed(before + doc.size);
            } else if (first == '[') {
                JsonArrayStream stream(device.get());
                QByteArray element;
                while (!cancelled && stream.next(&element)) {
                    const QString at = prefix + QStringLiteral("$[%1]").arg(stream.index());
                    QJsonParseError parseError {};
                    const QJsonDocument document
                        = element.startsWith('{') ? QJsonDocument::fromJson(element, &parseError) : QJsonDocument();
                    element.clear();
                    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
                        report.skipped.append({at,
                                               parseError.error != QJsonParseError::NoError
                                                   ? Text::tr("not valid JSON at byte %1 of the conversation: %2")
                                                         .arg(parseError.offset)
                                                         .arg(parseError.errorString())
                                                   : Text::tr("expected an object")});
                    } else {
                        if (Status s = sniffed(document.object(), at); !s)
                            return s;
                        if (Status s = importConversation(format, document.object(), at, report); !s)
                            return s;
                    }
                    progressed(before + stream.bytesRead());
                }
                if (!stream.error().isEmpty())
                    return invalid(prefix + stream.error());
            } else {
                return invalid(prefix
                               + (first ? Text::tr("$: not a JSON export (it does not start with [ or {)")
                                        : Text::tr("$: the file is empty")));
            }
            if (cancelled)
                return invalid(Text::tr("the import was cancelled; nothing was imported"));
            before += doc.size;
        }
        // Claude's memories: pending in the review inbox, never active on their own.
        if (format == ImportFormat::Claude && source.contains(QStringLiteral("memories.json"))) {
            std::unique_ptr<QIODevice> device = source.device(QStringLiteral("memories.json"), &error);
            if (!device)
                return invalid(error);
            QJsonParseError parseError;
            const QJsonDocument document = QJsonDocument::fromJson(device->read(64 << 20), &parseError);
            if (parseError.error != QJsonParseError::NoError)
                return invalid(Text::tr("memories.json$: not valid JSON: %1").arg(parseError.errorString()));
            const QStringList memories = readClaudeMemories(
                document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object()), &error);
            if (!error.isEmpty())
                return invalid(error);
            m_source = Text::tr("Claude export");
            for (const QString &text : memories) {
                MemoryWithHistory memory;
                memory.memory.id = derivedId(formatName(ImportFormat::Claude), QStringLiteral("memory"), text);
                memory.memory.content = text;
                memory.memory.createdAt = memory.memory.updatedAt = Ids::nowMs();
                if (Status s = importMemory(memory, report); !s)
                    return s;
            }
        }
        if (report.sessions.isEmpty() && !report.skipped.isEmpty())
            return invalid(report.skipped.constFirst().reason);
        if (options.dryRun)
            return invalid(QStringLiteral("dry run"));
        return {};
    };
    const Status written
        = m_store.transaction([&]() -> Status { return withBulkSearchIndex(m_store.database(), importDocuments); });
    if (!skeinBytes.isEmpty()) {
        ImportOptions skein = options;
        skein.format = ImportFormat::Skein;
        return importPath(path, skein);
    }
    if (!written && !(options.dryRun && written.error().message == QLatin1String("dry run")))
        return written.error();
    if (format == ImportFormat::Auto && source.isArchive()) // no conversations to tell by: the files around them
        format = source.contains(QStringLiteral("users.json")) ? ImportFormat::Claude
            : source.contains(QStringLiteral("user.json"))     ? ImportFormat::ChatGpt
                                                               : format;
    report.format = formatName(format);
    return report;
}

Status Importer::importConversation(ImportFormat format, const QJsonObject &o, const QString &path,
                                    ImportReport &report)
{
    const Reader read = readerFor(format);
    ForeignConversation conversation;
    SessionContent content;
    QString error;
    if (!read || !read(o, path, &conversation, &error) || !conversation.build(formatName(format), &content, &error)) {
        report.skipped.append({path, error.isEmpty() ? unknownFormat(o) : error});
        return {};
    }
    const QString title = content.session.title.isEmpty() ? Text::tr("(untitled)") : content.session.title;
    for (const QString &note : std::as_const(conversation.notes))
        report.notes << QStringLiteral("\"%1\": %2").arg(title, note);
    return mergeSession(content, conversation.sourceId, conversation.branches, report);
}

Status Importer::mergeSession(const SessionContent &c, const QString &sourceId, qsizetype branches,
                              ImportReport &report)
{
    ImportReport::SessionResult result;
    result.originalId = sourceId;
    result.importedId = c.session.id;
    result.title = c.session.title;
    result.messages = c.messages.size();
    result.branches = branches;
    QList<Message> fresh;
    if (Result<Session> existing = m_store.sessions().get(c.session.id); !existing) {
        Session session = c.session;
        session.version = 1;
        if (Status s = m_store.sessions().create(session); !s)
            return s;
        fresh = c.messages;
        result.outcome = ImportReport::Outcome::Imported;
    } else {
        // The same conversation again: only what it gained since (new branches, new turns).
        QSet<QString> have;
        QSqlQuery &q = m_store.database().statement(QStringLiteral("SELECT id FROM messages WHERE session_id = ?"));
        q.bindValue(0, c.session.id);
        if (Status s = m_store.database().exec(q); !s)
            return s;
        while (q.next())
            have.insert(q.value(0).toString());
        q.finish();
        for (const Message &m : c.messages)
            if (!have.contains(m.id))
                fresh.append(m);
        result.outcome = fresh.isEmpty() ? ImportReport::Outcome::AlreadyPresent : ImportReport::Outcome::Merged;
    }
    if (!fresh.isEmpty()) {
        if (Status s = m_store.messages().insertBatch(fresh); !s)
            return s;
        if (result.outcome == ImportReport::Outcome::Merged) {
            const bool activeIsNew = std::any_of(fresh.cbegin(), fresh.cend(),
                                                 [&](const Message &m) { return m.id == c.session.activeLeafId; });
            if (activeIsNew)
                if (Status s = m_store.sessions().setActiveLeaf(c.session.id, c.session.activeLeafId); !s)
                    return s;
        }
        qint64 newest = 0;
        for (const Message &m : std::as_const(fresh))
            newest = std::max(newest, m.createdAt);
        if (m_guards.sessionImported)
            if (Status s = m_guards.sessionImported(m_store, c.session.id, newest); !s)
                return s;
    }
    result.newMessages = fresh.size();
    report.sessions.append(result);
    return {};
}

} // namespace Skein::Exchange
