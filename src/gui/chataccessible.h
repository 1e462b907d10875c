/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "accessibility.h"

namespace Skein {

class ChatView;

// What a screen reader sees of the painted chat view: a list whose items are the messages of the
// branch's loaded window, in order. Each message is a list item named by its speaker, described
// by its status and usage, whose text is what the view shows (the rendered Markdown, not its
// source) and whose actions are the message's buttons. Installed by ChatView for itself.
//
// Message items are looked up by message id on every call, never by a row or index kept from
// before, so a model change between two calls of the bridge leaves them invalid, not dangling;
// they are deleted when their rows leave the model, never from inside an accessible call.
class ChatViewAccessible final : public Accessibility::KeyedItems
{
public:
    explicit ChatViewAccessible(ChatView *view);
    ~ChatViewAccessible() override;

    static QAccessibleInterface *factory(const QString &className, QObject *object);

    QAccessibleInterface *childAt(int x, int y) const override;
    QAccessibleInterface *focusChild() const override;
    ChatView *view() const;

protected:
    int itemCount() const override;
    QString keyAt(int index) const override;
    int indexOfKey(const QString &key) const override;
    Accessibility::KeyedItem *createItem(const QString &key) const override;

private:
    void watchModel() const;

    mutable QList<QMetaObject::Connection> m_connections;
};

} // namespace Skein
