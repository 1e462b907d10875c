/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "foreignformats.h"
#include "sessioncontent.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace Skein::Exchange {

class ImportSource;

// Reads another client's export on a thread of its own: cuts each file into conversations,
// parses them and converts each into a session with derived ids. The importer's thread takes them
// from a short queue and only writes, so reading and writing overlap on two cores. Memory stays
// bounded: at most kDepth converted conversations wait.
class ConversationFeed final
{
public:
    struct Item
    {
        enum class Kind {
            Conversation, // content, sourceId, branches, notes
            Skipped, // a conversation that cannot be imported: path, reason; the rest goes on
            SkeinExport, // the file is a Skein export: skeinBytes; nothing follows
            Failed, // the export cannot be imported at all: reason ("path: why"); nothing follows
            End, // every conversation was read
        };
        Kind kind = Kind::End;
        QString path; // "$[12]", "conversations-001.json$[3]"
        QString reason;
        SessionContent content;
        QString sourceId;
        qsizetype branches = 0;
        QStringList notes; // "TITLE": what a user should know
        QHash<QString, QString> assets; // attachment id -> the export's id of its content
        qint64 bytesDone = 0; // of the whole export, after this item
        QByteArray skeinBytes;
    };

    // Starts reading at once. source must outlive the feed and is used by the feed's thread
    // only until next() has returned End, Failed or SkeinExport.
    ConversationFeed(const ImportSource &source, ImportFormat format);
    ~ConversationFeed(); // stops reading and waits for the thread
    ConversationFeed(const ConversationFeed &) = delete;
    ConversationFeed &operator=(const ConversationFeed &) = delete;

    Item next(); // blocks until the next item is ready
    // The format read (the detected one for Auto); final once next() returned End.
    ImportFormat format() const;

private:
    void run(const ImportSource &source);
    bool readDocument(const ImportSource &source, const QString &name, qint64 size, qint64 before);
    bool readConversation(const QByteArray &element, const QString &at, qint64 bytesDone);
    void readProjects(const ImportSource &source); // Claude's projects/ (or projects.json)
    bool push(Item item); // false: the reader was told to stop
    bool fail(const QString &reason); // queues a Failed item; always false

    static constexpr std::size_t kDepth = 16;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Item> m_items;
    bool m_stop = false;
    ImportFormat m_format;
    QString m_prefix; // the file's name inside an archive, for paths
    QHash<QString, QString> m_projects; // Claude: a project's uuid → its name
    std::jthread m_thread; // last: started when everything above exists
};

} // namespace Skein::Exchange
