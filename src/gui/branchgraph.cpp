// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "branchgraph.h"

#include <QFocusEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>

namespace Skein {

namespace {

quint64 cellKey(int row, int column)
{
    return (quint64(quint32(row)) << 32) | quint32(column);
}

QColor roleColor(Role role)
{
    switch (role) {
    case Role::User:
        return QColor(0x2f80ed);
    case Role::Assistant:
        return QColor(0x27ae60);
    case Role::System:
        return QColor(0x7f8c8d);
    case Role::Tool:
        return QColor(0xe67e22);
    }
    return QColor(0x7f8c8d);
}

const QColor kSummaryColor(0xd4a017);

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

// English needs two forms; Chinese one. Until an English .ts with numerus forms exists, the source
// text is picked by count (each form is translated on its own).
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
    for (int i = 0; i < m_layout.items.size(); ++i)
        m_cells.insert(cellKey(m_layout.items.at(i).row, m_layout.items.at(i).column), i);
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

void BranchGraph::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(viewport()->rect(), palette().base());
    if (m_layout.items.isEmpty())
        return;
    const QRectF visible = QRectF(viewport()->rect()).translated(-offset());
    p.translate(offset());
    paintBrackets(p, visible);
    paintEdges(p, visible);
    QFont font = p.font();
    font.setPointSizeF(std::max(5.0, font.pointSizeF() * std::min(1.0, m_zoom * 0.95)));
    p.setFont(font);
    const Metrics m = metrics();
    const int firstRow = std::max(0, int((visible.top() - m.margin) / m.rowPitch) - 1);
    const int lastRow = int((visible.bottom() - m.margin) / m.rowPitch) + 1;
    const int firstColumn = std::max(0, int((visible.left() - m.margin) / m.columnPitch) - 1);
    const int lastColumn = int((visible.right() - m.margin) / m.columnPitch) + 1;
    if (qint64(lastRow - firstRow) * (lastColumn - firstColumn) < m_layout.items.size()) {
        for (int row = firstRow; row <= lastRow; ++row) {
            for (int column = firstColumn; column <= lastColumn; ++column) {
                const int i = m_cells.value(cellKey(row, column), -1);
                if (i >= 0)
                    paintItem(p, m_layout.items.at(i), contentRect(i));
            }
        }
    } else {
        for (int i = 0; i < m_layout.items.size(); ++i) {
            const QRectF r = contentRect(i);
            if (r.intersects(visible))
                paintItem(p, m_layout.items.at(i), r);
        }
    }
}

void BranchGraph::paintEdges(QPainter &p, const QRectF &visible) const
{
    const QColor normal = mix(palette().color(QPalette::Text), palette().color(QPalette::Base), 0.65);
    const QColor active = palette().color(QPalette::Highlight);
    const double gap = metrics().rowPitch - metrics().cardHeight;
    for (int i = 0; i < m_layout.items.size(); ++i) {
        const BranchLayout::Item &item = m_layout.items.at(i);
        if (item.parent < 0)
            continue;
        const QRectF from = contentRect(item.parent);
        const QRectF to = contentRect(i);
        if (!from.united(to).intersects(visible))
            continue;
        const bool onPath = item.onActivePath && m_layout.items.at(item.parent).onActivePath;
        p.setPen(QPen(onPath ? active : normal, onPath ? 2.4 * std::max(0.6, m_zoom) : 1.2, Qt::SolidLine, Qt::RoundCap,
                      Qt::RoundJoin));
        QPainterPath path(QPointF(from.center().x(), from.bottom()));
        if (qFuzzyCompare(from.center().x(), to.center().x())) {
            path.lineTo(to.center().x(), to.top());
        } else {
            const double mid = from.bottom() + gap / 2;
            const double radius = std::min(6.0 * m_zoom, gap / 2);
            path.lineTo(from.center().x(), mid - radius);
            path.quadTo(from.center().x(), mid, from.center().x() + radius, mid);
            path.lineTo(to.center().x() - radius, mid);
            path.quadTo(to.center().x(), mid, to.center().x(), mid + radius);
            path.lineTo(to.center().x(), to.top());
        }
        p.drawPath(path);
    }
}

void BranchGraph::paintBrackets(QPainter &p, const QRectF &visible) const
{
    for (int i = 0; i < m_layout.brackets.size(); ++i) {
        const QRectF r = contentBracketRect(i);
        if (!r.intersects(visible))
            continue;
        const BranchLayout::Bracket &b = m_layout.brackets.at(i);
        QColor fill = kSummaryColor;
        fill.setAlphaF(b.level == SummaryLevel::Session ? 0.35f : 0.6f);
        p.setPen(QPen(kSummaryColor.darker(120), 1.2));
        p.setBrush(fill);
        p.drawRoundedRect(r, r.width() / 2, r.width() / 2);
    }
}

void BranchGraph::paintItem(QPainter &p, const BranchLayout::Item &item, const QRectF &rect) const
{
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const QColor highlight = palette().color(QPalette::Highlight);
    const bool hovered = m_hover >= 0 && &m_layout.items.at(m_hover) == &item;
    const double radius = 5 * m_zoom;
    if (item.kind == BranchLayout::Kind::Collapsed) {
        p.setPen(
            QPen(item.onActivePath ? highlight : mix(text, base, 0.6), item.onActivePath ? 1.6 : 1.0, Qt::DashLine));
        p.setBrush(mix(base, text, hovered ? 0.12 : 0.06));
        p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2);
        p.setPen(mix(text, base, 0.3));
        p.drawText(rect, Qt::AlignCenter, tr("⋯ %1 more").arg(QLocale().toString(item.hiddenCount)));
        return;
    }
    const bool summary = item.kind == BranchLayout::Kind::Summary;
    const QColor accent = summary ? kSummaryColor : roleColor(item.role);
    const bool selected = !summary && !m_selected.isEmpty() && item.id == m_selected;
    QColor fill = mix(base, accent, summary ? 0.28 : (item.onActivePath ? 0.2 : 0.08));
    if (hovered)
        fill = mix(fill, accent, 0.15);
    QPen border(item.onActivePath ? highlight : mix(accent, base, 0.35), item.onActivePath ? 2.0 : 1.0);
    if (summary)
        border.setStyle(Qt::DashLine);
    if (item.kind == BranchLayout::Kind::Message
        && (item.status == MessageStatus::Failed || item.status == MessageStatus::Interrupted
            || item.status == MessageStatus::Cancelled)) {
        border.setColor(QColor(0xc0392b));
        border.setStyle(Qt::DashLine);
    }
    if (selected) {
        border.setWidthF(3.0);
        border.setColor(highlight.darker(115));
    }
    p.setPen(border);
    p.setBrush(fill);
    p.drawRoundedRect(rect, radius, radius);
    if (hasFocus() && item.id == m_current) {
        p.setPen(QPen(text, 1.0, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), radius + 2, radius + 2);
    }
    // Role stripe on the left.
    const QRectF stripe(rect.left() + 3 * m_zoom, rect.top() + 4 * m_zoom, 3 * m_zoom, rect.height() - 8 * m_zoom);
    p.setPen(Qt::NoPen);
    p.setBrush(accent);
    p.drawRoundedRect(stripe, 1.5 * m_zoom, 1.5 * m_zoom);
    if (m_zoom < 0.55)
        return;
    QString label = summary
        ? QString(QStringLiteral("Σ ") + tr("Summary (%1)").arg(QLocale().toString(item.hiddenCount)))
        : cardText(item.text);
    if (!summary && label.isEmpty())
        label = item.status == MessageStatus::Generating ? tr("(writing…)") : tr("(empty)");
    if (item.isLeaf && !summary)
        label = QStringLiteral("● ") + label; // a tip of a branch
    const QRectF textRect = rect.adjusted(10 * m_zoom, 0, -5 * m_zoom, 0);
    p.setPen(text);
    p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(label, Qt::ElideRight, int(textRect.width())));
}

QString BranchGraph::cardText(const QString &text)
{
    QString t = text.left(300).simplified();
    qsizetype start = 0;
    while (start < t.size()
           && (t.at(start) == u'#' || t.at(start) == u'>' || t.at(start) == u'-' || t.at(start) == u'*'
               || t.at(start) == u' '))
        ++start;
    t = t.mid(start);
    t.remove(u'`');
    t.replace(QStringLiteral("**"), QString());
    t.replace(QStringLiteral("__"), QString());
    return t;
}

} // namespace Skein
