// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "chatview.h"

#include "chataccessible.h"
#include "linkopener.h"
#include "messageeditor.h"
#include "messageselection.h"
#include "models/plaintooltip.h"
#include "models/threadmodel.h"

#include <QAccessible>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace Skein {

ChatView::ChatView(QWidget *parent)
    : QListView(parent)
    , m_delegate(new MessageDelegate(this))
{
    static const bool accessible = [] {
        QAccessible::installFactory(ChatViewAccessible::factory);
        return true;
    }();
    Q_UNUSED(accessible)
    setObjectName(QStringLiteral("chatView"));
    setAccessibleName(tr("Conversation"));
    setItemDelegate(m_delegate);
    setUniformItemSizes(false);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setResizeMode(QListView::Adjust);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setMouseTracking(true);
    setFrameShape(QFrame::NoFrame);
    // The margins beside the reading column look like the column.
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setWordWrap(true);
    verticalScrollBar()->setSingleStep(24);
    applyTheme();
    m_selection = new MessageSelection(this);
    connect(m_delegate, &MessageDelegate::heightsChanged, this, &ChatView::relayout);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        m_stickToBottom = value >= verticalScrollBar()->maximum() - 4 && (!m_model || m_model->reachesEnd());
        growWindowIfNear();
    });
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int max) {
        placeColumn(width()); // the scroll bar came or went: the column stays, its margins move
        if (m_stickToBottom)
            verticalScrollBar()->setValue(max);
    });
}

ChatView::~ChatView()
{
    // The selection filters the viewport's events; the viewport is destroyed after this body,
    // when this object is only a QWidget any more (UBSan: a member call on the wrong type).
    delete m_selection;
    m_selection = nullptr;
    delete m_editor;
}

void ChatView::setThreadModel(ThreadModel *model)
{
    m_model = model;
    setModel(model);
    m_selection->setModel(model);
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        Q_EMIT selectedMessageChanged(current.data(ThreadModel::IdRole).toString());
    });
    // A reset keeps the top row in place when it is still there (the whole document replacing its
    // preview, the window moved by a jump), else shows the bottom.
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { noteAnchor(0, 0, false); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_anchorId.isEmpty() && m_model->rowOf(m_anchorId) >= 0) {
            restoreAnchor();
            return;
        }
        m_anchorId.clear();
        m_stickToBottom = m_model->reachesEnd();
        if (m_stickToBottom)
            scrollToBottom();
    });
    connect(model, &QAbstractItemModel::rowsAboutToBeInserted, this,
            [this](const QModelIndex &, int first, int last) { noteAnchor(first, last, false); });
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ChatView::restoreAnchor);
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] {
        restoreAnchor();
        if (m_stickToBottom)
            QTimer::singleShot(0, this, [this] { scrollToBottom(); });
    });
}

void ChatView::rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end)
{
    noteAnchor(start, end, true);
    // A current row leaving (the window moving on, a branch switched) would make the view scroll
    // to whichever row Qt makes current instead: none is.
    const QModelIndex current = currentIndex();
    if (current.isValid() && current.row() >= start && current.row() <= end)
        selectionModel()->clearCurrentIndex();
    QListView::rowsAboutToBeRemoved(parent, start, end);
}

void ChatView::noteAnchor(int first, int last, bool removing)
{
    // Only rows coming or going above the top visible one move what the user is reading.
    if (m_stickToBottom || !m_anchorId.isEmpty())
        return;
    const QModelIndex anchor = indexAt(QPoint(4, 4));
    if (!anchor.isValid() || first > anchor.row() || (removing && last >= anchor.row()))
        return;
    m_anchorId = m_model->idAt(anchor.row()); // (the document may already hold other messages)
    m_anchorOffset = visualRect(anchor).top();
}

void ChatView::restoreAnchor()
{
    const QString id = std::exchange(m_anchorId, {});
    const int row = id.isEmpty() ? -1 : m_model->rowOf(id);
    if (row < 0)
        return;
    doItemsLayout();
    const int now = visualRect(m_model->index(row)).top();
    verticalScrollBar()->setValue(verticalScrollBar()->value() + (now - m_anchorOffset));
}

void ChatView::growWindowIfNear()
{
    // Within a screen of an end of the window that is not the end of the branch: grow it, after
    // this event (the scroll bar may be in the middle of its own update).
    if (m_growQueued || !m_model)
        return;
    const auto near = [this](bool top) {
        const QScrollBar *bar = verticalScrollBar();
        const int margin = viewport()->height();
        return top ? (!m_model->reachesStart() && bar->value() < margin)
                   : (!m_model->reachesEnd() && bar->value() > bar->maximum() - margin);
    };
    if (!near(true) && !near(false))
        return;
    m_growQueued = true;
    QTimer::singleShot(0, this, [this, near] {
        m_growQueued = false;
        if (near(true))
            m_model->growBackward();
        else if (near(false))
            m_model->growForward();
    });
}

void ChatView::relayout()
{
    if (m_relayoutQueued)
        return;
    m_relayoutQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_relayoutQueued = false;
        const bool stick = m_stickToBottom;
        // Keep the row at the top of the viewport in place while heights above it settle.
        const QModelIndex anchor = indexAt(QPoint(4, 4));
        const int offset = anchor.isValid() ? visualRect(anchor).top() : 0;
        doItemsLayout();
        if (stick) {
            m_stickToBottom = true;
            scrollToBottom();
        } else if (anchor.isValid()) {
            const int now = visualRect(anchor).top();
            verticalScrollBar()->setValue(verticalScrollBar()->value() + (now - offset));
        }
    });
}

void ChatView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles)
{
    // A streamed flush changes the tail of one message: repaint only what looks different.
    if (topLeft.isValid() && topLeft == bottomRight && isVisible() && !QAccessible::isActive()) {
        const QRect row = visualRect(topLeft);
        if (!row.intersects(viewport()->rect()))
            return;
        const std::optional<QRect> changed = m_delegate->changedRect(topLeft);
        if (!changed)
            viewport()->update(row);
        else if (!changed->isEmpty())
            viewport()->update(changed->translated(row.topLeft()).intersected(row));
        return;
    }
    QListView::dataChanged(topLeft, bottomRight, roles);
}

void ChatView::applyTheme()
{
    m_delegate->setTheme(RenderTheme::fromPalette(palette(), font()));
}

void ChatView::changeEvent(QEvent *event)
{
    QListView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyTheme();
        relayout();
    }
}

int ChatView::readingWidth() const
{
    // About 90 characters of body text, plus the message's padding.
    return fontMetrics().averageCharWidth() * kMeasure + 2 * 14;
}

void ChatView::resizeEvent(QResizeEvent *event)
{
    // A reading column, centred: the viewport is the column and the margins beside it are the
    // view's own (wheel and scroll bar work over them). The scroll bar's room is always kept,
    // whether or not it shows: otherwise a thread just taller than the view flips between two
    // layouts (scroll bar on → narrower → taller rows and back).
    placeColumn(width()); // (also called for the viewport's resizes, with their size)
    QListView::resizeEvent(event);
    relayout();
}

void ChatView::placeColumn(int width)
{
    const QScrollBar *scroll = verticalScrollBar();
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll);
    const int room = std::max(1, width - bar);
    const int column = std::min(room, readingWidth());
    const int side = (room - column) / 2;
    const bool barShown = scroll->maximum() > scroll->minimum();
    setViewportMargins(side, 0, side + (barShown ? 0 : bar), 0);
    m_delegate->setWidth(column);
}

void ChatView::moveToMessage(int step)
{
    if (!m_model || m_model->rowCount() == 0)
        return;
    // Coming from elsewhere (the composer), the newest message first: reading starts at the end.
    const QModelIndex current = hasFocus() ? currentIndex() : QModelIndex();
    int row = current.isValid() ? current.row() + step : m_model->rowCount() - 1;
    if (row < 0 && m_model->growBackward() > 0)
        row = m_model->rowOf(current.data(ThreadModel::IdRole).toString()) + step;
    if (row >= m_model->rowCount())
        m_model->growForward();
    row = std::clamp(row, 0, m_model->rowCount() - 1);
    const QModelIndex target = m_model->index(row);
    m_stickToBottom = false;
    setCurrentIndex(target);
    scrollTo(target, visualRect(target).height() > viewport()->height() ? PositionAtTop : EnsureVisible);
    setFocus(Qt::ShortcutFocusReason);
}

void ChatView::showLatest()
{
    if (!m_model)
        return;
    m_model->showEnd();
    m_stickToBottom = true;
    scrollToBottom();
}

void ChatView::scrollToMessage(const QString &id)
{
    if (!m_model || !m_model->reveal(id))
        return;
    const int row = m_model->rowOf(id);
    if (row < 0)
        return;
    const QModelIndex index = m_model->index(row);
    m_stickToBottom = false;
    setCurrentIndex(index);
    scrollTo(index, QAbstractItemView::PositionAtTop);
}

QString ChatView::currentMessageId() const
{
    if (!m_model)
        return {};
    const QModelIndex current = currentIndex();
    if (current.isValid())
        return current.data(ThreadModel::IdRole).toString();
    return m_model->activeLeaf();
}

void ChatView::mouseMoveEvent(QMouseEvent *event)
{
    const QModelIndex index = indexAt(event->position().toPoint());
    const MessageDelegate::Hit hit = index.isValid()
        ? m_delegate->hitAt(index, visualRect(index), event->position().toPoint())
        : MessageDelegate::Hit {};
    Qt::CursorShape shape = Qt::ArrowCursor;
    if (hit.action != MessageDelegate::Action::None)
        shape = Qt::PointingHandCursor;
    else if (m_selection->isOverText(index, event->position().toPoint()))
        shape = Qt::IBeamCursor;
    viewport()->setCursor(shape);
    QListView::mouseMoveEvent(event);
}

void ChatView::mouseReleaseEvent(QMouseEvent *event)
{
    const QModelIndex index = indexAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && index.isValid()) {
        const MessageDelegate::Hit hit = m_delegate->hitAt(index, visualRect(index), event->position().toPoint());
        if (hit.action != MessageDelegate::Action::None) {
            trigger(index, hit);
            event->accept();
            return;
        }
    }
    QListView::mouseReleaseEvent(event);
}

bool ChatView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QModelIndex index = indexAt(help->pos());
        if (index.isValid()) {
            const MessageDelegate::Hit hit = m_delegate->hitAt(index, visualRect(index), help->pos());
            QString tip = index.data(Qt::ToolTipRole).toString(); // tokens and cost
            if (hit.action == MessageDelegate::Action::Link)
                tip = plainToolTip(hit.data);
            else if (hit.action == MessageDelegate::Action::OpenAttachment)
                tip = tr("Open %1").arg(MessageDelegate::attachmentName(index, hit.data));
            else if (hit.action != MessageDelegate::Action::None)
                tip = MessageDelegate::actionLabel(hit.action);
            if (!tip.isEmpty())
                QToolTip::showText(help->globalPos(), tip, this);
            else
                QToolTip::hideText();
            return true;
        }
    }
    return QListView::viewportEvent(event);
}

void ChatView::contextMenuEvent(QContextMenuEvent *event)
{
    // The message's actions as a menu: from the keyboard (Menu, Shift+F10) for the current
    // message, from the mouse for the one clicked.
    const QModelIndex index = event->reason() == QContextMenuEvent::Keyboard
        ? currentIndex()
        : indexAt(viewport()->mapFromGlobal(event->globalPos()));
    if (!index.isValid()) {
        QListView::contextMenuEvent(event);
        return;
    }
    showActions(index, event->reason() == QContextMenuEvent::Keyboard ? actionsAnchor(index) : event->globalPos());
    event->accept();
}

QPoint ChatView::actionsAnchor(const QModelIndex &index) const
{
    const QRect rect = visualRect(index);
    return viewport()->mapToGlobal(QPoint(rect.left() + 24, std::clamp(rect.top() + 24, 0, viewport()->height() - 8)));
}

void ChatView::keyPressEvent(QKeyEvent *event)
{
    // The Menu key and Shift+F10 open the current message's actions (also where the platform
    // makes no context-menu event of them).
    const bool menuKey
        = event->key() == Qt::Key_Menu || (event->key() == Qt::Key_F10 && event->modifiers() == Qt::ShiftModifier);
    // Shift+Left and Shift+Right scroll the current message's wide parts.
    const bool sideways
        = event->modifiers() == Qt::ShiftModifier && (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right);
    if (sideways && currentIndex().isValid()
        && m_delegate->scrollSideways(currentIndex(), event->key() == Qt::Key_Left ? -kSidewaysStep : kSidewaysStep)) {
        viewport()->update(visualRect(currentIndex()));
        event->accept();
        return;
    }
    if (menuKey && currentIndex().isValid()) {
        showActions(currentIndex(), actionsAnchor(currentIndex()));
        event->accept();
        return;
    }
    QListView::keyPressEvent(event);
}

void ChatView::wheelEvent(QWheelEvent *event)
{
    // A wide table or unwrapped code under the pointer scrolls sideways: a tilted wheel, a
    // sideways swipe, Shift with the wheel.
    const QPoint angle = event->angleDelta();
    const bool tilt = std::abs(angle.x()) > std::abs(angle.y());
    const int notches = tilt ? angle.x() : (event->modifiers() == Qt::ShiftModifier ? angle.y() : 0);
    const qreal dx
        = !event->pixelDelta().isNull() && tilt ? -event->pixelDelta().x() : -notches * kSidewaysStep / 120.0;
    const QPoint pos = event->position().toPoint();
    const QModelIndex index = indexAt(pos);
    if (notches != 0 && index.isValid() && m_delegate->scrollSideways(index, visualRect(index), pos, dx)) {
        viewport()->update(visualRect(index));
        event->accept();
        return;
    }
    QListView::wheelEvent(event);
}

void ChatView::showActions(const QModelIndex &index, const QPoint &globalPos)
{
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("messageActionsMenu"));
    connect(menu, &QMenu::aboutToHide, menu, &QObject::deleteLater); // chosen or dismissed
    const QPersistentModelIndex row(index);
    for (const MessageDelegate::Hit &hit : m_delegate->hits(index, visualRect(index))) {
        QString label = MessageDelegate::actionLabel(hit.action);
        if (hit.action == MessageDelegate::Action::Link)
            label = tr("Open Link: %1").arg(QFontMetrics(menu->font()).elidedText(hit.data, Qt::ElideMiddle, 360));
        else if (hit.action == MessageDelegate::Action::OpenAttachment)
            label = tr("Open %1").arg(MessageDelegate::attachmentName(index, hit.data));
        else if (hit.action == MessageDelegate::Action::CopyCode)
            label = tr("Copy Code Block");
        QAction *action = menu->addAction(QIcon::fromTheme(MessageDelegate::actionIcon(hit.action)), label);
        connect(action, &QAction::triggered, this, [this, row, hit] {
            if (row.isValid())
                trigger(row, hit);
        });
    }
    addPinActions(menu, index.data(ThreadModel::IdRole).toString(), index.data(ThreadModel::ContentRole).toString(),
                  false);
    // Keyboard users stay in the conversation once they chose an action (when the menu is gone).
    connect(menu, &QMenu::triggered, this, [this] {
        QTimer::singleShot(0, this, [this] {
            if (m_editor)
                m_editor->setFocus(Qt::PopupFocusReason); // Edit was chosen
            else
                setFocus(Qt::PopupFocusReason);
            if (!window()->isActiveWindow())
                window()->activateWindow();
        });
    });
    menu->popup(globalPos);
}

void ChatView::trigger(const QModelIndex &index, const MessageDelegate::Hit &hit)
{
    const QString id = index.data(ThreadModel::IdRole).toString();
    switch (hit.action) {
    case MessageDelegate::Action::None:
        return;
    case MessageDelegate::Action::Link:
        if (m_linkOpener)
            m_linkOpener->open(QUrl(hit.data, QUrl::StrictMode), this);
        return;
    case MessageDelegate::Action::CopyCode:
        QApplication::clipboard()->setText(hit.data);
        return;
    case MessageDelegate::Action::Copy:
        QApplication::clipboard()->setText(index.data(ThreadModel::ContentRole).toString());
        return;
    case MessageDelegate::Action::SelectText:
        m_selection->selectAll(id);
        setFocus(Qt::OtherFocusReason);
        return;
    case MessageDelegate::Action::Edit:
        editInPlace(index);
        return;
    case MessageDelegate::Action::ToggleReasoning:
    case MessageDelegate::Action::ToggleTool:
    case MessageDelegate::Action::ToggleCode:
    case MessageDelegate::Action::ToggleWrap:
        m_delegate->toggle(id, hit.data);
        viewport()->update();
        return;
    default:
        setCurrentIndex(index);
        Q_EMIT messageAction(id, hit.action, hit.data);
        return;
    }
}

} // namespace Skein
