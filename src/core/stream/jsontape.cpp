// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/stream/jsontape.h"

#include "core/stream/utf8text.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstring>

namespace Skein {

namespace {

constexpr int MaxDepth = 256;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(QByteArray &out, char32_t code)
{
    if (code < 0x80) {
        out.append(char(code));
    } else if (code < 0x800) {
        out.append(char(0xC0 | (code >> 6)));
        out.append(char(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
        out.append(char(0xE0 | (code >> 12)));
        out.append(char(0x80 | ((code >> 6) & 0x3F)));
        out.append(char(0x80 | (code & 0x3F)));
    } else {
        out.append(char(0xF0 | (code >> 18)));
        out.append(char(0x80 | ((code >> 12) & 0x3F)));
        out.append(char(0x80 | ((code >> 6) & 0x3F)));
        out.append(char(0x80 | (code & 0x3F)));
    }
}

// Decodes the body of a string with escapes (without quotes) to UTF-8.
QByteArray unescape(QByteArrayView body)
{
    QByteArray out;
    out.reserve(body.size());
    for (qsizetype i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c != '\\' || i + 1 >= body.size()) {
            out.append(c);
            continue;
        }
        const char e = body[++i];
        switch (e) {
        case 'n':
            out.append('\n');
            break;
        case 't':
            out.append('\t');
            break;
        case 'r':
            out.append('\r');
            break;
        case 'b':
            out.append('\b');
            break;
        case 'f':
            out.append('\f');
            break;
        case 'u': {
            const auto readHex = [&](qsizetype at) -> int {
                if (at + 4 > body.size())
                    return -1;
                int value = 0;
                for (qsizetype k = at; k < at + 4; ++k) {
                    const int digit = hexValue(body[k]);
                    if (digit < 0)
                        return -1;
                    value = value * 16 + digit;
                }
                return value;
            };
            const int unit = readHex(i + 1);
            if (unit < 0) {
                out.append("\\u");
                break;
            }
            i += 4;
            char32_t code = char32_t(unit);
            if (unit >= 0xD800 && unit <= 0xDBFF && i + 2 < body.size() && body[i + 1] == '\\' && body[i + 2] == 'u') {
                const int low = readHex(i + 3);
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    code = 0x10000 + ((char32_t(unit) - 0xD800) << 10) + (char32_t(low) - 0xDC00);
                    i += 6;
                }
            }
            if (code >= 0xD800 && code <= 0xDFFF)
                code = 0xFFFD; // lone surrogate
            appendUtf8(out, code);
            break;
        }
        default: // \" \\ \/ and, leniently, anything else
            out.append(e);
            break;
        }
    }
    return out;
}

} // namespace

bool JsonTape::parse(QByteArrayView json)
{
    m_source = json;
    m_pos = 0;
    m_nodes.clear();
    m_error.clear();
    m_errorOffset = -1;
    if (!parseValue(0))
        return false;
    skipSpace();
    if (m_pos != m_source.size())
        return fail("garbage after the value");
    return true;
}

bool JsonTape::fail(const char *what)
{
    if (m_error.isEmpty()) {
        m_error = QString::fromLatin1(what);
        m_errorOffset = m_pos;
    }
    return false;
}

void JsonTape::skipSpace()
{
    const char *data = m_source.data();
    while (m_pos < m_source.size()) {
        const char c = data[m_pos];
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
            break;
        ++m_pos;
    }
}

bool JsonTape::parseValue(int depth)
{
    if (depth > MaxDepth)
        return fail("nested too deeply");
    skipSpace();
    if (m_pos >= m_source.size())
        return fail("unexpected end of input");
    const char c = m_source[m_pos];
    if (c == '"')
        return parseString();
    if (c == '{' || c == '[') {
        const bool isObject = c == '{';
        const char close = isObject ? '}' : ']';
        const qint32 index = qint32(m_nodes.size());
        m_nodes.push_back({isObject ? JsonRef::Type::Object : JsonRef::Type::Array, false, 0, m_pos, 0});
        ++m_pos;
        skipSpace();
        if (m_pos < m_source.size() && m_source[m_pos] == close) {
            ++m_pos;
        } else {
            for (;;) {
                if (isObject) {
                    skipSpace();
                    if (m_pos >= m_source.size() || m_source[m_pos] != '"')
                        return fail("expected a member name");
                    if (!parseString())
                        return false;
                    skipSpace();
                    if (m_pos >= m_source.size() || m_source[m_pos] != ':')
                        return fail("expected ':'");
                    ++m_pos;
                }
                if (!parseValue(depth + 1))
                    return false;
                skipSpace();
                if (m_pos >= m_source.size())
                    return fail("unterminated object or array");
                const char separator = m_source[m_pos++];
                if (separator == close)
                    break;
                if (separator != ',')
                    return fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'");
            }
        }
        m_nodes[size_t(index)].end = m_pos;
        m_nodes[size_t(index)].next = qint32(m_nodes.size());
        return true;
    }
    if (c == 't')
        return parseLiteral("true", JsonRef::Type::Bool);
    if (c == 'f')
        return parseLiteral("false", JsonRef::Type::Bool);
    if (c == 'n')
        return parseLiteral("null", JsonRef::Type::Null);
    if (c == '-' || isDigit(c))
        return parseNumber();
    return fail("unexpected character");
}

bool JsonTape::parseString()
{
    const qsizetype begin = m_pos;
    const char *data = m_source.data();
    const qsizetype size = m_source.size();
    qsizetype i = m_pos + 1;
    bool escaped = false;
    for (;;) {
        // Jump to the next quote, then look for escapes in the run before it.
        const void *quote = std::memchr(data + i, '"', size_t(size - i));
        if (!quote) {
            m_pos = size;
            return fail("unterminated string");
        }
        const qsizetype at = static_cast<const char *>(quote) - data;
        // Raw control characters are accepted, as QJsonDocument does: servers do send them.
        bool quoteEscaped = false;
        for (const char *slash = static_cast<const char *>(std::memchr(data + i, '\\', size_t(at - i))); slash;) {
            escaped = true;
            const qsizetype k = slash - data;
            if (k + 1 == at) {
                quoteEscaped = true;
                break;
            }
            slash = static_cast<const char *>(std::memchr(data + k + 2, '\\', size_t(at - k - 2)));
        }
        if (!quoteEscaped) {
            m_pos = at + 1;
            break;
        }
        i = at + 1;
    }
    m_nodes.push_back({JsonRef::Type::String, escaped, qint32(m_nodes.size() + 1), begin, m_pos});
    return true;
}

bool JsonTape::parseNumber()
{
    const qsizetype begin = m_pos;
    const char *data = m_source.data();
    const qsizetype size = m_source.size();
    const auto digits = [&] {
        const qsizetype start = m_pos;
        while (m_pos < size && isDigit(data[m_pos]))
            ++m_pos;
        return m_pos > start;
    };
    if (data[m_pos] == '-')
        ++m_pos;
    if (!digits())
        return fail("invalid number");
    if (m_pos < size && data[m_pos] == '.') {
        ++m_pos;
        if (!digits())
            return fail("invalid number");
    }
    if (m_pos < size && (data[m_pos] == 'e' || data[m_pos] == 'E')) {
        ++m_pos;
        if (m_pos < size && (data[m_pos] == '+' || data[m_pos] == '-'))
            ++m_pos;
        if (!digits())
            return fail("invalid number");
    }
    m_nodes.push_back({JsonRef::Type::Number, false, qint32(m_nodes.size() + 1), begin, m_pos});
    return true;
}

bool JsonTape::parseLiteral(QByteArrayView word, JsonRef::Type type)
{
    if (m_source.sliced(m_pos).first(std::min(word.size(), m_source.size() - m_pos)) != word)
        return fail("invalid literal");
    m_nodes.push_back({type, false, qint32(m_nodes.size() + 1), m_pos, m_pos + word.size()});
    m_pos += word.size();
    return true;
}

JsonRef::Type JsonRef::type() const
{
    return m_tape ? m_tape->m_nodes[size_t(m_index)].type : Type::Invalid;
}

JsonRef JsonRef::operator[](QLatin1StringView key) const
{
    if (type() != Type::Object)
        return {};
    const auto &nodes = m_tape->m_nodes;
    const qint32 end = nodes[size_t(m_index)].next;
    for (qint32 k = m_index + 1; k < end; k = nodes[size_t(k) + 1].next) {
        const JsonTape::Node &name = nodes[size_t(k)];
        const QByteArrayView body = m_tape->m_source.sliced(name.begin + 1, name.end - name.begin - 2);
        if (name.escaped ? unescape(body) == QByteArrayView(key.data(), key.size())
                         : body == QByteArrayView(key.data(), key.size()))
            return JsonRef(m_tape, k + 1);
    }
    return {};
}

qsizetype JsonRef::size() const
{
    const Type kind = type();
    if (kind != Type::Object && kind != Type::Array)
        return 0;
    const auto &nodes = m_tape->m_nodes;
    qsizetype count = 0;
    for (qint32 k = m_index + 1; k < nodes[size_t(m_index)].next; k = nodes[size_t(k)].next)
        ++count;
    return kind == Type::Object ? count / 2 : count;
}

JsonRef::Iterator &JsonRef::Iterator::operator++()
{
    m_index = m_tape->m_nodes[size_t(m_index)].next;
    return *this;
}

JsonRef::Range JsonRef::elements() const
{
    if (type() != Type::Array)
        return {Iterator(nullptr, 0), Iterator(nullptr, 0)};
    return {Iterator(m_tape, m_index + 1), Iterator(m_tape, m_tape->m_nodes[size_t(m_index)].next)};
}

QString JsonRef::toString() const
{
    if (type() != Type::String)
        return {};
    const JsonTape::Node &node = m_tape->m_nodes[size_t(m_index)];
    const QByteArrayView body = m_tape->m_source.sliced(node.begin + 1, node.end - node.begin - 2);
    return node.escaped ? utf8Text(unescape(body)) : utf8Text(body);
}

qint64 JsonRef::toInteger(qint64 defaultValue) const
{
    if (type() != Type::Number)
        return defaultValue;
    const QByteArrayView text = raw();
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (ok)
        return value;
    const double real = text.toDouble(&ok);
    return ok && real > -9.2e18 && real < 9.2e18 ? qint64(real) : defaultValue;
}

bool JsonRef::toBool(bool defaultValue) const
{
    if (type() != Type::Bool)
        return defaultValue;
    return raw() == "true";
}

QByteArrayView JsonRef::raw() const
{
    if (!m_tape)
        return {};
    const JsonTape::Node &node = m_tape->m_nodes[size_t(m_index)];
    return m_tape->m_source.sliced(node.begin, node.end - node.begin);
}

QJsonValue JsonRef::toJsonValue() const
{
    if (!isValid())
        return QJsonValue(QJsonValue::Undefined);
    const QByteArray wrapped = '[' + raw().toByteArray() + ']';
    return QJsonDocument::fromJson(wrapped).array().at(0);
}

} // namespace Skein
