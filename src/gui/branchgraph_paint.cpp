// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// BranchGraph's painting: edges, summary brackets and the message cards.

#include "branchgraph.h"

#include "themecolors.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace Skein {

namespace {

using ThemeColors::mix;

// English needs two forms; Chinese one. Until an English .ts with numerus forms exists, the source

} // namespace

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
        QColor fill = ThemeColors::summaryAccent();
        fill.setAlphaF(b.level == SummaryLevel::Session ? 0.35f : 0.6f);
        p.setPen(QPen(ThemeColors::summaryAccent().darker(120), 1.2));
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
    const QColor accent = summary ? ThemeColors::summaryAccent() : ThemeColors::roleAccent(item.role);
    const bool selected = !summary && !m_selected.isEmpty() && item.id == m_selected;
    QColor fill = ThemeColors::nodeFill(palette(), accent,
                                        summary ? 0.28 : (item.onActivePath ? 0.2 : 0.08) + (hovered ? 0.15 : 0));
    QPen border(item.onActivePath ? highlight : mix(accent, base, 0.35), item.onActivePath ? 2.0 : 1.0);
    if (summary)
        border.setStyle(Qt::DashLine);
    if (item.kind == BranchLayout::Kind::Message
        && (item.status == MessageStatus::Failed || item.status == MessageStatus::Interrupted
            || item.status == MessageStatus::Cancelled)) {
        border.setColor(ThemeColors::error(palette()));
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
