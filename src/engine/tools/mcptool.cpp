// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcptool.h"

#include "engine/tools/toolregistry.h"

#include <QCoreApplication>

namespace Skein {

McpTool::McpTool(McpClient *client, const McpToolInfo &info)
    : m_client(client)
    , m_info(info)
    , m_name(qualifiedName(client->config().name, info.name))
    , m_origin(McpConfig::origin(client->config()))
    , m_trusted(client->config().trusted)
{ }

QJsonObject McpTool::definitionExtras() const
{
    return {{QStringLiteral("annotations"), m_info.annotations}, {QStringLiteral("server"), m_origin}};
}

QString McpTool::qualifiedName(const QString &server, const QString &tool)
{
    QString name = server + QStringLiteral("__") + tool;
    for (QChar &c : name) {
        const bool allowed = (c.unicode() < 128 && c.isLetterOrNumber()) || c == u'_' || c == u'-';
        if (!allowed)
            c = u'_';
    }
    return name.left(64);
}

QString McpTool::description() const
{
    return m_info.description.isEmpty() ? m_info.title : m_info.description;
}

QJsonObject McpTool::parameters() const
{
    if (m_info.inputSchema.isEmpty())
        return {{QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), QJsonObject {}}};
    return m_info.inputSchema;
}

void McpTool::start(const QJsonObject &arguments, const ToolContext &, ToolInvocation *call)
{
    if (!m_client) {
        call->finish(ToolResult::error(
            QCoreApplication::translate("Skein::McpClient", "The MCP server of this tool was removed.")));
        return;
    }
    m_client->callTool(m_info.name, arguments, call);
}

void McpTool::syncRegistry(McpClient *client, ToolRegistry *registry)
{
    auto sync = [client, registry] {
        const QString prefix = client->config().name + QStringLiteral("__");
        registry->removeWithPrefix(prefix);
        if (client->state() != McpClient::State::Ready)
            return;
        for (const McpToolInfo &info : client->tools())
            registry->add(std::make_shared<McpTool>(client, info));
    };
    QObject::connect(client, &McpClient::toolsChanged, registry, sync);
    QObject::connect(client, &McpClient::stateChanged, registry, sync);
    sync();
}

} // namespace Skein
