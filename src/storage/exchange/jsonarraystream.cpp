// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "jsonarraystream.h"

#include "jsonreader.h"

#include <QIODevice>

namespace Skein::Exchange {

namespace {
constexpr qsizetype kChunk = qsizetype(1) << 20;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}
} // namespace

JsonArrayStream::JsonArrayStream(QIODevice *device, qsizetype maxElementBytes)
    : m_device(device)
    , m_maxElement(maxElementBytes)
{ }

bool JsonArrayStream::fail(const QString &reason)
{
    m_done = true;
    if (m_error.isEmpty())
        m_error = reason;
    return false;
}

bool JsonArrayStream::fill()
{
    // Drop what was handed out already, then append a chunk.
    if (m_pos > 0) {
        m_buffer.remove(0, m_pos);
        m_pos = 0;
    }
    const qsizetype old = m_buffer.size();
    m_buffer.resize(old + kChunk);
    const qint64 got = m_device->read(m_buffer.data() + old, kChunk);
    m_buffer.resize(old + std::max<qint64>(got, 0));
    if (got < 0)
        return fail(Text::tr("$: cannot read the file: %1").arg(m_device->errorString()));
    m_consumed += std::max<qint64>(got, 0);
    return got > 0;
}

bool JsonArrayStream::skipSpace()
{
    for (;;) {
        while (m_pos < m_buffer.size() && isSpace(m_buffer.at(m_pos)))
            ++m_pos;
        if (m_pos < m_buffer.size())
            return true;
        if (!fill())
            return false;
    }
}

bool JsonArrayStream::next(QByteArray *element)
{
    if (m_done)
        return false;
    if (!m_started) {
        m_started = true;
        if (!skipSpace())
            return fail(m_error.isEmpty() ? Text::tr("$: the file is empty") : m_error);
        if (m_buffer.startsWith("\xEF\xBB\xBF")) // a byte-order mark
            m_pos += 3;
        if (!skipSpace() || m_buffer.at(m_pos) != '[')
            return fail(Text::tr("$: expected a JSON array of conversations"));
        ++m_pos;
        if (!skipSpace())
            return fail(Text::tr("$: the array is not closed"));
        if (m_buffer.at(m_pos) == ']') {
            m_done = true;
            return false;
        }
    } else {
        if (!skipSpace())
            return fail(Text::tr("$: the array is not closed"));
        const char c = m_buffer.at(m_pos++);
        if (c == ']') {
            m_done = true;
            return false;
        }
        if (c != ',')
            return fail(Text::tr("$[%1]: expected \",\" or \"]\" after the element").arg(m_index));
        if (!skipSpace())
            return fail(Text::tr("$: the array is not closed"));
    }
    ++m_index;
    // Scan one value: depth of {}/[] outside strings; a scalar ends at , ] or space.
    qsizetype at = m_pos; // the element starts at m_pos
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (;;) {
        if (at >= m_buffer.size()) {
            const qsizetype scanned = at - m_pos;
            if (scanned > m_maxElement)
                return fail(Text::tr("$[%1]: the element is larger than %2 MB").arg(m_index).arg(m_maxElement >> 20));
            if (!fill()) // moves the element to the buffer's start
                return fail(m_error.isEmpty() ? Text::tr("$[%1]: the file ends inside this element").arg(m_index)
                                              : m_error);
            at = scanned;
            continue;
        }
        const char c = m_buffer.at(at);
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                break; // the array's own ] after a scalar
            if (--depth == 0) {
                ++at;
                break;
            }
        } else if (depth == 0 && (c == ',' || isSpace(c))) {
            break;
        }
        ++at;
    }
    *element = m_buffer.mid(m_pos, at - m_pos);
    m_pos = at;
    if (element->isEmpty())
        return fail(Text::tr("$[%1]: expected a value").arg(m_index));
    return true;
}

} // namespace Skein::Exchange
