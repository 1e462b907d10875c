/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"
#include "core/domain/message.h"
#include "core/domain/summary.h"

#include <QHash>
#include <QList>
#include <QStringList>

namespace Skein {

// The summaries that stand for the older part of a path (SPEC §2.4, §4.5).
struct PathSummaries
{
    QList<Summary> used; // prompt order: the session summary, then segments oldest first
    // The newest message the used summaries cover: history is replayed from its child on.
    // Empty when no summary is used.
    QString coveredUntilId;
};

// Ancestors of a leaf, leaf first, as far as they were read: id -> distance from the leaf.
class PathIndex
{
public:
    PathIndex() = default;
    explicit PathIndex(const QStringList &idsLeafFirst);
    // From a path read root -> leaf.
    static PathIndex fromPath(const QList<Message> &pathRootFirst);
    void append(const QString &olderId); // the next ancestor
    bool contains(const QString &id) const { return m_depth.contains(id); }
    // -1 when the id is not among the ancestors read.
    qsizetype depth(const QString &id) const { return m_depth.value(id, -1); }
    QString idAt(qsizetype depth) const { return m_ids.value(depth); }
    qsizetype size() const { return m_ids.size(); }

private:
    QStringList m_ids;
    QHash<QString, qsizetype> m_depth;
};

// Which summaries are valid for the path and used (SPEC §4.8): not superseded, and the covered
// span lies on the path. Messages are never re-parented, so a span whose last message is an
// ancestor of the leaf lies on the path whole (its first message is an ancestor of its last).
// The newest valid session summary is used, then segments that continue it without gap or
// overlap (a segment whose first message was not read counts as starting before the path read).
PathSummaries summariesForPath(const QList<Summary> &candidates, const PathIndex &path);
PathSummaries summariesForPath(const QList<Summary> &candidates, const QList<Message> &pathRootFirst);

// The memories that may be used on the path of sessionId: active, and global, of this session, or
// branch-scoped with an anchor on the path. Order unchanged.
QList<Memory> memoriesForPath(const QList<Memory> &candidates, const QString &sessionId, const PathIndex &path);

} // namespace Skein
