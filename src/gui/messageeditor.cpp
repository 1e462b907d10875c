// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "messageeditor.h"

#include "composer.h"

#include <QAbstractTextDocumentLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QKeyEvent>
#include <QPushButton>
#include <QResizeEvent>
#include <QVBoxLayout>

namespace Skein {

MessageEditor::MessageEditor(const QString &messageId, const QString &text, QWidget *parent)
    : QFrame(parent)
    , m_messageId(messageId)
    , m_edit(new ComposerEdit(this))
    , m_send(new QPushButton(QIcon::fromTheme(QStringLiteral("mail-send")), tr("Send as New Branch"), this))
    , m_cancel(new QPushButton(QIcon::fromTheme(QStringLiteral("dialog-cancel")), tr("Cancel"), this))
{
    setObjectName(QStringLiteral("messageEditor"));
    setAccessibleName(tr("Edit message"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    m_edit->setObjectName(QStringLiteral("editMessageText"));
    m_edit->setAccessibleName(tr("Message text"));
    m_edit->setPlaceholderText(QString());
    m_edit->setFrameShape(QFrame::NoFrame);
    m_edit->setLineRange(1, 16);
    m_edit->setPlainText(text);
    m_edit->moveCursor(QTextCursor::End);
    m_edit->installEventFilter(this);
    const QString hint = tr("The reply to the edited message goes to a new branch; the old one stays.");
    m_edit->setAccessibleDescription(hint);
    m_send->setObjectName(QStringLiteral("editSendButton"));
    m_send->setToolTip(
        (m_edit->enterSends() ? tr("Send as a new branch (Enter)") : tr("Send as a new branch (Ctrl+Enter)"))
        + QLatin1Char('\n') + hint);
    m_cancel->setObjectName(QStringLiteral("editCancelButton"));
    m_cancel->setAccessibleName(tr("Cancel"));
    m_cancel->setToolTip(tr("Keep the message as it was (Esc)"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(m_edit);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(m_cancel);
    row->addWidget(m_send);
    layout->addLayout(row);
    setFocusProxy(m_edit);
    setTabOrder(m_edit, m_cancel);
    setTabOrder(m_cancel, m_send);

    connect(m_edit, &ComposerEdit::submitted, this, &MessageEditor::submit);
    connect(m_send, &QPushButton::clicked, this, &MessageEditor::submit);
    connect(m_cancel, &QPushButton::clicked, this, &MessageEditor::cancelled);
    connect(m_edit->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this, [this] {
        const int h = sizeHint().height();
        if (h != m_lastHeight) {
            m_lastHeight = h;
            Q_EMIT heightChanged();
        }
    });
}

MessageEditor::~MessageEditor() = default;

QString MessageEditor::text() const
{
    return m_edit->toPlainText();
}

QSize MessageEditor::sizeHint() const
{
    // From the text box's hint, which grows with its lines (the layout's own hint lags behind
    // until its next activation).
    const QMargins m = layout()->contentsMargins();
    const int buttons = std::max(m_send->sizeHint().height(), m_cancel->sizeHint().height());
    return QSize(QFrame::sizeHint().width(),
                 m.top() + m.bottom() + 2 * frameWidth() + m_edit->sizeHint().height() + layout()->spacing() + buttons);
}

void MessageEditor::resizeEvent(QResizeEvent *event)
{
    // In a narrow column Cancel shows its icon alone.
    m_cancel->setText(tr("Cancel"));
    const QMargins m = layout()->contentsMargins();
    const int wanted = m.left() + m.right() + 2 * frameWidth() + m_send->sizeHint().width()
        + m_cancel->sizeHint().width() + layout()->spacing();
    if (event->size().width() < wanted)
        m_cancel->setText(QString());
    QFrame::resizeEvent(event);
}

void MessageEditor::submit()
{
    const QString t = text();
    if (!t.trimmed().isEmpty())
        Q_EMIT submitted(t);
}

bool MessageEditor::eventFilter(QObject *watched, QEvent *event)
{
    // Esc belongs to the editor here, not to the window's Stop action.
    if (watched == m_edit && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier) {
            event->accept();
            if (event->type() == QEvent::KeyPress)
                Q_EMIT cancelled();
            return event->type() == QEvent::KeyPress;
        }
    }
    return QFrame::eventFilter(watched, event);
}

} // namespace Skein
