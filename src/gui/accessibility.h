/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QAccessibleWidget>
#include <QHash>

class QTreeView;

namespace Skein::Accessibility {

// One part of a painted widget as a screen reader sees it, known by a key that stays valid
// across model changes (a message id); it looks its data up by that key on every call.
class KeyedItem : public QAccessibleInterface
{
public:
    virtual QString key() const = 0;
};

// A painted widget whose parts are accessible children (the chat view's messages, the branch
// graph's cards). Items are created on demand, cached by key, and deleted only when forgotten
// (their parts went away) or with the widget, never from inside a call of the bridge: a model
// change between two calls leaves an item invalid, not dangling.
class KeyedItems : public QAccessibleWidget
{
public:
    using QAccessibleWidget::QAccessibleWidget;
    ~KeyedItems() override;

    int childCount() const override { return itemCount(); }
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    // The item of the part with this key (nullptr when there is none).
    QAccessibleInterface *item(const QString &key) const;

protected:
    virtual int itemCount() const = 0;
    virtual QString keyAt(int index) const = 0;
    virtual int indexOfKey(const QString &key) const = 0; // -1: not there
    virtual KeyedItem *createItem(const QString &key) const = 0;
    void forget(const QStringList &keys);
    void forgetAll();

private:
    mutable QHash<QString, QAccessible::Id> m_items;
};

// Lays the tree out as soon as its model changes, also while it is hidden.
//
// Why: QTreeView lays its rows out on a zero timer and skips that while hidden, so a tree in a
// closed panel keeps a layout pending. When a screen reader then reads one of its cells or
// headers over AT-SPI, the cell's own method runs the pending layout, the layout announces a
// model reset, and the reset frees every accessible cell of the tree, the one still running
// among them: a use after free in Qt's bridge (Skein crashed this way as soon as a
// conversation filled the context inspector's hidden tree). A tree that is always laid out gives
// the bridge nothing to trip on.
//
// For a view over a model of its own owner's (not a QTreeWidget: its built-in model resets while
// the widget is being destroyed); a QTreeWidget calls layOutNow() after it was filled.
void layOutEagerly(QTreeView *view);
void layOutNow(QTreeView *view);

// Names the controls Qt builds inside others and leaves unnamed: the text box of every editable
// combo box under root gets the combo box's name (its own accessible name, else its label's
// text: a screen reader announces that box, not the combo), a text box's clear button "Clear".
void nameInnerControls(QWidget *root);

} // namespace Skein::Accessibility
