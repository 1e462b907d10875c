/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"

#include <QDialog>
#include <QList>

class QComboBox;
class QDialogButtonBox;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace Skein {

// Adds a memory or edits one's text (an edit keeps the old text as a version).
class MemoryEditDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryEditDialog)

public:
    enum class Mode { Add, Edit, Review };
    // branchAvailable: a message is selected, so a branch-scoped memory can anchor there.
    MemoryEditDialog(Mode mode, const Memory &memory, bool sessionAvailable, bool branchAvailable,
                     QWidget *parent = nullptr);

    QString content() const;
    MemoryType type() const;
    MemoryScope scope() const;

private:
    QComboBox *m_type = nullptr;
    QComboBox *m_scope = nullptr;
    QPlainTextEdit *m_content = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

// The earlier texts of a memory, newest first; Restore makes the chosen one current again.
class MemoryHistoryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryHistoryDialog)

public:
    MemoryHistoryDialog(const Memory &memory, const QList<MemoryVersion> &versions, QWidget *parent = nullptr);

Q_SIGNALS:
    void restoreRequested(const QString &memoryId, qint64 versionId);

private:
    QListWidget *m_list = nullptr;
    QPlainTextEdit *m_preview = nullptr;
    QPushButton *m_restore = nullptr;
};

} // namespace Skein
