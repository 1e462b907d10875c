/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/assembledturn.h"

#include <QList>

namespace Skein {

// Folds StreamDeltas of one choice into an AssembledTurn. Tool-call fragments are merged by slot:
// id and name are taken once (empty strings never overwrite), argument slices are appended, a
// replacing fragment or a repeated complete JSON value replaces. Thinking deltas of an Anthropic
// content block build one ReasoningBlock each. Every delta costs O(1) (amortised) in the length
// of the reply so far.
class TurnAssembler
{
public:
    explicit TurnAssembler(int choice = 0);

    void apply(const StreamDelta &delta);
    void apply(const QList<StreamDelta> &deltas);

    // The turn so far; tool calls without arguments get "{}".
    AssembledTurn turn() const;

private:
    void applyToolCall(const ToolCallFragment &fragment);
    ReasoningBlock &thinkingBlock(int contentBlock);
    void appendBlock(ReasoningBlock block, int contentBlock);

    int m_choice;
    AssembledTurn m_turn;
    int m_lastContentBlock = -1; // content block of m_turn.reasoningBlocks.last()
};

} // namespace Skein
