/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/attachment.h"
#include "core/domain/message.h"
#include "storage/result.h"

#include <QHash>
#include <QList>
#include <QSize>
#include <QStringList>

class QIODevice;

namespace Skein {

class Database;

// Attachments and their content (issue 16, schema 8). Content is stored once per SHA-256 and
// streamed in and out in pieces of kPiece bytes, so no file is ever whole in memory. An
// attachment's row refers to its content by hash; the content goes when no attachment refers to it
// any more (a trigger). Writes belong in the caller's transaction, with the message they describe.
class AttachmentRepository final
{
public:
    static constexpr qint64 kPiece = qint64(1) << 20;

    explicit AttachmentRepository(Database &db)
        : m_db(db)
    { }

    // Stores the next `size` bytes of `in` unless the same content is already there, and returns
    // its SHA-256 (lowercase hex). A file is read twice (hashed, then copied only when new); a
    // sequential device once (copied, then dropped when the content was there).
    Result<QString> storeContent(QIODevice *in, qint64 size);
    Result<QString> storeContent(const QByteArray &bytes);
    // Writes the content to `out` in pieces.
    Status readContent(const QString &sha256, QIODevice *out);
    // The whole content, when it is at most maxBytes (a thumbnail's source, a text file).
    Result<QByteArray> content(const QString &sha256, qint64 maxBytes);
    Result<bool> hasContent(const QString &sha256);
    // An attachment with this id, in any message.
    Result<bool> exists(const QString &id);

    // The attachment's row; its content (when it has one) must be stored already.
    Status insert(const Attachment &attachment);
    // An attachment without content gets it (stored already): an import found the file among the
    // export's files. Its size becomes the content's; a known width or height stays. rename: {old
    // name, new name}, applied when the record is still named old name.
    Status setContent(const QString &id, const QString &sha256, qint64 size, QSize pixels = {},
                      const QStringList &rename = {});
    // The attachments of these messages, by message and ordinal.
    Result<QList<Attachment>> byMessages(const QStringList &messageIds);
    Result<QList<Attachment>> byMessage(const QString &messageId) { return byMessages({messageId}); }
    // Sets each message's attachments (one query for all of them; none when no message anywhere has
    // one).
    Status fill(QList<Message> &messages);
    // Every attachment of a session's own messages, by message id.
    Result<QHash<QString, QList<Attachment>>> bySession(const QString &sessionId);
    // Content rows no attachment refers to (a write cut short, a failed send): removed; how many.
    Result<qint64> removeUnreferenced();
    Result<qint64> contentCount();

private:
    Result<qint64> findContent(const QString &sha256);
    Result<QList<Attachment>> select(const QString &where, const QString &bind);
    // Copies size bytes of `in` into a new content row; its hash through `hash` when given.
    Result<qint64> writeContent(QIODevice *in, qint64 size, QString *hash);

    Database &m_db;
};

} // namespace Skein
