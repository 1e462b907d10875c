/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"

#include <QDialog>
#include <QHash>
#include <QList>

#include <memory>

class QPushButton;

namespace Ui {
class MemoryEditDialog;
class MemoryHistoryDialog;
} // namespace Ui

namespace Skein {

// Adds a memory or edits one's text (an edit keeps the old text as a version).
class MemoryEditDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryEditDialog)

public:
    enum class Mode { Add, Edit, Review, Supersede };
    // branchAvailable: a message is selected, so a branch-scoped memory can anchor there.
    MemoryEditDialog(Mode mode, const Memory &memory, bool sessionAvailable, bool branchAvailable,
                     QWidget *parent = nullptr);
    ~MemoryEditDialog() override;

    QString content() const;
    MemoryType type() const;
    MemoryScope scope() const;
    QString reason() const; // Supersede: why the fact changed

private:
    std::unique_ptr<Ui::MemoryEditDialog> m_ui;
};

// A memory's timeline (issue 17), oldest first: the facts it replaced and that replaced it
// (lineage), each with its earlier texts, when each held and why it changed. Restore makes an
// earlier text of the memory itself current again.
class MemoryHistoryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryHistoryDialog)

public:
    MemoryHistoryDialog(const Memory &memory, const QList<Memory> &lineage,
                        const QHash<QString, QList<MemoryVersion>> &versions, QWidget *parent = nullptr);
    ~MemoryHistoryDialog() override;

Q_SIGNALS:
    void restoreRequested(const QString &memoryId, qint64 versionId);

private:
    std::unique_ptr<Ui::MemoryHistoryDialog> m_ui;
    QPushButton *m_restore = nullptr;
};

} // namespace Skein
