/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/conversation/conversation.h"
#include "models/branchlayout.h"

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QWidget>

class QAction;
class QLabel;
class QTimer;
class QToolButton;

namespace Skein {

class BranchGraph;

// The Branches tab (SPEC §6): the whole tree of the open conversation as a graph, drawn from its
// Conversation document (messages, summaries, the active leaf) and kept in step with it; clicking
// a message on another branch makes that branch's latest leaf the active one (the document stores
// it) and announces it. Hidden, it follows nothing and catches up when shown. Zoom and compact mode are QActions added
// to the widget (QWidget::actions()) for a window menu.
class BranchView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BranchView)

public:
    explicit BranchView(QWidget *parent = nullptr);

    QString sessionId() const;
    Conversation *conversation() const { return m_conversation; }
    QString activeLeaf() const { return m_activeLeaf; }
    BranchGraph *graph() const { return m_graph; }
    bool isCompact() const { return m_options.compact; }
    // Trees this big are laid out on a worker thread; the graph shows the last layout meanwhile.
    static constexpr qsizetype kLayoutOnWorker = 5000;
    bool isLayoutPending() const { return m_layoutPending; }
public Q_SLOTS:
    // The conversation shown (nullptr: none); followed until another is set or it goes.
    void setConversation(Skein::Conversation *conversation);
    void setSelectedMessage(const QString &messageId);
    // Reads the conversation again from storage (after a write by another process).
    void refresh();
    void setCompact(bool compact);
    void zoomIn();
    void zoomOut();
    void resetZoom();

Q_SIGNALS:
    // The user switched branch here; the session's active leaf is already stored.
    void activeLeafChanged(const QString &sessionId, const QString &leafId);
    // The user clicked a message: show it in the chat view.
    void messageActivated(const QString &messageId);
    // The graph shows the conversation as it was (re)loaded.
    void loaded();

protected:
    void showEvent(QShowEvent *event) override;

private:
    // Takes the nodes and summaries from the document again; announce: emit loaded(). While the
    // view is hidden (another tab, the panel closed) it only marks the graph stale and the work
    // waits for the next show: laying out a 100,000-message tree takes half a second.
    void rebuild(bool announce);
    void scheduleRebuild();
    void relayout();
    void apply(BranchLayout::Result result, qsizetype leaves);
    void activateItem(int item);
    void toggleBracket(int bracket);

    QPointer<Conversation> m_conversation;
    QList<QMetaObject::Connection> m_connections;
    QTimer *m_rebuildTimer = nullptr;
    BranchGraph *m_graph = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_compactButton = nullptr;
    QAction *m_compactAction = nullptr;
    QString m_activeLeaf;
    QString m_selected;
    QList<BranchNode> m_nodes;
    QList<BranchSummary> m_summaries;
    BranchLayout::Options m_options;
    bool m_stale = false;
    bool m_staleAnnounce = false;
    QString m_focus; // to scroll into view once laid out
    bool m_announce = false; // emit loaded() once laid out
    quint64 m_layoutGeneration = 0;
    bool m_layoutPending = false;
};

} // namespace Skein
