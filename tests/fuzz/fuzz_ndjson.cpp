// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// NDJSON framing (core/stream/ndjsonparser): any bytes, cut any way, give the same lines as the
// whole stream at once; no line is blank or keeps its terminator.
#include "core/stream/ndjsonparser.h"
#include "fuzzsupport.h"

using namespace Skein;

namespace {

QList<QByteArray> parse(const QList<QByteArrayView> &chunks)
{
    NdjsonParser parser;
    QList<QByteArray> lines;
    for (QByteArrayView chunk : chunks)
        lines += parser.feed(chunk);
    lines += parser.finish();
    for (const QByteArray &line : std::as_const(lines)) {
        SKEIN_FUZZ_CHECK(!line.trimmed().isEmpty());
        SKEIN_FUZZ_CHECK(!line.contains('\n'));
    }
    return lines;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input = Fuzz::bytes(data, size);
    const QList<QByteArray> whole = parse({input});
    QList<QByteArrayView> bytewise;
    for (qsizetype i = 0; i < input.size(); ++i)
        bytewise.append(input.sliced(i, 1));
    SKEIN_FUZZ_CHECK(parse(bytewise) == whole);
    SKEIN_FUZZ_CHECK(parse(Fuzz::chunks(input, 1)) == whole);
    SKEIN_FUZZ_CHECK(parse(Fuzz::chunks(input, 2)) == whole);
    return 0;
}
