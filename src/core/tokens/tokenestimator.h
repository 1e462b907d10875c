/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringView>

#include <array>

namespace Skein {

// Which reference tokenizer the estimate imitates.
enum class TokenProfile {
    O200k, // gpt-4o, gpt-4.1, o-series, gpt-5 — and the default for every other model
    Cl100k, // gpt-4 (before 4o), gpt-3.5
};

// What one pass over a text counts; the estimate is a weighted sum of these. Exposed so that the
// weights can be fitted against golden counts (bench_tokens --features) and tested.
struct TokenFeatures
{
    enum Kind {
        Han, // CJK ideographs (BMP and the supplementary planes)
        HanRareO200k, // … of which not a single token in o200k_base (hantable.inc)
        HanRareCl100k, // … of which not a single token in cl100k_base
        KanaHangul, // Japanese kana and Korean hangul
        WidePunct, // CJK punctuation, fullwidth forms, typographic quotes and dashes
        WordSegments, // Latin letter runs, split again at lower→Upper case changes
        LettersOver4, // letters of a segment beyond its 4th
        LettersOver8, // letters of a segment beyond its 8th
        LatinExtended, // accented Latin letters inside words
        DigitGroups, // digit runs counted in groups of up to 3
        PunctRuns, // runs of ASCII punctuation / symbols
        PunctChars, // ASCII punctuation / symbol characters
        PunctChanges, // places inside a symbol run where the symbol changes ("|---|" has 2)
        RepeatGroups, // groups of a repeated symbol inside a mixed symbol run ("|---|" has 1)
        SymbolsBeforeWord, // symbol runs directly followed by a Latin word
        NewlineRuns, // whitespace runs containing a line break (not right after a symbol)
        IndentRuns, // blanks after the last line break that do not join the next token
        IndentChars, // characters of those blanks
        SpaceRuns, // blank runs without a line break that do not join the next token
        SplitBlanks, // several blanks before a digit or symbol: the last one is split off
        BreaksAfterSymbol, // line breaks right after an ASCII symbol (absorbed by it)
        OtherLetters, // letters of other scripts (Cyrillic, Greek, Arabic, Devanagari, Thai, …)
        Symbols, // other BMP symbols (✅ → ⚠, variation selectors)
        Astral, // emoji and other supplementary-plane characters
        Count
    };
    std::array<qint64, Count> counts {};

    qint64 operator[](Kind kind) const { return counts[kind]; }
    static QString name(Kind kind);
};

// A tool the model may call, as sent in a request's tool list.
struct ToolSchema
{
    QString name;
    QString description;
    QJsonObject parameters; // JSON schema of the arguments
};

// Estimates how many tokens an OpenAI-style tokenizer produces for a text, a chat message or a
// tool list, in one pass and without a vocabulary. Accuracy per text class is measured against
// golden counts in tests/unit/tokens (docs/tokens.md). Cheap to copy; thread-safe.
class TokenEstimator
{
public:
    explicit TokenEstimator(TokenProfile profile = TokenProfile::O200k);

    // o200k for gpt-4o/4.1/o-series/gpt-5, cl100k for older gpt-4/gpt-3.5, o200k for anything
    // else (other vendors' tokenizers are closer to o200k on Chinese; calibration corrects the rest).
    static TokenProfile profileForModel(QStringView model);
    static TokenEstimator forModel(QStringView model);
    TokenProfile profile() const { return m_profile; }

    static TokenFeatures measure(QStringView text);
    // The weighted sum of the features, before rounding.
    double weigh(const TokenFeatures &features) const;

    // Tokens of a plain text: 0 for an empty text, at least 1 otherwise.
    qint64 estimateText(QStringView text) const;
    // One chat message: role framing (~3 tokens), an optional name, content and tool calls (JSON).
    qint64 estimateMessage(QStringView role, QStringView content, QStringView toolCallsJson = {},
                           QStringView name = {}) const;
    // Tokens that prime the reply after the last message; add once per request.
    static qint64 replyPriming();
    // The tool list of a request: each schema serialised compactly plus fixed framing. 0 when empty.
    qint64 estimateTools(const QList<ToolSchema> &tools) const;

private:
    TokenProfile m_profile;
};

} // namespace Skein
