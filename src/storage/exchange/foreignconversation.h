/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "sessioncontent.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace Skein::Exchange {

// One message of another client's export, before it becomes a Skein message. The format readers
// fill these in; ForeignConversation::build() turns them into a session with stable ids.
struct ForeignNode
{
    enum class Kind {
        Message, // becomes a message
        Dropped, // an empty root, a hidden system node: its children hang from its parent
        Reasoning, // a thinking step (ChatGPT thoughts): folds into the answer after it
    };
    Kind kind = Kind::Message;
    QString sourceId;
    QString parentSourceId; // "" for a root
    QString path; // where it is in the file, for errors ("$[3].mapping.abc")
    // role, content, reasoning, status, model, createdAt (0: inherit the parent's). toolCalls
    // carry the source's call ids; toolCallId names one of them.
    Message message;
    // An assistant turn that addressed a tool (ChatGPT's code to "python" / "browser"): the tool
    // nodes that follow it become its results, one call each.
    QString callsTool;
    QString callArguments;
    // By message.attachments' index: the export's id of that file's content ("" when it has
    // none), which the importer looks for among the export's files (ChatGPT's assets).
    QStringList assets;
};

struct ForeignConversation
{
    QString sourceId;
    QString path;
    Session session; // title, createdAt, updatedAt, pinned, archived, model; ids set by build()
    QList<ForeignNode> nodes; // in the file's order
    QString activeSourceId; // "" or a node that is not there: the newest leaf
    QStringList notes; // what a user should know about this conversation's import
    QString projectId; // Claude: the project it belongs to (its name comes from the export's projects/)
    QHash<QString, QByteArray> contents; // attachments' content the conversation carries, by SHA-256

    // The session with ids derived from (format, conversation id, node id): importing the same
    // export twice gives the same ids. Checks the tree: unique ids, parents that exist (an
    // excerpt's single dangling root is allowed), no cycles. false with "path: reason".
    // Attachments get ids derived like their message's.
    bool build(const QString &format, SessionContent *out, QString *error);
    qsizetype branches = 0; // leaves, after build()
    QHash<QString, QString> assets; // after build(): attachment id -> the export's id of its content
};

// A name-based (version 5) UUID in Skein's namespace for imports, from the format and source ids.
QString derivedId(const QString &format, const QString &conversation, const QString &node = {});

} // namespace Skein::Exchange
