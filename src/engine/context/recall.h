/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "engine/context/queryembedding.h"
#include "storage/result.h"

#include <QDateTime>
#include <QJsonArray>
#include <QList>
#include <QSet>
#include <QString>

#include <functional>

namespace Skein {

class Store;
struct Session;

// An earlier message brought back into a request because it matches what is being asked (issue
// 17; docs/context.md, "Recall").
struct RecallPassage
{
    QString messageId;
    QString sessionId;
    QString sessionTitle; // another conversation's; empty for this one
    Role role = Role::User;
    qint64 createdAt = 0;
    QString toolName; // a tool result's tool, or the tools an assistant message called
    QString callText; // a tool result's call: "name(arguments)" (a result never comes without it)
    QString callId; // the assistant message that made that call
    QString text; // what is quoted: the message, or its excerpt around the matched words
    double score = 0; // fused reciprocal rank, higher first
    bool added = false; // the user added it in the context inspector: taken before any found one

    friend bool operator==(const RecallPassage &, const RecallPassage &) = default;
};

namespace Recall {

// Candidates read per request: more than a window of 16k tokens ever holds beside its history,
// so that those in the window already can be passed over.
inline constexpr int kCandidates = 160;
// A long message is quoted as an excerpt of about this many characters around its matches.
inline constexpr qsizetype kExcerptChars = 1200;

struct Options
{
    bool allSessions = false; // also other conversations (never incognito ones)
    // Semantic recall: the query's vector ranks the stored vectors of the candidates' messages by
    // cosine similarity, a third list fused with the BM25 ones.
    QueryEmbedding embedding;
};

// The two parts of a request the query is made of: the current user message, and the turn
// before it (the previous user message and what answered it). Both stay the same while an agent
// loop runs, so the recalled block does too and a prompt cache keeps what comes before it.
struct Query
{
    QString current;
    QString lastTurn;
};
Query queryOf(const QList<Message> &path);

// The candidates of a request whose path tail is path (leaf last; storedLeafId is the last one
// stored, the draft of `skein-cli context --draft` is not), best first: messages of the session's
// active path (and of other sessions when asked) that match the query, by BM25 over the word
// index (and by similarity to the query's vector, when options.embedding has one). The rarest words are searched for;
// the turn before joins the query (at half weight, fused by reciprocal rank) only when the current message has fewer
// than three of them. Messages of the current turn are never candidates. Runs on a storage thread.
Result<QList<RecallPassage>> find(Store &store, const Session &session, const QList<Message> &path,
                                  const QString &storedLeafId, const Options &options);

// The messages the user added in the context inspector, as passages (added), in the order given;
// a tool result comes with its call. Ids of other sessions or unknown ones are passed over.
Result<QList<RecallPassage>> passagesFor(Store &store, const Session &session, const QStringList &messageIds);

struct Selection
{
    QList<RecallPassage> passages; // chronological
    QList<qint64> tokens; // of each passage, as counted against the budget
    QString block; // "" when nothing is recalled
};

// The best candidates not skipped (sent already, or left out by the user) that fit in budget,
// as measured by tokensOf, quoted in one block in the order they were said.
Selection select(const QList<RecallPassage> &candidates, const QSet<QString> &skip, qint64 budget,
                 const std::function<qint64(const QString &)> &tokensOf, const QDateTime &now);

// What a snapshot records: [{message_id, session_id, score, tokens}], chronological.
QJsonArray toJson(const Selection &selection);

// Up to kExcerptChars of text around its first match of any of terms, on word boundaries.
QString excerpt(const QString &text, const QStringList &terms);

// One passage as quoted in the block: "[2026-05-08 13:56, user] text".
QString line(const RecallPassage &passage, const QDateTime &now);

// The block around the lines, with the note that its content is data.
QString block(const QStringList &lines);

} // namespace Recall

} // namespace Skein
