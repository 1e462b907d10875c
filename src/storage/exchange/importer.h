/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "foreignformats.h"
#include "storage/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace Skein {

class Store;

namespace Exchange {

class ImportSource;
struct ParsedImport;
struct SessionContent;
struct MemoryWithHistory;

struct ImportReport
{
    enum class Outcome {
        Imported, // new to this database
        AlreadyPresent, // the same session, unchanged: nothing written
        ImportedAsNew, // the id existed with different content: imported under new ids
        Merged, // another client's conversation that grew since the last import: what is new added
    };
    struct SessionResult
    {
        QString originalId;
        QString importedId;
        QString title;
        Outcome outcome = Outcome::Imported;
        qsizetype messages = 0;
        qsizetype newMessages = 0; // written by this import
        qsizetype branches = 0;
    };
    struct Skipped
    {
        QString path; // where in the file ("conversations.json$[12]")
        QString reason;
    };

    QString format; // the format's name (formatName)
    bool dryRun = false; // counted, nothing written

    QList<SessionResult> sessions;
    int memoriesImported = 0; // all of them pending, in the review inbox
    int memoriesAlreadyPresent = 0;
    QStringList memoriesRefused; // one line each: the start of the text and why
    int providersImported = 0;
    int providersAlreadyPresent = 0;
    qsizetype attachments = 0; // attachment records written (other clients' files, named)
    qsizetype attachmentContents = 0; // of those, how many came with their content
    QList<Skipped> skipped; // conversations that could not be imported; the rest was
    QStringList notes; // "TITLE: what the user should know"

    int count(Outcome outcome) const;
    qsizetype newMessages() const;
    qsizetype branches() const;

    // One line per session plus totals, in plain words.
    QString describe() const;
    static QString outcomeName(Outcome outcome); // "imported", "already-present", "imported-as-new", "merged"
};

struct ImportOptions
{
    ImportFormat format = ImportFormat::Auto;
    bool dryRun = false; // validate and count; the database is left as it was
    // After each conversation: bytes read of all, conversations so far. false cancels the import
    // (nothing is written).
    std::function<bool(qint64 done, qint64 total, int conversations)> progress;
};

// Imports a Skein JSON export. The whole file is validated first; then everything is written in
// one transaction, so a bad file or a failure halfway leaves the database unchanged.
// Re-importing the same file changes nothing (stable ids).
//
// What the engine adds to an import (the storage layer knows no memory policy).
struct ImportGuards
{
    // Why a memory of the file is refused (a secret, too long), or an empty string.
    std::function<QString(const QString &content)> memoryRefusal;
    // Called in the import's transaction for each imported session with the created_at of its
    // newest message: imported turns are not the user's words here and must never feed memory
    // extraction.
    std::function<Status(Store &store, const QString &sessionId, qint64 newestMessageAt)> sessionImported;
};

// A file is untrusted (SPEC §7): its providers arrive disabled and marked for review, its memories
// arrive pending in the review inbox (the file's status stays in their history) after the guards.
class Importer final
{
public:
    Importer(Store &store, ImportGuards guards)
        : m_store(store)
        , m_guards(std::move(guards))
    { }

    // source names the file in the memories' history ("import from NAME").
    Result<ImportReport> importBytes(const QByteArray &bytes, const QString &source);
    Result<ImportReport> importFile(const QString &path);
    // A Skein export or another client's (a JSON file, an export's folder or ZIP), detected or as
    // options.format says; docs/import.md. Read as a stream: memory stays bounded by the largest
    // conversation. All of it is written in one transaction; a conversation that cannot be read
    // is skipped and listed, and a file of which nothing can be read changes nothing.
    Result<ImportReport> importPath(const QString &path, const ImportOptions &options = {});

private:
    Status importSession(SessionContent &session, ImportReport &report);
    Status writeSession(const SessionContent &session);
    Result<bool> collides(const SessionContent &session);
    Result<bool> identical(const SessionContent &session);
    Status importMemory(MemoryWithHistory memory, ImportReport &report);
    Result<ImportReport> importForeign(const QString &path, const ImportOptions &options);
    Status mergeSession(const SessionContent &session, const QString &sourceId, qsizetype branches,
                        const QHash<QString, QString> &assets, ImportReport &report);
    Status storeAssets(const ImportSource &source, ImportReport &report);

    Store &m_store;
    ImportGuards m_guards;
    QString m_source;
    QList<std::pair<QString, QString>> m_assets; // attachments written, and the id of their content in the export
};

} // namespace Exchange
} // namespace Skein
