// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/attachmentrepository.h"

#include "storage/database.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSqlQuery>

#include <sqlite3.h>

#include <algorithm>

namespace Skein {

namespace {

StorageError shortRead(qint64 done, qint64 size)
{
    return {StorageError::Kind::Io,
            QStringLiteral("the file ended after %1 of %2 bytes (it changed while it was read)").arg(done).arg(size)};
}

// An open incremental-I/O handle on one content row, closed with the scope.
class BlobHandle
{
public:
    BlobHandle(Database &db, qint64 rowid, bool write)
        : m_db(db)
    {
        m_rc = sqlite3_blob_open(db.handle(), "main", "blobs", "data", rowid, write ? 1 : 0, &m_blob);
    }
    ~BlobHandle()
    {
        if (m_blob)
            sqlite3_blob_close(m_blob);
    }
    BlobHandle(const BlobHandle &) = delete;
    BlobHandle &operator=(const BlobHandle &) = delete;

    Status status() const { return m_rc == SQLITE_OK ? Status {} : Status(m_db.lastError()); }
    Status write(const QByteArray &piece, qint64 at)
    {
        m_rc = sqlite3_blob_write(m_blob, piece.constData(), int(piece.size()), int(at));
        return status();
    }
    Status read(QByteArray *piece, qint64 at)
    {
        m_rc = sqlite3_blob_read(m_blob, piece->data(), int(piece->size()), int(at));
        return status();
    }
    qint64 size() const { return m_blob ? sqlite3_blob_bytes(m_blob) : 0; }

private:
    Database &m_db;
    sqlite3_blob *m_blob = nullptr;
    int m_rc = SQLITE_OK;
};

Attachment fromRow(const QSqlQuery &q)
{
    Attachment a;
    a.id = q.value(0).toString();
    a.messageId = q.value(1).toString();
    a.ordinal = q.value(2).toInt();
    a.name = q.value(3).toString();
    a.mimeType = q.value(4).toString();
    a.kind = attachmentKindFromString(q.value(5).toString()).value_or(AttachmentKind::Other);
    a.size = q.value(6).toLongLong();
    a.sha256 = q.value(7).toString();
    a.width = q.value(8).toInt();
    a.height = q.value(9).toInt();
    a.pages = q.value(10).toInt();
    a.text = q.value(11).toString();
    a.createdAt = q.value(12).toLongLong();
    a.sendPages = q.value(13).toBool();
    return a;
}

} // namespace

Result<qint64> AttachmentRepository::findContent(const QString &sha256)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT id FROM blobs WHERE sha256 = ?"));
    q.bindValue(0, sha256);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const qint64 id = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return id;
}

Result<bool> AttachmentRepository::hasContent(const QString &sha256)
{
    Result<qint64> id = findContent(sha256);
    if (!id)
        return id.error();
    return *id != 0;
}

Result<bool> AttachmentRepository::exists(const QString &id)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT 1 FROM attachments WHERE id = ?"));
    q.bindValue(0, id);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const bool found = q.next();
    q.finish();
    return found;
}

Result<qint64> AttachmentRepository::writeContent(QIODevice *in, qint64 size, QString *hash)
{
    // SQLite's blobs are at most 2^31 - 1 bytes (its default limit is lower still: 1e9).
    if (size < 0 || size > 1'000'000'000)
        return StorageError {StorageError::Kind::Invalid, QStringLiteral("content of %1 bytes is too large").arg(size)};
    if (Status s = m_db.run("INSERT INTO blobs(size, data) VALUES (?, zeroblob(?))", {size, size}); !s)
        return s.error();
    const qint64 rowid = sqlite3_last_insert_rowid(m_db.handle());
    QCryptographicHash sha(QCryptographicHash::Sha256);
    BlobHandle blob(m_db, rowid, true);
    if (Status s = blob.status(); !s)
        return s.error();
    qint64 done = 0;
    while (done < size) {
        const QByteArray piece = in->read(std::min(kPiece, size - done));
        if (piece.isEmpty() && !in->waitForReadyRead(30000))
            return shortRead(done, size);
        if (Status s = blob.write(piece, done); !s)
            return s.error();
        if (hash)
            sha.addData(piece);
        done += piece.size();
    }
    if (hash)
        *hash = QString::fromLatin1(sha.result().toHex());
    return rowid;
}

Result<QString> AttachmentRepository::storeContent(QIODevice *in, qint64 size)
{
    if (!in->isSequential()) {
        // Hashed first: content already stored (the same screenshot again) is not written again.
        const qint64 start = in->pos();
        QCryptographicHash sha(QCryptographicHash::Sha256);
        qint64 done = 0;
        while (done < size) {
            const QByteArray piece = in->read(std::min(kPiece, size - done));
            if (piece.isEmpty())
                return shortRead(done, size);
            sha.addData(piece);
            done += piece.size();
        }
        const QString hash = QString::fromLatin1(sha.result().toHex());
        Result<qint64> existing = findContent(hash);
        if (!existing)
            return existing.error();
        if (*existing != 0)
            return hash;
        if (!in->seek(start))
            return StorageError {StorageError::Kind::Io,
                                 QStringLiteral("cannot read the file again: %1").arg(in->errorString())};
        Result<qint64> row = writeContent(in, size, nullptr);
        if (!row)
            return row.error();
        if (Status s = m_db.run("UPDATE blobs SET sha256 = ? WHERE id = ?", {hash, *row}); !s)
            return s.error();
        return hash;
    }
    QString hash;
    Result<qint64> row = writeContent(in, size, &hash);
    if (!row)
        return row.error();
    Result<qint64> existing = findContent(hash);
    if (!existing)
        return existing.error();
    if (Status s = *existing != 0 ? m_db.run("DELETE FROM blobs WHERE id = ?", {*row})
                                  : m_db.run("UPDATE blobs SET sha256 = ? WHERE id = ?", {hash, *row});
        !s)
        return s.error();
    return hash;
}

Result<QString> AttachmentRepository::storeContent(const QByteArray &bytes)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return storeContent(&buffer, bytes.size());
}

Status AttachmentRepository::readContent(const QString &sha256, QIODevice *out)
{
    Result<qint64> row = findContent(sha256);
    if (!row)
        return row.error();
    if (*row == 0)
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no content %1").arg(sha256)};
    BlobHandle blob(m_db, *row, false);
    if (Status s = blob.status(); !s)
        return s;
    const qint64 size = blob.size();
    QByteArray piece;
    for (qint64 done = 0; done < size; done += piece.size()) {
        piece.resize(std::min(kPiece, size - done));
        if (Status s = blob.read(&piece, done); !s)
            return s;
        if (out->write(piece) != piece.size())
            return StorageError {StorageError::Kind::Io, out->errorString()};
    }
    return {};
}

Result<QByteArray> AttachmentRepository::content(const QString &sha256, qint64 maxBytes)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT size FROM blobs WHERE sha256 = ?"));
    q.bindValue(0, sha256);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const qint64 size = q.next() ? q.value(0).toLongLong() : -1;
    q.finish();
    if (size < 0)
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no content %1").arg(sha256)};
    if (size > maxBytes)
        return StorageError {StorageError::Kind::Invalid,
                             QStringLiteral("content of %1 bytes is larger than %2").arg(size).arg(maxBytes)};
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (Status s = readContent(sha256, &buffer); !s)
        return s.error();
    return buffer.data();
}

Status AttachmentRepository::insert(const Attachment &a)
{
    if (a.id.isEmpty() || a.messageId.isEmpty())
        return StorageError {StorageError::Kind::Invalid, QStringLiteral("an attachment needs an id and a message")};
    if (a.hasContent()) {
        Result<bool> there = hasContent(a.sha256);
        if (!there)
            return there.error();
        if (!*there)
            return StorageError {StorageError::Kind::Constraint,
                                 QStringLiteral("attachment %1: its content %2 is not stored").arg(a.id, a.sha256)};
    }
    return m_db.run("INSERT INTO attachments(id, message_id, ordinal, name, mime_type, kind, size, sha256, width, "
                    "height, pages, text, created_at, send_pages) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    {a.id, a.messageId, a.ordinal, a.name, a.mimeType, toString(a.kind), a.size,
                     a.hasContent() ? QVariant(a.sha256) : QVariant(), a.width, a.height, a.pages, a.text, a.createdAt,
                     a.sendPages ? 1 : 0});
}

Result<QList<Attachment>> AttachmentRepository::select(const QString &where, const QString &bind)
{
    QSqlQuery &q = m_db.statement(
        QStringLiteral("SELECT a.id, a.message_id, a.ordinal, a.name, a.mime_type, a.kind, a.size, a.sha256, a.width, "
                       "a.height, a.pages, a.text, a.created_at, a.send_pages FROM attachments a ")
        + where + QStringLiteral(" ORDER BY a.message_id, a.ordinal"));
    q.bindValue(0, bind);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QList<Attachment> found;
    while (q.next())
        found.append(fromRow(q));
    q.finish();
    return found;
}

Result<QList<Attachment>> AttachmentRepository::byMessages(const QStringList &messageIds)
{
    if (messageIds.isEmpty())
        return QList<Attachment> {};
    return select(
        QStringLiteral("WHERE a.message_id IN (SELECT value FROM json_each(?))"),
        QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(messageIds)).toJson(QJsonDocument::Compact)));
}

Result<QHash<QString, QList<Attachment>>> AttachmentRepository::bySession(const QString &sessionId)
{
    // Few attachments, many messages: from each attachment to its message (by its unique id).
    Result<QList<Attachment>> found
        = select(QStringLiteral("JOIN messages m ON m.id = a.message_id WHERE m.session_id = ?"), sessionId);
    if (!found)
        return found.error();
    QHash<QString, QList<Attachment>> byMessage;
    for (const Attachment &a : std::as_const(*found))
        byMessage[a.messageId].append(a);
    return byMessage;
}

Status AttachmentRepository::fill(QList<Message> &messages)
{
    if (messages.isEmpty())
        return {};
    QSqlQuery &any = m_db.statement(QStringLiteral("SELECT EXISTS (SELECT 1 FROM attachments)"));
    if (Status s = m_db.exec(any); !s)
        return s;
    const bool some = any.next() && any.value(0).toBool();
    any.finish();
    if (!some)
        return {};
    // By the sessions of the messages (a path through forks has more than one), then matched.
    QSet<QString> sessions;
    for (const Message &m : std::as_const(messages))
        sessions.insert(m.sessionId);
    QHash<QString, QList<Attachment>> byMessage;
    for (const QString &session : std::as_const(sessions)) {
        Result<QHash<QString, QList<Attachment>>> found = bySession(session);
        if (!found)
            return found.error();
        byMessage.insert(*found);
    }
    for (Message &m : messages)
        m.attachments = byMessage.value(m.id);
    return {};
}

Result<qint64> AttachmentRepository::removeUnreferenced()
{
    if (Status s = m_db.run("DELETE FROM blobs WHERE sha256 IS NULL OR NOT EXISTS "
                            "(SELECT 1 FROM attachments WHERE attachments.sha256 = blobs.sha256)",
                            {});
        !s)
        return s.error();
    return qint64(m_db.changes());
}

Result<qint64> AttachmentRepository::contentCount()
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT count(*) FROM blobs"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    const qint64 n = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return n;
}

Status AttachmentRepository::setContent(const QString &id, const QString &sha256, qint64 size, QSize pixels,
                                        const QStringList &rename)
{
    return m_db.run("UPDATE attachments SET sha256 = ?, size = ?, width = CASE WHEN width > 0 THEN width ELSE ? END, "
                    "height = CASE WHEN height > 0 THEN height ELSE ? END, "
                    "name = CASE WHEN name = ? AND ? <> '' THEN ? ELSE name END WHERE id = ? AND sha256 IS NULL",
                    {sha256, size, std::max(pixels.width(), 0), std::max(pixels.height(), 0), rename.value(0),
                     rename.value(1), rename.value(1), id});
}

} // namespace Skein
