// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/wordindex.h"

#include <QSet>

#include <sqlite3.h>

using namespace Qt::StringLiterals;

namespace Skein::WordIndex {

namespace {

bool isCjk(char32_t c)
{
    return (c >= 0x3040 && c <= 0x30ff) // hiragana, katakana
        || (c >= 0x3400 && c <= 0x4dbf) // CJK extension A
        || (c >= 0x4e00 && c <= 0x9fff) // CJK unified ideographs
        || (c >= 0xf900 && c <= 0xfaff) // compatibility ideographs
        || (c >= 0x20000 && c <= 0x3134f); // extensions B–G
}

bool isWordChar(char32_t c)
{
    return QChar::isLetterOrNumber(c) || QChar::category(c) == QChar::Mark_NonSpacing;
}

// Words that carry no topic: matching them would rank every message. English only; other
// languages rely on BM25's inverse document frequency.
const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        const QStringList list
            = QStringLiteral(
                  "a an and are as at be been being but by can could did do does doing done for from had has have "
                  "having "
                  "he her here hers him his how i if in into is it its just me might my no not of on or our ours she "
                  "should so some such than that the their theirs them then there these they this those to too us very "
                  "was we were what when where which while who whom whose why will with would you your yours yes ok "
                  "okay "
                  "also about after again all am any because before both each few more most much other over own same "
                  "up down out off only now then ever get got go going let lets like make made know think tell told "
                  "say "
                  "said one ll ve re don doesn didn isn wasn aren weren im")
                  .split(u' ', Qt::SkipEmptyParts);
        return QSet<QString>(list.cbegin(), list.cend());
    }();
    return words;
}

// Calls sink(term, isCjkPair) for each token of text in order, as FTS5 will see it after prepare().
template<typename Sink> void tokens(QStringView text, Sink sink)
{
    QString word;
    QList<char32_t> run; // a CJK run
    auto flushWord = [&] {
        if (!word.isEmpty())
            sink(word, false);
        word.clear();
    };
    auto flushRun = [&] {
        if (run.size() == 1)
            sink(QString::fromUcs4(run.constData(), 1), true);
        for (qsizetype i = 0; i + 1 < run.size(); ++i)
            sink(QString::fromUcs4(run.constData() + i, 2), true);
        run.clear();
    };
    for (char32_t c : text.toUcs4()) {
        if (isCjk(c)) {
            flushWord();
            run.append(c);
        } else if (isWordChar(c)) {
            flushRun();
            word += QString::fromUcs4(&c, 1);
        } else {
            flushWord();
            flushRun();
        }
    }
    flushWord();
    flushRun();
}

void wordsFunction(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    if (argc != 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    const auto *bytes = reinterpret_cast<const char *>(sqlite3_value_text(argv[0]));
    const int size = sqlite3_value_bytes(argv[0]);
    const QByteArray out = prepare(QString::fromUtf8(bytes, size)).toUtf8();
    sqlite3_result_text(context, out.constData(), int(out.size()), SQLITE_TRANSIENT);
}

} // namespace

QString prepare(QStringView text)
{
    text = text.left(kMaxIndexedChars);
    QString out;
    out.reserve(text.size() + text.size() / 2);
    bool cjk = false;
    tokens(text, [&](const QString &token, bool pair) {
        if (!out.isEmpty())
            out += u' ';
        out += token;
        cjk = cjk || pair;
    });
    // Nothing CJK: the text itself tokenizes the same and keeps its punctuation out of the way.
    return cjk ? out : text.toString();
}

QStringList terms(QStringView text)
{
    QStringList out;
    QSet<QString> seen;
    tokens(text, [&](const QString &token, bool pair) {
        const QString t = token.toLower();
        if (!pair && (t.size() < 2 || stopWords().contains(t)))
            return;
        if (!seen.contains(t)) {
            seen.insert(t);
            out.append(t);
        }
    });
    return out;
}

QString anyOf(const QStringList &terms)
{
    QStringList quoted;
    quoted.reserve(terms.size());
    for (const QString &t : terms) {
        QString escaped = t;
        escaped.replace(u'"', u"\"\""_s);
        quoted.append(u'"' + escaped + u'"');
    }
    return quoted.join(u" OR "_s);
}

int registerFunction(sqlite3 *db)
{
    return sqlite3_create_function_v2(db, "skein_words", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                      nullptr, wordsFunction, nullptr, nullptr, nullptr);
}

} // namespace Skein::WordIndex
