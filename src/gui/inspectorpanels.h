/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/context/contextexclusions.h"
#include "models/contextrerunrequest.h"

#include <QObject>
#include <QPointer>

class QAction;
class QTabWidget;
class QWidget;

namespace Skein {

class AppContext;
class BranchView;
class Conversation;
class ContextInspector;
class MemoryInspector;
class UsageView;

// The right-hand dock's panels (Branches, Memory, Context) and the Usage window, behind one small
// interface so the main window only forwards the chat's current session / selected message and
// routes the panels' requests back to the chat.
class InspectorPanels final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InspectorPanels)

public:
    // Adds the three tabs to tabs; window parents the dialogs.
    InspectorPanels(AppContext &context, QTabWidget *tabs, QWidget *window);

    BranchView *branchView() const { return m_branches; }
    MemoryInspector *memoryInspector() const { return m_memory; }
    ContextInspector *contextInspector() const { return m_contextView; }
    // View → Usage… (Ctrl+Shift+U); add it to a menu.
    QAction *usageAction() const { return m_usageAction; }
    UsageView *usageView() const;

public Q_SLOTS:
    // The conversation the chat shows (nullptr: none).
    void setConversation(Skein::Conversation *conversation);
    void setSelectedMessage(const QString &messageId);
    // A message was written (sent, streamed to the end, regenerated): the tree and memories may
    // have changed.
    void messageStored(const QString &sessionId, const QString &messageId);
    // The active branch changed elsewhere (chat view's sibling switcher, search jump).
    void activeLeafChanged(const QString &sessionId, const QString &leafId);
    void showUsage();
    // Background work changed a session's summaries or memories (connect
    // MemoryHousekeeper::summariesChanged and ::memoriesChanged).
    void backgroundChanged(const QString &sessionId);

Q_SIGNALS:
    // Show a message in the chat, switching session and branch as needed.
    void showMessageRequested(const QString &sessionId, const QString &messageId);
    // Regenerate an assistant reply as a new sibling.
    void regenerateRequested(const QString &replyId);
    // Regenerate with a changed context. Emitted only when rerunSupported is set; until then the
    // user is offered a plain regenerate.
    void rerunRequested(const Skein::ContextRerunRequest &request);
    // Regenerate assistantMessageId as a sibling without the messages and memories the user
    // unticked in the Context tab. Connect to ChatController::rerunWithContext.
    void rerunWithContextRequested(const QString &assistantMessageId, const Skein::ContextExclusions &exclusions);

public:
    // Set by whoever can honour ContextRerunRequest's exclusions (the context engine).
    void setRerunSupported(bool supported) { m_rerunSupported = supported; }

private:
    void onRerun(const ContextRerunRequest &request);

    AppContext &m_context;
    QWidget *m_window = nullptr;
    BranchView *m_branches = nullptr;
    MemoryInspector *m_memory = nullptr;
    ContextInspector *m_contextView = nullptr;
    QAction *m_usageAction = nullptr;
    QPointer<UsageView> m_usage;
    QString m_sessionId;
    bool m_rerunSupported = false;
};

} // namespace Skein
