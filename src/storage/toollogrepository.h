#pragma once

#include "core/domain/toollogentry.h"
#include "storage/result.h"

#include <QList>

namespace Skein {

class Database;

// The tool execution log (SPEC §2.5), keyed by tool_call_id so a retried call finds its result.
class ToolLogRepository final
{
public:
    explicit ToolLogRepository(Database &db)
        : m_db(db)
    { }

    // Inserts or replaces the entry for entry.requestId.
    Status upsert(const ToolLogEntry &entry);
    Result<ToolLogEntry> get(const QString &requestId);
    // Oldest first.
    Result<QList<ToolLogEntry>> bySession(const QString &sessionId);
    Result<QList<ToolLogEntry>> byMessage(const QString &messageId);

private:
    Result<QList<ToolLogEntry>> collect(const QString &where, const QString &value);

    Database &m_db;
};

} // namespace Skein
