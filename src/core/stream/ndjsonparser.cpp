// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/ndjsonparser.h"

#include <algorithm>

namespace Skein {

namespace {

constexpr QByteArrayView Bom("\xEF\xBB\xBF", 3);

} // namespace

QList<QByteArray> NdjsonParser::feed(QByteArrayView bytes)
{
    QList<QByteArray> lines;
    if (bytes.isEmpty())
        return lines;
    m_buffer.append(bytes);
    if (m_checkBom) {
        const QByteArrayView start = m_buffer.view();
        const qsizetype n = std::min<qsizetype>(start.size(), Bom.size());
        if (start.first(n) != Bom.first(n)) {
            m_checkBom = false;
        } else if (n < Bom.size()) {
            return lines; // could still become a byte-order mark
        } else {
            m_buffer.consume(Bom.size());
            m_scanned = 0;
            m_checkBom = false;
        }
    }
    const QByteArrayView buffer = m_buffer.view();
    qsizetype lineStart = 0;
    for (qsizetype lf = buffer.indexOf('\n', m_scanned); lf >= 0; lf = buffer.indexOf('\n', lineStart)) {
        appendLine(buffer.sliced(lineStart, lf - lineStart), lines);
        lineStart = lf + 1;
    }
    m_buffer.consume(lineStart);
    m_scanned = m_buffer.size();
    return lines;
}

QList<QByteArray> NdjsonParser::finish()
{
    QList<QByteArray> lines;
    m_checkBom = false; // a lone prefix of one at EOF is just the bytes of a cut line
    appendLine(m_buffer.view(), lines);
    m_buffer.clear();
    m_scanned = 0;
    return lines;
}

void NdjsonParser::appendLine(QByteArrayView line, QList<QByteArray> &out)
{
    const QByteArrayView trimmed = line.trimmed(); // also drops the CR of a CRLF
    if (!trimmed.isEmpty())
        out.append(trimmed.toByteArray());
}

} // namespace Skein
