/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "sessiondelegate.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QMenu;
class QStackedWidget;
class QToolButton;

namespace Skein {

class ChatController;

// The left column: New chat, the search box (Ctrl+K) with full-text hits and highlighted
// snippets, the grouped session list (Pinned / Today / Yesterday / Previous 7 days / Older)
// with inline rename, a context menu, buttons on the row under the mouse, the marks of
// conversations replying, waiting or unread, and the undo bar shown after a delete.
class SessionSidebar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionSidebar)

public:
    explicit SessionSidebar(ChatController &controller, QWidget *parent = nullptr);
    ~SessionSidebar() override;

    QListView *sessionList() const { return m_list; }
    QListView *resultList() const { return m_results; }
    QLineEdit *searchBox() const { return m_search; }
    // Shows all conversations or those with one tag; hidden while no conversation has a tag.
    QComboBox *tagFilter() const { return m_tagFilter; }

    // The session selected in the list ("" when none).
    QString selectedSessionId() const;
    void focusSearch();
    void renameSelected();
    // The actions of the context menu, for MainWindow's Session menu.
    void fillMenu(QMenu *menu, const QString &sessionId);
    // Asks where to save (JSON, or Markdown of the active branch) and exports off-thread.
    void exportSession(const QString &sessionId);
    // Asks for the conversation's tags.
    void editTags(const QString &sessionId);

private:
    void showContextMenu(const QPoint &pos);
    void selectSession(const QString &sessionId);
    void updateTagFilter();
    void onRowAction(const QString &sessionId, SessionDelegate::Action action, const QRect &at);

    ChatController &m_controller;
    QLineEdit *m_search;
    QToolButton *m_newChat;
    QComboBox *m_tagFilter;
    QStackedWidget *m_stack;
    QListView *m_list;
    QListView *m_results;
    QWidget *m_undoBar;
    QLabel *m_undoLabel;
    bool m_selecting = false;
};

} // namespace Skein
