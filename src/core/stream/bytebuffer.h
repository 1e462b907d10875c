#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <algorithm>
#include <cstring>

namespace Skein {

// The pending bytes of an incremental parser: appended at the end, consumed from the front.
// Consuming only moves an offset; the live bytes are moved to the front when space runs out and
// that frees at least half of the storage, otherwise the storage doubles, so every byte is copied
// O(1) times. Cheaper than QByteArray::append for the many tiny appends of a byte-wise feed.
class ByteBuffer
{
public:
    void append(QByteArrayView bytes)
    {
        const qsizetype n = bytes.size();
        if (n == 0)
            return;
        if (m_end + n > m_storage.size())
            makeRoom(n);
        std::memcpy(m_data + m_end, bytes.data(), size_t(n));
        m_end += n;
    }
    // One byte: no memcpy call (byte-wise feeding appends millions of these).
    void push(char c)
    {
        if (m_end == m_storage.size())
            makeRoom(1);
        m_data[m_end++] = c;
    }
    QByteArrayView view() const { return {m_data + m_begin, m_end - m_begin}; }
    qsizetype size() const { return m_end - m_begin; }
    bool isEmpty() const { return m_end == m_begin; }
    void consume(qsizetype n)
    {
        m_begin += n;
        if (m_begin == m_end)
            m_begin = m_end = 0;
    }
    void clear() { m_begin = m_end = 0; }

private:
    void makeRoom(qsizetype n)
    {
        const qsizetype live = m_end - m_begin;
        if (m_begin > 0 && live + n <= m_storage.size() / 2) {
            std::memmove(m_data, m_data + m_begin, size_t(live));
        } else {
            QByteArray bigger(std::max<qsizetype>({256, 2 * m_storage.size(), live + n}), Qt::Uninitialized);
            if (live > 0)
                std::memcpy(bigger.data(), m_data + m_begin, size_t(live));
            m_storage = std::move(bigger);
            m_data = m_storage.data(); // never shared, so the pointer stays valid
        }
        m_begin = 0;
        m_end = live;
    }

    QByteArray m_storage;
    char *m_data = nullptr;
    qsizetype m_begin = 0;
    qsizetype m_end = 0;
};

} // namespace Skein
