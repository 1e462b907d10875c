/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein::Bench {

// `bench_storage --startup`: how long until the session list is read when a big database opens,
// with quick_check first on the same thread (AsyncStore until 2026-11-29) and with AsyncStore as
// it is now (check on its own thread). Generates `messages` messages in `dir` when it holds no
// database yet, so later runs reuse it.
int runStartup(const QString &dir, int sessions, qint64 messages);

} // namespace Skein::Bench
