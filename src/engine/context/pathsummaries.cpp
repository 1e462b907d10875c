// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/pathsummaries.h"

#include "core/domain/ids.h"

#include <QSet>

#include <algorithm>
#include <limits>
#include <ranges>

namespace Skein {

PathIndex::PathIndex(const QStringList &idsLeafFirst)
{
    for (const QString &id : idsLeafFirst)
        append(id);
}

PathIndex PathIndex::fromPath(const QList<Message> &pathRootFirst)
{
    PathIndex index;
    for (const Message &m : std::views::reverse(pathRootFirst))
        index.append(m.id);
    return index;
}

void PathIndex::append(const QString &olderId)
{
    m_depth.insert(olderId, m_ids.size());
    m_ids.append(olderId);
}

PathSummaries summariesForPath(const QList<Summary> &candidates, const PathIndex &path)
{
    constexpr qsizetype unknown = std::numeric_limits<qsizetype>::max();
    struct Valid
    {
        const Summary *summary;
        qsizetype lastDepth;
        qsizetype firstDepth; // unknown: older than what was read
    };
    QList<Valid> sessions;
    QList<Valid> segments;
    for (const Summary &s : candidates) {
        if (!s.supersededBy.isEmpty() || s.content.isEmpty())
            continue;
        const qsizetype last = path.depth(s.lastMessageId);
        if (last < 0)
            continue;
        qsizetype first = path.depth(s.firstMessageId);
        if (first < 0)
            first = unknown;
        if (first < last) // not a span of this path
            continue;
        (s.level == SummaryLevel::Session ? sessions : segments).append({&s, last, first});
    }
    PathSummaries out;
    qsizetype covered = unknown; // the depth of the newest covered message
    if (!sessions.isEmpty()) {
        const Valid best = *std::min_element(sessions.cbegin(), sessions.cend(), [](const Valid &a, const Valid &b) {
            return a.lastDepth != b.lastDepth ? a.lastDepth < b.lastDepth : a.summary->createdAt > b.summary->createdAt;
        });
        out.used.append(*best.summary);
        covered = best.lastDepth;
    }
    // Oldest first (largest depth of the last message first).
    std::sort(segments.begin(), segments.end(), [](const Valid &a, const Valid &b) {
        return a.lastDepth != b.lastDepth ? a.lastDepth > b.lastDepth : a.summary->createdAt > b.summary->createdAt;
    });
    for (const Valid &v : std::as_const(segments)) {
        const bool continues = covered == unknown ? out.used.isEmpty() : v.firstDepth == covered - 1;
        if (!continues)
            continue;
        out.used.append(*v.summary);
        covered = v.lastDepth;
    }
    if (covered != unknown)
        out.coveredUntilId = path.idAt(covered);
    return out;
}

PathSummaries summariesForPath(const QList<Summary> &candidates, const QList<Message> &pathRootFirst)
{
    return summariesForPath(candidates, PathIndex::fromPath(pathRootFirst));
}

QList<Memory> memoriesForPath(const QList<Memory> &candidates, const QString &sessionId, const PathIndex &path)
{
    const qint64 now = Ids::nowMs();
    QList<Memory> out;
    for (const Memory &m : candidates) {
        if (!m.isCurrent(now) || m.content.trimmed().isEmpty())
            continue;
        switch (m.scope) {
        case MemoryScope::Global:
            out.append(m);
            break;
        case MemoryScope::Session:
            if (m.sessionId == sessionId)
                out.append(m);
            break;
        case MemoryScope::Branch:
            if (m.sessionId == sessionId && path.contains(m.anchorMessageId))
                out.append(m);
            break;
        }
    }
    // A branch memory that supersedes another replaces it on its own paths (issue 17).
    QSet<QString> replaced;
    for (const Memory &m : std::as_const(out))
        if (!m.supersedes.isEmpty())
            replaced.insert(m.supersedes);
    out.removeIf([&](const Memory &m) { return replaced.contains(m.id); });
    return out;
}

} // namespace Skein
