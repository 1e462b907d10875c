// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// MessageSelection's input: mouse drags and clicks on the chat view, its keys and context menu
// (eventFilter, in messageselection.cpp, hands them here).

#include "messageselection.h"

#include "chatview.h"
#include "models/threadmodel.h"
#include "safetextdocument.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextDocument>
#include <QTimer>

namespace Skein {

bool MessageSelection::mouseEvent(QEvent *event)
{
    auto *me = static_cast<QMouseEvent *>(event);
    const QPoint pos = me->position().toPoint();
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        if (me->button() != Qt::LeftButton)
            return false;
        const QModelIndex index = m_view->indexAt(pos);
        const bool triple = m_sinceDoubleClick.isValid()
            && m_sinceDoubleClick.elapsed() < QApplication::doubleClickInterval()
            && (pos - m_doubleClickPos).manhattanLength() < QApplication::startDragDistance();
        m_sinceDoubleClick.invalidate();
        if (triple && isActive() && index == selectedIndex()) {
            // A paragraph: the block under the click.
            const Point p = pointAt(index, pos);
            QTextCursor c(parts(index).at(p.part).chunk->document.get());
            c.setPosition(p.pos);
            c.movePosition(QTextCursor::StartOfBlock);
            m_anchor = {p.part, c.position()};
            c.movePosition(QTextCursor::EndOfBlock);
            m_focus = {p.part, c.position()};
            m_byWord = false;
            m_pressing = true;
            m_dragging = false;
            m_pressPos = pos;
            m_pressedLink = {};
            changed();
            return true;
        }
        const MessageDelegate::Hit hit = index.isValid()
            ? m_view->messageDelegate()->hitAt(index, m_view->visualRect(index), pos)
            : MessageDelegate::Hit {};
        const bool onButton
            = hit.action != MessageDelegate::Action::None && hit.action != MessageDelegate::Action::Link;
        if (!index.isValid() || onButton || partAt(index, pos) < 0) {
            clear();
            return false; // the view handles buttons and row clicks as before
        }
        begin(index);
        m_anchor = m_focus = pointAt(index, pos);
        m_byWord = false;
        m_pressing = true;
        m_dragging = false;
        m_pressPos = m_lastPos = pos;
        m_pressedLink = hit; // a link opens on release unless the press turns into a drag
        {
            // Selecting the row must not scroll a tall message to its top: the text under the
            // pointer stays where it is.
            const bool autoScroll = m_view->hasAutoScroll();
            m_view->setAutoScroll(false);
            m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
            m_view->setAutoScroll(autoScroll);
        }
        m_view->setFocus(Qt::MouseFocusReason);
        changed();
        return true;
    }
    case QEvent::MouseButtonDblClick: {
        if (me->button() != Qt::LeftButton)
            return false;
        const QModelIndex index = m_view->indexAt(pos);
        const MessageDelegate::Hit hit = index.isValid()
            ? m_view->messageDelegate()->hitAt(index, m_view->visualRect(index), pos)
            : MessageDelegate::Hit {};
        if (!index.isValid()
            || (hit.action != MessageDelegate::Action::None && hit.action != MessageDelegate::Action::Link)
            || partAt(index, pos) < 0)
            return false;
        if (selectedIndex() != index)
            begin(index);
        const QList<MessageDelegate::TextPart> all = parts(index);
        const Point p = pointAt(index, pos);
        m_wordStart = wordBoundary(all, p, true);
        m_wordEnd = wordBoundary(all, p, false);
        m_anchor = m_wordStart;
        m_focus = m_wordEnd;
        m_byWord = true;
        m_pressing = true;
        m_dragging = false;
        m_pressPos = m_lastPos = pos;
        m_pressedLink = {};
        m_sinceDoubleClick.start();
        m_doubleClickPos = pos;
        changed();
        return true;
    }
    case QEvent::MouseMove:
        if (!m_pressing)
            return false;
        if (!(me->buttons() & Qt::LeftButton)) {
            m_pressing = false; // the release went elsewhere
            return false;
        }
        if (!m_dragging && (pos - m_pressPos).manhattanLength() < QApplication::startDragDistance())
            return true;
        m_dragging = true;
        dragTo(pos);
        if ((pos.y() < 0 || pos.y() > m_view->viewport()->height()) && !m_scrollTimer->isActive())
            m_scrollTimer->start();
        return true;
    case QEvent::MouseButtonRelease: {
        if (!m_pressing || me->button() != Qt::LeftButton)
            return false;
        m_pressing = false;
        m_scrollTimer->stop();
        const bool clicked = !m_dragging;
        m_dragging = false;
        if (clicked && m_pressedLink.action == MessageDelegate::Action::Link) {
            const MessageDelegate::Hit link = m_pressedLink;
            m_pressedLink = {};
            m_view->trigger(selectedIndex(), link);
            return true;
        }
        QClipboard *clipboard = QApplication::clipboard();
        if (hasSelection() && clipboard->supportsSelection())
            clipboard->setText(selectedText(), QClipboard::Selection);
        return true;
    }
    default:
        return false;
    }
}

bool MessageSelection::keyEvent(QEvent *event)
{
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress) {
        if ((event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut) && isActive())
            changed(); // active and inactive highlight colours
        return false;
    }
    if (!isActive())
        return false;
    auto *key = static_cast<QKeyEvent *>(event);
    // Copy and Esc only while something is selected: a click that left the cursor in a
    // message must not cost the user the first Esc that stops a reply.
    const bool copyKey = hasSelection() && key->matches(QKeySequence::Copy);
    const bool allKey = key->matches(QKeySequence::SelectAll);
    const bool escape = hasSelection() && key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier;
    if (!copyKey && !allKey && !escape)
        return false;
    if (event->type() == QEvent::ShortcutOverride) {
        // These keys belong to the selection while there is one (Esc would otherwise stop the reply).
        event->accept();
        return true;
    }
    if (copyKey)
        copy();
    else if (allKey)
        selectAll(m_messageId);
    else
        clear();
    return true;
}

void MessageSelection::contextMenu(const QPoint &pos, const QPoint &globalPos)
{
    Q_UNUSED(pos)
    auto *menu = new QMenu(m_view);
    menu->setObjectName(QStringLiteral("chatSelectionMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction *copyAction = menu->addAction(tr("&Copy"), this, [this] { copy(); });
    copyAction->setShortcut(QKeySequence::Copy);
    const QString id = m_messageId;
    QAction *all = menu->addAction(tr("Select &All"), this, [this, id] { selectAll(id); });
    all->setShortcut(QKeySequence::SelectAll);
    if (hasSelection())
        m_view->addPinActions(menu, id, selectedText(), true);
    menu->popup(globalPos);
}

} // namespace Skein
