#include "core/stream/ndjsonparser.h"

namespace Skein {

QList<QByteArray> NdjsonParser::feed(QByteArrayView bytes)
{
    QList<QByteArray> lines;
    if (bytes.isEmpty())
        return lines;
    m_buffer.append(bytes);
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
