/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"
#include "storage/result.h"

#include <QWidget>
#include <functional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QMenu;
class QPushButton;
class QTableView;
class QToolButton;

namespace Skein {

class MemoryService;
class MemoryFilterModel;
class MemoryTableModel;

// The Memory tab (SPEC §6): every memory that applies to the open conversation (global ones plus
// its own), filterable by scope, type and status, searchable; add, edit (versioned, with history
// and restore), disable, delete, show source; the pending inbox (accept / edit / reject); and which
// memories the selected reply's request carried. Reads and writes go through MemoryService.
class MemoryInspector final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryInspector)

public:
    explicit MemoryInspector(MemoryService &memories, QWidget *parent = nullptr);

    MemoryTableModel *model() const { return m_model; }
    MemoryFilterModel *filterModel() const { return m_filter; }
    QTableView *table() const { return m_table; }
    // The memory selected in the table (empty id when none).
    Memory currentMemory() const;
    void selectMemory(const QString &id);
    // Every memory action is also added to this widget (QWidget::actions()), so a window can list
    // them in a menu; this finds one by objectName ("memoryAccept", "memoryPromoteGlobal", ...).
    QAction *action(const QString &objectName) const;

public Q_SLOTS:
    void setSession(const QString &sessionId);
    // The reply selected in the chat: its snapshot's memory ids become "injected".
    void setSelectedMessage(const QString &messageId);
    void refresh();
    void showPendingInbox();
    void addMemory();
    void editCurrent();
    void showHistory();
    // "This changed": a successor that supersedes the selected memory (issue 17).
    void supersedeCurrent();
    // The cap on active memories: list the ones proposed for archiving; keep one.
    void showArchiveProposals();
    void keepCurrent();
    void acceptCurrent();
    void rejectCurrent();
    void toggleDisabled();
    void deleteCurrent();
    void showSource();
    // Widens the selected memory's scope (branch → conversation → global); narrowing is refused.
    void promoteCurrent(MemoryScope to);

Q_SIGNALS:
    // Open the conversation and message a memory came from.
    void sourceRequested(const QString &sessionId, const QString &messageId);
    // After every load (tests wait for it).
    void loaded();

private:
    void buildUi();
    void buildActions();
    QToolButton *addButton(QLayout *layout, QAction *action);
    void updateActions();
    void updateInbox();
    // After a change: the error, if any, and the list again.
    void written(const Status &status);
    std::function<void(const Status &)> done()
    {
        return [this](const Status &status) { written(status); };
    }
    void showError(const QString &text);

    MemoryService &m_memories;
    MemoryTableModel *m_model = nullptr;
    MemoryFilterModel *m_filter = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_scope = nullptr;
    QComboBox *m_type = nullptr;
    QComboBox *m_status = nullptr;
    QCheckBox *m_injectedOnly = nullptr;
    QCheckBox *m_paused = nullptr;
    QLabel *m_inbox = nullptr;
    QLabel *m_injectedLabel = nullptr;
    QToolButton *m_add = nullptr;
    QToolButton *m_promote = nullptr;
    QToolButton *m_more = nullptr;
    QAction *m_addAction = nullptr;
    QAction *m_acceptAction = nullptr;
    QAction *m_rejectAction = nullptr;
    QAction *m_editAction = nullptr;
    QAction *m_historyAction = nullptr;
    QAction *m_supersedeAction = nullptr;
    QAction *m_keepAction = nullptr;
    QAction *m_promoteSessionAction = nullptr;
    QAction *m_promoteGlobalAction = nullptr;
    QAction *m_disableAction = nullptr;
    QAction *m_deleteAction = nullptr;
    QAction *m_sourceAction = nullptr;
    QAction *m_inboxAction = nullptr;
    QString m_sessionId;
    QString m_selectedMessage;
    quint64 m_generation = 0;
    quint64 m_injectedGeneration = 0;
};

} // namespace Skein
