/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QAccessibleWidget>
#include <QHash>

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
class ChatViewAccessible final : public QAccessibleWidget
{
public:
    explicit ChatViewAccessible(ChatView *view);
    ~ChatViewAccessible() override;

    static QAccessibleInterface *factory(const QString &className, QObject *object);

    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;
    QAccessibleInterface *focusChild() const override;

    ChatView *view() const;
    // The item of a message of the loaded window (nullptr when it is not loaded).
    QAccessibleInterface *messageItem(const QString &messageId) const;

private:
    void forget(const QStringList &messageIds);
    void forgetAll();

    mutable QHash<QString, QAccessible::Id> m_items;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace Skein
