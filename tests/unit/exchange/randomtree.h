/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/exchange/sessioncontent.h"

#include <QRandomGenerator>

namespace Skein::Test {

// Random but valid session content for property tests: branching trees with CJK, emoji, long
// messages, tool calls with their results, summaries, memories with history, tool log entries and
// context snapshots. Deterministic for a given seed.
Exchange::SessionContent randomSession(QRandomGenerator &rng, int maxMessages, bool hugeMessage);

// The error text of a storage result, or "" when it succeeded (safe in QVERIFY2 descriptions,
// which are evaluated either way).
template<typename R> QString errorText(const R &result)
{
    return result.ok() ? QString() : result.error().message;
}

// Creates the directory and returns its path.
QString makeDir(const QString &path);

// Everything observable in a database: every table's rows (but the search index's), in a stable
// order. Equal dumps before and after a failed import mean it changed nothing.
QByteArray dumpDatabase(class Store &store);

// Writes content into a store the way the app would (session, messages, the rest).
bool writeContent(class Store &store, const Exchange::SessionContent &content, QString *error);

} // namespace Skein::Test
