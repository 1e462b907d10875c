/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QtGlobal>

class QIODevice;

namespace Skein::Test {

// A ChatGPT-shaped conversations.json for the import's tests and benchmark: each conversation an
// empty root, a hidden system node and user/assistant turns in `mapping`, every fifth answer with a
// regenerated sibling (a branch), current_node on the newest branch, float-second timestamps,
// escaped non-ASCII text. Deterministic for a seed.
struct ChatGptExportShape
{
    int conversations = 100;
    int turns = 10; // user + assistant pairs
    int textBytes = 200; // about, per message
};

struct ChatGptExportCounts
{
    qint64 bytes = 0;
    qint64 messages = 0; // what an import makes of it: the visible nodes
    qint64 branches = 0; // leaves
};

ChatGptExportCounts writeChatGptExport(QIODevice *out, const ChatGptExportShape &shape, quint32 seed);

} // namespace Skein::Test
