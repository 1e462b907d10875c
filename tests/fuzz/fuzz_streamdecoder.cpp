// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// A provider translator behind its framing (core/stream/streamdecoder), built once per wire
// format (SKEIN_FUZZ_WIRE: OpenAiChat, AnthropicMessages, OllamaChat). Any body, cut any way,
// gives the same deltas as the whole body at once, and the turn assembler folds them.
#include "core/stream/streamdecoder.h"
#include "core/stream/turnassembler.h"
#include "fuzzsupport.h"

using namespace Skein;

namespace {

QList<StreamDelta> decode(const QList<QByteArrayView> &chunks)
{
    StreamDecoder decoder(WireFormat::SKEIN_FUZZ_WIRE);
    QList<StreamDelta> deltas;
    for (QByteArrayView chunk : chunks)
        decoder.feed(chunk, deltas);
    deltas += decoder.finish();
    return deltas;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input = Fuzz::bytes(data, size);
    const QList<StreamDelta> whole = decode({input});
    QList<QByteArrayView> bytewise;
    for (qsizetype i = 0; i < input.size(); ++i)
        bytewise.append(input.sliced(i, 1));
    SKEIN_FUZZ_CHECK(decode(bytewise) == whole);
    SKEIN_FUZZ_CHECK(decode(Fuzz::chunks(input, 1)) == whole);

    // Every choice the stream names is assembled, as the engine does for choice 0.
    QList<int> choices {0};
    for (const StreamDelta &delta : whole) {
        if (!choices.contains(delta.choice) && choices.size() < 8)
            choices.append(delta.choice);
    }
    for (int choice : std::as_const(choices)) {
        TurnAssembler assembler(choice);
        assembler.apply(whole);
        const AssembledTurn turn = assembler.turn();
        for (const ToolCall &call : turn.closedToolCalls())
            (void)call.hasValidArguments();
        (void)turn.isEmpty();
        (void)turn.isTruncated();
    }
    return 0;
}
