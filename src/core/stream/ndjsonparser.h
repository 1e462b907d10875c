/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/bytebuffer.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Skein {

// Incremental newline-delimited JSON line splitter (Ollama's native API). Lines are split on LF
// bytes only; a CR before the LF is dropped, lines of only whitespace are skipped, a byte-order
// mark at the very start of the stream is dropped (one anywhere else is content). Like SseParser
// it never rescans consumed bytes.
class NdjsonParser
{
public:
    // Returns the complete non-blank lines (without terminator) the bytes finished.
    QList<QByteArray> feed(QByteArrayView bytes);
    // End of stream: the last line if it was not newline-terminated (servers may omit it, and a
    // connection cut leaves half a line: the caller tells the two apart).
    QList<QByteArray> finish();

private:
    static void appendLine(QByteArrayView line, QList<QByteArray> &out);

    ByteBuffer m_buffer;
    qsizetype m_scanned = 0;
    bool m_checkBom = true;
};

} // namespace Skein
