// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "chataccessible.h"

#include "attachmenttray.h"

#include "chatview.h"
#include "core/domain/enums.h"
#include "models/threadmodel.h"
#include "safetextdocument.h"

#include <QPointer>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QWindow>

#include <algorithm>

namespace Skein {

namespace {

// One message of the chat view.
class MessageAccessible final
    : public Accessibility::KeyedItem
    , public QAccessibleTextInterface
    , public QAccessibleActionInterface
{
public:
    MessageAccessible(ChatView *view, QString messageId)
        : m_view(view)
        , m_id(std::move(messageId))
    { }

    QString key() const override { return m_id; }

    bool isValid() const override { return m_view && m_view->threadModel() && row() >= 0; }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_view ? m_view->window()->windowHandle() : nullptr; }
    QAccessibleInterface *parent() const override { return QAccessible::queryAccessibleInterface(m_view); }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *focusChild() const override { return nullptr; }
    QAccessible::Role role() const override { return QAccessible::ListItem; }
    void setText(QAccessible::Text, const QString &) override { }

    QString text(QAccessible::Text t) const override
    {
        const QModelIndex i = index();
        if (!i.isValid())
            return {};
        switch (t) {
        case QAccessible::Name:
            return MessageDelegate::speaker(i);
        case QAccessible::Description: {
            QStringList parts;
            const QString status = MessageDelegate::status(i);
            if (!status.isEmpty())
                parts << status;
            const int count = i.data(ThreadModel::SiblingCountRole).toInt();
            if (count > 1)
                parts << ChatView::tr("version %1 of %2").arg(i.data(ThreadModel::SiblingIndexRole).toInt()).arg(count);
            const auto attachments = i.data(ThreadModel::AttachmentsRole).value<QList<Attachment>>();
            QStringList files;
            for (const Attachment &a : attachments)
                files << AttachmentTray::describe(a);
            if (!files.isEmpty())
                parts << ChatView::tr("attached: %1").arg(files.join(QStringLiteral("; ")));
            const QString usage = i.data(Qt::ToolTipRole).toString();
            if (!usage.isEmpty())
                parts << QTextDocumentFragment::fromHtml(usage).toPlainText();
            return parts.join(QStringLiteral("; "));
        }
        default:
            return {};
        }
    }

    QRect rect() const override
    {
        const QModelIndex i = index();
        if (!i.isValid())
            return {};
        const QRect r = m_view->visualRect(i).intersected(m_view->viewport()->rect());
        return r.isEmpty() ? QRect() : QRect(m_view->viewport()->mapToGlobal(r.topLeft()), r.size());
    }

    QAccessible::State state() const override
    {
        QAccessible::State s;
        const QModelIndex i = index();
        if (!i.isValid()) {
            s.invalid = true;
            return s;
        }
        s.focusable = true;
        s.selectable = true;
        s.multiLine = true;
        s.readOnly = true;
        s.selected = m_view->selectionModel() && m_view->selectionModel()->isSelected(i);
        s.focused = m_view->hasFocus() && m_view->currentIndex() == i;
        const QRect r = m_view->visualRect(i);
        s.offscreen = !r.intersects(m_view->viewport()->rect());
        s.invisible = !m_view->isVisible();
        s.busy = i.data(ThreadModel::StatusRole).toInt() == int(MessageStatus::Generating);
        return s;
    }

    void *interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::TextInterface)
            return static_cast<QAccessibleTextInterface *>(this);
        if (type == QAccessible::ActionInterface)
            return static_cast<QAccessibleActionInterface *>(this);
        return nullptr;
    }

    // QAccessibleTextInterface: the message as the view shows it, read-only; no selection.
    void selection(int, int *start, int *end) const override { *start = *end = 0; }
    int selectionCount() const override { return 0; }
    void addSelection(int, int) override { }
    void removeSelection(int) override { }
    void setSelection(int, int, int) override { }
    int cursorPosition() const override { return 0; }
    void setCursorPosition(int) override { }
    QString text(int start, int end) const override
    {
        const QString &all = plainText();
        start = std::clamp(start, 0, int(all.size()));
        end = end < 0 ? int(all.size()) : std::clamp(end, start, int(all.size()));
        return all.mid(start, end - start);
    }
    int characterCount() const override { return int(plainText().size()); }
    QRect characterRect(int) const override { return {}; }
    int offsetAtPoint(const QPoint &) const override { return -1; }
    void scrollToSubstring(int, int) override
    {
        if (isValid())
            m_view->scrollToMessage(m_id);
    }
    QString attributes(int offset, int *start, int *end) const override
    {
        *start = *end = offset;
        return {};
    }

    // QAccessibleActionInterface: the message's buttons (links and code blocks by their label).
    QStringList actionNames() const override
    {
        QStringList names;
        for (const MessageDelegate::Hit &hit : hits())
            names << nameOf(hit);
        names.removeDuplicates();
        return names;
    }
    QString localizedActionName(const QString &name) const override { return name; }
    QString localizedActionDescription(const QString &name) const override { return name; }
    QStringList keyBindingsForAction(const QString &) const override { return {}; }
    void doAction(const QString &name) override
    {
        for (const MessageDelegate::Hit &hit : hits()) {
            if (nameOf(hit) != name)
                continue;
            // After this call: an action may change the model, which deletes this item.
            QTimer::singleShot(0, m_view, [view = m_view, id = m_id, hit] {
                if (!view || !view->threadModel())
                    return;
                const int row = view->threadModel()->rowOf(id);
                if (row >= 0)
                    view->trigger(view->threadModel()->index(row), hit);
            });
            return;
        }
    }

private:
    int row() const { return m_view->threadModel()->rowOf(m_id); }
    QModelIndex index() const
    {
        if (!isValid())
            return {};
        return m_view->threadModel()->index(row());
    }
    QList<MessageDelegate::Hit> hits() const
    {
        const QModelIndex i = index();
        return i.isValid() ? m_view->messageDelegate()->hits(i, m_view->visualRect(i)) : QList<MessageDelegate::Hit> {};
    }
    static QString nameOf(const MessageDelegate::Hit &hit)
    {
        QString label = MessageDelegate::actionLabel(hit.action);
        if (hit.action == MessageDelegate::Action::Link)
            return ChatView::tr("%1: %2").arg(label, hit.data);
        if (hit.action == MessageDelegate::Action::CopyCode)
            return ChatView::tr("Copy Code: %1").arg(hit.data.section(QLatin1Char('\n'), 0, 0).left(60));
        return label;
    }
    const QString &plainText() const
    {
        const QModelIndex i = index();
        if (!i.isValid()) {
            m_text.clear();
            return m_text;
        }
        const quint64 revision = i.data(ThreadModel::RevisionRole).toULongLong();
        if (revision == m_revision && !m_text.isNull())
            return m_text;
        m_revision = revision;
        QStringList parts;
        if (Role(i.data(ThreadModel::RoleRole).toInt()) != Role::Tool)
            for (const MessageDelegate::TextPart &part : m_view->messageDelegate()->textParts(i))
                parts << part.chunk->document->toPlainText();
        m_text = parts.isEmpty() ? i.data(ThreadModel::ContentRole).toString() : parts.join(QLatin1Char('\n'));
        if (m_text.isNull())
            m_text = QLatin1String("");
        return m_text;
    }

    QPointer<ChatView> m_view;
    QString m_id;
    mutable QString m_text;
    mutable quint64 m_revision = 0;
};

} // namespace

ChatViewAccessible::ChatViewAccessible(ChatView *view)
    : KeyedItems(view, QAccessible::List)
{ }

ChatViewAccessible::~ChatViewAccessible()
{
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        QObject::disconnect(c);
}

QAccessibleInterface *ChatViewAccessible::factory(const QString &className, QObject *object)
{
    if (className == QLatin1String("Skein::ChatView") && object && object->isWidgetType())
        return new ChatViewAccessible(static_cast<ChatView *>(object));
    return nullptr;
}

ChatView *ChatViewAccessible::view() const
{
    return static_cast<ChatView *>(widget());
}

int ChatViewAccessible::itemCount() const
{
    const ThreadModel *model = view()->threadModel();
    return model ? model->rowCount() : 0;
}

QString ChatViewAccessible::keyAt(int index) const
{
    const ThreadModel *model = view()->threadModel();
    return model ? model->idAt(index) : QString();
}

int ChatViewAccessible::indexOfKey(const QString &key) const
{
    const ThreadModel *model = view()->threadModel();
    return model ? model->rowOf(key) : -1;
}

Accessibility::KeyedItem *ChatViewAccessible::createItem(const QString &key) const
{
    watchModel();
    return new MessageAccessible(view(), key);
}

void ChatViewAccessible::watchModel() const
{
    const ThreadModel *model = view()->threadModel();
    if (!model || !m_connections.isEmpty())
        return;
    // Items leave with their rows: at a reset, at a removal, with the model.
    auto *self = const_cast<ChatViewAccessible *>(this);
    m_connections << QObject::connect(model, &QAbstractItemModel::modelAboutToBeReset, view(),
                                      [self] { self->forgetAll(); })
                  << QObject::connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, view(),
                                      [self, model](const QModelIndex &, int first, int last) {
                                          QStringList ids;
                                          for (int row = first; row <= last; ++row)
                                              ids << model->idAt(row);
                                          self->forget(ids);
                                      })
                  << QObject::connect(model, &QObject::destroyed, view(), [self] { self->forgetAll(); });
}

QAccessibleInterface *ChatViewAccessible::childAt(int x, int y) const
{
    const QPoint local = view()->viewport()->mapFromGlobal(QPoint(x, y));
    const QModelIndex index = view()->indexAt(local);
    return index.isValid() ? child(index.row()) : nullptr;
}

QAccessibleInterface *ChatViewAccessible::focusChild() const
{
    const QModelIndex current = view()->currentIndex();
    return current.isValid() ? child(current.row()) : nullptr;
}

} // namespace Skein
