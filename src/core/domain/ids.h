/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>

namespace Skein::Ids {

// A client-generated UUID without braces; rows carry it so a retried write stays idempotent.
QString create();
// Milliseconds since the epoch, UTC: the unit of every timestamp in the domain.
qint64 nowMs();

} // namespace Skein::Ids
