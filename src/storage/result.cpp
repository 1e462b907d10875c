// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/result.h"

namespace Skein {

QString StorageError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Io:
        return QStringLiteral("io");
    case Kind::DiskFull:
        return QStringLiteral("disk_full");
    case Kind::Corrupt:
        return QStringLiteral("corrupt");
    case Kind::ReadOnly:
        return QStringLiteral("read_only");
    case Kind::NewerSchema:
        return QStringLiteral("newer_schema");
    case Kind::Conflict:
        return QStringLiteral("conflict");
    case Kind::NotFound:
        return QStringLiteral("not_found");
    case Kind::Constraint:
        return QStringLiteral("constraint");
    case Kind::Busy:
        return QStringLiteral("busy");
    case Kind::Migration:
        return QStringLiteral("migration");
    case Kind::Invalid:
        return QStringLiteral("invalid");
    case Kind::Internal:
        return QStringLiteral("internal");
    }
    return {};
}

} // namespace Skein
