/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/tool.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <memory>

namespace Skein {

// The tools available to the agent loop, by unique name (built-ins and `server__tool` MCP tools).
class ToolRegistry final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolRegistry)

public:
    explicit ToolRegistry(QObject *parent = nullptr);
    ~ToolRegistry() override;

    // Adds or replaces the tool with the same name.
    void add(std::shared_ptr<Tool> tool);
    bool remove(const QString &name);
    // Removes every tool whose name starts with `prefix` (e.g. "server__" when a server goes away).
    int removeWithPrefix(const QString &prefix);
    std::shared_ptr<Tool> find(const QString &name) const;
    QStringList names() const; // sorted
    QList<std::shared_ptr<Tool>> tools() const; // sorted by name
    // The OpenAI-style function definitions for a request: [{type, function: {name, description, parameters}}].
    QJsonArray definitions() const;

Q_SIGNALS:
    void changed();

private:
    QList<std::shared_ptr<Tool>> m_tools; // sorted by name
};

} // namespace Skein
