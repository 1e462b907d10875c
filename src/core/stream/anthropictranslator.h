/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/jsontape.h"
#include "core/stream/streamdelta.h"

#include <QHash>
#include <QList>

namespace Skein {

struct SseEvent;

// Translates Anthropic Messages stream events into StreamDeltas. Dispatches on the payload's
// `type` (not only the `event:` line), ignores ping and unknown types, tracks content blocks by
// index (thinking deltas carry it; a tool_use block's stop closes its call), reports the matched
// stop_sequence, and emits Reset when a second message_start splices a retried response into the
// stream.
class AnthropicTranslator
{
public:
    void translate(const SseEvent &event, QList<StreamDelta> &out);

private:
    enum class BlockType { Text, Thinking, ToolUse, Other };

    void translateEvent(const JsonRef &event, QList<StreamDelta> &out);
    void messageStart(const JsonRef &message, QList<StreamDelta> &out);
    void blockStart(int index, const JsonRef &block, QList<StreamDelta> &out);
    void blockDelta(int index, const JsonRef &delta, QList<StreamDelta> &out);
    void blockStop(int index, QList<StreamDelta> &out);
    void appendUsage(const JsonRef &usage, QList<StreamDelta> &out);

    JsonTape m_json;
    QHash<int, BlockType> m_blocks;
    bool m_started = false;
    // Raw counters: message_delta may restate some of them; the prompt total needs all three.
    qint64 m_inputTokens = -1;
    qint64 m_cacheReadTokens = -1;
    qint64 m_cacheCreationTokens = -1;
};

} // namespace Skein
