// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcpserverconfig.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace Skein::McpConfig {

namespace {

// 1-based line and column of a byte offset, for JSON syntax errors.
QString lineColumn(const QByteArray &json, int offset)
{
    int line = 1, column = 1;
    for (int i = 0; i < offset && i < json.size(); ++i) {
        if (json[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return QCoreApplication::translate("Skein::McpConfig", "line %1, column %2").arg(line).arg(column);
}

bool readStringMap(const QJsonValue &value, QMap<QString, QString> &out)
{
    if (value.isUndefined() || value.isNull())
        return true;
    if (!value.isObject())
        return false;
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.value().isString())
            return false;
        out.insert(it.key(), it.value().toString());
    }
    return true;
}

std::optional<McpServerConfig> readServer(const QString &name, const QJsonValue &value, QStringList &errors)
{
    auto problem = [&](const QString &message) {
        errors.append(QCoreApplication::translate("Skein::McpConfig", "Server “%1”: %2").arg(name, message));
        return std::nullopt;
    };
    if (!isValidServerName(name))
        return problem(QCoreApplication::translate(
            "Skein::McpConfig", "the name may only use letters, digits, “-” and “_” (no “__”), at most 32 characters"));
    if (!value.isObject())
        return problem(QCoreApplication::translate("Skein::McpConfig", "expected an object with “command” or “url”"));
    const QJsonObject o = value.toObject();
    McpServerConfig c;
    c.name = name;
    const QJsonValue command = o.value(QStringLiteral("command"));
    const QJsonValue url = o.value(QStringLiteral("url"));
    if (!command.isUndefined() && !url.isUndefined())
        return problem(QCoreApplication::translate("Skein::McpConfig", "has both “command” and “url”; use one"));
    if (!command.isUndefined()) {
        if (!command.isString() || command.toString().trimmed().isEmpty())
            return problem(QCoreApplication::translate("Skein::McpConfig", "“command” must be a non-empty string"));
        c.command = command.toString();
        const QJsonValue args = o.value(QStringLiteral("args"));
        if (!args.isUndefined() && !args.isNull()) {
            if (!args.isArray())
                return problem(QCoreApplication::translate("Skein::McpConfig", "“args” must be an array of strings"));
            for (const QJsonValue &a : args.toArray()) {
                if (!a.isString())
                    return problem(
                        QCoreApplication::translate("Skein::McpConfig", "“args” must be an array of strings"));
                c.args.append(a.toString());
            }
        }
        if (!readStringMap(o.value(QStringLiteral("env")), c.env))
            return problem(QCoreApplication::translate("Skein::McpConfig", "“env” must be an object of strings"));
        const QJsonValue cwd = o.value(QStringLiteral("cwd"));
        if (!cwd.isUndefined() && !cwd.isString())
            return problem(QCoreApplication::translate("Skein::McpConfig", "“cwd” must be a string"));
        c.cwd = cwd.toString();
    } else if (!url.isUndefined()) {
        c.transport = McpServerConfig::Transport::Http;
        c.url = QUrl(url.toString(), QUrl::StrictMode);
        if (!url.isString() || !c.url.isValid() || (c.url.scheme() != u"http" && c.url.scheme() != u"https")
            || c.url.host().isEmpty())
            return problem(
                QCoreApplication::translate("Skein::McpConfig", "“url” must be an http:// or https:// address"));
        if (!readStringMap(o.value(QStringLiteral("headers")), c.headers))
            return problem(QCoreApplication::translate("Skein::McpConfig", "“headers” must be an object of strings"));
    } else {
        return problem(QCoreApplication::translate(
            "Skein::McpConfig", "needs “command” (a local program) or “url” (a streamable HTTP endpoint)"));
    }
    const QJsonValue disabled = o.value(QStringLiteral("disabled"));
    if (!disabled.isUndefined() && !disabled.isBool())
        return problem(QCoreApplication::translate("Skein::McpConfig", "“disabled” must be true or false"));
    c.disabled = disabled.toBool();
    c.trusted = o.value(QStringLiteral("trusted")).toBool(false);
    return c;
}

} // namespace

bool isValidServerName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_-]{1,32}$"));
    return pattern.match(name).hasMatch() && !name.contains(QStringLiteral("__"));
}

McpConfigParseResult parse(const QByteArray &json)
{
    McpConfigParseResult result;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        result.errors.append(QCoreApplication::translate("Skein::McpConfig", "The file is not valid JSON (%1 at %2).")
                                 .arg(error.errorString(), lineColumn(json, error.offset)));
        return result;
    }
    if (!doc.isObject()) {
        result.errors.append(
            QCoreApplication::translate("Skein::McpConfig", "Expected a JSON object with “mcpServers”."));
        return result;
    }
    const QJsonObject root = doc.object();
    QJsonValue servers = root.value(QStringLiteral("mcpServers"));
    if (servers.isUndefined())
        servers = root.value(QStringLiteral("servers")); // VS Code's variant of the format
    if (servers.isUndefined()) {
        result.errors.append(QCoreApplication::translate("Skein::McpConfig", "No “mcpServers” object found."));
        return result;
    }
    if (!servers.isObject()) {
        result.errors.append(QCoreApplication::translate("Skein::McpConfig",
                                                         "“mcpServers” must be an object that maps names to servers."));
        return result;
    }
    const QJsonObject map = servers.toObject();
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (auto server = readServer(it.key(), it.value(), result.errors))
            result.servers.append(*server);
    }
    return result;
}

McpConfigParseResult importFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        McpConfigParseResult result;
        result.errors.append(
            QCoreApplication::translate("Skein::McpConfig", "Cannot read %1: %2").arg(path, file.errorString()));
        return result;
    }
    constexpr qint64 maxSize = 4 * 1024 * 1024;
    if (file.size() > maxSize) {
        McpConfigParseResult result;
        result.errors.append(
            QCoreApplication::translate("Skein::McpConfig", "%1 is too large for a configuration file.").arg(path));
        return result;
    }
    McpConfigParseResult result = parse(file.readAll());
    for (McpServerConfig &server : result.servers)
        server.trusted = false; // a file cannot make its own servers trusted
    return result;
}

QString origin(const McpServerConfig &server)
{
    if (server.transport == McpServerConfig::Transport::Http)
        return server.url.toString();
    QStringList words;
    for (const QString &word : QStringList {server.command} + server.args) {
        const bool plain = !word.isEmpty() && std::all_of(word.cbegin(), word.cend(), [](QChar c) {
            return c.isLetterOrNumber() || QStringView(u"-_./=:@%+,").contains(c);
        });
        words << (plain ? word
                        : QLatin1Char('\'') + QString(word).replace(QStringLiteral("'"), QStringLiteral("'\\''"))
                          + QLatin1Char('\''));
    }
    QString text = words.join(QLatin1Char(' '));
    if (!server.cwd.isEmpty())
        text = QStringLiteral("(in %1) ").arg(server.cwd) + text;
    if (!server.env.isEmpty())
        text += QStringLiteral(" (environment: %1)").arg(server.env.keys().join(QStringLiteral(", ")));
    return text;
}

QByteArray toJson(const QList<McpServerConfig> &servers)
{
    QJsonObject map;
    for (const McpServerConfig &c : servers) {
        QJsonObject o;
        if (c.transport == McpServerConfig::Transport::Stdio) {
            o.insert(QStringLiteral("command"), c.command);
            if (!c.args.isEmpty())
                o.insert(QStringLiteral("args"), QJsonArray::fromStringList(c.args));
            if (!c.env.isEmpty()) {
                QJsonObject env;
                for (auto it = c.env.begin(); it != c.env.end(); ++it)
                    env.insert(it.key(), it.value());
                o.insert(QStringLiteral("env"), env);
            }
            if (!c.cwd.isEmpty())
                o.insert(QStringLiteral("cwd"), c.cwd);
        } else {
            o.insert(QStringLiteral("url"), c.url.toString());
            if (!c.headers.isEmpty()) {
                QJsonObject headers;
                for (auto it = c.headers.begin(); it != c.headers.end(); ++it)
                    headers.insert(it.key(), it.value());
                o.insert(QStringLiteral("headers"), headers);
            }
        }
        if (c.disabled)
            o.insert(QStringLiteral("disabled"), true);
        if (c.trusted)
            o.insert(QStringLiteral("trusted"), true);
        map.insert(c.name, o);
    }
    return QJsonDocument(QJsonObject {{QStringLiteral("mcpServers"), map}}).toJson(QJsonDocument::Indented);
}

} // namespace Skein::McpConfig
