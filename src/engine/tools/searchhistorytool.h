/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/tool.h"

#include <functional>

namespace Skein {

class AsyncStore;
class Store;

// Where search_history reads: runs `job` against a Store and hands its result to `done` on the
// caller's thread (dropped when `context` is gone). directStoreReads runs it at once (CLI,
// tests); asyncStoreReads on AsyncStore's reader thread, so the GUI thread never waits.
using StoreReadJob = std::function<ToolResult(Store &)>;
using StoreReads = std::function<void(QObject *context, StoreReadJob job, std::function<void(ToolResult)> done)>;
StoreReads directStoreReads(Store &store);
StoreReads asyncStoreReads(AsyncStore *store);

// search_history (issue 17): the model looks up what was said earlier — in this conversation or in
// all of them — through the word index that recall uses, best match first, each with its time,
// speaker and conversation. Read-only: no approval needed.
class SearchHistoryTool final : public Tool
{
public:
    explicit SearchHistoryTool(StoreReads reads)
        : m_reads(std::move(reads))
    { }

    QString name() const override { return QStringLiteral("search_history"); }
    QString description() const override;
    QJsonObject parameters() const override;
    ToolPolicy policy() const override { return ToolPolicy::ReadOnly; }

    static constexpr int defaultLimit = 8;
    static constexpr int maxLimit = 20;

protected:
    void start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call) override;

private:
    StoreReads m_reads;
};

} // namespace Skein
