/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "messagedelegate.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPoint>
#include <QPointer>
#include <QString>

class QAbstractItemModel;
class QPainter;
class QTimer;

namespace Skein {

class ChatView;

// In-place text selection over one rendered message of a ChatView: press and drag over its
// text, double-click a word, triple-click a paragraph; Ctrl+C copies plain text, Ctrl+A selects
// the whole message, Esc (or a click elsewhere, or scrolling far away) ends it.
//
// It owns no documents: it reads the delegate's cached ones (SafeTextDocuments, so selecting
// never loads a resource) and draws the selected runs again, highlighted, in a transparent
// overlay on the viewport that only paints while a selection exists. Rows not being selected
// cost nothing. A selection is kept as (part, position) pairs, so while the message streams it
// stays where it is and is clamped to the text that is there.
class MessageSelection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MessageSelection)

public:
    explicit MessageSelection(ChatView *view);
    ~MessageSelection() override;

    void setModel(QAbstractItemModel *model);

    // A message holds the text cursor (possibly with nothing selected yet).
    bool isActive() const { return !m_messageId.isEmpty(); }
    bool hasSelection() const;
    QString messageId() const { return m_messageId; }
    // The selected text as plain text (paragraphs and parts separated by line breaks).
    QString selectedText() const;

    void selectAll(const QString &messageId);
    void clear();
    // Puts the selected text on the clipboard (plain text only: no HTML that could name images).
    void copy() const;
    // Whether pos (viewport coordinates) lies on a selectable part of index (for the I-beam).
    bool isOverText(const QModelIndex &index, const QPoint &pos) const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Point
    {
        int part = 0;
        int pos = 0;
        bool operator<(const Point &o) const { return part < o.part || (part == o.part && pos < o.pos); }
        bool operator==(const Point &o) const = default;
    };
    class Overlay;

    bool mouseEvent(QEvent *event);
    bool keyEvent(QEvent *event);
    void contextMenu(const QPoint &pos, const QPoint &globalPos);
    QModelIndex selectedIndex() const;
    QList<MessageDelegate::TextPart> parts(const QModelIndex &index) const;
    int partAt(const QModelIndex &index, const QPoint &pos) const;
    Point pointAt(const QModelIndex &index, const QPoint &pos) const;
    Point wordBoundary(const QList<MessageDelegate::TextPart> &parts, Point p, bool start) const;
    void begin(const QModelIndex &index);
    void dragTo(const QPoint &pos);
    void autoScroll();
    void changed();
    void paint(QPainter &painter);

    ChatView *m_view;
    QPointer<QAbstractItemModel> m_model;
    Overlay *m_overlay = nullptr;
    QTimer *m_scrollTimer;
    QString m_messageId;
    Point m_anchor;
    Point m_focus;
    // The word a double-click chose: a drag after it extends by whole words.
    bool m_byWord = false;
    Point m_wordStart;
    Point m_wordEnd;
    bool m_pressing = false;
    bool m_dragging = false;
    QPoint m_pressPos;
    QPoint m_lastPos;
    MessageDelegate::Hit m_pressedLink;
    QElapsedTimer m_sinceDoubleClick;
    QPoint m_doubleClickPos;
};

} // namespace Skein
