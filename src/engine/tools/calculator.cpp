// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/calculator.h"

#include <QCoreApplication>
#include <QList>
#include <QLocale>

#include <cmath>
#include <numbers>

namespace Skein {

namespace {

struct Failure
{
    int position; // 0-based offset
    QString message;
};

QString describe(QChar c)
{
    return QStringLiteral("‘") + c + QStringLiteral("’");
}

class Parser
{
public:
    explicit Parser(const QString &text)
        : m_text(text)
    { }

    double parseAll()
    {
        const double v = parseExpression();
        skipSpace();
        if (m_pos < m_text.size()) {
            if (m_text[m_pos] == u')')
                fail(m_pos, QCoreApplication::translate("Skein::Calculator", "unmatched ‘)’"));
            fail(m_pos, QCoreApplication::translate("Skein::Calculator", "unexpected %1").arg(describe(m_text[m_pos])));
        }
        return v;
    }

private:
    [[noreturn]] void fail(qsizetype pos, const QString &message) { throw Failure {int(pos), message}; }

    void skipSpace()
    {
        while (m_pos < m_text.size() && m_text[m_pos].isSpace())
            ++m_pos;
    }

    bool atEnd()
    {
        skipSpace();
        return m_pos >= m_text.size();
    }

    QChar peek()
    {
        skipSpace();
        return m_pos < m_text.size() ? m_text[m_pos] : QChar();
    }

    void enter(qsizetype pos)
    {
        if (++m_depth > Calculator::maxDepth)
            fail(pos,
                 QCoreApplication::translate("Skein::Calculator", "expression nested too deeply (more than %1 levels)")
                     .arg(Calculator::maxDepth));
    }

    double checked(double v, qsizetype pos)
    {
        if (!std::isfinite(v))
            fail(pos, QCoreApplication::translate("Skein::Calculator", "result is too large or undefined"));
        return v;
    }

    double parseExpression()
    {
        double v = parseTerm();
        for (;;) {
            const QChar c = peek();
            const qsizetype at = m_pos;
            if (c == u'+') {
                ++m_pos;
                v = checked(v + parseTerm(), at);
            } else if (c == u'-' || c == QChar(0x2212)) {
                ++m_pos;
                v = checked(v - parseTerm(), at);
            } else {
                return v;
            }
        }
    }

    double parseTerm()
    {
        double v = parseUnary();
        for (;;) {
            const QChar c = peek();
            const qsizetype at = m_pos;
            if (c == u'*' && !(m_pos + 1 < m_text.size() && m_text[m_pos + 1] == u'*')) {
                ++m_pos;
                v = checked(v * parseUnary(), at);
            } else if (c == u'×') {
                ++m_pos;
                v = checked(v * parseUnary(), at);
            } else if (c == u'/' || c == u'÷') {
                ++m_pos;
                const double d = parseUnary();
                if (d == 0.0)
                    fail(at, QCoreApplication::translate("Skein::Calculator", "division by zero"));
                v = checked(v / d, at);
            } else if (c == u'%') {
                ++m_pos;
                const double d = parseUnary();
                if (d == 0.0)
                    fail(at, QCoreApplication::translate("Skein::Calculator", "remainder of division by zero"));
                v = checked(std::fmod(v, d), at);
            } else {
                return v;
            }
        }
    }

    // Unary signs bind looser than powers: -2^2 is -4, as in mathematics.
    double parseUnary()
    {
        const QChar c = peek();
        if (c == u'-' || c == QChar(0x2212) || c == u'+') {
            const qsizetype at = m_pos++;
            enter(at);
            const double v = parseUnary();
            --m_depth;
            return c == u'+' ? v : -v;
        }
        return parsePower();
    }

    double parsePower()
    {
        const double base = parsePrimary();
        const QChar c = peek();
        const qsizetype at = m_pos;
        bool power = false;
        if (c == u'^') {
            m_pos += 1;
            power = true;
        } else if (c == u'*' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == u'*') {
            m_pos += 2;
            power = true;
        }
        if (!power)
            return base;
        enter(at);
        const double exponent = parseUnary(); // right-associative: 2^3^2 = 2^9
        --m_depth;
        if (base == 0.0 && exponent < 0)
            fail(at, QCoreApplication::translate("Skein::Calculator", "division by zero"));
        if (base < 0 && exponent != std::floor(exponent))
            fail(at, QCoreApplication::translate("Skein::Calculator", "fractional power of a negative number"));
        return checked(std::pow(base, exponent), at);
    }

    double parseNumber()
    {
        const qsizetype start = m_pos;
        qsizetype i = m_pos;
        auto digits = [&] {
            const qsizetype from = i;
            while (i < m_text.size() && m_text[i].isDigit() && m_text[i].unicode() < 128)
                ++i;
            return i - from;
        };
        qsizetype n = digits();
        if (i < m_text.size() && m_text[i] == u'.') {
            ++i;
            n += digits();
        }
        if (n == 0)
            fail(start, QCoreApplication::translate("Skein::Calculator", "a number needs digits"));
        if (i < m_text.size() && (m_text[i] == u'e' || m_text[i] == u'E')) {
            const qsizetype e = i++;
            if (i < m_text.size() && (m_text[i] == u'+' || m_text[i] == u'-'))
                ++i;
            if (digits() == 0)
                fail(e, QCoreApplication::translate("Skein::Calculator", "exponent of a number needs digits"));
        }
        if (i < m_text.size() && m_text[i] == u'.')
            fail(i, QCoreApplication::translate("Skein::Calculator", "a number has a second decimal point"));
        m_pos = i;
        bool ok = false;
        const double v = m_text.mid(start, i - start).toDouble(&ok);
        if (!ok || !std::isfinite(v))
            fail(start, QCoreApplication::translate("Skein::Calculator", "number is too large"));
        return v;
    }

    double parsePrimary()
    {
        skipSpace();
        if (m_pos >= m_text.size())
            fail(m_pos, QCoreApplication::translate("Skein::Calculator", "unexpected end of expression"));
        const QChar c = m_text[m_pos];
        if (c == u'(') {
            const qsizetype open = m_pos++;
            enter(open);
            const double v = parseExpression();
            if (peek() != u')')
                fail(atEnd() ? open : m_pos,
                     atEnd() ? QCoreApplication::translate("Skein::Calculator", "‘(’ is never closed")
                             : QCoreApplication::translate("Skein::Calculator", "expected ‘)’"));
            ++m_pos;
            --m_depth;
            return v;
        }
        if ((c.isDigit() && c.unicode() < 128) || c == u'.')
            return parseNumber();
        if (c.isLetter() || c == u'π')
            return parseName();
        fail(m_pos, QCoreApplication::translate("Skein::Calculator", "unexpected %1").arg(describe(c)));
    }

    double parseName()
    {
        const qsizetype start = m_pos;
        while (m_pos < m_text.size() && (m_text[m_pos].isLetterOrNumber() || m_text[m_pos] == u'π'))
            ++m_pos;
        const QString name = m_text.mid(start, m_pos - start).toLower();
        if (peek() != u'(') {
            if (name == u"pi" || name == u"π")
                return std::numbers::pi;
            if (name == u"e")
                return std::numbers::e;
            fail(start, QCoreApplication::translate("Skein::Calculator", "unknown name ‘%1’").arg(name));
        }
        const qsizetype open = m_pos++;
        enter(open);
        QList<double> args;
        QList<qsizetype> argPos;
        if (peek() != u')') {
            for (;;) {
                argPos.append(m_pos);
                args.append(parseExpression());
                if (peek() == u',') {
                    ++m_pos;
                    continue;
                }
                break;
            }
        }
        if (peek() != u')')
            fail(atEnd() ? open : m_pos,
                 atEnd() ? QCoreApplication::translate("Skein::Calculator", "‘(’ is never closed")
                         : QCoreApplication::translate("Skein::Calculator", "expected ‘,’ or ‘)’"));
        ++m_pos;
        --m_depth;
        return call(name, start, args, argPos);
    }

    double call(const QString &name, qsizetype at, const QList<double> &a, const QList<qsizetype> &argPos)
    {
        auto arity = [&](int n) {
            if (a.size() != n)
                fail(at,
                     QCoreApplication::translate("Skein::Calculator", "%1() takes %2 argument(s), got %3")
                         .arg(name)
                         .arg(n)
                         .arg(a.size()));
        };
        if (name == u"min" || name == u"max") {
            if (a.isEmpty())
                fail(at,
                     QCoreApplication::translate("Skein::Calculator", "%1() needs at least one argument").arg(name));
            double v = a.first();
            for (double x : a)
                v = name == u"min" ? std::min(v, x) : std::max(v, x);
            return v;
        }
        struct Unary
        {
            const char16_t *name;
            double (*fn)(double);
        };
        static const Unary unary[] = {
            {u"abs", [](double x) { return std::fabs(x); }},    {u"round", [](double x) { return std::round(x); }},
            {u"floor", [](double x) { return std::floor(x); }}, {u"ceil", [](double x) { return std::ceil(x); }},
            {u"sin", [](double x) { return std::sin(x); }},     {u"cos", [](double x) { return std::cos(x); }},
            {u"tan", [](double x) { return std::tan(x); }},     {u"sqrt", [](double x) { return std::sqrt(x); }},
            {u"ln", [](double x) { return std::log(x); }},      {u"log10", [](double x) { return std::log10(x); }},
        };
        for (const Unary &u : unary) {
            if (name != QStringView(u.name))
                continue;
            arity(1);
            if (name == u"sqrt" && a[0] < 0)
                fail(argPos[0], QCoreApplication::translate("Skein::Calculator", "square root of a negative number"));
            if ((name == u"ln" || name == u"log10") && a[0] <= 0)
                fail(argPos[0],
                     QCoreApplication::translate("Skein::Calculator", "logarithm of a number that is not positive"));
            return checked(u.fn(a[0]), at);
        }
        fail(at, QCoreApplication::translate("Skein::Calculator", "unknown function ‘%1’").arg(name));
    }

    const QString &m_text;
    qsizetype m_pos = 0;
    int m_depth = 0;
};

} // namespace

Calculator::Result Calculator::evaluate(const QString &expression)
{
    Result r;
    if (expression.size() > maxLength) {
        r.position = maxLength + 1;
        r.error = QCoreApplication::translate("Skein::Calculator", "expression is longer than %1 characters")
                      .arg(maxLength);
        return r;
    }
    if (expression.trimmed().isEmpty()) {
        r.position = 1;
        r.error = QCoreApplication::translate("Skein::Calculator", "%1 at position %2")
                      .arg(QCoreApplication::translate("Skein::Calculator", "empty expression"))
                      .arg(1);
        return r;
    }
    try {
        Parser parser(expression);
        r.value = parser.parseAll();
        if (r.value == 0.0)
            r.value = 0.0; // no "-0"
        r.ok = true;
    } catch (const Failure &f) {
        r.position = f.position + 1;
        r.error = QCoreApplication::translate("Skein::Calculator", "%1 at position %2").arg(f.message).arg(r.position);
    }
    return r;
}

QString Calculator::format(double value)
{
    if (value == std::trunc(value) && std::fabs(value) < 1e15)
        return QString::number(value, 'f', 0);
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace Skein
