// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/memory/workbackoff.h"

#include "core/domain/ids.h"

namespace Skein {

WorkBackoff::WorkBackoff(qint64 firstDelayMs, qint64 maxDelayMs)
    : m_firstDelayMs(firstDelayMs)
    , m_maxDelayMs(maxDelayMs)
    , m_now(&Ids::nowMs)
{ }

void WorkBackoff::setDelays(qint64 firstDelayMs, qint64 maxDelayMs)
{
    m_firstDelayMs = firstDelayMs;
    m_maxDelayMs = maxDelayMs;
}

void WorkBackoff::failed(const QString &key)
{
    Entry &e = m_entries[key];
    ++e.failures;
    qint64 delay = m_firstDelayMs;
    for (int i = 1; i < e.failures && delay < m_maxDelayMs; ++i)
        delay *= 2;
    e.retryAt = m_now() + std::min(delay, m_maxDelayMs);
}

bool WorkBackoff::isWaiting(const QString &key) const
{
    const auto it = m_entries.constFind(key);
    return it != m_entries.constEnd() && it->retryAt > m_now();
}

QSet<QString> WorkBackoff::waiting(const QString &prefix) const
{
    QSet<QString> out;
    const qint64 now = m_now();
    for (auto it = m_entries.constBegin(); it != m_entries.constEnd(); ++it)
        if (it.key().startsWith(prefix) && it->retryAt > now)
            out.insert(it.key().mid(prefix.size()));
    return out;
}

} // namespace Skein
