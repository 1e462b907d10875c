/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>

namespace Skein {

class Store;

namespace Exchange {

inline constexpr QLatin1StringView kSessionFormat {"skein.session/1"};
inline constexpr QLatin1StringView kArchiveFormat {"skein.archive/1"};

// Writes sessions in the JSON format of docs/export-format.md. Output is canonical: sorted keys,
// records in a fixed order, so export → import → export is byte-identical. Never contains secrets
// (keys are not in the database to begin with).
class Exporter final
{
public:
    explicit Exporter(Store &store)
        : m_store(store)
    { }

    // One session with all branches, its summaries, the memories it produced, its tool log and
    // context snapshots; without the "format" key (the archive nests these).
    Result<QJsonObject> sessionObject(const QString &sessionId);
    Result<QByteArray> exportSession(const QString &sessionId);
    // Every session, every memory and the provider configurations.
    Result<QByteArray> exportAll();

    // Salvage for a damaged database: an archive of every session that can still be read; the
    // rest are skipped and listed in *problems. Fails only when nothing at all can be read.
    Result<QByteArray> exportReadable(int *exported, QStringList *problems);

    static QByteArray canonical(const QJsonObject &document);

private:
    Result<QByteArray> archive(QStringList *problems, int *exported);

    Store &m_store;
};

} // namespace Exchange
} // namespace Skein
