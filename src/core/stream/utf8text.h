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

} // namespace Skein
