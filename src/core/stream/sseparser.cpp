// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/sseparser.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace Skein {

namespace {

constexpr char Bom[] = "\xEF\xBB\xBF";

bool isAllDigits(QByteArrayView value)
{
    return !value.isEmpty() && std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

SseParser::SseParser()
    : SseParser(Options {})
{ }

SseParser::SseParser(const Options &options)
    : m_options(options)
{
    m_buffer.setSizeCap(m_options.maxEventBytes);
    m_buffer.setFastPathOpen(false); // until the BOM check is done
}

QList<SseEvent> SseParser::feed(QByteArrayView bytes)
{
    QList<SseEvent> events;
    feed(bytes, events);
    return events;
}

void SseParser::feedLines(QByteArrayView bytes, QList<SseEvent> &events)
{
    if (bytes.isEmpty())
        return;
    qsizetype from = m_buffer.size(); // everything before was scanned by earlier calls
    m_buffer.append(bytes);

    if (m_checkBom) {
        const QByteArrayView pending = m_buffer.view();
        const qsizetype n = std::min<qsizetype>(pending.size(), 3);
        if (pending.first(n) != QByteArrayView(Bom, n)) {
            m_checkBom = false;
        } else if (n < 3) {
            return; // could still become a BOM
        } else {
            m_buffer.consume(3);
            from = std::max<qsizetype>(0, from - 3);
            m_checkBom = false;
        }
    }

    const QByteArrayView pending = m_buffer.view();
    const char *data = pending.data();
    const qsizetype size = pending.size();
    qsizetype lineStart = 0;
    if (m_skipLf && from < size) {
        m_skipLf = false;
        if (data[from] == '\n')
            lineStart = ++from;
    }
    // Next CR and LF at or after `from`, found with memchr and remembered so that no byte is
    // searched twice (-1: none left, -2: not searched yet). Short tails (byte-wise feeding) are
    // cheaper to scan by hand than to hand to memchr twice.
    qsizetype nextLf = -2;
    qsizetype nextCr = -2;
    const auto findNext = [&](qsizetype &cached, char c) {
        if (cached == -2 || (cached >= 0 && cached < from)) {
            const void *hit = std::memchr(data + from, c, size_t(size - from));
            cached = hit ? static_cast<const char *>(hit) - data : -1;
        }
        return cached;
    };
    const auto findTerminator = [&]() -> qsizetype {
        if (size - from <= 32) {
            for (qsizetype k = from; k < size; ++k) {
                if (data[k] == '\n' || data[k] == '\r')
                    return k;
            }
            return -1;
        }
        const qsizetype lf = findNext(nextLf, '\n');
        const qsizetype cr = findNext(nextCr, '\r');
        return lf < 0 ? cr : (cr < 0 ? lf : std::min(lf, cr));
    };
    while (from < size) {
        qsizetype end = findTerminator();
        if (end < 0)
            break;
        // A line longer than the limit is dropped whole, however it was chunked: its end is not
        // a line of its own (fed in pieces, its start was dropped when the buffer overflowed).
        if (std::exchange(m_skipLine, false) || end - lineStart > m_options.maxEventBytes)
            m_overflowed = true;
        else
            processLine(QByteArrayView(data + lineStart, end - lineStart), events);
        if (data[end] == '\r') {
            if (end + 1 == size)
                m_skipLf = true;
            else if (data[end + 1] == '\n')
                ++end;
        }
        lineStart = from = end + 1;
    }
    m_buffer.consume(lineStart);
    if (m_buffer.size() > m_options.maxEventBytes) {
        m_overflowed = true;
        m_buffer.clear();
        m_skipLine = true; // up to the line's terminator
    }
    m_buffer.setFastPathOpen(!m_skipLf && !m_checkBom);
}

QList<SseEvent> SseParser::finish()
{
    QList<SseEvent> events;
    if (m_checkBom && !m_buffer.isEmpty())
        m_checkBom = false; // a lone BOM prefix at EOF is just bytes of an unterminated line
    // A trailing CR was already handled as a terminator when it arrived.
    m_discardedTail = !m_buffer.isEmpty() || m_skipLine || !m_data.isEmpty() || !m_type.isEmpty();
    m_buffer.clear();
    m_skipLine = false;
    m_skipLf = false;
    m_buffer.setFastPathOpen(!m_checkBom);
    m_data.clear();
    m_type.clear();
    m_errorField = false;
    return events;
}

void SseParser::processLine(QByteArrayView line, QList<SseEvent> &out)
{
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.front() == ':') {
        if (m_options.reportComments) {
            SseEvent comment;
            comment.isComment = true;
            comment.data = line.sliced(1).trimmed().toByteArray();
            out.append(std::move(comment));
        }
        return;
    }
    const qsizetype colon = line.indexOf(':');
    QByteArrayView field = line;
    QByteArrayView value;
    if (colon >= 0) {
        field = line.first(colon);
        value = line.sliced(colon + 1);
        if (value.startsWith(' '))
            value = value.sliced(1);
    }
    if (field == "data") {
        appendData(value);
    } else if (field == "event") {
        m_type = value.toByteArray();
    } else if (field == "id") {
        if (!value.contains('\0'))
            m_lastId = value.toByteArray();
    } else if (field == "retry") {
        if (isAllDigits(value))
            m_retryMs = value.toLongLong();
    } else if (field == "error" && m_options.errorFieldAsEvent) {
        m_errorField = true;
        appendData(value);
    }
}

void SseParser::appendData(QByteArrayView value)
{
    if (m_data.size() + value.size() >= m_options.maxEventBytes) {
        m_overflowed = true;
        return;
    }
    m_data.append(value);
    m_data.append('\n');
}

void SseParser::dispatch(QList<SseEvent> &out)
{
    if (m_data.isEmpty()) {
        m_type.clear();
        m_errorField = false;
        return;
    }
    SseEvent event;
    m_data.chop(1);
    event.data = std::move(m_data);
    m_data = QByteArray();
    if (!m_type.isEmpty())
        event.type = std::move(m_type);
    else
        event.type = m_errorField ? QByteArrayLiteral("error") : QByteArrayLiteral("message");
    m_type = QByteArray();
    m_errorField = false;
    event.id = m_lastId;
    event.retryMs = m_retryMs;
    out.append(std::move(event));
}

} // namespace Skein
