/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"
#include "storage/result.h"

#include <QList>
#include <QSet>
#include <QStringList>

#include <functional>

namespace Skein {

class Database;

// Messages as a tree (SPEC §2.2). Nothing is overwritten except a generating message's own text.
class MessageRepository final
{
public:
    struct Finish
    {
        MessageStatus status = MessageStatus::Complete;
        QString finishReason;
        QString stopSequence; // with finishReason: the stop sequence that ended the call, if named
        QString error;
        Usage usage;
        qint64 completedAt = 0; // 0: now
    };

    explicit MessageRepository(Database &db)
        : m_db(db)
    { }

    // Idempotent on id: inserting the same id again (a retried write) is Constraint, nothing changes.
    // With its attachments (their content stored already: AttachmentRepository::storeContent).
    Status insert(const Message &message);
    // Parents before children; one transaction (a savepoint inside an outer one).
    Status insertBatch(const QList<Message> &messages);
    // Streaming: appends to content/reasoning of a message that is still generating, only where
    // the stored text is exactly as long as the writer believes (UTF-8 bytes of content and
    // reasoning): a part lost before never leaves a hole that later parts follow. Conflict else.
    Status appendDeltaAt(const QString &id, const QString &contentDelta, const QString &reasoningDelta,
                         qint64 contentBytesBefore, qint64 reasoningBytesBefore);
    struct StoredText
    {
        MessageStatus status = MessageStatus::Generating;
        qint64 contentBytes = 0; // UTF-8
        qint64 reasoningBytes = 0;
    };
    Result<StoredText> storedText(const QString &id);
    // Replaces the text of a generating message (a coalesced flush of the whole reply so far).
    Status setGeneratingContent(const QString &id, const QString &content, const QString &reasoning);
    Status setToolCalls(const QString &id, const QJsonArray &toolCalls);
    // The reply's thinking blocks (signatures, redacted blocks) to send back later; empty = none.
    Status setReasoningBlocks(const QString &id, const QList<ReasoningBlock> &blocks);
    Status setRenderContent(const QString &id, const QString &renderContent);
    Status finish(const QString &id, const Finish &finish);
    // Continue: a finished reply goes back to `generating` (no error, finish reason or completion
    // time) so that the continuation appends to it.
    Status reopen(const QString &id);
    // The context snapshot of the request that produced the message.
    Status setRequestId(const QString &id, const QString &requestId);
    // The model the server says answered (it may differ from the one asked).
    Status setModel(const QString &id, const QString &model);

    Result<Message> get(const QString &id);
    // Children in creation order; an empty parentId gives the session's root messages.
    Result<QList<Message>> children(const QString &sessionId, const QString &parentId);
    // The chain root -> leaf, following parent links (also into a forked-from session).
    Result<QList<Message>> path(const QString &leafId);
    // The last maxCount messages of that chain (root-ward first): what the context engine replays,
    // read without walking the whole path.
    Result<QList<Message>> pathTail(const QString &leafId, int maxCount);
    // Every message of a session in insertion order (parents before children).
    Result<QList<Message>> bySession(const QString &sessionId);
    // The same, one at a time, without a list of them all: a reader that keeps a smaller form of
    // each (the conversation document) never holds two copies of a long session.
    Status eachInSession(const QString &sessionId, const std::function<void(Message &&)> &visit);
    Result<qint64> countBySession(const QString &sessionId);
    // The session's user messages created after the given time (ms since epoch).
    Result<qint64> countUserMessagesAfter(const QString &sessionId, qint64 createdAfter);
    // Whether the session already holds the result of a tool call with this id.
    Result<bool> hasToolResult(const QString &sessionId, const QString &toolCallId);
    // How many messages the chain root -> leafId holds (0 for an unknown leaf).
    Result<qint64> pathLength(const QString &leafId);
    // The seqs of the path up from leafId (leaf first) while they are greater than aboveSeq; *stop
    // (optional) gets the parent seq where the walk stopped (0 at the root). A parent's seq is
    // smaller than its child's, so stopping at a known ancestor's seq reads only what is new.
    Result<QList<qint64>> pathSeqs(const QString &leafId, qint64 aboveSeq = 0, qint64 *stop = nullptr);
    // The messages with these ids, in no particular order; unknown ids are skipped.
    Result<QList<Message>> byIds(const QStringList &ids);
    // The ids from fromId (itself first) towards the root, read in chunks until every one of
    // targets was seen or limit ids were read.
    Result<QStringList> ancestorIds(const QString &fromId, const QSet<QString> &targets, qsizetype limit);
    // Messages left generating by a crash, for recovery.
    Result<QList<Message>> generating();
    // Deletes a node and all its descendants; returns the deleted ids.
    Result<QStringList> deleteSubtree(const QString &id);

private:
    Status insertRow(const Message &message);
    Result<QList<Message>> collect(const QString &sql, const QVariantList &binds);
    Status visit(const QString &sql, const QVariantList &binds, const std::function<void(Message &&)> &each);

    Database &m_db;
};

} // namespace Skein
