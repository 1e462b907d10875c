// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sessiondelegate.h"

#include "models/sessionlistmodel.h"
#include "themecolors.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QIcon>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>

namespace Skein {

namespace {

// A monochrome icon in one colour of the palette (the bundled Breeze set and most system themes
// draw these actions in a single colour; a selected row needs them in HighlightedText).
QPixmap tinted(const QIcon &icon, int size, qreal dpr, const QColor &color)
{
    QPixmap pixmap = icon.pixmap(QSize(size, size), dpr);
    if (pixmap.isNull())
        return pixmap;
    QPainter p(&pixmap);
    p.setCompositionMode(QPainter::CompositionMode_SourceIn);
    p.fillRect(pixmap.rect(), color);
    return pixmap;
}

QPalette::ColorGroup colorGroup(const QStyleOptionViewItem &option)
{
    if (!(option.state & QStyle::State_Enabled))
        return QPalette::Disabled;
    return option.state & QStyle::State_Active ? QPalette::Active : QPalette::Inactive;
}

constexpr int kButton = 20; // a row button, square
constexpr int kGap = 2;
constexpr int kIcon = 16;

} // namespace

SessionDelegate::SessionDelegate(QAbstractItemView *view)
    : QStyledItemDelegate(view)
    , m_view(view)
    , m_viewport(view->viewport())
{
    m_viewport->setMouseTracking(true);
    m_viewport->installEventFilter(this);
}

void SessionDelegate::detach()
{
    // The viewport outlives the view's own destructor body, and sends events while it is
    // destroyed; by then the view is only a QWidget (UBSan: a member call on the wrong type).
    if (m_viewport)
        m_viewport->removeEventFilter(this);
    m_viewport = nullptr;
}

SessionDelegate::~SessionDelegate() = default;

QRect SessionDelegate::buttonRect(const QRect &row, Action action)
{
    int fromRight = 0;
    switch (action) {
    case Action::More:
        fromRight = 0;
        break;
    case Action::Delete:
        fromRight = 1;
        break;
    case Action::Pin:
        fromRight = 2;
        break;
    case Action::None:
        return {};
    }
    const int right = row.right() - 4 - fromRight * (kButton + kGap);
    return {right - kButton + 1, row.top() + (row.height() - kButton) / 2, kButton, kButton};
}

SessionDelegate::Layout SessionDelegate::layout(const QRect &row, int lineHeight, bool pinned, bool marked,
                                                bool buttons)
{
    Layout l;
    int left = row.left() + 6;
    int right = row.right() - 4;
    if (pinned) {
        l.pin = QRect(left, row.top() + (row.height() - kIcon) / 2, kIcon, kIcon);
        left = l.pin.right() + 5;
    }
    if (buttons) {
        l.pinButton = buttonRect(row, Action::Pin);
        l.deleteButton = buttonRect(row, Action::Delete);
        l.moreButton = buttonRect(row, Action::More);
        right = l.pinButton.left() - kGap;
    }
    if (marked) {
        l.mark = QRect(right - lineHeight + 1, row.top(), lineHeight, row.height());
        right = l.mark.left() - kGap;
    }
    l.title = QRect(left, row.top(), std::max(0, right - left + 1), row.height());
    return l;
}

QString SessionDelegate::label(Action action, bool pinned)
{
    switch (action) {
    case Action::Pin:
        return pinned ? tr("Unpin") : tr("Pin");
    case Action::Delete:
        return tr("Delete");
    case Action::More:
        return tr("More actions");
    case Action::None:
        break;
    }
    return {};
}

QSize SessionDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const int line = option.fontMetrics.height();
    return {100, index.data(SessionListModel::IsHeaderRole).toBool() ? line + 14 : std::max(line + 12, kButton + 4)};
}

bool SessionDelegate::showsButtons(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (index.data(SessionListModel::IsHeaderRole).toBool())
        return false;
    return m_hover == index || option.state.testFlag(QStyle::State_HasFocus);
}

SessionDelegate::Action SessionDelegate::actionAt(const QModelIndex &index, const QPoint &pos) const
{
    if (!index.isValid() || index.data(SessionListModel::IsHeaderRole).toBool())
        return Action::None;
    const QRect row = m_view->visualRect(index);
    for (const Action a : {Action::Pin, Action::Delete, Action::More})
        if (buttonRect(row, a).contains(pos))
            return a;
    return Action::None;
}

void SessionDelegate::setHover(const QPoint &pos)
{
    QModelIndex index = m_view->indexAt(pos);
    if (index.data(SessionListModel::IsHeaderRole).toBool())
        index = {};
    const Action action = actionAt(index, pos);
    if (m_hover == index && action == m_hoverAction)
        return;
    if (m_hover.isValid())
        m_view->viewport()->update(m_view->visualRect(m_hover));
    m_hover = index;
    m_hoverAction = action;
    if (m_hover.isValid())
        m_view->viewport()->update(m_view->visualRect(m_hover));
}

bool SessionDelegate::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_viewport || watched != m_viewport)
        return QStyledItemDelegate::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseMove:
        setHover(static_cast<QMouseEvent *>(event)->position().toPoint());
        break;
    case QEvent::Leave:
        setHover(QPoint(-1, -1));
        break;
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick: {
        // A press on a button is the button's: the row is not selected (and not opened) by it.
        const auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() != Qt::LeftButton)
            break;
        setHover(mouse->position().toPoint());
        if (m_hoverAction == Action::None)
            break;
        m_pressed = m_hover;
        m_pressedAction = m_hoverAction;
        m_view->viewport()->update(m_view->visualRect(m_pressed));
        return true;
    }
    case QEvent::MouseButtonRelease: {
        if (m_pressedAction == Action::None)
            break;
        const QModelIndex pressed = m_pressed;
        const Action action = m_pressedAction;
        m_pressed = QPersistentModelIndex();
        m_pressedAction = Action::None;
        if (!pressed.isValid())
            return true;
        m_view->viewport()->update(m_view->visualRect(pressed));
        if (actionAt(pressed, static_cast<QMouseEvent *>(event)->position().toPoint()) == action) {
            const QRect r = buttonRect(m_view->visualRect(pressed), action);
            Q_EMIT actionTriggered(pressed.data(SessionListModel::IdRole).toString(), action,
                                   QRect(m_view->viewport()->mapToGlobal(r.topLeft()), r.size()));
        }
        return true;
    }
    default:
        break;
    }
    return false;
}

bool SessionDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                                const QModelIndex &index)
{
    if (event->type() == QEvent::ToolTip) {
        const Action action = actionAt(index, event->pos());
        if (action != Action::None) {
            QToolTip::showText(event->globalPos(), label(action, index.data(SessionListModel::PinnedRole).toBool()),
                               view->viewport(), buttonRect(option.rect, action));
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

void SessionDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!index.data(SessionListModel::IsHeaderRole).toBool()) {
        paintSession(painter, option, index);
        return;
    }
    painter->save();
    QFont f = option.font;
    f.setPointSizeF(f.pointSizeF() * 0.85);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(option.palette.color(QPalette::PlaceholderText));
    painter->drawText(option.rect.adjusted(6, 6, -6, 0), Qt::AlignLeft | Qt::AlignVCenter,
                      index.data().toString().toUpper());
    painter->restore();
}

void SessionDelegate::paintSession(QPainter *painter, const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    // The row's background (selection, hover, focus) from the style; the rest painted here.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString title = opt.text;
    opt.text.clear();
    opt.icon = QIcon();
    opt.features &= ~QStyleOptionViewItem::HasDecoration;
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const bool pinned = index.data(SessionListModel::PinnedRole).toBool();
    const bool unread = index.data(SessionListModel::UnreadRole).toBool();
    const int activity = index.data(SessionListModel::ActivityRole).toInt();
    const bool buttons = showsButtons(option, index);
    const int line = option.fontMetrics.height();
    const Layout l = layout(option.rect, line, pinned, unread || activity != 0, buttons);

    const QPalette &pal = option.palette;
    const QPalette::ColorGroup cg = colorGroup(option);
    const bool selected = option.state & QStyle::State_Selected;
    const QColor background = selected ? pal.color(cg, QPalette::Highlight) : pal.color(cg, QPalette::Base);
    const QColor text = pal.color(cg, selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor quiet = selected ? text : ThemeColors::muted(pal);
    // Marks are icons: ≥ 3:1 against the row.
    const QColor accent
        = selected ? text : ThemeColors::withContrast(ThemeColors::highlight(pal), text, background, 3.0);
    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    if (pinned)
        painter->drawPixmap(l.pin, tinted(QIcon::fromTheme(QStringLiteral("window-pin")), kIcon, dpr, quiet));

    // Incognito conversations (issue 17) say so first, where the tags go, and in italics.
    const bool incognito = index.data(SessionListModel::IncognitoRole).toBool();
    QFont font = option.font;
    font.setBold(unread);
    font.setItalic(incognito);
    painter->setFont(font);
    painter->setPen(text);
    const QFontMetrics fm(font);
    // Tags after the title, quieter, in at most two fifths of the room; the title gets the rest.
    QRect titleRect = l.title;
    QStringList tags = index.data(SessionListModel::TagsRole).toStringList();
    if (incognito)
        tags.prepend(tr("Incognito"));
    if (!tags.isEmpty()) {
        QFont small = option.font;
        small.setPointSizeF(small.pointSizeF() * 0.85);
        const QFontMetrics sfm(small);
        const QString joined = tags.join(QStringLiteral(" · "));
        const int width = std::min(sfm.horizontalAdvance(joined), l.title.width() * 2 / 5);
        const QRect tagRect(l.title.right() - width + 1, l.title.top(), width, l.title.height());
        titleRect.setRight(tagRect.left() - kGap);
        painter->setFont(small);
        painter->setPen(quiet);
        painter->drawText(tagRect, Qt::AlignRight | Qt::AlignVCenter, sfm.elidedText(joined, Qt::ElideRight, width));
        painter->setFont(font);
        painter->setPen(text);
    }
    painter->drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                      fm.elidedText(title, Qt::ElideRight, titleRect.width()));

    // One mark, the most urgent: waiting for approval, running, unread.
    if (!l.mark.isEmpty()) {
        const QPoint c = l.mark.center();
        painter->setPen(Qt::NoPen);
        if (activity == 2) {
            const int d = line - 4;
            const QRect dot(c.x() - d / 2, c.y() - d / 2, d, d);
            const QColor circle = selected ? text : pal.color(cg, QPalette::Link);
            painter->setBrush(circle);
            painter->drawEllipse(dot);
            QFont bold = option.font;
            bold.setBold(true);
            painter->setFont(bold);
            // Black or white, whichever reads on the circle (a light Link blue in dark themes).
            const QColor white(Qt::white), black(Qt::black);
            painter->setPen(ThemeColors::contrast(circle, white) >= ThemeColors::contrast(circle, black) ? white
                                                                                                         : black);
            painter->drawText(dot, Qt::AlignCenter, QStringLiteral("!"));
        } else if (activity == 1) {
            // A ring: under way (an unread reply is a filled dot).
            const qreal r = line / 4.0 + 0.5;
            painter->setPen(QPen(accent, 2.0));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(QPointF(c) + QPointF(0.5, 0.5), r, r);
        } else {
            const qreal r = 3.5;
            painter->setBrush(accent);
            painter->drawEllipse(QPointF(c) + QPointF(0.5, 0.5), r, r);
        }
    }

    if (buttons) {
        const QColor hoverFill = ThemeColors::mix(background, text, 0.12);
        const QColor pressFill = ThemeColors::mix(background, text, 0.22);
        const std::array<std::pair<Action, QRect>, 3> all
            = {std::pair {Action::Pin, l.pinButton}, std::pair {Action::Delete, l.deleteButton},
               std::pair {Action::More, l.moreButton}};
        for (const auto &[action, rect] : all) {
            const bool pressed = m_pressed == index && action == m_pressedAction;
            const bool hovered = m_hover == index && action == m_hoverAction;
            if (pressed || hovered) {
                painter->setPen(Qt::NoPen);
                painter->setBrush(pressed ? pressFill : hoverFill);
                painter->drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
            }
            const QString icon = action == Action::Pin ? QStringLiteral("window-pin")
                : action == Action::Delete             ? QStringLiteral("edit-delete")
                                                       : QStringLiteral("overflow-menu");
            const QRect glyph(rect.left() + (rect.width() - kIcon) / 2, rect.top() + (rect.height() - kIcon) / 2, kIcon,
                              kIcon);
            const QColor color = hovered || pressed ? text : action == Action::Pin && pinned ? accent : quiet;
            painter->drawPixmap(glyph, tinted(QIcon::fromTheme(icon), kIcon, dpr, color));
        }
    }
    painter->restore();
}

} // namespace Skein
