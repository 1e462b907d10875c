/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArrayView>
#include <QString>

namespace Skein {

// UTF-8 bytes of a complete string to text, keeping every U+FEFF. QString::fromUtf8 drops a
// leading byte-order mark, which is right for a file but wrong for a JSON string or a stream
// line: there U+FEFF (zero-width no-break space) is content. Only the byte-order mark at the very
// start of a byte stream is dropped, by the framing parsers.
inline QString utf8Text(QByteArrayView bytes)
{
    constexpr QByteArrayView Bom("\xEF\xBB\xBF", 3);
    if (!bytes.startsWith(Bom)) [[likely]]
        return QString::fromUtf8(bytes);
    qsizetype marks = 0;
    while (bytes.sliced(3 * marks).startsWith(Bom))
        ++marks;
    return QString(marks, QChar(0xFEFF)) + QString::fromUtf8(bytes.sliced(3 * marks));
}

// The text with every lone surrogate (half of a UTF-16 pair without its other half) replaced by
// U+FFFD. JSON may spell one ("\ud800"); UTF-8, and so SQLite, cannot hold it, so such text would
// read back different from what was written. Returns the text unchanged when it has none.
inline QString withoutLoneSurrogates(const QString &text)
{
    QString out;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (!c.isSurrogate()) [[likely]]
            continue;
        if (c.isHighSurrogate() && i + 1 < n && text.at(i + 1).isLowSurrogate()) {
            ++i;
            continue;
        }
        if (out.isNull())
            out = text;
        out[i] = QChar(QChar::ReplacementCharacter);
    }
    return out.isNull() ? text : out;
}

} // namespace Skein
