// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "keychaininfo.h"

namespace Skein::KeychainInfo {

QString libraryVersion()
{
    return QStringLiteral(SKEIN_QTKEYCHAIN_VERSION);
}

} // namespace Skein::KeychainInfo
