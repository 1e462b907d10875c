/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QHash>
#include <QString>

namespace Skein {

// Which sessions have a run (a streaming reply, an agent loop) in flight. Whoever starts a run
// marks it; background work skips those sessions.
class RunRegistry final
{
public:
    void begin(const QString &sessionId) { ++m_runs[sessionId]; }
    void end(const QString &sessionId)
    {
        if (--m_runs[sessionId] <= 0)
            m_runs.remove(sessionId);
    }
    bool isActive(const QString &sessionId) const { return m_runs.value(sessionId) > 0; }

private:
    QHash<QString, int> m_runs;
};

} // namespace Skein
