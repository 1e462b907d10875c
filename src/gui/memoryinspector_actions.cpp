// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// MemoryInspector's actions on the selected memory: add, edit, history, accept, reject, disable,
// delete, promote and showing where it came from.

#include "memoryinspector.h"

#include "app/services/memoryservice.h"
#include "core/domain/ids.h"
#include "gui/plainmessagebox.h"
#include "memorydialogs.h"
#include "models/memorytablemodel.h"

#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QTableView>

namespace Skein {

void MemoryInspector::addMemory()
{
    Memory draft;
    draft.type = MemoryType::Fact;
    draft.scope = MemoryScope::Global;
    auto *dialog = new MemoryEditDialog(MemoryEditDialog::Mode::Add, draft, !m_sessionId.isEmpty(),
                                        !m_sessionId.isEmpty() && !m_selectedMessage.isEmpty(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const MemoryScope scope = dialog->scope();
        m_memories.add(dialog->type(), dialog->content(), scope, m_sessionId, this, done(),
                       scope == MemoryScope::Branch ? m_selectedMessage : QString());
    });
    dialog->open();
}

void MemoryInspector::editCurrent()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty())
        return;
    const bool review = m.status == MemoryStatus::Pending;
    auto *dialog = new MemoryEditDialog(review ? MemoryEditDialog::Mode::Review : MemoryEditDialog::Mode::Edit, m, true,
                                        true, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, m, review] {
        const QString content = dialog->content();
        if (review)
            m_memories.acceptEdited(m.id, content, this, done());
        else if (content != m.content)
            m_memories.edit(m.id, content, this, done());
    });
    dialog->open();
}

void MemoryInspector::showHistory()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty())
        return;
    m_memories.timeline(m.id, this, [this, m](const Result<MemoryService::Timeline> &timeline) {
        if (!timeline) {
            showError(timeline.error().message);
            return;
        }
        auto *dialog = new MemoryHistoryDialog(m, timeline->lineage, timeline->versions, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &MemoryHistoryDialog::restoreRequested, this,
                [this](const QString &id, qint64 version) { m_memories.restore(id, version, this, done()); });
        dialog->open();
    });
}

void MemoryInspector::supersedeCurrent()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty() || !m.supersededBy.isEmpty())
        return;
    auto *dialog = new MemoryEditDialog(MemoryEditDialog::Mode::Supersede, m, true, true, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, m] {
        if (dialog->content() != m.content)
            m_memories.supersede(m.id, dialog->content(), dialog->reason(), this, done());
    });
    dialog->open();
}

void MemoryInspector::keepCurrent()
{
    const Memory m = currentMemory();
    if (!m.id.isEmpty())
        m_memories.keep(m.id, this, done());
}

void MemoryInspector::acceptCurrent()
{
    const Memory m = currentMemory();
    if (!m.id.isEmpty())
        m_memories.accept(m.id, this, done());
}

void MemoryInspector::rejectCurrent()
{
    const Memory m = currentMemory();
    if (!m.id.isEmpty())
        m_memories.reject(m.id, this, done());
}

void MemoryInspector::toggleDisabled()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty())
        return;
    if (m.status == MemoryStatus::Disabled)
        m_memories.accept(m.id, this, done());
    else
        m_memories.disable(m.id, this, done());
}

void MemoryInspector::deleteCurrent()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty())
        return;
    auto *box = plainMessageBox(
        QMessageBox::Question, tr("Delete Memory"),
        tr("Delete this memory and its history? This cannot be undone.\n\n%1").arg(m.content.left(300)),
        QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("memoryDeleteConfirm"));
    box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box, id = m.id](QAbstractButton *button) {
        if (box->buttonRole(button) == QMessageBox::DestructiveRole)
            m_memories.remove(id, this, done());
    });
    box->open();
}

void MemoryInspector::promoteCurrent(MemoryScope to)
{
    const Memory m = currentMemory();
    const QAction *action = to == MemoryScope::Session ? m_promoteSessionAction : m_promoteGlobalAction;
    if (m.id.isEmpty() || to == MemoryScope::Branch || !action->isEnabled())
        return;
    m_memories.promote(m.id, to, this, done());
}

void MemoryInspector::showSource()
{
    const Memory m = currentMemory();
    if (!m.sourceMessageId.isEmpty())
        Q_EMIT sourceRequested(m.sourceSessionId.isEmpty() ? m.sessionId : m.sourceSessionId, m.sourceMessageId);
}

} // namespace Skein
