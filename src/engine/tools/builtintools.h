/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/memory/memoryguard.h"

#include "engine/tools/searchhistorytool.h"
#include "engine/tools/tool.h"

#include <QTimeZone>

#include <functional>

namespace Skein {

class AsyncStore;
class MemoryRepository;
class ToolRegistry;

// Where the memory tools read and write: runs `job` against a MemoryRepository and hands its
// result to `done` on the caller's thread (dropped when `context` is gone). directMemoryAccess
// runs it at once on the caller's connection (CLI, tests); asyncMemoryAccess on AsyncStore's
// writer thread, so the GUI thread never waits for the disk.
using MemoryJob = std::function<ToolResult(MemoryRepository &)>;
using MemoryAccess = std::function<void(QObject *context, MemoryJob job, std::function<void(ToolResult)> done)>;
MemoryAccess directMemoryAccess(MemoryRepository &memories);
MemoryAccess asyncMemoryAccess(AsyncStore *store);

// current_datetime: the date and time now, in the system zone or an IANA zone given as `zone`.
class CurrentDateTimeTool final : public Tool
{
public:
    // `clock` returns "now" (tests pin it); the default is the system clock.
    explicit CurrentDateTimeTool(std::function<QDateTime()> clock = {});

    QString name() const override { return QStringLiteral("current_datetime"); }
    QString description() const override;
    QJsonObject parameters() const override;
    ToolPolicy policy() const override { return ToolPolicy::ReadOnly; }

protected:
    void start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call) override;

private:
    std::function<QDateTime()> m_clock;
};

// calculator: evaluates an arithmetic expression with Calculator.
class CalculatorTool final : public Tool
{
public:
    QString name() const override { return QStringLiteral("calculator"); }
    QString description() const override;
    QJsonObject parameters() const override;
    ToolPolicy policy() const override { return ToolPolicy::ReadOnly; }

protected:
    void start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call) override;
};

// memory_search: active memories whose content contains the query (case-insensitive).
class MemorySearchTool final : public Tool
{
public:
    explicit MemorySearchTool(MemoryAccess access)
        : m_access(std::move(access))
    { }
    explicit MemorySearchTool(MemoryRepository &memories)
        : m_access(directMemoryAccess(memories))
    { }

    QString name() const override { return QStringLiteral("memory_search"); }
    QString description() const override;
    QJsonObject parameters() const override;
    ToolPolicy policy() const override { return ToolPolicy::ReadOnly; }

    static constexpr int defaultLimit = 10;

protected:
    void start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call) override;

private:
    MemoryAccess m_access;
};

// memory_save: stores a memory; it is `pending` (waits for the user's review) unless the review
// policy says new memories are active right away.
class MemorySaveTool final : public Tool
{
public:
    enum class Review { Required, NotRequired };

    MemorySaveTool(MemoryAccess access, Review review)
        : m_access(std::move(access))
        , m_review(review)
    { }
    MemorySaveTool(MemoryRepository &memories, Review review)
        : m_access(directMemoryAccess(memories))
        , m_review(review)
    { }

    QString name() const override { return QStringLiteral("memory_save"); }
    QString description() const override;
    QJsonObject parameters() const override;
    ToolPolicy policy() const override { return ToolPolicy::SideEffects; }

    static constexpr int maxContentLength = int(MemoryGuard::kMaxContentChars);

protected:
    void start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call) override;

private:
    MemoryAccess m_access;
    Review m_review;
};

// Registers the four built-ins, and search_history when history reads are given.
void registerBuiltinTools(ToolRegistry &registry, MemoryAccess memories, MemorySaveTool::Review review,
                          StoreReads history = {});
void registerBuiltinTools(ToolRegistry &registry, MemoryRepository &memories, MemorySaveTool::Review review);

} // namespace Skein
