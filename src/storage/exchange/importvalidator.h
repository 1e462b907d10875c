#pragma once

#include "core/domain/providerconfig.h"
#include "sessioncontent.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <functional>

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
    // Answers whether a message / session id outside the file exists in the database (forks
    // reference the session they were forked from).
    using Exists = std::function<bool(const QString &id)>;

    ImportValidator(Exists messageExists, Exists sessionExists);

    static constexpr qsizetype kMaxFileBytes = qsizetype(1) << 30;
    static constexpr qsizetype kMaxMessages = 5'000'000;

    bool parse(const QByteArray &bytes, ParsedImport *out);
    QString error() const { return m_error; }

private:
    bool parseSession(const QJsonObject &o, const QString &path, ParsedSession *out);
    bool parseMemories(const QJsonArray &a, const QString &path, const QString &sessionId, QList<ParsedMemory> *out);
    bool checkTree(ParsedSession &session, const QString &path);
    bool checkReferences(const ParsedSession &session, const QString &path);
    bool orderSessions(QList<ParsedSession> &sessions);

    Exists m_messageExists;
    Exists m_sessionExists;
    QString m_error;
    QHash<QString, QString> m_messageSession; // message id -> session id, across the whole file
    QSet<QString> m_ids[6]; // sessions, summaries, memories, tool calls, snapshots, providers
};

} // namespace Skein::Exchange
