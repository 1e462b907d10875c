/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QHash>
#include <QJsonObject>
#include <QLatin1StringView>
#include <QList>
#include <QString>

namespace Skein::Settings {

// Every user setting stored in the database's settings table (SettingsRepository) is declared
// here once, with its default and range, so that the engine, the CLI and the Settings dialog read
// the same keys. docs/settings.md lists them. Values are stored as text; readers go through
// value(), which falls back to the default for a missing or malformed value and clamps to range.
using Values = QHash<QString, QString>;

struct IntKey
{
    QLatin1StringView key;
    qint64 defaultValue = 0;
    qint64 minimum = 0;
    qint64 maximum = 0;
};

struct BoolKey
{
    QLatin1StringView key;
    bool defaultValue = false;
};

struct TextKey
{
    QLatin1StringView key;
};

namespace Keys {
using namespace Qt::StringLiterals;

// SPEC §4.2 budget: output reserve and the shares of the remaining input budget (percent).
inline constexpr IntKey outputReservePercent {"context/output_reserve_percent"_L1, 25, 5, 75};
inline constexpr IntKey outputReserveMaxTokens {"context/output_reserve_max_tokens"_L1, 8192, 256, 1'000'000};
inline constexpr IntKey shareSystemPercent {"context/share_system_percent"_L1, 15, 0, 100};
inline constexpr IntKey shareToolsPercent {"context/share_tools_percent"_L1, 20, 0, 100};
inline constexpr IntKey shareHistoryPercent {"context/share_history_percent"_L1, 40, 0, 100};
inline constexpr IntKey shareCurrentPercent {"context/share_current_percent"_L1, 25, 0, 100};
// §4.3 history selection.
inline constexpr IntKey historyCountCap {"context/history_count_cap"_L1, 50, 2, 10'000};
// §4.4 governance: tool outputs above this many tokens, older than the last K turns, are digested.
inline constexpr IntKey digestThresholdTokens {"context/digest_threshold_tokens"_L1, 1200, 100, 1'000'000};
inline constexpr IntKey digestKeepTurns {"context/digest_keep_turns"_L1, 2, 0, 100};
// Tool results together may take at most this part of the history budget.
inline constexpr IntKey toolResultSharePercent {"context/tool_result_share_percent"_L1, 50, 5, 100};
// §4.5 consolidation.
inline constexpr IntKey consolidateStartPercent {"context/consolidate_start_percent"_L1, 70, 10, 100};
inline constexpr IntKey consolidateTargetPercent {"context/consolidate_target_percent"_L1, 50, 5, 100};
inline constexpr IntKey consolidateAfterTurns {"context/consolidate_after_turns"_L1, 12, 1, 1000};
inline constexpr IntKey keepVerbatimTurns {"context/keep_verbatim_turns"_L1, 8, 1, 1000};
// §4.6 idle compaction and §4.7 hard cap.
inline constexpr IntKey idleTtlMinutes {"context/idle_ttl_minutes"_L1, 15, 1, qint64 {7} * 24 * 60};
inline constexpr IntKey hardCapMessages {"context/hard_cap_messages"_L1, 5000, 100, 10'000'000};
// Issue 17, recall: earlier messages outside the window may take this % of the input budget (0:
// off), from this conversation or from all of them.
inline constexpr IntKey recallSharePercent {"context/recall_share_percent"_L1, 10, 0, 50};
// Pinned notes (issue 17) may take this % of the input budget.
inline constexpr IntKey pinnedSharePercent {"context/pinned_share_percent"_L1, 5, 0, 50};
inline constexpr BoolKey recallAllConversations {"context/recall_all_conversations"_L1, false};
// The cheaper model for summaries and memory extraction; empty = the session's own model.
inline constexpr TextKey utilityProviderId {"context/utility_provider_id"_L1};
inline constexpr TextKey utilityModel {"context/utility_model"_L1};
// Semantic recall (issue 17): the provider and model whose embeddings endpoint embeds messages
// and queries; either empty: recall is lexical only.
inline constexpr TextKey embeddingProviderId {"context/embedding_provider_id"_L1};
inline constexpr TextKey embeddingModel {"context/embedding_model"_L1};

// §5 agent loop.
inline constexpr IntKey maxIterations {"agent/max_iterations"_L1, 6, 1, 100};
inline constexpr IntKey toolTimeoutSeconds {"agent/tool_timeout_seconds"_L1, 30, 1, 3600};
// JSON array of ToolApproval objects ("always allow this tool"); see toolApprovals().
inline constexpr TextKey toolApprovals {"agent/tool_approvals"_L1};

// Issue 16: the largest file that may be attached, and all the files of one message together.
inline constexpr IntKey attachmentMaxFileMb {"attachments/max_file_mb"_L1, 20, 1, 512};
inline constexpr IntKey attachmentMaxMessageMb {"attachments/max_message_mb"_L1, 50, 1, 2048};

// §4.10 memory.
inline constexpr BoolKey memoryAutoExtract {"memory/auto_extract"_L1, true};
inline constexpr BoolKey memoryReviewRequired {"memory/review_required"_L1, true};
// Issue 17: "pause memory" (nothing extracted, nothing injected) and the cap on active memories
// beyond which the least used and least confirmed are proposed for archiving.
inline constexpr BoolKey memoryPaused {"memory/paused"_L1, false};
inline constexpr IntKey memoryActiveCap {"memory/active_cap"_L1, 200, 10, 100000};

// §5.3 MCP servers, as the de-facto desktop JSON: {"mcpServers": {...}} (McpConfig::toJson).
inline constexpr TextKey mcpServers {"mcp/servers"_L1};
} // namespace Keys

qint64 value(const Values &stored, const IntKey &key);
bool value(const Values &stored, const BoolKey &key);
QString value(const Values &stored, const TextKey &key);
// The stored text of a value.
QString text(qint64 value);
QString text(bool value);

// SPEC §4 defaults as one value, read from the settings table.
struct ContextDefaults
{
    int outputReservePercent = 25;
    qint64 outputReserveMaxTokens = 8192;
    int shareSystemPercent = 15;
    int shareToolsPercent = 20;
    int shareHistoryPercent = 40;
    int shareCurrentPercent = 25;
    int historyCountCap = 50;
    qint64 digestThresholdTokens = 1200;
    int digestKeepTurns = 2;
    int toolResultSharePercent = 50;
    int consolidateStartPercent = 70;
    int consolidateTargetPercent = 50;
    int consolidateAfterTurns = 12;
    int keepVerbatimTurns = 8;
    int idleTtlMinutes = 15;
    qint64 hardCapMessages = 5000;
    int recallSharePercent = 10;
    int pinnedSharePercent = 5;
    bool recallAllConversations = false;
    QString utilityProviderId;
    QString utilityModel;

    static ContextDefaults from(const Values &stored);
    Values toValues() const;
    // The four input shares as fractions that sum to 1 (they are stored independently, so the
    // user may leave them summing to something else).
    double shareFraction(int sharePercent) const;
    // The same values in the JSON shape of a session's context overrides (Session::contextSettings,
    // read by the context engine's ContextSettings::fromJson): shares as fractions summing to 1.
    // The output reserve is left out: it depends on the model's window.
    QJsonObject toContextJson() const;

    friend bool operator==(const ContextDefaults &, const ContextDefaults &) = default;
};

// SPEC §5 defaults.
struct AgentDefaults
{
    int maxIterations = 6;
    int toolTimeoutSeconds = 30;

    static AgentDefaults from(const Values &stored);
    Values toValues() const;
    friend bool operator==(const AgentDefaults &, const AgentDefaults &) = default;
};

// SPEC §4.10: whether memories are extracted after turns and whether they wait for review.
struct MemoryDefaults
{
    bool autoExtract = true;
    bool reviewRequired = true;
    bool paused = false;
    int activeCap = 200;

    static MemoryDefaults from(const Values &stored);
    Values toValues() const;
    friend bool operator==(const MemoryDefaults &, const MemoryDefaults &) = default;
};

// "Always allow" for one tool, bound to a hash of the tool's definition (SPEC §5.2): a changed
// definition no longer matches, so the approval no longer applies.
struct ToolApproval
{
    QString tool; // the tool's full name, e.g. "files__write_file"
    QString definitionHash; // hex SHA-256 of the tool's canonical definition
    qint64 grantedAt = 0; // ms since the epoch

    friend bool operator==(const ToolApproval &, const ToolApproval &) = default;
};

// Malformed entries are skipped.
QList<ToolApproval> toolApprovals(const QString &storedJson);
QString toolApprovalsJson(const QList<ToolApproval> &approvals);

} // namespace Skein::Settings
