/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Skein {

class Store;
class Tool;

// A tool's definition as the user approved it (or as it is now), by value so it can cross threads.
struct ToolDefinitionInfo
{
    QString name;
    QString description;
    QJsonObject parameters;
    QByteArray hash; // Tool::definitionHash()
    bool needsApproval = true; // policy SideEffects (MCP tools without readOnlyHint)

    static ToolDefinitionInfo of(const Tool &tool);
};

// What changed between an approved definition and the tool's current one.
struct ToolDefinitionChange
{
    ToolDefinitionInfo approved;
    ToolDefinitionInfo current;

    bool descriptionChanged() const { return approved.description != current.description; }
    bool parametersChanged() const { return approved.parameters != current.parameters; }
    // One translated paragraph for the approval prompt.
    QString summary() const;
};

// "Always allow" approvals (SPEC §5.2), kept in the settings table (Settings::Keys::toolApprovals,
// with the approved description and schema beside them) and bound to the tool's definition hash:
// a changed name, description or schema revokes them. Call on the storage thread.
class ToolApprovals final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::ToolApprovals)

public:
    enum class Standing { None, Granted, Revoked };
    struct Lookup
    {
        Standing standing = Standing::None;
        std::optional<ToolDefinitionChange> change; // Revoked only
    };

    // Granted when the stored approval matches current.hash. A stored approval for another hash is
    // deleted (revoked) and reported with what changed.
    static Result<Lookup> check(Store &store, const ToolDefinitionInfo &current);
    static Status grant(Store &store, const ToolDefinitionInfo &definition);
    static Status revoke(Store &store, const QString &toolName);
    static Result<QList<ToolDefinitionInfo>> all(Store &store);
};

} // namespace Skein
