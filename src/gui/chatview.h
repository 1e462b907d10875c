/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "messagedelegate.h"

#include <QListView>
#include <QPersistentModelIndex>
#include <QPointer>

namespace Skein {

class LinkOpener;
class MessageEditor;
class MessageSelection;
class ThreadModel;

// The conversation: a virtualised list (only visible rows are painted; each row's documents are
// cached by the delegate) that follows the bottom while the user is there, and turns clicks on
// painted buttons and links into actions. Links go through the LinkOpener only. The model's rows
// are a window of the branch: nearing either end of it grows the window, keeping the row at the
// top of the viewport where it is while rows come and go above it.
class ChatView final : public QListView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChatView)

public:
    explicit ChatView(QWidget *parent = nullptr);
    ~ChatView() override;

    void setThreadModel(ThreadModel *model);
    ThreadModel *threadModel() const { return m_model; }
    MessageDelegate *messageDelegate() const { return m_delegate; }
    void setLinkOpener(LinkOpener *opener) { m_linkOpener = opener; }
    // In-place text selection over a message (see MessageSelection).
    MessageSelection *textSelection() const { return m_selection; }

    // Without the reading column's margins, which follow the width (with them, a layout would
    // grow the view without end).
    QSize minimumSizeHint() const override { return {160, 120}; }
    QSize sizeHint() const override { return {640, 480}; }

    bool isAtBottom() const { return m_stickToBottom; }
    // Moves to a message of the active branch (growing or moving the window to it).
    void scrollToMessage(const QString &id);
    // Makes the message step rows away from the current one current, and focuses the view
    // (Alt+Up / Alt+Down from anywhere in the window).
    void moveToMessage(int step);
    // Moves to the newest message and follows the bottom again.
    void showLatest();
    // The selected message, or the last one when nothing is selected.
    QString currentMessageId() const;
    // Runs what a click on hit would do (also used by tests).
    void trigger(const QModelIndex &index, const MessageDelegate::Hit &hit);
    // Edits a message of the user's in place (the Edit action): the message becomes an editor;
    // sending it emits messageAction(id, Edit, the new text), Esc puts the message back.
    void editInPlace(const QModelIndex &index);
    void cancelEdit();
    MessageEditor *messageEditor() const;
    // The message's actions as a menu (the Menu key, Shift+F10, a right click).
    void showActions(const QModelIndex &index, const QPoint &globalPos);
    void showActions(const QModelIndex &index) { showActions(index, actionsAnchor(index)); }

    // "Pin to This Conversation" and "Pin to All Conversations" for text of a message (part: a
    // selection of it), emitting pinRequested.
    void addPinActions(QMenu *menu, const QString &messageId, const QString &text, bool part);

Q_SIGNALS:
    void messageAction(const QString &messageId, Skein::MessageDelegate::Action action, const QString &data);
    // Files or an image dropped on the conversation: for the composer to attach.
    void filesDropped(const QStringList &paths);
    void imageDropped(const QImage &image);
    void selectedMessageChanged(const QString &messageId);
    // Pin a note (issue 17): the message's text or the part of it selected, to this conversation
    // or (global) to all of them.
    void pinRequested(const QString &messageId, const QString &text, bool global);

protected:
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                     const QList<int> &roles = QList<int>()) override;
    void resizeEvent(QResizeEvent *event) override;
    void rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    static constexpr int kMeasure = 90; // characters per line of the reading column
    static constexpr int kSidewaysStep = 60; // pixels a wide part scrolls per wheel notch or key press
    int readingWidth() const;
    QPoint actionsAnchor(const QModelIndex &index) const;
    void placeColumn(int width);
    void relayout();
    void applyTheme();
    void growWindowIfNear();
    void noteAnchor(int first, int last, bool removing);
    void restoreAnchor();

    ThreadModel *m_model = nullptr;
    MessageDelegate *m_delegate;
    QPointer<MessageEditor> m_editor;
    QPersistentModelIndex m_editIndex;
    LinkOpener *m_linkOpener = nullptr;
    MessageSelection *m_selection;
    bool m_stickToBottom = true;
    bool m_relayoutQueued = false;
    bool m_growQueued = false;
    // The row at the top of the viewport and its offset, while rows above it change.
    QString m_anchorId;
    int m_anchorOffset = 0;
};

} // namespace Skein
