// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "branchgraph.h"

#include "branchaccessible.h"

#include <QAccessible>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QScrollBar>
#include <QStyle>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>

namespace Skein {

namespace {

QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(QLocale().toString(n));
}

QString roleName(Role role)
{
    switch (role) {
    case Role::User:
        return BranchGraph::tr("You");
    case Role::Assistant:
        return BranchGraph::tr("Assistant");
    case Role::System:
        return BranchGraph::tr("System");
    case Role::Tool:
        return BranchGraph::tr("Tool");
    }
    return {};
}

} // namespace

BranchGraph::BranchGraph(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setObjectName(QStringLiteral("branchGraph"));
    // Before anything asks for this widget's accessible interface (setAccessibleName does).
    static const bool accessible = [] {
        QAccessible::installFactory(BranchGraphAccessible::factory);
        return true;
    }();
    Q_UNUSED(accessible)
    setAccessibleName(tr("Conversation tree"));
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    horizontalScrollBar()->setSingleStep(20);
    verticalScrollBar()->setSingleStep(20);
}

void BranchGraph::setLayoutResult(const BranchLayout::Result &layout)
{
    m_layout = layout;
    m_cells.clear();
    m_cells.reserve(m_layout.items.size());
    m_keys.clear();
    m_keys.reserve(m_layout.items.size());
    for (int i = 0; i < m_layout.items.size(); ++i) {
        m_cells.insert(cellKey(m_layout.items.at(i).row, m_layout.items.at(i).column), i);
        m_keys.insert(itemKey(m_layout.items.at(i)), i);
    }
    m_hover = -1;
    updateScrollBars();
    viewport()->update();
}

void BranchGraph::setSelectedMessage(const QString &messageId)
{
    m_selected = messageId;
    viewport()->update();
}

void BranchGraph::setZoom(double zoom)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(zoom, m_zoom))
        return;
    // Keep the centre of the view where it is.
    const QPointF centre = (QPointF(viewport()->rect().center()) - offset()) / m_zoom;
    m_zoom = zoom;
    updateScrollBars();
    const QPointF target = centre * m_zoom - QPointF(viewport()->width() / 2.0, viewport()->height() / 2.0);
    horizontalScrollBar()->setValue(int(target.x()));
    verticalScrollBar()->setValue(int(target.y()));
    viewport()->update();
    Q_EMIT zoomChanged(m_zoom);
}

BranchGraph::Metrics BranchGraph::metrics() const
{
    const double z = m_zoom;
    return {138 * z, 26 * z, 164 * z, 38 * z, 16 * z};
}

QPointF BranchGraph::offset() const
{
    return {-double(horizontalScrollBar()->value()), -double(verticalScrollBar()->value())};
}

QRectF BranchGraph::contentRect(int index) const
{
    const Metrics m = metrics();
    const BranchLayout::Item &item = m_layout.items.at(index);
    const double x = m.margin + item.column * m.columnPitch;
    const double y = m.margin + item.row * m.rowPitch;
    if (item.kind == BranchLayout::Kind::Collapsed)
        return {x + m.cardWidth * 0.2, y + m.cardHeight * 0.15, m.cardWidth * 0.6, m.cardHeight * 0.7};
    return {x, y, m.cardWidth, m.cardHeight};
}

QRectF BranchGraph::contentBracketRect(int index) const
{
    const Metrics m = metrics();
    const BranchLayout::Bracket &b = m_layout.brackets.at(index);
    const double x = m.margin + b.column * m.columnPitch + m.cardWidth + (6 + 7 * b.slot) * m_zoom;
    const double top = m.margin + b.firstRow * m.rowPitch;
    const double bottom = m.margin + b.lastRow * m.rowPitch + m.cardHeight;
    return {x, top, 6 * m_zoom, bottom - top};
}

QRect BranchGraph::itemRect(int item) const
{
    return contentRect(item).translated(offset()).toAlignedRect();
}

QRect BranchGraph::bracketRect(int bracket) const
{
    return contentBracketRect(bracket).translated(offset()).toAlignedRect();
}

int BranchGraph::itemAt(const QPoint &viewportPos) const
{
    const Metrics m = metrics();
    const QPointF p = QPointF(viewportPos) - offset();
    const int column = int(std::floor((p.x() - m.margin) / m.columnPitch));
    const int row = int(std::floor((p.y() - m.margin) / m.rowPitch));
    const int item = m_cells.value(cellKey(row, column), -1);
    if (item >= 0 && contentRect(item).adjusted(-2, -2, 2, 2).contains(p))
        return item;
    return -1;
}

int BranchGraph::bracketAt(const QPoint &viewportPos) const
{
    const QPointF p = QPointF(viewportPos) - offset();
    for (int i = 0; i < m_layout.brackets.size(); ++i) {
        if (contentBracketRect(i).adjusted(-3, 0, 3, 0).contains(p))
            return i;
    }
    return -1;
}

void BranchGraph::ensureItemVisible(int item)
{
    if (item < 0 || item >= m_layout.items.size())
        return;
    const QRect r = itemRect(item);
    if (viewport()->rect().contains(r))
        return;
    const QRectF c = contentRect(item);
    horizontalScrollBar()->setValue(int(c.center().x() - viewport()->width() / 2.0));
    verticalScrollBar()->setValue(int(c.center().y() - viewport()->height() / 2.0));
}

QString BranchGraph::itemKey(const BranchLayout::Item &item)
{
    return QString::number(int(item.kind)) + QLatin1Char(':') + (item.expandKey.isEmpty() ? item.id : item.expandKey);
}

QSize BranchGraph::sizeHint() const
{
    const Metrics m = metrics();
    const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, verticalScrollBar());
    const int columns = int(2 * m.margin + m.columnPitch + m.cardWidth + 30 * m_zoom);
    return {columns + bar + 2 * frameWidth(), 320};
}

void BranchGraph::updateScrollBars()
{
    const Metrics m = metrics();
    const int width = int(2 * m.margin + std::max(0, m_layout.columns - 1) * m.columnPitch + m.cardWidth + 30 * m_zoom);
    const int height = int(2 * m.margin + std::max(0, m_layout.rows - 1) * m.rowPitch + m.cardHeight);
    horizontalScrollBar()->setRange(0, std::max(0, width - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    verticalScrollBar()->setRange(0, std::max(0, height - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
}

void BranchGraph::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void BranchGraph::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const double steps = event->angleDelta().y() / 120.0;
        setZoom(m_zoom * std::pow(1.15, steps));
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

int BranchGraph::currentItem() const
{
    if (m_current.isEmpty())
        return -1;
    for (int i = 0; i < m_layout.items.size(); ++i)
        if (m_layout.items.at(i).id == m_current)
            return i;
    return -1;
}

void BranchGraph::setCurrentItem(int item)
{
    if (item < 0 || item >= m_layout.items.size())
        return;
    m_current = m_layout.items.at(item).id;
    ensureItemVisible(item);
    setAccessibleDescription(describe(item));
    viewport()->update();
}

int BranchGraph::neighbour(int index, int key) const
{
    const BranchLayout::Item &from = m_layout.items.at(index);
    if (key == Qt::Key_Up)
        return from.parent;
    int best = -1;
    int bestScore = std::numeric_limits<int>::max();
    for (int i = 0; i < m_layout.items.size(); ++i) {
        const BranchLayout::Item &to = m_layout.items.at(i);
        int score = -1;
        if (key == Qt::Key_Down && to.parent == index)
            score = std::abs(to.column - from.column); // the child in the same column first
        else if ((key == Qt::Key_Right && to.column > from.column) || (key == Qt::Key_Left && to.column < from.column))
            score = std::abs(to.column - from.column) * 100000 + std::abs(to.row - from.row);
        if (score >= 0 && score < bestScore) {
            best = i;
            bestScore = score;
        }
    }
    return best;
}

void BranchGraph::keyPressEvent(QKeyEvent *event)
{
    const int current = currentItem();
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right:
        if (event->modifiers().testAnyFlags(Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier
                                            | Qt::MetaModifier))
            break;
        if (current < 0)
            setCurrentItem(0);
        else if (const int next = neighbour(current, event->key()); next >= 0)
            setCurrentItem(next);
        return;
    case Qt::Key_Home:
        setCurrentItem(0);
        return;
    case Qt::Key_End:
        for (int i = 0; i < m_layout.items.size(); ++i)
            if (m_layout.items.at(i).onActivePath && m_layout.items.at(i).isLeaf)
                setCurrentItem(i);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (current >= 0) {
            Q_EMIT itemClicked(current);
            return;
        }
        break;
    default:
        break;
    }
    if (event->modifiers() & Qt::ControlModifier) {
        if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal) {
            setZoom(m_zoom * 1.15);
            return;
        }
        if (event->key() == Qt::Key_Minus) {
            setZoom(m_zoom / 1.15);
            return;
        }
        if (event->key() == Qt::Key_0) {
            setZoom(1.0);
            return;
        }
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void BranchGraph::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    if (currentItem() < 0 && !m_layout.items.isEmpty()) {
        int start = m_layout.itemOfMessage.value(m_selected, -1);
        for (int i = 0; start < 0 && i < m_layout.items.size(); ++i)
            if (m_layout.items.at(i).onActivePath && m_layout.items.at(i).isLeaf)
                start = i;
        setCurrentItem(std::max(start, 0));
    }
    viewport()->update();
}

void BranchGraph::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    viewport()->update();
}

QString BranchGraph::describe(int index) const
{
    const BranchLayout::Item &item = m_layout.items.at(index);
    switch (item.kind) {
    case BranchLayout::Kind::Message:
        return roleName(item.role) + QStringLiteral(": ") + item.text.simplified().left(200)
            + (item.onActivePath ? QString()
                                 : QString(QStringLiteral(" · ") + tr("Press Enter to switch to this branch.")));
    case BranchLayout::Kind::Summary:
        return counted(item.hiddenCount, tr("Summary of 1 message"), tr("Summary of %1 messages"))
            + QStringLiteral(": ") + item.text.simplified().left(200);
    case BranchLayout::Kind::Collapsed:
        return tr("%1 messages in a straight line").arg(QLocale().toString(item.hiddenCount));
    }
    return {};
}

void BranchGraph::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const QPoint pos = event->position().toPoint();
    if (const int item = itemAt(pos); item >= 0) {
        m_current = m_layout.items.at(item).id;
        Q_EMIT itemClicked(item);
        return;
    }
    if (const int bracket = bracketAt(pos); bracket >= 0)
        Q_EMIT bracketClicked(bracket);
}

void BranchGraph::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    const int hover = itemAt(pos);
    const bool clickable = hover >= 0 || bracketAt(pos) >= 0;
    viewport()->setCursor(clickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
    if (hover != m_hover) {
        m_hover = hover;
        viewport()->update();
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

bool BranchGraph::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipFor(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    if (event->type() == QEvent::Leave && m_hover >= 0) {
        m_hover = -1;
        viewport()->update();
    }
    return QAbstractScrollArea::viewportEvent(event);
}

QString BranchGraph::toolTipFor(const QPoint &pos) const
{
    const auto html = [](const QString &title, const QString &body, const QString &hint) {
        return QStringLiteral("<p><b>%1</b></p><p>%2</p><p><i>%3</i></p>")
            .arg(title.toHtmlEscaped(), body.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")),
                 hint.toHtmlEscaped());
    };
    if (const int index = itemAt(pos); index >= 0) {
        const BranchLayout::Item &item = m_layout.items.at(index);
        switch (item.kind) {
        case BranchLayout::Kind::Message:
            return html(roleName(item.role), item.text,
                        item.onActivePath ? tr("On the current branch. Click to show it in the chat.")
                                          : tr("Click to switch to this branch."));
        case BranchLayout::Kind::Summary:
            return html(counted(item.hiddenCount, tr("Summary of 1 message"), tr("Summary of %1 messages"))
                            + QStringLiteral(" · ") + counted(item.tokenCount, tr("1 token"), tr("%1 tokens")),
                        item.text, tr("Click to expand the messages it covers."));
        case BranchLayout::Kind::Collapsed:
            return html(tr("%1 messages in a straight line").arg(QLocale().toString(item.hiddenCount)), QString(),
                        tr("Click to expand."));
        }
    }
    if (const int index = bracketAt(pos); index >= 0) {
        const BranchLayout::Bracket &b = m_layout.brackets.at(index);
        const QString title
            = b.level == SummaryLevel::Session ? tr("Session summary, %1 tokens") : tr("Segment summary, %1 tokens");
        return html(title.arg(QLocale().toString(b.tokenCount)), b.text,
                    b.expandKey.isEmpty() ? QString() : tr("Click to collapse the span into its summary."));
    }
    return {};
}

} // namespace Skein
