// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Importer::importPath: Skein's own export and other clients' (docs/import.md).

#include "attachmentcodec.h"
#include "conversationfeed.h"
#include "core/domain/ids.h"
#include "importer.h"
#include "importsource.h"
#include "jsonreader.h"
#include "storage/attachmentrepository.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QFileInfo>
#include <QImageReader>
#include <QJsonDocument>
#include <QLocale>
#include <QSet>
#include <QSqlQuery>

#include <functional>

namespace Skein::Exchange {

namespace {

// Inside the caller's transaction: runs `work` with the messages it inserts left out of the search
// index, as one range of the search backlog that the storage thread indexes after the commit in
// small transactions (SearchRepository::indexBacklog). The range is open-ended while `work` runs,
// so the insert trigger would skip every message it writes; then it ends at the last one.
Status withSearchBacklog(Database &db, const std::function<Status()> &work)
{
    QSqlQuery &open
        = db.statement(QStringLiteral("INSERT INTO search_backlog(first_seq, last_seq) "
                                      "SELECT coalesce(max(seq), 0) + 1, 9223372036854775807 FROM messages"));
    if (Status s = db.exec(open); !s)
        return s;
    const qint64 range = open.lastInsertId().toLongLong();
    // The insert triggers of both indexes are taken away meanwhile, in the same transaction: they
    // would skip them all, and an insert with a trigger runs with a statement journal, a copy of
    // every page it changes.
    QStringList insertTriggers;
    QSqlQuery &triggers
        = db.statement(QStringLiteral("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' "
                                      "AND name IN ('messages_fts_insert', 'messages_words_insert') ORDER BY name"));
    if (Status s = db.exec(triggers); !s)
        return s;
    QStringList names;
    while (triggers.next()) {
        names << triggers.value(0).toString();
        insertTriggers << triggers.value(1).toString();
    }
    triggers.finish();
    for (const QString &name : std::as_const(names))
        if (Status s = db.execScript(QStringLiteral("DROP TRIGGER ") + name); !s)
            return s;
    if (Status s = work(); !s)
        return s;
    for (const QString &sql : std::as_const(insertTriggers))
        if (Status s = db.execScript(sql); !s)
            return s;
    QSqlQuery &close = db.statement(QStringLiteral(
        "UPDATE search_backlog SET last_seq = (SELECT coalesce(max(seq), 0) FROM messages) WHERE rowid = ?"));
    close.bindValue(0, range);
    if (Status s = db.exec(close); !s)
        return s;
    QSqlQuery &empty
        = db.statement(QStringLiteral("DELETE FROM search_backlog WHERE rowid = ? AND last_seq < first_seq"));
    empty.bindValue(0, range);
    return db.exec(empty);
}

StorageError invalid(const QString &message)
{
    return {StorageError::Kind::Invalid, message};
}

// For the import's one long transaction, and put back after it. Set before it begins: SQLite reads
// temp_store when a transaction starts.
// * temp_store=MEMORY: what still needs a sub-journal (a statement that may fail halfway, a
//   Skein export's savepoints) keeps it in memory instead of a temporary file written page by page.
// * A page cache of kImportCacheKb instead of SQLite's 2 MB: the indexes on ids are written in
//   random order, and a small cache spills and re-reads their pages all the time, one page per
//   write. At 1 GB (2 M messages) 192 MB instead of 128 MB took a fifth off the import's time;
//   the cache grows only as far as an import needs it and shrinks back after it.
class ImportPragmas final
{
public:
    explicit ImportPragmas(Database &db)
        : m_db(db)
    {
        if (db.transactionDepth() > 0) // inside someone's transaction: leave it as it is
            return;
        QSqlQuery &q = db.statement(QStringLiteral("SELECT * FROM pragma_cache_size, pragma_temp_store"));
        if (!db.exec(q) || !q.next())
            return;
        m_restore = QStringLiteral("PRAGMA cache_size=%1; PRAGMA temp_store=%2;")
                        .arg(q.value(0).toLongLong())
                        .arg(q.value(1).toInt());
        q.finish();
        (void)db.execScript(QStringLiteral("PRAGMA cache_size=-%1; PRAGMA temp_store=MEMORY;").arg(kImportCacheKb));
    }
    ~ImportPragmas()
    {
        if (!m_restore.isEmpty())
            (void)m_db.execScript(m_restore);
    }
    ImportPragmas(const ImportPragmas &) = delete;
    ImportPragmas &operator=(const ImportPragmas &) = delete;

private:
    static constexpr int kImportCacheKb = 192 * 1024;
    Database &m_db;
    QString m_restore;
};

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
    m_assets.clear();
    ImportFormat format = options.format;
    // A Skein export is one JSON object with "format": handed to the Skein importer.
    QByteArray skeinBytes;
    const qint64 total = source.totalBytes();
    int conversations = 0;

    // Every conversation, in the one transaction below; read and converted on the feed's thread.
    const auto importDocuments = [&]() -> Status {
        using Kind = ConversationFeed::Item::Kind;
        ConversationFeed feed(source, format);
        for (ConversationFeed::Item item = feed.next(); item.kind != Kind::End; item = feed.next()) {
            switch (item.kind) {
            case Kind::Failed:
                return invalid(item.reason);
            case Kind::SkeinExport:
                skeinBytes = std::move(item.skeinBytes);
                return {};
            case Kind::Skipped:
                report.skipped.append({item.path, item.reason});
                break;
            case Kind::Conversation:
                report.notes << item.notes;
                if (Status s = mergeSession(item.content, item.sourceId, item.branches, item.assets, report); !s)
                    return s;
                break;
            case Kind::End:
                break;
            }
            ++conversations;
            if (options.progress && !options.progress(item.bytesDone, total, conversations))
                return invalid(Text::tr("the import was cancelled; nothing was imported"));
        }
        format = feed.format();
        // The feed is done with the source: the files the attachments point at come next.
        if (Status s = storeAssets(source, report); !s)
            return s;
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
    const ImportPragmas pragmas(m_store.database());
    const Status written
        = m_store.transaction([&]() -> Status { return withSearchBacklog(m_store.database(), importDocuments); });
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

Status Importer::mergeSession(const SessionContent &c, const QString &sourceId, qsizetype branches,
                              const QHash<QString, QString> &assets, ImportReport &report)
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
        // Not insertBatch: a savepoint per conversation would copy every page the conversation
        // touches (random-UUID index pages mostly) into its sub-journal, a third of the import's
        // time, and a failure here ends the whole import's transaction anyway.
        for (const Message &m : std::as_const(fresh)) {
            for (const Attachment &a : m.attachments) {
                if (a.hasContent()) // carried in the conversation (Open WebUI's pasted images)
                    if (Result<QString> stored = m_store.attachments().storeContent(c.contents.value(a.sha256));
                        !stored)
                        return stored.error();
                if (const QString asset = assets.value(a.id); !asset.isEmpty())
                    m_assets.append({a.id, asset});
                ++report.attachments;
                report.attachmentContents += a.hasContent() ? 1 : 0;
            }
            if (Status s = m_store.messages().insert(m); !s)
                return s;
        }
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

Status Importer::storeAssets(const ImportSource &source, ImportReport &report)
{
    for (const auto &[attachmentId, assetId] : std::as_const(m_assets)) {
        const std::optional<ImportSource::Asset> asset = source.asset(assetId);
        if (!asset)
            continue; // named only: the export does not have the file (audio, older exports)
        if (asset->size > kMaxAttachmentBytes) {
            report.notes << Text::tr("%1: not imported, larger than %2")
                                .arg(asset->name, QLocale().formattedDataSize(kMaxAttachmentBytes));
            continue;
        }
        QString error;
        std::unique_ptr<QIODevice> device = source.device(asset->name, &error);
        if (!device)
            return invalid(error);
        Result<QString> stored = m_store.attachments().storeContent(device.get(), asset->size);
        if (!stored)
            return stored.error();
        // An image's size in pixels from its header, when the export did not say.
        device = source.device(asset->name, &error);
        const QSize pixels = device ? QImageReader(device.get()).size() : QSize();
        // A record named by the file's id only gets the name the export gives the file.
        const QStringList rename {assetId, asset->displayName};
        if (Status s = m_store.attachments().setContent(attachmentId, *stored, asset->size, pixels,
                                                        asset->displayName.isEmpty() ? QStringList() : rename);
            !s)
            return s;
        ++report.attachmentContents;
    }
    m_assets.clear();
    return {};
}

} // namespace Skein::Exchange
