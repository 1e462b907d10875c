// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "messagedelegate.h"
#include "messagedelegate_p.h"

#include "models/threadmodel.h"
#include "safetextdocument.h"
#include "themecolors.h"

#include <QAbstractItemView>
#include <QAbstractTextDocumentLayout>
#include <QIcon>
#include <QPainter>
#include <QPainterPath>
#include <QTimer>

#include <ranges>

namespace Skein {

using namespace MessageDelegateDetail;

void MessageDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const std::shared_ptr<const Layout> layout = layoutFor(index);
    const QPalette &pal = option.palette;
    auto color = [&](Tone tone) {
        switch (tone) {
        case Tone::Muted:
            return ThemeColors::muted(pal);
        case Tone::Accent:
            return pal.color(QPalette::Link);
        case Tone::Error:
            return ThemeColors::error(pal);
        case Tone::Normal:
            break;
        }
        return pal.color(QPalette::Text);
    };
    QFont smallFont = m_theme.font;
    smallFont.setPointSizeF(m_theme.font.pointSizeF() * 0.9);

    painter->save();
    painter->setClipRect(option.rect);
    if (option.state & QStyle::State_Selected) {
        painter->fillRect(option.rect, ThemeColors::selectedRow(pal));
        painter->fillRect(QRect(option.rect.left(), option.rect.top(), 3, option.rect.height()),
                          pal.color(QPalette::Highlight));
    }
    painter->translate(option.rect.topLeft());
    painter->setRenderHint(QPainter::Antialiasing);
    // Only what the viewport shows is drawn: a long reply is mostly off screen.
    QRectF visible(0, 0, option.rect.width(), option.rect.height());
    if (const auto *view = qobject_cast<const QAbstractItemView *>(option.widget))
        visible = visible.intersected(QRectF(view->viewport()->rect()).translated(-option.rect.topLeft()));
    bool changed = false;
    const bool active = option.state & (QStyle::State_MouseOver | QStyle::State_HasFocus);
    for (const Element &e : layout->elements) {
        if (!e.rect.intersects(visible) || (e.hoverOnly && !active))
            continue;
        switch (e.kind) {
        case Element::Kind::Box: {
            // Over a selected message the fill is tinted once more; the tint is light enough
            // that text keeps its contrast (ThemeColors::textPairs).
            QColor fill = e.tone == Tone::Accent ? ThemeColors::bubble(pal) : ThemeColors::card(pal);
            if (option.state & QStyle::State_Selected)
                fill.setAlpha(200);
            painter->setPen(Qt::NoPen);
            painter->setBrush(fill);
            painter->drawRoundedRect(e.rect, 8, 8);
            break;
        }
        case Element::Kind::Doc: {
            // A chunk laid out with an estimated height is rendered when it comes into view;
            // the message is laid out again with its real height.
            const bool measured = e.slot->measured;
            const std::shared_ptr<RenderedChunk> d = documentOf(e.slot);
            changed = changed || (!measured && e.slot->measured);
            if (!d)
                break;
            // A wide part shows the column's width of itself, where it is scrolled to, and a
            // thin bar under it that says where that is.
            const bool wide = e.slot->contentWidth > e.rect.width();
            const QPointF origin = e.rect.topLeft() - QPointF(scrollOf(*e.slot), 0);
            painter->save();
            if (wide)
                painter->setClipRect(e.rect, Qt::IntersectClip);
            painter->translate(origin);
            QAbstractTextDocumentLayout::PaintContext ctx;
            ctx.palette = pal;
            ctx.palette.setColor(QPalette::Text, color(e.tone));
            ctx.clip = visible.intersected(e.rect).translated(-origin);
            d->document->documentLayout()->draw(painter, ctx);
            painter->restore();
            if (wide) {
                const QRectF track(e.rect.left(), e.rect.bottom() - kSidewaysBar + 3, e.rect.width(), 3);
                const qreal shown = e.rect.width() / e.slot->contentWidth;
                const qreal range = e.slot->contentWidth - e.rect.width();
                QColor muted = ThemeColors::muted(pal);
                painter->setPen(Qt::NoPen);
                muted.setAlphaF(0.25);
                painter->setBrush(muted);
                painter->drawRoundedRect(track, 1.5, 1.5);
                muted.setAlphaF(1);
                painter->setBrush(muted);
                const qreal thumbW = std::max(24.0, track.width() * shown);
                const qreal thumbX = track.left() + (track.width() - thumbW) * (scrollOf(*e.slot) / range);
                painter->drawRoundedRect(QRectF(thumbX, track.top(), thumbW, track.height()), 1.5, 1.5);
            }
            break;
        }
        case Element::Kind::CodeHeader: {
            painter->setPen(Qt::NoPen);
            painter->setBrush(ThemeColors::codeHeader(pal));
            QPainterPath top; // rounded above, square where the code starts
            top.addRoundedRect(e.rect, 6, 6);
            top.addRect(e.rect.adjusted(0, e.rect.height() / 2, 0, 0));
            painter->drawPath(top.simplified());
            painter->setFont(smallFont);
            painter->setPen(ThemeColors::codeHeaderText(pal));
            const QRectF label = e.rect.adjusted(8, 0, -8 - 2 * kIconBox - 2, 0);
            painter->drawText(label, Qt::AlignLeft | Qt::AlignVCenter,
                              QFontMetricsF(smallFont).elidedText(e.text, Qt::ElideRight, label.width()));
            break;
        }
        case Element::Kind::Chip: {
            QColor fill = pal.color(QPalette::Button);
            painter->setPen(pal.color(QPalette::Mid));
            painter->setBrush(fill);
            painter->drawRoundedRect(e.rect.adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
            painter->setFont(smallFont);
            painter->setPen(pal.color(QPalette::ButtonText));
            painter->drawText(e.rect, Qt::AlignCenter, e.text);
            break;
        }
        case Element::Kind::Thumbnail:
            paintThumbnail(painter, e, pal);
            break;
        case Element::Kind::Icon: {
            const QRect r = e.rect.toAlignedRect();
            const QRect glyph(r.center() - QPoint(7, 7), QSize(16, 16));
            QIcon::fromTheme(e.text).paint(painter, glyph, Qt::AlignCenter,
                                           option.state & QStyle::State_Enabled ? QIcon::Normal : QIcon::Disabled);
            break;
        }
        case Element::Kind::Text: {
            QFont f = e.small ? smallFont : m_theme.font;
            f.setBold(e.bold);
            painter->setFont(f);
            painter->setPen(color(e.tone));
            const QString elided = QFontMetricsF(f).elidedText(e.text, Qt::ElideRight, e.rect.width());
            painter->drawText(e.rect, Qt::AlignLeft | Qt::AlignVCenter, elided);
            break;
        }
        }
    }
    painter->restore();
    MessageDocs &docs = docsFor(index, index.data(ThreadModel::IdRole).toString());
    docs.painted = layout;
    if (changed) {
        ++docs.generation;
        m_heightsTimer->start();
    }
}

QList<MessageDelegate::Hit> MessageDelegate::hits(const QModelIndex &index, const QRect &itemRect) const
{
    QList<Hit> out;
    const std::shared_ptr<const Layout> layout = layoutFor(index);
    for (const Element &e : layout->elements)
        if (e.action != Action::None)
            out.append(Hit {e.action, e.data, e.rect.toAlignedRect().translated(itemRect.topLeft())});
    return out;
}

QList<MessageDelegate::TextPart> MessageDelegate::textParts(const QModelIndex &index) const
{
    // A selection runs over every part: render the ones still estimated, then lay out again.
    std::shared_ptr<const Layout> layout = layoutFor(index);
    bool changed = false;
    for (const Element &e : layout->elements)
        if (e.kind == Element::Kind::Doc && !e.slot->measured) {
            documentOf(e.slot);
            changed = true;
        }
    if (changed) {
        ++docsFor(index, index.data(ThreadModel::IdRole).toString()).generation;
        layout = layoutFor(index);
        m_heightsTimer->start();
    }
    QList<TextPart> out;
    for (const Element &e : layout->elements)
        if (e.kind == Element::Kind::Doc)
            if (std::shared_ptr<RenderedChunk> d = documentOf(e.slot))
                out.append(TextPart {e.rect, d, e.rect.topLeft() - QPointF(scrollOf(*e.slot), 0)});
    return out;
}

qreal MessageDelegate::scrollOf(const Slot &slot) const
{
    const qreal range = slot.contentWidth - slot.width;
    return range > 0 ? std::clamp(m_scrollX.value(slot.serial), 0.0, range) : 0.0;
}

bool MessageDelegate::scrollBy(const Slot &slot, qreal dx) const
{
    const qreal range = slot.contentWidth - slot.width;
    if (range <= 0)
        return false;
    const qreal from = scrollOf(slot);
    const qreal to = std::clamp(from + dx, 0.0, range);
    if (to == from)
        return false;
    if (to > 0)
        m_scrollX.insert(slot.serial, to);
    else
        m_scrollX.remove(slot.serial);
    return true;
}

bool MessageDelegate::scrollSideways(const QModelIndex &index, const QRect &itemRect, const QPoint &pos, qreal dx) const
{
    const QPointF p = pos - itemRect.topLeft();
    for (const Element &e : layoutFor(index)->elements)
        if (e.kind == Element::Kind::Doc && e.rect.contains(p))
            return scrollBy(*e.slot, dx);
    return false;
}

bool MessageDelegate::scrollSideways(const QModelIndex &index, qreal dx) const
{
    bool moved = false;
    for (const Element &e : layoutFor(index)->elements)
        if (e.kind == Element::Kind::Doc)
            moved = scrollBy(*e.slot, dx) || moved;
    return moved;
}

MessageDelegate::Hit MessageDelegate::hitAt(const QModelIndex &index, const QRect &itemRect, const QPoint &pos) const
{
    const std::shared_ptr<const Layout> layout = layoutFor(index);
    const QPointF p = pos - itemRect.topLeft();
    for (const Element &e : std::views::reverse(layout->elements)) {
        if (!e.rect.contains(p))
            continue;
        if (e.action != Action::None)
            return Hit {e.action, e.data, e.rect.toAlignedRect().translated(itemRect.topLeft())};
        if (e.kind == Element::Kind::Doc) {
            const std::shared_ptr<RenderedChunk> d = documentOf(e.slot);
            const QPointF origin = e.rect.topLeft() - QPointF(scrollOf(*e.slot), 0);
            const QString anchor = d ? d->document->documentLayout()->anchorAt(p - origin) : QString();
            if (!anchor.isEmpty())
                return Hit {Action::Link, anchor, e.rect.toAlignedRect().translated(itemRect.topLeft())};
        }
    }
    return {};
}

} // namespace Skein
