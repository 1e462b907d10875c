/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QLatin1StringView>
#include <QString>

#include <vector>

namespace Skein {

class JsonTape;

// A read-only reference to one value of a parsed JsonTape. Invalid refs (missing keys, wrong
// types) answer every question with a default, so lookups chain without checks.
class JsonRef
{
public:
    enum class Type : quint8 { Invalid, Null, Bool, Number, String, Array, Object };

    JsonRef() = default;

    Type type() const;
    bool isValid() const { return type() != Type::Invalid; }
    bool isNull() const { return type() == Type::Null; }
    bool isString() const { return type() == Type::String; }
    bool isNumber() const { return type() == Type::Number; }
    bool isObject() const { return type() == Type::Object; }
    bool isArray() const { return type() == Type::Array; }

    // Member of an object (first match), or an invalid ref.
    JsonRef operator[](QLatin1StringView key) const;
    bool contains(QLatin1StringView key) const { return (*this)[key].isValid(); }
    // Number of members or elements; 0 for scalars.
    qsizetype size() const;

    // Elements of an array, in order: for (JsonRef element : ref.elements()).
    class Iterator;
    struct Range;
    Range elements() const;

    QString toString() const; // decoded string value (every U+FEFF kept), empty for other types
    qint64 toInteger(qint64 defaultValue = 0) const; // numbers (integral part), else the default
    bool toBool(bool defaultValue = false) const;
    // The JSON text of the value exactly as received (e.g. tool arguments sent as an object).
    QByteArrayView raw() const;
    // Conversion for rare paths that want Qt's JSON classes (error objects).
    QJsonValue toJsonValue() const;

private:
    friend class JsonTape;
    JsonRef(const JsonTape *tape, qint32 index)
        : m_tape(tape)
        , m_index(index)
    { }

    const JsonTape *m_tape = nullptr;
    qint32 m_index = -1;
};

class JsonRef::Iterator
{
public:
    JsonRef operator*() const { return JsonRef(m_tape, m_index); }
    Iterator &operator++();
    bool operator!=(const Iterator &other) const { return m_index != other.m_index; }

private:
    friend class JsonRef;
    Iterator(const JsonTape *tape, qint32 index)
        : m_tape(tape)
        , m_index(index)
    { }
    const JsonTape *m_tape;
    qint32 m_index;
};

struct JsonRef::Range
{
    Iterator first;
    Iterator last;
    Iterator begin() const { return first; }
    Iterator end() const { return last; }
};

// A small, fast JSON parser for stream payloads: one pass into a flat tape of nodes that point
// into the source bytes; strings are decoded only when asked for. QJsonDocument spends most of
// its time building containers the translators never read, which capped decoding near 50 MB/s.
// Reuse one tape for many payloads to keep its node storage. The source must outlive the refs.
class JsonTape
{
public:
    // Parses one complete JSON text (RFC 8259). On failure root() is invalid and errorString()
    // and errorOffset() describe the problem.
    bool parse(QByteArrayView json);
    JsonRef root() const { return m_nodes.empty() || !m_error.isEmpty() ? JsonRef() : JsonRef(this, 0); }
    QString errorString() const { return m_error; }
    qsizetype errorOffset() const { return m_errorOffset; }

private:
    friend class JsonRef;
    struct Node
    {
        JsonRef::Type type;
        bool escaped; // string with backslash escapes
        qint32 next; // index of the node after this value's subtree
        qsizetype begin; // source span of the value (strings: including the quotes)
        qsizetype end;
    };

    bool parseValue(int depth);
    bool parseString();
    bool parseNumber();
    bool parseLiteral(QByteArrayView word, JsonRef::Type type);
    bool fail(const char *what);
    void skipSpace();

    QByteArrayView m_source;
    qsizetype m_pos = 0;
    std::vector<Node> m_nodes;
    QString m_error;
    qsizetype m_errorOffset = -1;
};

} // namespace Skein
