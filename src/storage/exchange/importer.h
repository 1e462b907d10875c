#pragma once

#include "storage/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Skein {

class Store;

namespace Exchange {

struct ParsedImport;
struct SessionContent;
struct MemoryWithHistory;

struct ImportReport
{
    enum class Outcome {
        Imported, // new to this database
        AlreadyPresent, // the same session, unchanged: nothing written
        ImportedAsNew, // the id existed with different content: imported under new ids
    };
    struct SessionResult
    {
        QString originalId;
        QString importedId;
        QString title;
        Outcome outcome = Outcome::Imported;
        qsizetype messages = 0;
    };

    QList<SessionResult> sessions;
    int memoriesImported = 0;
    int memoriesAlreadyPresent = 0;
    int providersImported = 0;
    int providersAlreadyPresent = 0;

    // One line per session plus totals, in plain words.
    QString describe() const;
    static QString outcomeName(Outcome outcome); // "imported", "already-present", "imported-as-new"
};

// Imports a Skein JSON export. The whole file is validated first; then everything is written in
// one transaction, so a bad file or a failure halfway leaves the database unchanged.
// Re-importing the same file changes nothing (stable ids).
class Importer final
{
public:
    explicit Importer(Store &store)
        : m_store(store)
    { }

    Result<ImportReport> importBytes(const QByteArray &bytes);
    Result<ImportReport> importFile(const QString &path);

private:
    Status importSession(SessionContent &session, ImportReport &report);
    Status writeSession(const SessionContent &session);
    Result<bool> collides(const SessionContent &session);
    Result<bool> identical(const SessionContent &session);
    Status importMemory(MemoryWithHistory memory, ImportReport &report);

    Store &m_store;
};

} // namespace Exchange
} // namespace Skein
