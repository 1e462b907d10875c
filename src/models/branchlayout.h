/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/enums.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

namespace Skein {

// What the branch view needs of one message: its place in the tree and a little text.
struct BranchNode
{
    QString id;
    QString parentId;
    Role role = Role::User;
    MessageStatus status = MessageStatus::Complete;
    QString text; // the start of the message, already trimmed to a preview
    qint64 createdAt = 0;
};

// What the branch view needs of one summary (SPEC §2.4).
struct BranchSummary
{
    QString id;
    SummaryLevel level = SummaryLevel::Segment;
    QString firstMessageId;
    QString lastMessageId;
    QString text;
    qint64 tokenCount = 0;
};

// Places a conversation tree on a grid for the branch view: depth runs downwards (rows), each
// branch gets its own column (the child on the active path, else the oldest, continues its
// parent's column; the other children open new columns to the right, oldest first), so the active
// path is one straight line in the first column. In compact mode a segment summary replaces the linear span it covers
// (one node that can be expanded back) and long linear runs collapse into one "… n messages" node.
// Summaries that are not collapsed are drawn as brackets beside the rows they cover.
// Pure and O(n) (plus sorting siblings), so a 2,000-message tree lays out in a few milliseconds.
class BranchLayout final
{
public:
    enum class Kind { Message, Summary, Collapsed };

    struct Item
    {
        Kind kind = Kind::Message;
        QString id; // message id, summary id, or the first hidden message of a collapsed run
        Role role = Role::User;
        MessageStatus status = MessageStatus::Complete;
        QString text;
        int column = 0;
        int row = 0;
        int parent = -1; // index into items, -1 for a root
        bool onActivePath = false;
        bool isLeaf = false;
        int hiddenCount = 0; // Summary / Collapsed: how many messages it stands for
        qint64 tokenCount = 0; // Summary
        QString expandKey; // Summary / Collapsed: the key to pass to Options::expanded
    };

    struct Bracket
    {
        QString summaryId;
        SummaryLevel level = SummaryLevel::Segment;
        QString text;
        qint64 tokenCount = 0;
        int column = 0;
        int firstRow = 0;
        int lastRow = 0;
        int slot = 0; // 0 nearest to the cards; nested brackets step outwards
        QString expandKey; // non-empty when clicking it collapses the span again
    };

    struct Options
    {
        bool compact = true;
        int minRun = 5; // linear runs at least this long collapse (keeping first and last)
        QSet<QString> expanded; // expandKeys the user opened
        QSet<QString> keepVisible; // messages that must stay visible (e.g. the selected one)
    };

    struct Result
    {
        QList<Item> items;
        QList<Bracket> brackets;
        int columns = 0;
        int rows = 0;
        // Every message id -> the item showing it (itself, or the summary / run hiding it).
        QHash<QString, int> itemOfMessage;
    };

    static Result layout(const QList<BranchNode> &nodes, const QList<BranchSummary> &summaries,
                         const QString &activeLeafId, const Options &options);
};

} // namespace Skein
