/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/bytebuffer.h"
#include "core/stream/utf8text.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

namespace Skein {

// One dispatched Server-Sent Event. Fields hold the UTF-8 bytes of complete lines, so decoding
// them (dataText()) never sees a split multi-byte sequence.
struct SseEvent
{
    QByteArray type; // "message" when the block had no `event:` field
    QByteArray data; // `data:` lines joined with LF
    QByteArray id; // last event id in effect (persists across events)
    qint64 retryMs = -1; // reconnection time in effect, -1 when never set
    bool isComment = false; // a `:` line, only produced with reportComments

    QString dataText() const { return utf8Text(data); }
    friend bool operator==(const SseEvent &, const SseEvent &) = default;
};

// Incremental WHATWG event-stream parser working on bytes.
//
// Lines end at CR, LF or CRLF. A line is handled as soon as its terminator arrives; a CR that
// ends a chunk is remembered so that an LF starting the next chunk is not taken for an empty line.
// Scanning resumes where the previous feed() stopped and consumed bytes are dropped once per
// feed(), so the cost is linear in the input whatever the chunking. Feeding one byte at a time
// costs a few ns per call (an inline append); the 8 MB single-event benchmark (bench_stream) holds
// byte-wise feeding to <= 2x the cost of feeding the event at once.
//
// One deliberate extension: a non-standard `error:` field (llama.cpp through 2025) is collected
// like `data:` and dispatched with type "error" so the failure is not silently lost.
class SseParser
{
public:
    struct Options
    {
        bool reportComments = false; // emit `:` lines as events with isComment (keep-alives)
        bool errorFieldAsEvent = true;
        qsizetype maxEventBytes = qsizetype(256) * 1024 * 1024; // guard against a runaway server
    };

    SseParser();
    explicit SseParser(const Options &options);

    // Appends bytes and returns the events completed by them.
    QList<SseEvent> feed(QByteArrayView bytes);
    // The same, appending to `events` (saves a list per call when chunks are tiny).
    void feed(QByteArrayView bytes, QList<SseEvent> &events)
    {
        // Fast paths for small chunks inside a line (byte-wise feeding, long lines): append and
        // return, no call and no scan of old bytes. The buffer's fast path is closed while a CR
        // or a BOM is pending and when the line reaches maxEventBytes. A byte above CR is never
        // a terminator, so almost every byte costs two compares and a store.
        if (bytes.size() == 1) [[likely]] {
            const char c = bytes.front();
            if ((uchar(c) > '\r' || (c != '\n' && c != '\r')) && m_buffer.tryPush(c))
                return;
        } else if (!bytes.isEmpty() && bytes.size() <= 16 && m_buffer.fastRoom() >= bytes.size()) {
            bool terminator = false;
            for (char c : bytes)
                terminator |= c == '\n' || c == '\r';
            if (!terminator) {
                m_buffer.appendFast(bytes);
                return;
            }
        }
        feedLines(bytes, events);
    }
    // End of stream. Per WHATWG a block not closed by a blank line is discarded (nothing is
    // returned); hasDiscardedTail() tells whether that happened. A pending lone CR counts as a
    // terminator, so its line is still processed.
    QList<SseEvent> finish();

    bool hasDiscardedTail() const { return m_discardedTail; }
    // True once an event or line exceeded maxEventBytes; its data was dropped.
    bool overflowed() const { return m_overflowed; }
    QByteArray lastEventId() const { return m_lastId; }
    qint64 retryMs() const { return m_retryMs; }

private:
    void feedLines(QByteArrayView bytes, QList<SseEvent> &events);
    void processLine(QByteArrayView line, QList<SseEvent> &out);
    void dispatch(QList<SseEvent> &out);
    void appendData(QByteArrayView value);

    Options m_options;
    // Unconsumed bytes: the start of an unterminated line. All of them have been searched for a
    // terminator already, so each feed scans only what it appends.
    ByteBuffer m_buffer;
    bool m_skipLf = false; // the previous chunk ended with CR
    bool m_checkBom = true;
    bool m_discardedTail = false;
    bool m_overflowed = false;
    bool m_skipLine = false; // the buffered start of an overlong line was dropped: skip to its end
    bool m_errorField = false;
    QByteArray m_type;
    QByteArray m_data;
    QByteArray m_lastId;
    qint64 m_retryMs = -1;
};

} // namespace Skein
