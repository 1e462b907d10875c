/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QDialog>

class QLineEdit;
class QListWidget;

namespace Skein {

// Tags of one conversation: every tag in use as a check box (this conversation's checked) and a
// field for new ones, separated by commas, that completes from the tags in use. Keyboard only:
// Space checks, Tab reaches the field, Enter accepts.
class SessionTagsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionTagsDialog)

public:
    SessionTagsDialog(const QString &title, const QStringList &tags, const QStringList &allTags,
                      QWidget *parent = nullptr);
    ~SessionTagsDialog() override;

    // The checked tags and the typed ones, cleaned (Session::cleanTags()).
    QStringList tags() const;

private:
    QListWidget *m_list;
    QLineEdit *m_new;
};

} // namespace Skein
