/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// Shared by the libFuzzer targets (tests/fuzz/CMakeLists.txt): ways of cutting an input into
// network chunks, and a check that aborts (a libFuzzer finding) when an invariant breaks.

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace Skein::Fuzz {

// The input as bytes (no copy).
inline QByteArrayView bytes(const uint8_t *data, size_t size)
{
    return QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size));
}

// Deterministic chunk boundaries derived from the input itself, so a corpus file stays a plain
// wire recording and a finding reproduces from the file alone. seed selects one of several cuts.
inline QList<QByteArrayView> chunks(QByteArrayView input, uint32_t seed)
{
    QList<QByteArrayView> out;
    uint32_t state = seed * 2654435761u + uint32_t(input.size());
    for (qsizetype at = 0; at < input.size();) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        const qsizetype size = std::min<qsizetype>(1 + qsizetype(state % 23), input.size() - at);
        out.append(input.sliced(at, size));
        at += size;
    }
    return out;
}

[[noreturn]] inline void fail(const char *what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

} // namespace Skein::Fuzz

#define SKEIN_FUZZ_CHECK(cond)                                                                                         \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            ::Skein::Fuzz::fail(#cond);                                                                                \
    } while (false)
