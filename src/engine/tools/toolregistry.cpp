// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/toolregistry.h"

#include <QJsonArray>

#include <algorithm>

namespace Skein {

ToolRegistry::ToolRegistry(QObject *parent)
    : QObject(parent)
{ }

ToolRegistry::~ToolRegistry() = default;

void ToolRegistry::add(std::shared_ptr<Tool> tool)
{
    const QString name = tool->name();
    auto it = std::lower_bound(m_tools.begin(), m_tools.end(), name,
                               [](const std::shared_ptr<Tool> &t, const QString &n) { return t->name() < n; });
    if (it != m_tools.end() && (*it)->name() == name)
        *it = std::move(tool);
    else
        m_tools.insert(it, std::move(tool));
    Q_EMIT changed();
}

bool ToolRegistry::remove(const QString &name)
{
    const auto removed = m_tools.removeIf([&](const std::shared_ptr<Tool> &t) { return t->name() == name; });
    if (removed)
        Q_EMIT changed();
    return removed > 0;
}

int ToolRegistry::removeWithPrefix(const QString &prefix)
{
    const auto removed = m_tools.removeIf([&](const std::shared_ptr<Tool> &t) { return t->name().startsWith(prefix); });
    if (removed)
        Q_EMIT changed();
    return int(removed);
}

std::shared_ptr<Tool> ToolRegistry::find(const QString &name) const
{
    for (const auto &t : m_tools) {
        if (t->name() == name)
            return t;
    }
    return {};
}

QStringList ToolRegistry::names() const
{
    QStringList out;
    for (const auto &t : m_tools)
        out.append(t->name());
    return out;
}

QList<std::shared_ptr<Tool>> ToolRegistry::tools() const
{
    return m_tools;
}

QJsonArray ToolRegistry::definitions() const
{
    QJsonArray out;
    for (const auto &t : m_tools) {
        out.append(QJsonObject {
            {QStringLiteral("type"), QStringLiteral("function")},
            {QStringLiteral("function"),
             QJsonObject {{QStringLiteral("name"), t->name()},
                          {QStringLiteral("description"), t->description()},
                          {QStringLiteral("parameters"), t->parameters()}}},
        });
    }
    return out;
}

} // namespace Skein
