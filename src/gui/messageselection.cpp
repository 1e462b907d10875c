// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

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
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>

#include <algorithm>

namespace Skein {

namespace {

int endOf(const MessageDelegate::TextPart &part)
{
    return std::max(0, part.chunk->document->characterCount() - 1);
}

// The rectangles (document coordinates) covering the text between s and e inside visible, line
// by line, as QTextLayout highlights a selection; the paragraph break after a selected line's
// end shows as a short extension.
QList<QRectF> selectionRects(QTextDocument *doc, int s, int e, const QRectF &visible)
{
    QList<QRectF> out;
    QAbstractTextDocumentLayout *layout = doc->documentLayout();
    for (QTextBlock b = doc->findBlock(s); b.isValid() && b.position() <= e; b = b.next()) {
        const QTextLayout *tl = b.layout();
        if (!tl || !b.isVisible() || tl->lineCount() == 0)
            continue;
        const QRectF bounds = layout->blockBoundingRect(b);
        if (bounds.top() > visible.bottom())
            break; // blocks run down the page; the rest is below the viewport
        if (bounds.bottom() < visible.top())
            continue;
        const QPointF origin = bounds.topLeft();
        for (int i = 0; i < tl->lineCount(); ++i) {
            const QTextLine line = tl->lineAt(i);
            const int ls = b.position() + line.textStart();
            const int le = ls + line.textLength();
            const int a = std::max(s, ls);
            const int z = std::min(e, le);
            const bool last = i == tl->lineCount() - 1;
            const bool pastEnd = last && e > le;
            if (a > z || (a == z && !pastEnd))
                continue;
            qreal x1 = line.cursorToX(a - b.position());
            qreal x2 = line.cursorToX(z - b.position());
            if (x2 < x1)
                std::swap(x1, x2);
            if (pastEnd)
                x2 += line.height() / 4;
            out.append(QRectF(origin.x() + x1, origin.y() + line.y(), x2 - x1, line.height()));
        }
    }
    return out;
}

QString plainText(const QTextCursor &cursor)
{
    // selectedText() marks paragraph breaks and table cells with special characters; no new
    // document is made (a fragment would copy the image formats into an unsafe one).
    QString text = cursor.selectedText();
    for (QChar &c : text) {
        const char16_t u = c.unicode();
        if (u == QChar::ParagraphSeparator || u == QChar::LineSeparator || u == 0xfdd0 || u == 0xfdd1)
            c = QLatin1Char('\n');
        else if (u == QChar::Nbsp)
            c = QLatin1Char(' ');
    }
    text.remove(QChar::ObjectReplacementCharacter);
    return text;
}

} // namespace

// Draws the selection over the viewport; transparent to the mouse, so the view keeps every
// event. Exists while the view does, paints only while a selection does.
class MessageSelection::Overlay final : public QWidget
{
public:
    Overlay(MessageSelection *owner, QWidget *parent)
        : QWidget(parent)
        , m_owner(owner)
    {
        setObjectName(QStringLiteral("chatSelectionOverlay"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setFocusPolicy(Qt::NoFocus);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        m_owner->paint(painter);
    }

private:
    MessageSelection *m_owner;
};

MessageSelection::MessageSelection(ChatView *view)
    : QObject(view)
    , m_view(view)
    , m_scrollTimer(new QTimer(this))
{
    m_scrollTimer->setInterval(30);
    connect(m_scrollTimer, &QTimer::timeout, this, &MessageSelection::autoScroll);
    view->viewport()->installEventFilter(this);
    view->installEventFilter(this);
    connect(view->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] {
        if (!m_overlay)
            return;
        // The viewport moves its children when it scrolls; the overlay stays put.
        m_overlay->setGeometry(m_view->viewport()->rect());
        if (!isActive() || m_dragging)
            return;
        const QRect row = m_view->visualRect(selectedIndex());
        const QRect port = m_view->viewport()->rect();
        if (row.isNull() || row.bottom() < port.top() - port.height() || row.top() > port.bottom() + port.height())
            clear();
    });
}

MessageSelection::~MessageSelection() = default;

void MessageSelection::setModel(QAbstractItemModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    clear();
    if (!model)
        return;
    // A message that left the thread (another session, branch or a deletion) ends the selection.
    auto check = [this] {
        if (isActive() && !selectedIndex().isValid())
            clear();
    };
    connect(model, &QAbstractItemModel::modelReset, this, check);
    connect(model, &QAbstractItemModel::rowsRemoved, this, check);
}

QModelIndex MessageSelection::selectedIndex() const
{
    const auto *thread = qobject_cast<const ThreadModel *>(m_model.data());
    if (!thread || m_messageId.isEmpty())
        return {};
    const int row = thread->rowOf(m_messageId);
    return row < 0 ? QModelIndex() : thread->index(row);
}

QList<MessageDelegate::TextPart> MessageSelection::parts(const QModelIndex &index) const
{
    return index.isValid() ? m_view->messageDelegate()->textParts(index) : QList<MessageDelegate::TextPart> {};
}

int MessageSelection::partAt(const QModelIndex &index, const QPoint &pos) const
{
    if (!index.isValid())
        return -1;
    const QPointF p = pos - m_view->visualRect(index).topLeft();
    const QList<MessageDelegate::TextPart> all = parts(index);
    for (int i = 0; i < all.size(); ++i)
        if (all.at(i).rect.contains(p))
            return i;
    return -1;
}

bool MessageSelection::isOverText(const QModelIndex &index, const QPoint &pos) const
{
    return partAt(index, pos) >= 0;
}

MessageSelection::Point MessageSelection::pointAt(const QModelIndex &index, const QPoint &pos) const
{
    const QList<MessageDelegate::TextPart> all = parts(index);
    if (all.isEmpty())
        return {};
    const QPointF p = pos - m_view->visualRect(index).topLeft();
    int i = 0;
    for (int k = 0; k < all.size(); ++k)
        if (all.at(k).rect.top() <= p.y())
            i = k;
    const MessageDelegate::TextPart &part = all.at(i);
    if (p.y() < part.rect.top())
        return {i, 0};
    if (p.y() > part.rect.bottom())
        return {i, endOf(part)};
    const int at = part.chunk->document->documentLayout()->hitTest(p - part.origin, Qt::FuzzyHit);
    return {i, std::clamp(at, 0, endOf(part))};
}

MessageSelection::Point MessageSelection::wordBoundary(const QList<MessageDelegate::TextPart> &all, Point p,
                                                       bool start) const
{
    if (p.part < 0 || p.part >= all.size())
        return p;
    QTextCursor c(all.at(p.part).chunk->document.get());
    c.setPosition(std::clamp(p.pos, 0, endOf(all.at(p.part))));
    c.select(QTextCursor::WordUnderCursor);
    if (!c.hasSelection())
        return p;
    return {p.part, start ? c.selectionStart() : c.selectionEnd()};
}

bool MessageSelection::hasSelection() const
{
    return isActive() && !(m_anchor == m_focus);
}

QString MessageSelection::selectedText() const
{
    if (!hasSelection())
        return {};
    const QList<MessageDelegate::TextPart> all = parts(selectedIndex());
    const Point from = std::min(m_anchor, m_focus);
    const Point to = std::max(m_anchor, m_focus);
    QStringList pieces;
    for (int k = from.part; k <= to.part && k < all.size(); ++k) {
        const int end = endOf(all.at(k));
        const int s = std::clamp(k == from.part ? from.pos : 0, 0, end);
        const int e = std::clamp(k == to.part ? to.pos : end, 0, end);
        if (s >= e)
            continue;
        QTextCursor c(all.at(k).chunk->document.get());
        c.setPosition(s);
        c.setPosition(e, QTextCursor::KeepAnchor);
        pieces.append(plainText(c));
    }
    return pieces.join(QStringLiteral("\n\n"));
}

void MessageSelection::copy() const
{
    const QString text = selectedText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void MessageSelection::begin(const QModelIndex &index)
{
    m_messageId = index.data(ThreadModel::IdRole).toString();
    if (!m_overlay)
        m_overlay = new Overlay(this, m_view->viewport());
    m_overlay->setGeometry(m_view->viewport()->rect());
    m_overlay->raise();
    m_overlay->show();
}

void MessageSelection::selectAll(const QString &messageId)
{
    const auto *thread = qobject_cast<const ThreadModel *>(m_model.data());
    const int row = thread ? thread->rowOf(messageId) : -1;
    if (row < 0)
        return;
    const QModelIndex index = thread->index(row);
    const QList<MessageDelegate::TextPart> all = parts(index);
    if (all.isEmpty())
        return;
    begin(index);
    m_byWord = false;
    m_anchor = {0, 0};
    m_focus = {int(all.size()) - 1, endOf(all.last())};
    changed();
}

void MessageSelection::clear()
{
    m_messageId.clear();
    m_anchor = m_focus = {};
    m_pressing = m_dragging = m_byWord = false;
    m_scrollTimer->stop();
    if (m_overlay)
        m_overlay->hide();
}

void MessageSelection::changed()
{
    if (m_overlay)
        m_overlay->update();
}

void MessageSelection::dragTo(const QPoint &pos)
{
    const QModelIndex index = selectedIndex();
    if (!index.isValid())
        return;
    m_lastPos = pos;
    const Point p = pointAt(index, pos);
    if (m_byWord) {
        const QList<MessageDelegate::TextPart> all = parts(index);
        if (p < m_wordStart) {
            m_anchor = m_wordEnd;
            m_focus = wordBoundary(all, p, true);
        } else {
            m_anchor = m_wordStart;
            m_focus = std::max(m_wordEnd, wordBoundary(all, p, false));
        }
    } else {
        m_focus = p;
    }
    changed();
}

void MessageSelection::autoScroll()
{
    const int height = m_view->viewport()->height();
    const int y = m_lastPos.y();
    const int delta = y < 0 ? std::max(y, -60) : (y > height ? std::min(y - height, 60) : 0);
    if (!m_pressing || delta == 0) {
        m_scrollTimer->stop();
        return;
    }
    QScrollBar *bar = m_view->verticalScrollBar();
    bar->setValue(bar->value() + delta);
    dragTo(m_lastPos);
}

bool MessageSelection::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view)
        return keyEvent(event);
    if (watched != m_view->viewport())
        return false;
    switch (event->type()) {
    case QEvent::Resize:
        if (m_overlay)
            m_overlay->setGeometry(m_view->viewport()->rect());
        return false;
    case QEvent::ContextMenu: {
        auto *menuEvent = static_cast<QContextMenuEvent *>(event);
        if (!hasSelection() || m_view->indexAt(menuEvent->pos()) != selectedIndex())
            return false;
        contextMenu(menuEvent->pos(), menuEvent->globalPos());
        return true;
    }
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove:
    case QEvent::MouseButtonRelease:
        return mouseEvent(event);
    default:
        return false;
    }
}

void MessageSelection::paint(QPainter &painter)
{
    if (!hasSelection())
        return;
    const QModelIndex index = selectedIndex();
    const QRect row = m_view->visualRect(index);
    const QRect port = m_overlay->rect();
    if (!row.intersects(port))
        return;
    const QList<MessageDelegate::TextPart> all = parts(index);
    const Point from = std::min(m_anchor, m_focus);
    const Point to = std::max(m_anchor, m_focus);
    const QPalette::ColorGroup group = m_view->hasFocus() ? QPalette::Active : QPalette::Inactive;
    const QColor highlight = m_view->palette().color(group, QPalette::Highlight);
    const QColor highlighted = m_view->palette().color(group, QPalette::HighlightedText);
    for (int k = from.part; k <= to.part && k < all.size(); ++k) {
        const MessageDelegate::TextPart &part = all.at(k);
        const QRectF rect = part.rect.translated(row.topLeft());
        const QPointF origin = part.origin + row.topLeft(); // left of rect when scrolled sideways
        if (!rect.intersects(port))
            continue;
        const int end = endOf(part);
        const int s = std::clamp(k == from.part ? from.pos : 0, 0, end);
        const int e = std::clamp(k == to.part ? to.pos : end, 0, end);
        if (s >= e)
            continue;
        QTextDocument *doc = part.chunk->document.get();
        // Only the selected runs are drawn again, over an opaque highlight, so the text the
        // delegate painted elsewhere is not drawn twice.
        QRegion region;
        for (const QRectF &r : selectionRects(doc, s, e, QRectF(port).intersected(rect).translated(-origin)))
            region += r.translated(origin).toAlignedRect();
        region &= port.intersected(rect.toAlignedRect());
        if (region.isEmpty())
            continue;
        painter.save();
        painter.setClipRegion(region);
        for (const QRect &r : region)
            painter.fillRect(r, highlight);
        painter.translate(origin);
        QAbstractTextDocumentLayout::Selection selection;
        selection.cursor = QTextCursor(doc);
        selection.cursor.setPosition(s);
        selection.cursor.setPosition(e, QTextCursor::KeepAnchor);
        selection.format.setBackground(highlight);
        selection.format.setForeground(highlighted);
        QAbstractTextDocumentLayout::PaintContext ctx;
        ctx.palette = m_view->palette();
        ctx.palette.setColor(QPalette::Text, highlighted);
        ctx.selections.append(selection);
        ctx.clip = region.boundingRect().toRectF().translated(-origin);
        doc->documentLayout()->draw(&painter, ctx);
        painter.restore();
    }
}

} // namespace Skein
