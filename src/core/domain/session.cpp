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

} // namespace Skein
