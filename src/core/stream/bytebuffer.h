/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArrayView>
#include <QtGlobal>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

namespace Skein {

// The pending bytes of an incremental parser: appended at the end, consumed from the front.
// Consuming only moves an offset; when space runs out the live bytes are moved to the front, and
// the storage doubles unless that freed at least half of it, so every byte is copied O(1) times.
// Cheaper than QByteArray::append for the many tiny appends of a byte-wise feed.
//
// The storage is a malloc block grown with realloc: a long line fed a byte at a time (one 8 MB
// SSE event) grows in place or, once the block is mmap-backed, by remapping its pages, instead of
// copying into a fresh block and faulting in new pages at every doubling.
class ByteBuffer
{
public:
    ByteBuffer() = default;
    ~ByteBuffer() { std::free(m_data); }
    ByteBuffer(const ByteBuffer &other)
        : m_sizeCap(other.m_sizeCap)
        , m_fastOpen(other.m_fastOpen)
    {
        append(other.view());
    }
    ByteBuffer(ByteBuffer &&other) noexcept { swap(other); }
    ByteBuffer &operator=(ByteBuffer other) noexcept
    {
        swap(other);
        return *this;
    }
    void swap(ByteBuffer &other) noexcept
    {
        std::swap(m_data, other.m_data);
        std::swap(m_capacity, other.m_capacity);
        std::swap(m_begin, other.m_begin);
        std::swap(m_end, other.m_end);
        std::swap(m_fastEnd, other.m_fastEnd);
        std::swap(m_sizeCap, other.m_sizeCap);
        std::swap(m_fastOpen, other.m_fastOpen);
    }

    void append(QByteArrayView bytes)
    {
        const qsizetype n = bytes.size();
        if (n == 0)
            return;
        if (m_end + n > m_capacity)
            makeRoom(n);
        std::memcpy(m_data + m_end, bytes.data(), size_t(n));
        m_end += n;
    }
    // One byte: no memcpy call (byte-wise feeding appends millions of these).
    void push(char c)
    {
        if (m_end == m_capacity) [[unlikely]]
            makeRoom(1);
        m_data[m_end++] = c;
    }
    // The fast path of a byte-wise feed: appends when that needs neither growth nor a check by
    // the owner (see setSizeCap(), setFastPathOpen()), with a single comparison. False: nothing
    // was appended; take the general path.
    bool tryPush(char c)
    {
        if (m_end >= m_fastEnd)
            return false;
        m_data[m_end++] = c;
        return true;
    }
    // Bytes tryPush() may still append (for small multi-byte fast paths).
    qsizetype fastRoom() const { return std::max<qsizetype>(0, m_fastEnd - m_end); }
    void appendFast(QByteArrayView bytes)
    {
        std::memcpy(m_data + m_end, bytes.data(), size_t(bytes.size()));
        m_end += bytes.size();
    }
    // tryPush() fails once size() reaches cap, so the owner sees the buffer reach its limit.
    void setSizeCap(qsizetype cap)
    {
        m_sizeCap = cap;
        updateFastEnd();
    }
    // Closed: tryPush() always fails (the owner has state to handle first).
    void setFastPathOpen(bool open)
    {
        m_fastOpen = open;
        updateFastEnd();
    }
    QByteArrayView view() const { return {m_data + m_begin, m_end - m_begin}; }
    qsizetype size() const { return m_end - m_begin; }
    bool isEmpty() const { return m_end == m_begin; }
    void consume(qsizetype n)
    {
        m_begin += n;
        if (m_begin == m_end)
            m_begin = m_end = 0;
        updateFastEnd();
    }
    void clear()
    {
        m_begin = m_end = 0;
        updateFastEnd();
    }

private:
    void updateFastEnd() { m_fastEnd = m_fastOpen ? std::min(m_capacity, m_begin + m_sizeCap) : 0; }
    void makeRoom(qsizetype n)
    {
        const qsizetype live = m_end - m_begin;
        if (m_begin > 0) {
            std::memmove(m_data, m_data + m_begin, size_t(live));
            m_begin = 0;
            m_end = live;
            updateFastEnd();
            if (live + n <= m_capacity / 2)
                return;
        }
        const qsizetype capacity = std::max<qsizetype>({256, 2 * m_capacity, live + n});
        void *grown = std::realloc(m_data, size_t(capacity));
        if (!grown)
            qBadAlloc();
        m_data = static_cast<char *>(grown);
        m_capacity = capacity;
        updateFastEnd();
    }

    char *m_data = nullptr;
    qsizetype m_capacity = 0;
    qsizetype m_begin = 0;
    qsizetype m_end = 0;
    qsizetype m_fastEnd = 0; // tryPush() appends while m_end is below this
    qsizetype m_sizeCap = std::numeric_limits<qsizetype>::max() / 2;
    bool m_fastOpen = true;
};

} // namespace Skein
