/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcpclient.h"
#include "engine/tools/tool.h"

#include <QPointer>

namespace Skein {

class ToolRegistry;

// A server's tool as a Tool, named `server__tool` so names stay unique across servers.
class McpTool final : public Tool
{
public:
    McpTool(McpClient *client, const McpToolInfo &info);

    // `server__tool` with characters outside [A-Za-z0-9_-] replaced by "_", cut to 64 characters.
    static QString qualifiedName(const QString &server, const QString &tool);

    QString name() const override { return m_name; }
    QString description() const override;
    QJsonObject parameters() const override;
    // A server's readOnlyHint is its own claim: it waives approval only when the user marked that
    // server trusted (issue #13).
    ToolPolicy policy() const override
    {
        return m_info.readOnly && m_trusted ? ToolPolicy::ReadOnly : ToolPolicy::SideEffects;
    }
    QJsonObject definitionExtras() const override;
    const McpToolInfo &info() const { return m_info; }

    // Keeps the registry's `server__*` tools equal to the client's list from now on.
    static void syncRegistry(McpClient *client, ToolRegistry *registry);

protected:
    void start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call) override;

private:
    QPointer<McpClient> m_client;
    McpToolInfo m_info;
    QString m_name;
    QString m_origin; // the server's command line or URL
    bool m_trusted = false;
};

} // namespace Skein
