// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/calculator.h"
#include "testsupport.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace Skein;

class TestCalculator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void values_data();
    void values();
    void errors_data();
    void errors();
    void format();
    void deepNestingIsRefused();
    void longInputIsRefused();
};

void TestCalculator::values_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<double>("expected");
    const double pi = std::numbers::pi;
    const double e = std::numbers::e;
    auto row = [](const char *text, double value) { QTest::newRow(text) << QString::fromUtf8(text) << value; };
    row("1 + 2", 3);
    row("2 - 5", -3);
    row("2 * 3 + 4", 10);
    row("2 + 3 * 4", 14);
    row("(2 + 3) * 4", 20);
    row("10 / 4", 2.5);
    row("10 % 3", 1);
    row("-10 % 3", -1);
    row("7.5 % 2", 1.5);
    row("2 ^ 10", 1024);
    row("2 ** 10", 1024);
    row("2 ^ 3 ^ 2", 512);
    row("-2 ^ 2", -4);
    row("(-2) ^ 2", 4);
    row("2 ^ -1", 0.5);
    row("-(3)", -3);
    row("--3", 3);
    row("+4", 4);
    row("3 × 4", 12);
    row("12 ÷ 4", 3);
    row("5 − 7", -2);
    row("0.1 + 0.2", 0.1 + 0.2);
    row(".5 * 4", 2);
    row("1e3", 1000);
    row("1.5E-3 * 2", 0.003);
    row("2.5e+2", 250);
    row("sqrt(16)", 4);
    row("sqrt(2)", std::sqrt(2.0));
    row("abs(-7.25)", 7.25);
    row("round(2.5)", 3);
    row("round(-2.5)", -3);
    row("floor(-1.5)", -2);
    row("ceil(1.2)", 2);
    row("min(3, 1, 2)", 1);
    row("max(3, 1, 2)", 3);
    row("max(-1)", -1);
    row("ln(e)", 1);
    row("log10(1000)", 3);
    row("sin(pi / 2)", 1);
    row("cos(0)", 1);
    row("tan(pi / 4)", std::tan(pi / 4));
    row("pi", pi);
    row("2 * PI", 2 * pi);
    row("e ^ 2", e * e);
    row("((((1 + 2))))", 3);
    row("sqrt(3 ^ 2 + 4 ^ 2)", 5);
    row("100 * (1 + 0.05) ^ 10", 100 * std::pow(1.05, 10));
    row("  7  ", 7);
    row("1 - 2 - 3", -4);
    row("64 / 4 / 2", 8);
    row("2 * -3", -6);
    row("10 ^ 308", 1e308);
    row("min(2 ^ 3, 3 ^ 2)", 8);
    row("-0", 0);
}

void TestCalculator::values()
{
    QFETCH(QString, expression);
    QFETCH(double, expected);
    const Calculator::Result r = Calculator::evaluate(expression);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.position, 0);
    if (expected == 0.0)
        QCOMPARE(r.value, 0.0);
    else
        QVERIFY2(std::fabs(r.value - expected) <= 1e-12 * std::fabs(expected),
                 qPrintable(QStringLiteral("%1 != %2").arg(r.value, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestCalculator::errors_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("message");
    auto row = [](const char *text, int position, const char *message) {
        QTest::newRow(text) << QString::fromUtf8(text) << position << QString::fromUtf8(message);
    };
    row("", 1, "empty expression");
    row("1 +", 4, "unexpected end of expression");
    row("2 * (3 + 4", 5, "‘(’ is never closed");
    row("2 + 3)", 6, "unmatched ‘)’");
    row("1 / 0", 3, "division by zero");
    row("5 % 0", 3, "remainder of division by zero");
    row("0 ^ -1", 3, "division by zero");
    row("sqrt(-1)", 6, "square root of a negative number");
    row("ln(0)", 4, "logarithm of a number that is not positive");
    row("foo(2)", 1, "unknown function ‘foo’");
    row("2 + x", 5, "unknown name ‘x’");
    row("10 ^ 400", 4, "result is too large or undefined");
    row("1e999", 1, "number is too large");
    row("1.2.3", 4, "a number has a second decimal point");
    row("3e+", 2, "exponent of a number needs digits");
    row("2 $ 3", 3, "unexpected ‘$’");
    row("sqrt(1, 2)", 1, "sqrt() takes 1 argument(s), got 2");
    row("min()", 1, "min() needs at least one argument");
    row("(-8) ^ 0.5", 6, "fractional power of a negative number");
    row("max(1 2)", 7, "expected ‘,’ or ‘)’");
    row("9 ** ** 2", 6, "unexpected ‘*’");
    row("2 ^ 2 ^ 2 ^ 10", 7, "result is too large or undefined");
}

void TestCalculator::errors()
{
    QFETCH(QString, expression);
    QFETCH(int, position);
    QFETCH(QString, message);
    const Calculator::Result r = Calculator::evaluate(expression);
    QVERIFY(!r.ok);
    QCOMPARE(r.position, position);
    QCOMPARE(r.error, QStringLiteral("%1 at position %2").arg(message).arg(position));
}

void TestCalculator::format()
{
    QCOMPARE(Calculator::format(3), QStringLiteral("3"));
    QCOMPARE(Calculator::format(-1024), QStringLiteral("-1024"));
    QCOMPARE(Calculator::format(0.1 + 0.2), QStringLiteral("0.30000000000000004"));
    QCOMPARE(Calculator::format(2.5), QStringLiteral("2.5"));
    QCOMPARE(Calculator::format(1e300), QStringLiteral("1e+300"));
}

void TestCalculator::deepNestingIsRefused()
{
    const QString ok = QString(Calculator::maxDepth, u'(') + u'1' + QString(Calculator::maxDepth, u')');
    QVERIFY(Calculator::evaluate(ok).ok);
    const QString deep = QString(100000, u'(') + u'1' + QString(100000, u')');
    const Calculator::Result r = Calculator::evaluate(deep.left(Calculator::maxLength));
    QVERIFY(!r.ok);
    QCOMPARE(r.position, Calculator::maxDepth + 1);
    QVERIFY(r.error.contains(QStringLiteral("nested too deeply")));
    QVERIFY(!Calculator::evaluate(QString(2000, u'-') + u'1').ok);
}

void TestCalculator::longInputIsRefused()
{
    QString text = QStringLiteral("1");
    while (text.size() <= Calculator::maxLength)
        text += QStringLiteral("+1");
    const Calculator::Result r = Calculator::evaluate(text);
    QVERIFY(!r.ok);
    QCOMPARE(r.position, Calculator::maxLength + 1);
}

SKEIN_CORE_TEST_MAIN(TestCalculator)
#include "tst_calculator.moc"
