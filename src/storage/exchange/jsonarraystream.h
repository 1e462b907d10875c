/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QString>

class QIODevice;

namespace Skein::Exchange {

// Reads a JSON array from a device one element at a time, so a 1 GB export of 20,000
// conversations never sits in memory whole: each element's bytes are handed out as they complete
// and parsed on their own (QJsonDocument). It only finds where elements begin and end (strings,
// escapes, nesting); the element's own syntax is the parser's business.
class JsonArrayStream final
{
public:
    explicit JsonArrayStream(QIODevice *device, qsizetype maxElementBytes = qsizetype(512) << 20);

    // The next element's bytes: false at the end of the array or on an error (error() says which).
    bool next(QByteArray *element);
    // "" at a clean end; else "$[N]: what is wrong" or "$: what is wrong".
    const QString &error() const { return m_error; }
    int index() const { return m_index; } // of the element next() returned last
    qint64 bytesRead() const { return m_consumed; }

private:
    bool fill(); // more bytes at m_buffer's end; false at the device's end
    bool skipSpace(); // false at the device's end
    bool fail(const QString &reason);

    QIODevice *m_device;
    qsizetype m_maxElement;
    QByteArray m_buffer;
    qsizetype m_pos = 0;
    qint64 m_consumed = 0;
    int m_index = -1;
    bool m_started = false;
    bool m_done = false;
    QString m_error;
};

} // namespace Skein::Exchange
