// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/tokens/tokenestimator.h"
#include "testsupport.h"

#include <QJsonArray>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

using Kind = TokenFeatures::Kind;

ToolSchema weatherTool()
{
    const QJsonObject city {{u"type"_s, u"string"_s}, {u"description"_s, u"City name, e.g. Berlin"_s}};
    const QJsonObject unit {{u"type"_s, u"string"_s}, {u"enum"_s, QJsonArray {u"celsius"_s, u"fahrenheit"_s}}};
    return {u"get_weather"_s, u"Returns the current weather for a city."_s,
            QJsonObject {{u"type"_s, u"object"_s},
                         {u"properties"_s, QJsonObject {{u"city"_s, city}, {u"unit"_s, unit}}},
                         {u"required"_s, QJsonArray {u"city"_s}}}};
}

} // namespace

class TestTokenEstimator final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void profileFollowsModelName_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("profile");
        const auto o200k = static_cast<int>(TokenProfile::O200k);
        const auto cl100k = static_cast<int>(TokenProfile::Cl100k);
        QTest::newRow("gpt-4o") << u"gpt-4o-mini"_s << o200k;
        QTest::newRow("gpt-4.1") << u"gpt-4.1"_s << o200k;
        QTest::newRow("gpt-5") << u"GPT-5"_s << o200k;
        QTest::newRow("o3") << u"o3-mini"_s << o200k;
        QTest::newRow("prefixed") << u"openai/gpt-4o"_s << o200k;
        QTest::newRow("gpt-4") << u"gpt-4-0613"_s << cl100k;
        QTest::newRow("gpt-4-turbo") << u"gpt-4-turbo"_s << cl100k;
        QTest::newRow("gpt-3.5") << u"gpt-3.5-turbo"_s << cl100k;
        QTest::newRow("azure gpt-35") << u"azure/gpt-35-turbo"_s << cl100k;
        QTest::newRow("claude") << u"claude-sonnet-4"_s << o200k;
        QTest::newRow("local") << u"qwen2.5:7b"_s << o200k;
        QTest::newRow("empty") << QString() << o200k;
    }
    void profileFollowsModelName()
    {
        QFETCH(QString, model);
        QFETCH(int, profile);
        QCOMPARE(static_cast<int>(TokenEstimator::profileForModel(model)), profile);
        QCOMPARE(static_cast<int>(TokenEstimator::forModel(model).profile()), profile);
    }

    void featuresOfSimpleTexts()
    {
        TokenFeatures f = TokenEstimator::measure(u"getUserName");
        QCOMPARE(f[Kind::WordSegments], 3);
        f = TokenEstimator::measure(u"internationalization");
        QCOMPARE(f[Kind::WordSegments], 1);
        QCOMPARE(f[Kind::LettersOver4], 16);
        QCOMPARE(f[Kind::LettersOver8], 12);
        f = TokenEstimator::measure(u"1234567 42");
        QCOMPARE(f[Kind::DigitGroups], 4);
        QCOMPARE(f[Kind::SpaceRuns], 1); // a space before digits is its own token
        f = TokenEstimator::measure(u"if (x) {\n        return;\n}\n");
        QCOMPARE(f[Kind::NewlineRuns], 0);
        QCOMPARE(f[Kind::BreaksAfterSymbol], 3); // "{\n", ";\n" and "}\n" are single tokens
        QCOMPARE(f[Kind::IndentRuns], 1);
        QCOMPARE(f[Kind::IndentChars], 7); // the 8th space joins "return"
        QCOMPARE(f[Kind::SpaceRuns], 0); // " (" and " {" join the symbol
        QCOMPARE(f[Kind::PunctRuns], 5); // ( ) { ; }
        f = TokenEstimator::measure(u"a.b (c\n\t\t\t\"d\"");
        QCOMPARE(f[Kind::SymbolsBeforeWord], 2); // ".b" and "\"d" merge; " (c" does not
        QCOMPARE(f[Kind::SplitBlanks], 1); // tabs do not join a symbol: "\t\t" + "\t"
        QCOMPARE(f[Kind::PunctChanges], 0);
        QCOMPARE(TokenEstimator::measure(u"|---|---|")[Kind::PunctChanges], 4);
        QCOMPARE(TokenEstimator::measure(u"|---|---|")[Kind::RepeatGroups], 2);
        QCOMPARE(TokenEstimator::measure(u"```")[Kind::RepeatGroups], 0); // a pure repeat is one run
        f = TokenEstimator::measure(u"你好，世界。");
        QCOMPARE(f[Kind::Han], 4);
        QCOMPARE(f[Kind::WidePunct], 2);
        f = TokenEstimator::measure(u"café naïve");
        QCOMPARE(f[Kind::WordSegments], 2);
        QCOMPARE(f[Kind::LatinExtended], 2);
        f = TokenEstimator::measure(u"Привет, こんにちは 안녕");
        QCOMPARE(f[Kind::OtherLetters], 6);
        QCOMPARE(f[Kind::KanaHangul], 7);
    }

    void emptyAndWhitespace()
    {
        const TokenEstimator estimator;
        QCOMPARE(estimator.estimateText(u""), 0);
        QCOMPARE(estimator.estimateText(QStringView()), 0);
        QCOMPARE(estimator.estimateText(u" "), 1);
        QCOMPARE(estimator.estimateText(u"\n"), 1);
        const qint64 blank = estimator.estimateText(u"\n\n    \t\n   ");
        QVERIFY(blank >= 1 && blank <= 4);
        // Long indentation is a handful of tokens, not one per space.
        QVERIFY(estimator.estimateText(QString(64, u' ')) <= 4);
    }

    void chineseCostsMoreThanCharsOverFour()
    {
        const QString text = u"我们团队在截止日期之前重新设计了年度预算，结果非常可靠。"_s;
        const qint64 o200k = TokenEstimator(TokenProfile::O200k).estimateText(text);
        const qint64 cl100k = TokenEstimator(TokenProfile::Cl100k).estimateText(text);
        QVERIFY(o200k > text.size() / 2);
        QVERIFY(cl100k > o200k);
    }

    void surrogatePairsAndEmoji()
    {
        const TokenEstimator o200k(TokenProfile::O200k);
        const TokenEstimator cl100k(TokenProfile::Cl100k);
        const QString emoji = u"😀🚀👍"_s;
        QCOMPARE(emoji.size(), 6);
        TokenFeatures f = TokenEstimator::measure(emoji);
        QCOMPARE(f[Kind::Astral], 3);
        QCOMPARE(f[Kind::Symbols], 0);
        QVERIFY(o200k.estimateText(emoji) >= 3); // several tokens each, never one per pair half
        QVERIFY(cl100k.estimateText(emoji) >= 6);
        // A supplementary-plane ideograph counts as Han, not as an emoji.
        f = TokenEstimator::measure(QString::fromUcs4(U"\U00020000\U0002A6D6"));
        QCOMPARE(f[Kind::Han], 2);
        QCOMPARE(f[Kind::Astral], 0);
        // Broken UTF-16 (lone surrogates) is counted, not skipped or read past the end.
        const QChar lone[] = {QChar(0xD83D), QChar(u'a'), QChar(0xDE00)};
        f = TokenEstimator::measure(QStringView(lone, 3));
        QCOMPARE(f[Kind::Symbols], 2);
        QCOMPARE(f[Kind::WordSegments], 1);
        const QChar trailing[] = {QChar(u'x'), QChar(0xD83D)};
        QCOMPARE(TokenEstimator::measure(QStringView(trailing, 2))[Kind::Symbols], 1);
    }

    void veryLongInputScalesLinearly()
    {
        const TokenEstimator estimator;
        const QString unit = u"The team measured 1,024 items in 3.5 seconds; 我们团队完成了报告。\n    return x;\n"_s;
        const double perUnit = estimator.weigh(TokenEstimator::measure(unit));
        const int repeats = 200000; // ~14 M characters
        const QString text = unit.repeated(repeats);
        const qint64 total = estimator.estimateText(text);
        QVERIFY(total > 0);
        const double expected = perUnit * repeats;
        QVERIFY2(std::abs(static_cast<double>(total) - expected) / expected < 0.01,
                 qPrintable(QStringLiteral("%1 vs %2").arg(total).arg(expected)));
    }

    void messageOverhead()
    {
        const TokenEstimator estimator;
        const qint64 role = estimator.estimateText(u"user");
        QCOMPARE(estimator.estimateMessage(u"user", u""), 3 + role);
        const QString content = u"How far is the moon?"_s;
        QCOMPARE(estimator.estimateMessage(u"user", content), 3 + role + estimator.estimateText(content));
        QCOMPARE(estimator.estimateMessage(u"user", content, {}, u"alice"),
                 3 + role + estimator.estimateText(content) + 1 + estimator.estimateText(u"alice"));
        const QString calls
            = QStringLiteral("[{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                             "\"arguments\":\"{\\\"city\\\":\\\"Berlin\\\"}\"}}]");
        QCOMPARE(estimator.estimateMessage(u"assistant", u"", calls),
                 3 + estimator.estimateText(u"assistant") + estimator.estimateText(calls));
        QCOMPARE(TokenEstimator::replyPriming(), 3);
    }

    void toolSchemas()
    {
        const TokenEstimator estimator;
        QCOMPARE(estimator.estimateTools({}), 0);
        const ToolSchema weather = weatherTool();
        const qint64 one = estimator.estimateTools({weather});
        // Framing plus the schema text: more than the name and description alone.
        QVERIFY(one > 12 + 7 + estimator.estimateText(weather.name) + estimator.estimateText(weather.description));
        const qint64 two = estimator.estimateTools({weather, weather});
        QCOMPARE(two - one, one - 12); // each tool adds the same amount; the list framing is paid once

        ToolSchema bare {u"now"_s, {}, {}};
        QCOMPARE(estimator.estimateTools({bare}), 12 + 7 + estimator.estimateText(bare.name));

        ToolSchema longer = weather;
        longer.description += u" It also reports wind speed, humidity and a three-day forecast."_s;
        QVERIFY(estimator.estimateTools({longer}) > one);
    }

    void profilesDifferOnlyWhereTokenizersDo()
    {
        const QString english = u"Please summarise the meeting notes before Friday."_s;
        const qint64 a = TokenEstimator(TokenProfile::O200k).estimateText(english);
        const qint64 b = TokenEstimator(TokenProfile::Cl100k).estimateText(english);
        QVERIFY(std::abs(a - b) <= 1);
    }
};

SKEIN_CORE_TEST_MAIN(TestTokenEstimator)
#include "tst_tokenestimator.moc"
