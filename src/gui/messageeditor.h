// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QFrame>

class QPushButton;

namespace Skein {

class ComposerEdit;

// A message of the user's being edited in place: the bubble becomes this editor. Enter sends it
// as a new branch the way the composer's setting says (Ctrl+Enter always does), Esc cancels.
// ChatView places it over the message and lays the row out around its height.
class MessageEditor final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MessageEditor)

public:
    explicit MessageEditor(const QString &messageId, const QString &text, QWidget *parent = nullptr);
    ~MessageEditor() override;

    QString messageId() const { return m_messageId; }
    QString text() const;
    ComposerEdit *edit() const { return m_edit; }
    QSize sizeHint() const override;

Q_SIGNALS:
    void submitted(const QString &text);
    void cancelled();
    // The editor wants another height (its text grew or shrank).
    void heightChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void submit();

    QString m_messageId;
    ComposerEdit *m_edit;
    QPushButton *m_send;
    QPushButton *m_cancel;
    int m_lastHeight = 0;
};

} // namespace Skein
