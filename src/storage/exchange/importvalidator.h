/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "sessioncontent.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <functional>
#include <optional>

namespace Skein::Exchange {

using ParsedMemory = MemoryWithHistory;
using ParsedSession = SessionContent; // messages parents before children

struct ParsedImport
{
    QString format;
    QList<ParsedSession> sessions; // a forked session after the one it forks from
    QList<ParsedMemory> looseMemories;
    QList<ProviderConfig> providers;
};

// Validates a whole export file before anything is written: JSON syntax, format, types, sizes,
// duplicate ids, parent references, cycles, orphans, and references between records. The first
// problem is reported as "path: reason" (e.g. `$.sessions[0].messages[7].parent_id: …`).
class ImportValidator final
{
public:
    // Looks up ids outside the file in the database (forks reference the session they were forked
    // from): the session a message belongs to, and the session a session was forked from ("" for
    // none); std::nullopt when the id is not in the database.
    using Lookup = std::function<std::optional<QString>(const QString &id)>;

    ImportValidator(Lookup messageSession, Lookup sessionParent);

    static constexpr qsizetype kMaxFileBytes = qsizetype(1) << 30;
    static constexpr qsizetype kMaxMessages = 5'000'000;

    bool parse(const QByteArray &bytes, ParsedImport *out);
    QString error() const { return m_error; }

private:
    bool parseSession(const QJsonObject &o, const QString &path, ParsedSession *out);
    bool parseMemories(const QJsonArray &a, const QString &path, const QString &sessionId, QList<ParsedMemory> *out);
    bool checkTree(ParsedSession &session, const QString &path);
    bool checkReferences(const ParsedSession &session, const QString &path);
    bool checkContents(const ParsedSession &session, const QString &path);
    bool orderSessions(QList<ParsedSession> &sessions);

    // The session this one was forked from, that one's own parent and so on (file, then database).
    QSet<QString> forkAncestors(const Session &session) const;

    Lookup m_messageSession;
    Lookup m_sessionParent;
    QHash<QString, QString> m_fileParents; // session id -> the session it was forked from, in the file
    QString m_error;
    QHash<QString, QString> m_messageInFile; // message id -> session id, across the whole file
    QSet<QString> m_ids[7]; // sessions, summaries, memories, tool calls, snapshots, providers, attachments
};

} // namespace Skein::Exchange
