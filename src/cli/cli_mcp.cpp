// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli mcp: the user's MCP servers (list, add, remove, import, trust, log).
#include "app/appcontext.h"
#include "cli.h"
#include "engine/tools/mcpserverconfig.h"
#include "engine/tools/mcpserverlog.h"
#include "engine/tools/mcpservers.h"
#include "engine/tools/toolapprovals.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTextStream>

#include <unistd.h>

namespace Skein {

void Cli::defineMcp(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("json"), Cli::tr("Print JSON.")});
    p.addOption({QStringLiteral("command"), Cli::tr("add: the server's command (stdio)."), Cli::tr("cmd")});
    p.addOption({QStringLiteral("arg"), Cli::tr("add: an argument of the command (repeatable)."), Cli::tr("arg")});
    p.addOption({QStringLiteral("env"),
                 Cli::tr("add: pass this environment variable of skein-cli to the server (repeatable; the value is "
                         "read from the environment, never from the command line)."),
                 Cli::tr("NAME")});
    p.addOption({QStringLiteral("url"), Cli::tr("add: the server's streamable HTTP endpoint."), Cli::tr("url")});
    p.addOption({QStringLiteral("header-env"),
                 Cli::tr("add: an HTTP header whose value is read from the environment variable VAR (repeatable)."),
                 Cli::tr("HEADER=VAR")});
    p.addOption({QStringLiteral("header"),
                 Cli::tr("add: refused, because a value on the command line is visible to every user (ps); use "
                         "--header-env or --secrets-stdin."),
                 Cli::tr("K=V")});
    p.addOption({QStringLiteral("secrets-stdin"),
                 Cli::tr("add: read NAME=VALUE lines from standard input: environment variables of a command, "
                         "headers of a URL.")});
    p.addOption({QStringLiteral("trusted"),
                 Cli::tr("add: trust the server's claims, so its tools marked read-only run without asking.")});
    p.addOption({QStringLiteral("yes"), Cli::tr("import: import without asking (after reading the list).")});
    p.addOption({QStringLiteral("lines"), Cli::tr("log: how many of the last lines (default 200)."), Cli::tr("n")});
}

int Cli::cmdMcp(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(0);
    Result<QList<McpServerConfig>> loaded = McpServerStore::load(*m_store);
    if (!loaded)
        return fail(loaded.error());
    QList<McpServerConfig> servers = loaded.value();
    auto find = [&](const QString &name) -> qsizetype {
        for (qsizetype i = 0; i < servers.size(); ++i)
            if (servers[i].name == name)
                return i;
        return -1;
    };
    // Saves the list; env/header values go to the keychain first (never into settings).
    auto saveWithSecrets = [&](const QList<McpServerConfig> &changed) -> bool {
        for (const McpServerConfig &s : changed) {
            if (!McpServerStore::hasSecrets(s))
                continue;
            const QString secret = McpServerStore::secretOf(s);
            const SecretResult r = secretCall([&](SecretStore &store, QObject *c, SecretStore::Callback cb) {
                store.write(McpServerStore::secretKey(s.name), secret, c, std::move(cb));
            });
            if (!r.ok() || m_context->secrets().availability() == SecretStore::Availability::SessionOnly) {
                fail(tr("the keychain is not available, so the environment/headers of %1 cannot be stored: %2")
                         .arg(s.name, r.message.isEmpty() ? m_context->secrets().availabilityReason() : r.message));
                return false;
            }
        }
        if (Status st = McpServerStore::save(*m_store, servers); !st) {
            fail(st.error());
            return false;
        }
        return true;
    };

    if (action == QLatin1String("list") && args.size() == 1) {
        QJsonArray array;
        for (const McpServerConfig &s : std::as_const(servers)) {
            const QString where = s.transport == McpServerConfig::Transport::Http
                ? s.url.toString()
                : (QStringList {s.command} + s.args).join(QLatin1Char(' '));
            if (parser.isSet(QStringLiteral("json"))) {
                array.append(QJsonObject {
                    {QStringLiteral("name"), s.name},
                    {QStringLiteral("transport"),
                     s.transport == McpServerConfig::Transport::Http ? QStringLiteral("http")
                                                                     : QStringLiteral("stdio")},
                    {QStringLiteral("target"), where},
                    {QStringLiteral("env"), QJsonArray::fromStringList(s.env.keys())},
                    {QStringLiteral("disabled"), s.disabled},
                    {QStringLiteral("trusted"), s.trusted},
                });
            } else {
                m_out << s.name << '\t' << where << (s.disabled ? QStringLiteral("\t(disabled)") : QString())
                      << (s.trusted ? QStringLiteral("\t(trusted)") : QString()) << Qt::endl;
            }
        }
        if (parser.isSet(QStringLiteral("json")))
            m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("add") && args.size() == 2) {
        McpServerConfig s;
        s.name = args.at(1);
        if (!McpConfig::isValidServerName(s.name))
            return usage(tr("a server name is 1-32 letters, digits, '-' or '_', without \"__\""));
        if (find(s.name) >= 0)
            return fail(tr("there is already a server named %1; remove it first").arg(s.name));
        if (parser.isSet(QStringLiteral("command")) == parser.isSet(QStringLiteral("url")))
            return usage(tr("mcp add needs either --command CMD or --url URL"));
        // Values never come from argv, which every user of the machine can read (ps).
        for (const QString &option : {QStringLiteral("env"), QStringLiteral("header-env")})
            for (const QString &value : parser.values(option))
                if (option == QLatin1String("env") && value.contains(QLatin1Char('=')))
                    return usage(tr("--env takes a variable name only: a value on the command line can be read "
                                    "by every user of this computer (ps). Set the variable in the environment "
                                    "and pass --env NAME, or use --secrets-stdin."));
        if (!parser.values(QStringLiteral("header")).isEmpty())
            return usage(tr("--header K=V would put the value on the command line, where every user of this "
                            "computer can read it (ps); use --header-env HEADER=VAR or --secrets-stdin."));
        QMap<QString, QString> fromStdin;
        if (parser.isSet(QStringLiteral("secrets-stdin"))) {
            QTextStream in(stdin);
            while (!in.atEnd()) {
                const QString line = in.readLine();
                if (line.trimmed().isEmpty())
                    continue;
                const qsizetype eq = line.indexOf(QLatin1Char('='));
                if (eq <= 0)
                    return usage(tr("--secrets-stdin reads NAME=VALUE lines; a line without '=' was given"));
                fromStdin.insert(line.left(eq).trimmed(), line.mid(eq + 1));
            }
        }
        const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        if (parser.isSet(QStringLiteral("command"))) {
            s.transport = McpServerConfig::Transport::Stdio;
            s.command = parser.value(QStringLiteral("command"));
            s.args = parser.values(QStringLiteral("arg"));
            for (const QString &name : parser.values(QStringLiteral("env"))) {
                if (!environment.contains(name))
                    return usage(tr("--env %1: skein-cli has no environment variable %1").arg(name));
                s.env.insert(name, environment.value(name));
            }
            s.env.insert(fromStdin);
        } else {
            s.transport = McpServerConfig::Transport::Http;
            s.url = QUrl(parser.value(QStringLiteral("url")), QUrl::StrictMode);
            if (!s.url.isValid()
                || (s.url.scheme() != QLatin1String("http") && s.url.scheme() != QLatin1String("https")))
                return usage(tr("--url needs an http or https URL"));
            for (const QString &pair : parser.values(QStringLiteral("header-env"))) {
                const qsizetype eq = pair.indexOf(QLatin1Char('='));
                if (eq <= 0)
                    return usage(tr("--header-env needs HEADER=VAR"));
                const QString variable = pair.mid(eq + 1);
                if (!environment.contains(variable))
                    return usage(
                        tr("--header-env %1: skein-cli has no environment variable %2").arg(pair.left(eq), variable));
                s.headers.insert(pair.left(eq), environment.value(variable));
            }
            s.headers.insert(fromStdin);
        }
        s.trusted = parser.isSet(QStringLiteral("trusted"));
        servers.append(s);
        if (!saveWithSecrets({s}))
            return 1;
        m_out << tr("added %1").arg(s.name) << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("remove") && args.size() == 2) {
        const qsizetype i = find(args.at(1));
        if (i < 0)
            return fail(tr("no MCP server named %1").arg(args.at(1)));
        const McpServerConfig removed = servers.takeAt(i);
        if (Status st = McpServerStore::save(*m_store, servers); !st)
            return fail(st.error());
        if (McpServerStore::hasSecrets(removed))
            secretCall([&](SecretStore &store, QObject *c, SecretStore::Callback cb) {
                store.remove(McpServerStore::secretKey(removed.name), c, std::move(cb));
            });
        // Its "always allow" approvals go with it.
        if (Result<QList<ToolDefinitionInfo>> approvals = ToolApprovals::all(*m_store); approvals)
            for (const ToolDefinitionInfo &a : approvals.value())
                if (a.name.startsWith(removed.name + QStringLiteral("__")))
                    (void)ToolApprovals::revoke(*m_store, a.name);
        m_out << tr("removed %1").arg(removed.name) << Qt::endl;
        return 0;
    }
    if (action == QLatin1String("import") && args.size() == 2) {
        const McpConfigParseResult parsed = McpConfig::importFile(args.at(1));
        for (const QString &e : parsed.errors)
            m_err << e << Qt::endl;
        if (parsed.servers.isEmpty())
            return fail(tr("nothing to import from %1").arg(args.at(1)));
        // Every new or changed server is shown in full: importing means Skein may start it.
        QList<McpServerConfig> changed;
        for (const McpServerConfig &s : parsed.servers) {
            const qsizetype i = find(s.name);
            if (i >= 0 && servers[i] == s)
                continue;
            changed.append(s);
            m_out << (i >= 0 ? tr("changed %1: %2 (was: %3)")
                                   .arg(s.name, McpConfig::origin(s), McpConfig::origin(servers[i]))
                             : tr("new %1: %2").arg(s.name, McpConfig::origin(s)))
                  << Qt::endl;
        }
        if (changed.isEmpty()) {
            m_out << tr("nothing new in %1").arg(args.at(1)) << Qt::endl;
            return parsed.ok() ? 0 : 1;
        }
        if (!parser.isSet(QStringLiteral("yes"))) {
            if (!::isatty(STDIN_FILENO))
                return fail(tr("nothing imported: Skein would start these programs. Read the list above and run "
                               "again with --yes to import them."));
            m_out << tr("Import these servers? Skein starts them when a conversation uses tools. [y/N] ") << Qt::flush;
            const QString answer = QTextStream(stdin).readLine().trimmed().toLower();
            if (answer != QLatin1String("y") && answer != QLatin1String("yes"))
                return fail(tr("nothing imported"));
        }
        for (const McpServerConfig &s : std::as_const(changed)) {
            const qsizetype i = find(s.name);
            if (i >= 0)
                servers[i] = s;
            else
                servers.append(s);
        }
        if (!saveWithSecrets(changed))
            return 1;
        m_out << tr("imported %n server(s)", "", int(changed.size())) << Qt::endl;
        return parsed.ok() ? 0 : 1;
    }
    if (action == QLatin1String("log") && args.size() == 2) {
        if (!McpConfig::isValidServerName(args.at(1)))
            return usage(tr("a server name is 1-32 letters, digits, '-' or '_', without \"__\""));
        const int lines = parser.isSet(QStringLiteral("lines")) ? parser.value(QStringLiteral("lines")).toInt() : 200;
        QStringList all;
        const QString path = McpServerLog::defaultPath(m_context->dataDir(), args.at(1));
        for (const QString &file : QStringList {path + QStringLiteral(".1"), path}) {
            QFile f(file);
            if (f.open(QIODevice::ReadOnly))
                all += QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        }
        if (all.isEmpty())
            return fail(tr("no log for %1 yet (%2)").arg(args.at(1), path));
        for (const QString &line : all.mid(std::max<qsizetype>(0, all.size() - std::max(1, lines))))
            m_out << line << Qt::endl;
        return 0;
    }
    if ((action == QLatin1String("trust") || action == QLatin1String("untrust")) && args.size() == 2) {
        const qsizetype i = find(args.at(1));
        if (i < 0)
            return fail(tr("no MCP server named %1").arg(args.at(1)));
        servers[i].trusted = action == QLatin1String("trust");
        if (Status st = McpServerStore::save(*m_store, servers); !st)
            return fail(st.error());
        m_out << (servers[i].trusted ? tr("%1 is trusted: its tools marked read-only run without asking")
                                     : tr("%1 is not trusted: every tool of it asks first"))
                     .arg(args.at(1))
              << Qt::endl;
        return 0;
    }
    return usage(tr("usage: mcp list [--json] | add NAME (--command CMD [--arg A]... [--env NAME]... | --url URL "
                    "[--header-env HEADER=VAR]...) [--secrets-stdin] [--trusted] | remove NAME | import FILE [--yes] "
                    "| trust NAME | untrust NAME | log NAME [--lines N]"));
}

} // namespace Skein
