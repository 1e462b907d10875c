// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// A command-line MCP client around McpClient for the client scenarios of
// @modelcontextprotocol/conformance (which starts a test server per scenario and runs this with
// the server's URL as the last argument): connects over streamable HTTP, initializes, lists the
// tools, calls each one with arguments made from its schema (numbers 2, 3, …; strings "test";
// booleans true), prints the results and stops. Exit 0 when every call answered.

#include "engine/tools/mcpclient.h"
#include "engine/tools/tool.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <cstdio>

using namespace Skein;

namespace {

QJsonObject argumentsFor(const QJsonObject &schema)
{
    QJsonObject args;
    int number = 2;
    const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QString type = it.value().toObject().value(QStringLiteral("type")).toString();
        if (type == QLatin1String("number") || type == QLatin1String("integer"))
            args.insert(it.key(), number++);
        else if (type == QLatin1String("boolean"))
            args.insert(it.key(), true);
        else if (type == QLatin1String("string"))
            args.insert(it.key(), QStringLiteral("test"));
    }
    return args;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: %s SERVER_URL\n", argv[0]);
        return 2;
    }
    McpServerConfig config;
    config.name = QStringLiteral("conformance");
    config.transport = McpServerConfig::Transport::Http;
    config.url = QUrl(args.last());
    McpClient client(config, {});
    int pending = 0;
    int failures = 0;
    QObject::connect(&client, &McpClient::failed, &app, [&](const QString &detail) {
        std::fprintf(stderr, "failed: %s\n", qPrintable(detail));
        QCoreApplication::exit(1);
    });
    QObject::connect(&client, &McpClient::ready, &app, [&] {
        std::printf("connected: %s, protocol %s, %d tools\n",
                    qPrintable(QString::fromUtf8(QJsonDocument(client.serverInfo()).toJson(QJsonDocument::Compact))),
                    qPrintable(client.negotiatedVersion()), int(client.tools().size()));
        for (const McpToolInfo &tool : client.tools()) {
            auto *call = new ToolInvocation(&app);
            ++pending;
            QObject::connect(call, &ToolInvocation::finished, &app, [&, name = tool.name](const ToolResult &r) {
                std::printf("%s -> %s%s\n", qPrintable(name), r.isError ? "error: " : "", qPrintable(r.content));
                failures += r.isError;
                if (--pending == 0) {
                    client.stop();
                    QTimer::singleShot(200, &app, [&] { QCoreApplication::exit(failures ? 1 : 0); });
                }
            });
            call->startTimeout(std::chrono::seconds(20));
            client.callTool(tool.name, argumentsFor(tool.inputSchema), call);
        }
        if (pending == 0) {
            client.stop();
            QTimer::singleShot(200, &app, [] { QCoreApplication::exit(0); });
        }
    });
    QTimer::singleShot(60000, &app, [] { QCoreApplication::exit(3); });
    client.start();
    return QCoreApplication::exec();
}
