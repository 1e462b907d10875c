#include "core/stream/sseparser.h"

#include <algorithm>

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
{ }

QList<SseEvent> SseParser::feed(QByteArrayView bytes)
{
    QList<SseEvent> events;
    if (bytes.isEmpty())
        return events;
    m_buffer.append(bytes);

    if (m_checkBom) {
        const qsizetype n = std::min<qsizetype>(m_buffer.size(), 3);
        if (QByteArrayView(m_buffer).first(n) != QByteArrayView(Bom, n)) {
            m_checkBom = false;
        } else if (n < 3) {
            return events; // could still become a BOM
        } else {
            m_buffer.remove(0, 3);
            m_checkBom = false;
        }
    }

    const char *data = m_buffer.constData();
    const qsizetype size = m_buffer.size();
    qsizetype lineStart = 0;
    qsizetype i = m_scanned;
    if (m_skipLf && i < size) {
        m_skipLf = false;
        if (data[i] == '\n')
            lineStart = ++i;
    }
    for (; i < size; ++i) {
        const char c = data[i];
        if (c != '\n' && c != '\r')
            continue;
        processLine(QByteArrayView(data + lineStart, i - lineStart), events);
        if (c == '\r') {
            if (i + 1 == size)
                m_skipLf = true;
            else if (data[i + 1] == '\n')
                ++i;
        }
        lineStart = i + 1;
    }
    if (lineStart > 0)
        m_buffer.remove(0, lineStart);
    m_scanned = m_buffer.size();
    if (m_scanned > m_options.maxEventBytes) {
        m_overflowed = true;
        m_buffer.clear();
        m_scanned = 0;
    }
    return events;
}

QList<SseEvent> SseParser::finish()
{
    QList<SseEvent> events;
    if (m_checkBom && !m_buffer.isEmpty())
        m_checkBom = false; // a lone BOM prefix at EOF is just bytes of an unterminated line
    // A trailing CR was already handled as a terminator when it arrived.
    m_discardedTail = !m_buffer.isEmpty() || !m_data.isEmpty() || !m_type.isEmpty();
    m_buffer.clear();
    m_scanned = 0;
    m_skipLf = false;
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
