/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

struct sqlite3;

namespace Skein {

// The word index of message content (messages_words, schema 10), used to recall earlier passages
// by BM25 (docs/context.md, "Recall"). FTS5's unicode61 tokenizer splits text at anything that is
// not a letter or a digit, folds case and diacritics, and the porter stemmer joins "painted" and
// "painting". Chinese and Japanese have no spaces: a run of Han or kana is written as its
// overlapping character pairs ("长城很长" → "长城 城很 很长"), which needs no dictionary, finds any
// two-character word and costs about one index entry per character (docs/storage.md).
namespace WordIndex {

// Characters beyond this are not indexed (a long tool result's tail).
inline constexpr qsizetype kMaxIndexedChars = qsizetype(64) * 1024;

// The text as indexed: CJK runs become their character pairs. The SQL function skein_words(text)
// computes this inside the triggers that keep the index current.
QString prepare(QStringView text);

// The distinct terms of text worth searching for, in order: lowercase words of two or more
// characters (one for CJK) that are not common function words, and CJK pairs.
QStringList terms(QStringView text);

// An FTS5 MATCH expression that any of the terms satisfies ("a" OR "b"); "" without terms.
QString anyOf(const QStringList &terms);

// Registers skein_words() on a connection; every connection that writes messages needs it.
int registerFunction(sqlite3 *db);

} // namespace WordIndex

} // namespace Skein
