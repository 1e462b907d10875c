// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "toolapprovals.h"

#include "core/domain/ids.h"
#include "core/settings/settingskeys.h"
#include "engine/tools/tool.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QJsonDocument>
#include <QStringList>

#include <algorithm>

namespace Skein {

namespace {

// The approvals themselves live in Settings::Keys::toolApprovals (the array the Settings dialog
// shows); the approved description and schema, needed to say what changed, beside them.
const QString definitionsKey = QStringLiteral("agent/tool_approval_definitions");

Result<QString> setting(Store &store, const QString &key)
{
    Result<std::optional<QString>> v = store.settings().get(key);
    if (!v)
        return v.error();
    return v.value().value_or(QString());
}

Result<QList<Settings::ToolApproval>> approvals(Store &store)
{
    Result<QString> text = setting(store, QString(Settings::Keys::toolApprovals.key));
    if (!text)
        return text.error();
    return Settings::toolApprovals(text.value());
}

Result<QJsonObject> definitions(Store &store)
{
    Result<QString> text = setting(store, definitionsKey);
    if (!text)
        return text.error();
    return QJsonDocument::fromJson(text.value().toUtf8()).object();
}

Status save(Store &store, const QList<Settings::ToolApproval> &list, const QJsonObject &defs)
{
    if (Status s = store.settings().set(QString(Settings::Keys::toolApprovals.key), Settings::toolApprovalsJson(list));
        !s)
        return s;
    return store.settings().set(definitionsKey, QString::fromUtf8(QJsonDocument(defs).toJson(QJsonDocument::Compact)));
}

ToolDefinitionInfo approvedDefinition(const Settings::ToolApproval &a, const QJsonObject &defs)
{
    const QJsonObject d = defs.value(a.tool).toObject();
    ToolDefinitionInfo info;
    info.name = a.tool;
    info.hash = a.definitionHash.toLatin1();
    info.description = d.value(QStringLiteral("description")).toString();
    info.parameters = d.value(QStringLiteral("parameters")).toObject();
    return info;
}

} // namespace

ToolDefinitionInfo ToolDefinitionInfo::of(const Tool &tool)
{
    return {tool.name(), tool.description(), tool.parameters(), tool.definitionHash(),
            tool.policy() != ToolPolicy::ReadOnly};
}

QString ToolDefinitionChange::summary() const
{
    QStringList parts;
    if (descriptionChanged())
        parts << ToolApprovals::tr("The description changed from “%1” to “%2”.")
                     .arg(approved.description, current.description);
    if (parametersChanged())
        parts << ToolApprovals::tr("The arguments changed from %1 to %2.")
                     .arg(QString::fromUtf8(Tool::canonicalJson(approved.parameters)),
                          QString::fromUtf8(Tool::canonicalJson(current.parameters)));
    if (parts.isEmpty())
        parts << ToolApprovals::tr("The tool's definition changed.");
    return ToolApprovals::tr("Your earlier approval of %1 was revoked: ").arg(current.name)
        + parts.join(QLatin1Char(' '));
}

Result<ToolApprovals::Lookup> ToolApprovals::check(Store &store, const ToolDefinitionInfo &current)
{
    Result<QList<Settings::ToolApproval>> list = approvals(store);
    if (!list)
        return list.error();
    const auto it = std::find_if(list->cbegin(), list->cend(), [&](const auto &a) { return a.tool == current.name; });
    if (it == list->cend())
        return Lookup {};
    if (it->definitionHash.toLatin1() == current.hash)
        return Lookup {Standing::Granted, std::nullopt};
    Result<QJsonObject> defs = definitions(store);
    if (!defs)
        return defs.error();
    const ToolDefinitionInfo approved = approvedDefinition(*it, defs.value());
    if (Status s = revoke(store, current.name); !s)
        return s.error();
    return Lookup {Standing::Revoked, ToolDefinitionChange {approved, current}};
}

Status ToolApprovals::grant(Store &store, const ToolDefinitionInfo &definition)
{
    Result<QList<Settings::ToolApproval>> list = approvals(store);
    if (!list)
        return list.error();
    Result<QJsonObject> defs = definitions(store);
    if (!defs)
        return defs.error();
    QList<Settings::ToolApproval> out = list.value();
    out.removeIf([&](const auto &a) { return a.tool == definition.name; });
    out.append({definition.name, QString::fromLatin1(definition.hash), Ids::nowMs()});
    QJsonObject d = defs.value();
    d.insert(definition.name,
             QJsonObject {{QStringLiteral("description"), definition.description},
                          {QStringLiteral("parameters"), definition.parameters}});
    return save(store, out, d);
}

Status ToolApprovals::revoke(Store &store, const QString &toolName)
{
    Result<QList<Settings::ToolApproval>> list = approvals(store);
    if (!list)
        return list.error();
    Result<QJsonObject> defs = definitions(store);
    if (!defs)
        return defs.error();
    QList<Settings::ToolApproval> out = list.value();
    out.removeIf([&](const auto &a) { return a.tool == toolName; });
    QJsonObject d = defs.value();
    d.remove(toolName);
    return save(store, out, d);
}

Result<QList<ToolDefinitionInfo>> ToolApprovals::all(Store &store)
{
    Result<QList<Settings::ToolApproval>> list = approvals(store);
    if (!list)
        return list.error();
    Result<QJsonObject> defs = definitions(store);
    if (!defs)
        return defs.error();
    QList<ToolDefinitionInfo> out;
    for (const Settings::ToolApproval &a : list.value())
        out.append(approvedDefinition(a, defs.value()));
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
    return out;
}

} // namespace Skein
