/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QTemporaryDir;

namespace Skein {

class AppContext;
class Store;

// A conversation written straight into a Store for the panel tests and screenshots: a trip-planning
// chat with three branches (an edited question and a regenerated reply), a segment summary over
// its first four messages, memories in every state (two pending, one with an edit history) and
// context snapshots with section tokens, usage and cost on the replies.
struct PanelsDemo
{
    QString sessionId;
    QString otherSessionId;
    QStringList summarised;
    QString recalledMessage; // quoted in the active request by recall // the messages the summary covers, in path order
    QString summaryId;
    QString firstQuestion; // u1
    QString editedQuestion; // u4 (the original, on an inactive branch)
    QString editedQuestionNew; // u4b (active)
    QString regeneratedReply; // a3 (the first answer of the regenerated pair, inactive)
    QString activeLeaf;
    QString activeReply; // the last assistant message on the active path (has a snapshot)
    QString activeSnapshot;
    QString inactiveLeaf; // the leaf of the edited-away branch
    QStringList activeMemories;
    QStringList pendingMemories;
    QString editedMemory; // has one earlier version
    QString editedMemoryOldText;
    QString supersededMemory; // ended by successorMemory (issue 17)
    QString successorMemory;
    QString pinnedNote; // a note pinned to the conversation (issue 17)
    int messageCount = 0;

    // Fills store; returns an empty string or the first error.
    static QString populate(Store &store, PanelsDemo &demo);
    // Populates the data dir of context through a synchronous store, then opens context.storage();
    // done gets an empty string or the first error, on context's thread.
    static void prepare(AppContext &context, PanelsDemo &demo, std::function<void(QString)> done);
    // What each panel test's init() needs: a new temporary data dir, an AppContext on it and the
    // demo prepared (waits up to 30 s). Returns an empty string or what went wrong.
    static QString openFresh(std::unique_ptr<QTemporaryDir> &dir, std::unique_ptr<AppContext> &context,
                             PanelsDemo &demo);
};

} // namespace Skein
