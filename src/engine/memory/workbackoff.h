/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QHash>
#include <QSet>
#include <QString>

#include <functional>

namespace Skein {

// Remembers background work that failed (a summary span, an extraction batch) so it is retried
// later with exponential backoff instead of at every opportunity. In memory only: after a restart
// everything is simply tried again. Keys are caller-defined (e.g. session id + first message id).
class WorkBackoff final
{
public:
    WorkBackoff(qint64 firstDelayMs = 60'000, qint64 maxDelayMs = 3'600'000);

    void setDelays(qint64 firstDelayMs, qint64 maxDelayMs);
    // For tests: the clock in milliseconds.
    void setClock(std::function<qint64()> now) { m_now = std::move(now); }

    // A failure of key: the next attempt waits first·2^(failures−1), at most max.
    void failed(const QString &key);
    void succeeded(const QString &key) { m_entries.remove(key); }
    bool isWaiting(const QString &key) const;
    int failures(const QString &key) const { return m_entries.value(key).failures; }
    // Keys with the given prefix still waiting, with the prefix removed.
    QSet<QString> waiting(const QString &prefix) const;

private:
    struct Entry
    {
        int failures = 0;
        qint64 retryAt = 0;
    };
    QHash<QString, Entry> m_entries;
    qint64 m_firstDelayMs;
    qint64 m_maxDelayMs;
    std::function<qint64()> m_now;
};

} // namespace Skein
