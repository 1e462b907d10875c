// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/session.h"

#include "core/domain/ids.h"

namespace Skein {

Session Session::create(const QString &title)
{
    Session s;
    s.id = Ids::create();
    s.title = title;
    s.createdAt = Ids::nowMs();
    s.updatedAt = s.createdAt;
    return s;
}

QList<Session> Session::matching(const QList<Session> &sessions, QStringView idOrPrefix)
{
    QList<Session> found;
    if (idOrPrefix.isEmpty())
        return found;
    for (const Session &s : sessions) {
        if (s.id == idOrPrefix)
            return {s};
        if (s.id.startsWith(idOrPrefix))
            found.append(s);
    }
    return found;
}

} // namespace Skein
