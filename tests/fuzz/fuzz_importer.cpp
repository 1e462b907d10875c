// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The importer (storage/exchange/importer) with the engine's guards (the memory guard and a
// watermark write per session, as Extraction::importGuards() sets them), on a database: a file
// the validator accepts is imported into a fresh copy of a migrated database, then imported
// again, which must find every session already present (re-importing changes nothing).
#include "engine/memory/memoryguard.h"
#include "fuzzsupport.h"
#include "storage/exchange/importer.h"
#include "storage/exchange/importvalidator.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QFile>
#include <QTemporaryDir>

#include <memory>

using namespace Skein;
using namespace Skein::Exchange;

namespace {

QTemporaryDir *workDir = nullptr;
QString templateDb; // a migrated, empty database

ImportGuards guards()
{
    ImportGuards g;
    g.memoryRefusal = &MemoryGuard::refusal;
    g.sessionImported = [](Store &store, const QString &sessionId, qint64 newestMessageAt) -> Status {
        return store.settings().set(QStringLiteral("fuzz.watermark.") + sessionId, QString::number(newestMessageAt));
    };
    return g;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv);
    static QTemporaryDir dir; // removed at exit
    workDir = &dir;
    templateDb = workDir->filePath(QStringLiteral("template.db"));
    {
        auto store = Store::openFile(templateDb, Database::Options {});
        if (!store)
            Fuzz::fail("cannot create the template database");
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = Fuzz::bytes(data, size).toByteArray();
    // Most inputs are refused by the validator; only the others pay for a database.
    ImportValidator validator([](const QString &) { return std::nullopt; },
                              [](const QString &) { return std::nullopt; });
    ParsedImport parsed;
    if (!validator.parse(input, &parsed))
        return 0;

    const QString path = workDir->filePath(QStringLiteral("import.db"));
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(path + suffix);
    SKEIN_FUZZ_CHECK(QFile::copy(templateDb, path));
    auto opened = Store::openFile(path, Database::Options {});
    SKEIN_FUZZ_CHECK(opened);
    Store &store = *opened.value();

    const Result<ImportReport> first = Importer(store, guards()).importBytes(input, QStringLiteral("fuzz.json"));
    if (!first) {
        SKEIN_FUZZ_CHECK(!first.error().message.isEmpty());
        return 0;
    }
    (void)first->describe();
    const Result<ImportReport> again = Importer(store, guards()).importBytes(input, QStringLiteral("fuzz.json"));
    SKEIN_FUZZ_CHECK(again);
    SKEIN_FUZZ_CHECK(again->sessions.size() == first->sessions.size());
    for (const ImportReport::SessionResult &session : again->sessions)
        SKEIN_FUZZ_CHECK(session.outcome == ImportReport::Outcome::AlreadyPresent);
    SKEIN_FUZZ_CHECK(again->providersImported == 0);
    return 0;
}
