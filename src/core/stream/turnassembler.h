#pragma once

#include "core/stream/assembledturn.h"

#include <QList>

namespace Skein {

// Folds StreamDeltas of one choice into an AssembledTurn. Tool-call fragments are merged by slot:
// id and name are taken once (empty strings never overwrite), argument slices are appended, a
// replacing fragment or a repeated complete JSON value replaces.
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

    int m_choice;
    AssembledTurn m_turn;
};

} // namespace Skein
