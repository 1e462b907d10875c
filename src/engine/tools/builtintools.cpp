// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/builtintools.h"

#include "core/domain/ids.h"
#include "core/domain/memory.h"
#include "engine/tools/calculator.h"
#include "engine/tools/toolregistry.h"
#include "storage/asyncstore.h"
#include "storage/memoryrepository.h"
#include "storage/store.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Skein {

namespace {

QJsonObject objectSchema(const QJsonObject &properties, const QStringList &required)
{
    QJsonObject schema {{QStringLiteral("type"), QStringLiteral("object")},
                        {QStringLiteral("properties"), properties},
                        {QStringLiteral("additionalProperties"), false}};
    if (!required.isEmpty())
        schema.insert(QStringLiteral("required"), QJsonArray::fromStringList(required));
    return schema;
}

QJsonObject stringProperty(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("string")}, {QStringLiteral("description"), description}};
}

QString offsetText(int seconds)
{
    const QChar sign = seconds < 0 ? u'-' : u'+';
    seconds = std::abs(seconds);
    return sign
        + QStringLiteral("%1:%2").arg(seconds / 3600, 2, 10, QChar(u'0')).arg(seconds / 60 % 60, 2, 10, QChar(u'0'));
}

} // namespace

CurrentDateTimeTool::CurrentDateTimeTool(std::function<QDateTime()> clock)
    : m_clock(clock ? std::move(clock) : [] { return QDateTime::currentDateTimeUtc(); })
{ }

QString CurrentDateTimeTool::description() const
{
    return QStringLiteral("Returns the current date and time with its IANA time zone and UTC offset. "
                          "Pass `zone` (e.g. \"Europe/Berlin\") for another zone; default is the user's zone.");
}

QJsonObject CurrentDateTimeTool::parameters() const
{
    return objectSchema({{QStringLiteral("zone"), stringProperty(QStringLiteral("IANA time zone id, optional"))}}, {});
}

void CurrentDateTimeTool::start(const QJsonObject &arguments, const ToolContext &, ToolInvocation *call)
{
    QTimeZone zone = QTimeZone::systemTimeZone();
    const QString requested = arguments.value(QStringLiteral("zone")).toString().trimmed();
    if (!requested.isEmpty()) {
        zone = QTimeZone(requested.toUtf8());
        if (!zone.isValid()) {
            call->finish(ToolResult::error(
                QCoreApplication::translate("Skein::BuiltinTools",
                                            "Unknown time zone “%1”; use an IANA id such as Europe/Berlin.")
                    .arg(requested)));
            return;
        }
    }
    const QDateTime now = m_clock().toTimeZone(zone);
    const int offset = now.offsetFromUtc();
    QString zoneId = QString::fromUtf8(zone.id());
    const QString iso = now.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")) + offsetText(offset);
    const QString weekday = QLocale::c().dayName(now.date().dayOfWeek());
    ToolResult r = ToolResult::text(QStringLiteral("%1 (%2, %3, UTC%4)").arg(iso, weekday, zoneId, offsetText(offset)));
    r.structured = QJsonObject {{QStringLiteral("iso8601"), iso},
                                {QStringLiteral("zone"), zoneId},
                                {QStringLiteral("utcOffset"), offsetText(offset)},
                                {QStringLiteral("utcOffsetSeconds"), offset},
                                {QStringLiteral("weekday"), weekday},
                                {QStringLiteral("unixMs"), double(now.toMSecsSinceEpoch())}};
    call->finish(r);
}

QString CalculatorTool::description() const
{
    return QStringLiteral(
        "Evaluates an arithmetic expression exactly as written: + - * / % ^ (or **), parentheses, "
        "decimals and scientific notation (1.5e3), functions sqrt abs round floor ceil min max ln log10 "
        "sin cos tan (radians), constants pi and e.");
}

QJsonObject CalculatorTool::parameters() const
{
    return objectSchema({{QStringLiteral("expression"), stringProperty(QStringLiteral("e.g. \"(2 + 3) * 4 ^ 2\""))}},
                        {QStringLiteral("expression")});
}

void CalculatorTool::start(const QJsonObject &arguments, const ToolContext &, ToolInvocation *call)
{
    const QJsonValue expression = arguments.value(QStringLiteral("expression"));
    if (!expression.isString()) {
        call->finish(ToolResult::error(
            QCoreApplication::translate("Skein::BuiltinTools", "The argument “expression” must be a string.")));
        return;
    }
    const Calculator::Result c = Calculator::evaluate(expression.toString());
    if (!c.ok) {
        ToolResult r = ToolResult::error(c.error);
        r.structured = QJsonObject {{QStringLiteral("error"), c.error}, {QStringLiteral("position"), c.position}};
        call->finish(r);
        return;
    }
    ToolResult r = ToolResult::text(Calculator::format(c.value));
    r.structured = QJsonObject {{QStringLiteral("value"), c.value}};
    call->finish(r);
}

QString MemorySearchTool::description() const
{
    return QStringLiteral("Searches the user's saved memories (active ones) for text, case-insensitively.");
}

QJsonObject MemorySearchTool::parameters() const
{
    return objectSchema({{QStringLiteral("query"), stringProperty(QStringLiteral("text to look for"))},
                         {QStringLiteral("limit"),
                          QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")},
                                       {QStringLiteral("minimum"), 1},
                                       {QStringLiteral("maximum"), 50}}}},
                        {QStringLiteral("query")});
}

void MemorySearchTool::start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call)
{
    const QString query = arguments.value(QStringLiteral("query")).toString().trimmed();
    if (query.isEmpty()) {
        call->finish(ToolResult::error(
            QCoreApplication::translate("Skein::BuiltinTools", "The argument “query” must be a non-empty string.")));
        return;
    }
    const int limit = std::clamp(arguments.value(QStringLiteral("limit")).toInt(defaultLimit), 1, 50);
    const QString sessionId = context.sessionId;
    m_access(
        call,
        [query, limit, sessionId](MemoryRepository &memories) {
            MemoryRepository::Filter filter;
            filter.status = MemoryStatus::Active;
            filter.sessionId = sessionId;
            auto listed = memories.list(filter);
            if (!listed)
                return ToolResult::error(
                    QCoreApplication::translate("Skein::BuiltinTools", "Memories could not be read: %1")
                        .arg(listed.error().message));
            QJsonArray found;
            QStringList lines;
            for (const Memory &m : listed.value()) {
                if (!m.content.contains(query, Qt::CaseInsensitive))
                    continue;
                found.append(QJsonObject {{QStringLiteral("id"), m.id},
                                          {QStringLiteral("type"), toString(m.type)},
                                          {QStringLiteral("scope"), toString(m.scope)},
                                          {QStringLiteral("content"), m.content}});
                lines.append(QStringLiteral("- [%1] %2").arg(toString(m.type), m.content));
                if (found.size() >= limit)
                    break;
            }
            ToolResult r = ToolResult::text(lines.isEmpty() ? QStringLiteral("No memory matches “%1”.").arg(query)
                                                            : lines.join(u'\n'));
            r.structured = QJsonObject {{QStringLiteral("memories"), found}};
            return r;
        },
        [call](const ToolResult &r) { call->finish(r); });
}

QString MemorySaveTool::description() const
{
    return QStringLiteral("Saves a durable fact, preference or instruction about the user for later conversations. "
                          "The user may have to approve it before it is used.");
}

QJsonObject MemorySaveTool::parameters() const
{
    return objectSchema(
        {{QStringLiteral("content"), stringProperty(QStringLiteral("the memory, one self-contained sentence"))},
         {QStringLiteral("type"),
          QJsonObject {{QStringLiteral("type"), QStringLiteral("string")},
                       {QStringLiteral("enum"),
                        QJsonArray {QStringLiteral("preference"), QStringLiteral("fact"), QStringLiteral("profile"),
                                    QStringLiteral("instruction"), QStringLiteral("task")}}}}},
        {QStringLiteral("content")});
}

void MemorySaveTool::start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call)
{
    const QString content = arguments.value(QStringLiteral("content")).toString().trimmed();
    if (content.isEmpty() || content.size() > maxContentLength) {
        call->finish(ToolResult::error(
            QCoreApplication::translate("Skein::BuiltinTools",
                                        "The argument “content” must be a non-empty string of at most %1 characters.")
                .arg(maxContentLength)));
        return;
    }
    // The same guard as every other path that creates a memory (issue #13): a model can be talked
    // into saving a key or an instruction planted by a web page or a tool result.
    if (MemoryGuard::looksLikeSecret(content)) {
        call->finish(ToolResult::error(QStringLiteral(
            "Not saved: this looks like a secret (a key, token or password). Secrets are never kept as memories.")));
        return;
    }
    const bool injected = MemoryGuard::looksLikeInjection(content);
    const QString typeText = arguments.value(QStringLiteral("type")).toString(QStringLiteral("fact"));
    const std::optional<MemoryType> type = memoryTypeFromString(typeText);
    if (!type || *type == MemoryType::Pinned) { // only the user pins a note (issue 17)
        call->finish(ToolResult::error(
            QCoreApplication::translate("Skein::BuiltinTools", "Unknown memory type “%1”.").arg(typeText)));
        return;
    }
    Memory m;
    m.id = Ids::create();
    m.type = *type;
    m.content = content;
    m.scope = MemoryScope::Global;
    m.sourceSessionId = context.sessionId;
    m.status = m_review == Review::Required || injected ? MemoryStatus::Pending : MemoryStatus::Active;
    m.createdAt = m.updatedAt = Ids::nowMs();
    m_access(
        call,
        [m](MemoryRepository &memories) {
            if (Status s = memories.create(m); !s)
                return ToolResult::error(
                    QCoreApplication::translate("Skein::BuiltinTools", "The memory could not be saved: %1")
                        .arg(s.error().message));
            ToolResult r = ToolResult::text(m.status == MemoryStatus::Pending
                                                ? QStringLiteral("Saved; the user will review it before it is used.")
                                                : QStringLiteral("Saved."));
            r.structured = QJsonObject {{QStringLiteral("id"), m.id}, {QStringLiteral("status"), toString(m.status)}};
            return r;
        },
        [call](const ToolResult &r) { call->finish(r); });
}

MemoryAccess directMemoryAccess(MemoryRepository &memories)
{
    return [&memories](QObject *, const MemoryJob &job, const std::function<void(ToolResult)> &done) {
        done(job(memories));
    };
}

MemoryAccess asyncMemoryAccess(AsyncStore *asyncStore)
{
    QPointer<AsyncStore> guarded(asyncStore);
    return [guarded](QObject *context, MemoryJob work, std::function<void(ToolResult)> then) {
        if (!guarded) {
            then(ToolResult::error(QCoreApplication::translate("Skein::BuiltinTools", "The database is closed.")));
            return;
        }
        guarded->write<ToolResult>(
            context, [job = std::move(work)](Store &store) -> Result<ToolResult> { return job(store.memories()); },
            [done = std::move(then)](Result<ToolResult> r) {
                done(r ? r.value()
                       : ToolResult::error(QCoreApplication::translate("Skein::BuiltinTools", "Storage failed: %1")
                                               .arg(r.error().message)));
            });
    };
}

void registerBuiltinTools(ToolRegistry &registry, MemoryAccess memories, MemorySaveTool::Review review,
                          StoreReads history)
{
    if (history)
        registry.add(std::make_shared<SearchHistoryTool>(std::move(history)));
    registry.add(std::make_shared<CurrentDateTimeTool>());
    registry.add(std::make_shared<CalculatorTool>());
    registry.add(std::make_shared<MemorySearchTool>(memories));
    registry.add(std::make_shared<MemorySaveTool>(std::move(memories), review));
}

void registerBuiltinTools(ToolRegistry &registry, MemoryRepository &memories, MemorySaveTool::Review review)
{
    registerBuiltinTools(registry, directMemoryAccess(memories), review);
}

} // namespace Skein
