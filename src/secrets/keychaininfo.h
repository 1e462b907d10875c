/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein::KeychainInfo {

// Version of QtKeychain this build uses (for the About box).
QString libraryVersion();

} // namespace Skein::KeychainInfo
