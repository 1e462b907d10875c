// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// A tiny MCP server over stdio for the agent kill test: newline-delimited JSON-RPC on stdin and
// stdout, two tools. `record` (no read-only hint, so it needs approval) appends its `marker` to the
// file named by the first command-line argument — every run is observable; `slow` answers after
// `ms` milliseconds. Exits at end of input (its client was killed).

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>

namespace {

void send(const QJsonObject &message)
{
    const QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
    std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
    std::fflush(stdout);
}

QJsonObject textResult(const QString &text)
{
    return {
        {QStringLiteral("content"),
         QJsonArray {QJsonObject {{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}}}}};
}

QJsonObject tool(const QString &name, const QString &description, const QString &argument, const QString &type,
                 bool readOnly)
{
    QJsonObject t {
        {QStringLiteral("name"), name},
        {QStringLiteral("description"), description},
        {QStringLiteral("inputSchema"),
         QJsonObject {
             {QStringLiteral("type"), QStringLiteral("object")},
             {QStringLiteral("properties"), QJsonObject {{argument, QJsonObject {{QStringLiteral("type"), type}}}}},
             {QStringLiteral("required"), QJsonArray {argument}}}},
    };
    if (readOnly)
        t.insert(QStringLiteral("annotations"), QJsonObject {{QStringLiteral("readOnlyHint"), true}});
    return t;
}

} // namespace

int main(int argc, char **argv)
{
    const QString recordFile = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    std::string line;
    while (std::getline(std::cin, line)) {
        const QJsonObject message = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
        const QString method = message.value(QStringLiteral("method")).toString();
        const QJsonValue id = message.value(QStringLiteral("id"));
        if (id.isUndefined())
            continue; // notifications
        QJsonObject reply {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id}};
        if (method == QLatin1String("initialize")) {
            reply.insert(
                QStringLiteral("result"),
                QJsonObject {
                    {QStringLiteral("protocolVersion"),
                     message.value(QStringLiteral("params")).toObject().value(QStringLiteral("protocolVersion"))},
                    {QStringLiteral("capabilities"), QJsonObject {{QStringLiteral("tools"), QJsonObject {}}}},
                    {QStringLiteral("serverInfo"),
                     QJsonObject {{QStringLiteral("name"), QStringLiteral("skein-test")},
                                  {QStringLiteral("version"), QStringLiteral("1")}}}});
        } else if (method == QLatin1String("tools/list")) {
            reply.insert(QStringLiteral("result"),
                         QJsonObject {{QStringLiteral("tools"),
                                       QJsonArray {tool(QStringLiteral("record"), QStringLiteral("Records a marker."),
                                                        QStringLiteral("marker"), QStringLiteral("string"), false),
                                                   tool(QStringLiteral("slow"), QStringLiteral("Waits, then answers."),
                                                        QStringLiteral("ms"), QStringLiteral("number"), true)}}});
        } else if (method == QLatin1String("tools/call")) {
            const QJsonObject params = message.value(QStringLiteral("params")).toObject();
            const QString name = params.value(QStringLiteral("name")).toString();
            const QJsonObject args = params.value(QStringLiteral("arguments")).toObject();
            if (name == QLatin1String("record")) {
                const QString marker = args.value(QStringLiteral("marker")).toString();
                QFile f(recordFile);
                if (f.open(QIODevice::Append)) {
                    f.write(marker.toUtf8() + '\n');
                    f.close();
                }
                reply.insert(QStringLiteral("result"), textResult(QStringLiteral("recorded ") + marker));
            } else if (name == QLatin1String("slow")) {
                const int ms = args.value(QStringLiteral("ms")).toInt();
                std::this_thread::sleep_for(std::chrono::milliseconds(ms));
                reply.insert(QStringLiteral("result"), textResult(QStringLiteral("slept %1 ms").arg(ms)));
            } else {
                reply.insert(QStringLiteral("error"),
                             QJsonObject {{QStringLiteral("code"), -32602},
                                          {QStringLiteral("message"), QStringLiteral("unknown tool")}});
            }
        } else if (method == QLatin1String("ping")) {
            reply.insert(QStringLiteral("result"), QJsonObject {});
        } else {
            reply.insert(QStringLiteral("error"),
                         QJsonObject {{QStringLiteral("code"), -32601},
                                      {QStringLiteral("message"), QStringLiteral("method not found")}});
        }
        send(reply);
    }
    return 0;
}
