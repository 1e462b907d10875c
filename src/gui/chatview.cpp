// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "chatview.h"

#include "linkopener.h"
#include "messageselection.h"
#include "models/plaintooltip.h"
#include "models/threadmodel.h"

#include <QAccessible>
#include <QApplication>
#include <QClipboard>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QToolTip>

#include <algorithm>

namespace Skein {

ChatView::ChatView(QWidget *parent)
    : QListView(parent)
    , m_delegate(new MessageDelegate(this))
{
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

void ChatView::resizeEvent(QResizeEvent *event)
{
    // The same width whether or not the scroll bar shows: otherwise a thread just taller than
    // the view flips between two layouts (scroll bar on → narrower → taller rows and back).
    const int bar = verticalScrollBar()->isVisible()
        ? 0
        : style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, verticalScrollBar());
    m_delegate->setWidth(std::max(1, viewport()->width() - bar));
    QListView::resizeEvent(event);
    relayout();
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
            const QString tip = hit.action == MessageDelegate::Action::Link ? plainToolTip(hit.data)
                                                                            : index.data(Qt::ToolTipRole).toString();
            if (!tip.isEmpty())
                QToolTip::showText(help->globalPos(), tip, this);
            else
                QToolTip::hideText();
            return true;
        }
    }
    return QListView::viewportEvent(event);
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
    case MessageDelegate::Action::ToggleReasoning:
    case MessageDelegate::Action::ToggleTool:
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
