// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli tools and restore: the tools a turn can offer (the app's ToolHost) and crash recovery.
#include "app/appcontext.h"
#include "cli.h"
#include "engine/tools/toolapprovals.h"
#include "engine/tools/toolhost.h"
#include "engine/tools/toolregistry.h"
#include "engine/turn/recovery.h"
#include "engine/turn/sessionlock.h"
#include "storage/store.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein {

namespace {

QString policyName(const Tool &tool)
{
    return tool.policy() == ToolPolicy::ReadOnly ? QStringLiteral("read-only") : QStringLiteral("needs-approval");
}

} // namespace

void Cli::defineToolOptions(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("allow-tool"), Cli::tr("Run this tool without asking (repeatable)."), Cli::tr("name")});
    p.addOption({QStringLiteral("deny-tools"), Cli::tr("Deny every tool call that needs approval, without asking.")});
    p.addOption({QStringLiteral("no-tools"), Cli::tr("Offer no tools to the model.")});
    p.addOption({QStringLiteral("tool-timeout"), Cli::tr("Seconds a tool call may take (default 30)."), Cli::tr("s")});
}

void Cli::defineTools(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("json"), Cli::tr("Print JSON.")});
    p.addOption({QStringLiteral("no-servers"), Cli::tr("Only the built-in tools; do not start MCP servers.")});
}

void Cli::defineRestore(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("json"), Cli::tr("Print JSON.")});
}

int Cli::cmdTools(QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.value(0) != QLatin1String("list") || args.size() != 1)
        return usage(tr("usage: tools list [--json] [--no-servers]"));
    // The tools a turn of this data dir would offer: the app's ToolHost, as `send` uses it.
    QStringList warnings;
    ToolHost &host = m_context->tools();
    host.setServersEnabled(!parser.isSet(QStringLiteral("no-servers")));
    QObject context;
    QObject::connect(&host, &ToolHost::notice, &context, [&warnings](const QString &text) { warnings << text; });
    QObject::connect(&host, &ToolHost::serverFailed, &context, [&warnings](const QString &name, const QString &detail) {
        warnings << tr("MCP server %1 failed: %2").arg(name, detail);
    });
    if (!openAsyncStore())
        return 1;
    bool ready = false;
    host.reload();
    host.whenReady(&context, [&ready] { endLoop(ready); });
    runLoop(ready);
    const ToolRegistry &registry = *host.registry();
    Result<QList<ToolDefinitionInfo>> approvals = ToolApprovals::all(*m_store);
    if (!approvals)
        return fail(approvals.error());
    QHash<QString, QByteArray> approved;
    for (const ToolDefinitionInfo &a : approvals.value())
        approved.insert(a.name, a.hash);

    QJsonArray array;
    for (const std::shared_ptr<Tool> &tool : registry.tools()) {
        QString approval = QStringLiteral("not needed");
        if (tool->policy() != ToolPolicy::ReadOnly) {
            if (!approved.contains(tool->name()))
                approval = QStringLiteral("ask");
            else if (approved.value(tool->name()) == tool->definitionHash())
                approval = QStringLiteral("always");
            else
                approval = QStringLiteral("revoked (definition changed)");
        }
        const QString server = tool->name().contains(QStringLiteral("__"))
            ? tool->name().section(QStringLiteral("__"), 0, 0)
            : QStringLiteral("built-in");
        if (parser.isSet(QStringLiteral("json"))) {
            array.append(QJsonObject {{QStringLiteral("name"), tool->name()},
                                      {QStringLiteral("source"), server},
                                      {QStringLiteral("policy"), policyName(*tool)},
                                      {QStringLiteral("approval"), approval},
                                      {QStringLiteral("description"), tool->description()}});
        } else {
            m_out << tool->name() << '\t' << server << '\t' << policyName(*tool) << '\t' << approval << '\t'
                  << tool->description().section(QLatin1Char('\n'), 0, 0) << Qt::endl;
        }
    }
    if (parser.isSet(QStringLiteral("json")))
        m_out << QJsonDocument(array).toJson(QJsonDocument::Compact) << Qt::endl;
    for (const QString &w : std::as_const(warnings))
        m_err << w << Qt::endl;
    host.stopAll();
    return 0;
}

int Cli::cmdRestore(QCommandLineParser &parser)
{
    Result<Recovery::Report> report = Recovery::restore(*m_store, SessionLock::skipLocked(m_context->dataDir()));
    if (!report)
        return fail(report.error());
    if (parser.isSet(QStringLiteral("json"))) {
        const QJsonObject o {
            {QStringLiteral("interrupted_messages"), report->interruptedMessages},
            {QStringLiteral("synthetic_results"), report->syntheticResults},
            {QStringLiteral("checkpoints_cleared"), report->checkpointsCleared},
            {QStringLiteral("runs_ended"), report->runsEnded},
            {QStringLiteral("approvals_kept"), report->approvalsKept},
            {QStringLiteral("tool_log_repaired"), report->toolLogRepaired},
            {QStringLiteral("details"), QJsonArray::fromStringList(report->details)},
        };
        m_out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
        return 0;
    }
    for (const QString &line : report->details)
        m_out << line << Qt::endl;
    if (report->details.isEmpty())
        m_out << tr("Nothing to repair.") << Qt::endl;
    else
        m_out << tr("%n repair(s).", "", report->total()) << Qt::endl;
    return 0;
}

} // namespace Skein
