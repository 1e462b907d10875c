/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/message.h"

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QStringList>

#include <optional>

namespace Skein {

// The messages of a conversation document as it keeps them while nobody is changing them: each one
// packed into a byte string (its texts as UTF-8, its numbers as varints, the strings many messages
// repeat — session, provider, model, finish reason — as indexes into one table). A Message spends
// 472 bytes on its fields before any text, most of them empty; a packed one about 60, and half as
// much for Latin text. A 100,000-message conversation is about 70 MB smaller so.
//
// value() unpacks a whole message; brief() answers what a walk over the whole tree needs (the
// branch view, the token count) without unpacking anything. Thread-affine like any container: it
// may be filled on one thread and handed to another.
class CompactMessages final
{
public:
    // What a walk over many messages asks, straight from the packed entry.
    struct Brief
    {
        QString sessionId;
        Role role = Role::User;
        MessageStatus status = MessageStatus::Complete;
        qint64 tokenEstimate = 0;
        // The message makes tool calls or answers one (a tool-call state may concern it).
        bool toolCalls = false;
    };

    void insert(const Message &message);
    bool remove(const QString &id);
    void clear();
    bool contains(const QString &id) const { return m_entries.contains(id); }
    qsizetype size() const { return m_entries.size(); }
    // The messages that make tool calls or answer one.
    const QSet<QString> &withToolCalls() const { return m_withToolCalls; }

    std::optional<Message> value(const QString &id) const;
    std::optional<Brief> brief(const QString &id) const;

private:
    struct Entry
    {
        QByteArray bytes;
        qint64 tokenEstimate = 0;
        quint32 session = 0;
        Role role = Role::User;
        MessageStatus status = MessageStatus::Complete;
        bool toolCalls = false;
    };
    quint32 intern(const QString &s);
    Message unpack(const QString &id, const Entry &entry) const;

    QHash<QString, Entry> m_entries;
    QSet<QString> m_withToolCalls;
    QHash<QString, QList<Attachment>> m_attachments; // the few messages that have any, as they are
    QStringList m_strings {QString()}; // index 0 is the empty string
    QHash<QString, quint32> m_stringIndex;
};

} // namespace Skein
