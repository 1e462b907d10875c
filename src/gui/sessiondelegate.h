// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QPersistentModelIndex>
#include <QPointer>
#include <QStyledItemDelegate>

namespace Skein {

// A row of the session list: group headers as small muted captions; a session as a pin icon (when
// pinned), its elided title (bold while unread) and, at the right end, its state mark (a ring while
// a reply runs, a "!" while it waits for approval, a dot while unread) and, while the mouse is over
// the row or the row has the keyboard focus, the buttons Pin / Delete / More. The delegate watches
// the view's viewport for the mouse and reports a clicked button through actionTriggered.
class SessionDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionDelegate)

public:
    enum class Action { None, Pin, Delete, More };
    Q_ENUM(Action)

    // Where a session row puts its parts (view coordinates).
    struct Layout
    {
        QRect pin; // empty unless pinned
        QRect title;
        QRect mark; // empty without a state mark
        QRect pinButton, deleteButton, moreButton; // empty unless the buttons show
    };

    explicit SessionDelegate(QAbstractItemView *view);
    ~SessionDelegate() override;
    // Stops watching the view's viewport; the view's owner calls it before the view goes.
    void detach();

    // The button of a row whose rectangle is `row` (also where the buttons are when hidden).
    static QRect buttonRect(const QRect &row, Action action);
    static Layout layout(const QRect &row, int lineHeight, bool pinned, bool marked, bool buttons);
    // The row under the mouse (invalid when none).
    QModelIndex hoveredIndex() const { return m_hover; }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

Q_SIGNALS:
    // A row button was clicked; `at` is its rectangle in global coordinates (for a menu).
    void actionTriggered(const QString &sessionId, Skein::SessionDelegate::Action action, const QRect &at);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool showsButtons(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    Action actionAt(const QModelIndex &index, const QPoint &pos) const;
    void setHover(const QPoint &pos);
    void paintSession(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const;
    static QString label(Action action, bool pinned);

    QAbstractItemView *m_view;
    QPointer<QWidget> m_viewport;
    QPersistentModelIndex m_hover;
    Action m_hoverAction = Action::None;
    QPersistentModelIndex m_pressed;
    Action m_pressedAction = Action::None;
};

} // namespace Skein
