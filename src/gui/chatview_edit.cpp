// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// ChatView: editing a message of the user's in place.

#include "chatview.h"

#include "messageeditor.h"
#include "models/threadmodel.h"

#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QImage>
#include <QMenu>
#include <QMimeData>
#include <QUrl>

#include <algorithm>

namespace Skein {

void ChatView::addPinActions(QMenu *menu, const QString &id, const QString &content, bool part)
{
    const QString text = content.trimmed();
    if (id.isEmpty() || text.isEmpty())
        return;
    if (!menu->isEmpty())
        menu->addSeparator();
    QAction *here = menu->addAction(QIcon::fromTheme(QStringLiteral("pin")),
                                    part ? tr("Pin Selection to This Conversation") : tr("Pin to This Conversation"));
    here->setObjectName(QStringLiteral("pinHere"));
    connect(here, &QAction::triggered, this, [this, id, text] { Q_EMIT pinRequested(id, text, false); });
    QAction *everywhere
        = menu->addAction(part ? tr("Pin Selection to All Conversations") : tr("Pin to All Conversations"));
    everywhere->setObjectName(QStringLiteral("pinEverywhere"));
    connect(everywhere, &QAction::triggered, this, [this, id, text] { Q_EMIT pinRequested(id, text, true); });
}

MessageEditor *ChatView::messageEditor() const
{
    return m_editor;
}

void ChatView::editInPlace(const QModelIndex &index)
{
    if (!index.isValid() || Role(index.data(ThreadModel::RoleRole).toInt()) != Role::User)
        return;
    cancelEdit();
    const QString id = index.data(ThreadModel::IdRole).toString();
    auto *editor = new MessageEditor(id, index.data(ThreadModel::ContentRole).toString());
    m_editor = editor;
    m_editIndex = index;
    setCurrentIndex(index);
    // Its first height at the column's width; it follows its text from then on.
    editor->resize(std::max(200, m_delegate->width() - 28), editor->sizeHint().height());
    m_delegate->setEditor(index, editor->sizeHint().height());
    setIndexWidget(index, editor);
    connect(editor, &MessageEditor::heightChanged, this, [this] {
        if (m_editor && m_editIndex.isValid())
            m_delegate->setEditor(m_editIndex, m_editor->sizeHint().height());
    });
    connect(editor, &MessageEditor::submitted, this, [this, id](const QString &text) {
        cancelEdit();
        Q_EMIT messageAction(id, MessageDelegate::Action::Edit, text);
    });
    connect(editor, &MessageEditor::cancelled, this, &ChatView::cancelEdit);
    // The row went away (another conversation, a deleted branch): so did its editor.
    connect(editor, &QObject::destroyed, m_delegate, [delegate = m_delegate, id] {
        if (delegate->editingId() == id)
            delegate->clearEditor({});
    });
    scrollTo(index);
    editor->setFocus(Qt::OtherFocusReason);
}

void ChatView::cancelEdit()
{
    if (!m_editor)
        return;
    const bool hadFocus = m_editor->isAncestorOf(QApplication::focusWidget());
    const QPersistentModelIndex row = std::exchange(m_editIndex, {});
    MessageEditor *editor = m_editor;
    m_editor = nullptr;
    if (row.isValid() && indexWidget(row) == editor)
        setIndexWidget(row, nullptr); // deletes it later
    else
        editor->deleteLater();
    m_delegate->clearEditor(row);
    if (hadFocus)
        setFocus(Qt::OtherFocusReason);
    viewport()->update();
}

namespace {

// Local files or an image: what a drop on the conversation attaches.
bool attachable(const QMimeData *data)
{
    if (!data)
        return false;
    if (data->hasImage())
        return true;
    const QList<QUrl> urls = data->urls();
    return std::ranges::any_of(urls, &QUrl::isLocalFile);
}

} // namespace

void ChatView::dragEnterEvent(QDragEnterEvent *event)
{
    if (attachable(event->mimeData()))
        event->acceptProposedAction();
    else
        event->ignore();
}

void ChatView::dragMoveEvent(QDragMoveEvent *event)
{
    if (attachable(event->mimeData()))
        event->acceptProposedAction();
    else
        event->ignore();
}

void ChatView::dropEvent(QDropEvent *event)
{
    const QMimeData *data = event->mimeData();
    QStringList paths;
    for (const QUrl &url : data->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (!paths.isEmpty())
        Q_EMIT filesDropped(paths);
    else if (data->hasImage())
        Q_EMIT imageDropped(qvariant_cast<QImage>(data->imageData()));
    event->acceptProposedAction();
}

} // namespace Skein
