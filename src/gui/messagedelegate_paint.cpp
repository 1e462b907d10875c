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
            painter->save();
            painter->translate(e.rect.topLeft());
            QAbstractTextDocumentLayout::PaintContext ctx;
            ctx.palette = pal;
            ctx.palette.setColor(QPalette::Text, color(e.tone));
            ctx.clip = visible.intersected(e.rect).translated(-e.rect.topLeft());
            d->document->documentLayout()->draw(painter, ctx);
            painter->restore();
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
            const QRectF label = e.rect.adjusted(8, 0, -8 - kIconBox, 0);
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
                out.append(TextPart {e.rect, d});
    return out;
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
            const QString anchor = d ? d->document->documentLayout()->anchorAt(p - e.rect.topLeft()) : QString();
            if (!anchor.isEmpty())
                return Hit {Action::Link, anchor, e.rect.toAlignedRect().translated(itemRect.topLeft())};
        }
    }
    return {};
}

} // namespace Skein
