// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "memoryinspector.h"

#include "app/services/memoryservice.h"
#include "core/domain/ids.h"
#include "gui/plainmessagebox.h"
#include "memorydialogs.h"
#include "models/memorytablemodel.h"
#include "themecolors.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace Skein {

namespace {

// English needs two forms; Chinese one. Until an English .ts with numerus forms exists, the source
// text is picked by count (each form is translated on its own).
QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(QLocale().toString(n));
}

// Entries of the status filter that are not a status.
constexpr int kCurrent = -2;
constexpr int kEnded = -3;
constexpr int kProposed = -4;

template<typename E> std::optional<E> comboValue(const QComboBox *combo)
{
    const QVariant v = combo->currentData();
    return v.isValid() ? std::optional<E>(E(v.toInt())) : std::nullopt;
}

} // namespace

MemoryInspector::MemoryInspector(MemoryService &memories, QWidget *parent)
    : QWidget(parent)
    , m_memories(memories)
{
    setObjectName(QStringLiteral("memoryInspector"));
    m_model = new MemoryTableModel(this);
    m_filter = new MemoryFilterModel(this);
    m_filter->setSourceModel(m_model);
    buildUi();
    updateActions();
    updateInbox();
}

void MemoryInspector::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);

    auto *top = new QHBoxLayout;
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("memorySearch"));
    m_search->setPlaceholderText(tr("Search memories"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search memories"));
    connect(m_search, &QLineEdit::textChanged, m_filter, &MemoryFilterModel::setSearch);
    top->addWidget(m_search, 1);
    m_add = new QToolButton(this);
    m_add->setObjectName(QStringLiteral("memoryAdd"));
    m_add->setText(tr("Add…"));
    m_add->setToolTip(tr("Add a memory by hand"));
    m_add->setMinimumWidth(28);
    top->addWidget(m_add);
    layout->addLayout(top);
    m_paused = new QCheckBox(tr("Pause memory"), this);
    m_paused->setObjectName(QStringLiteral("memoryPaused"));
    m_paused->setToolTip(tr("While paused, nothing is learned from conversations and no learned memory is added "
                            "to prompts; notes you pinned stay. What is said meanwhile is never learned later."));
    m_paused->setMinimumWidth(40);
    connect(m_paused, &QCheckBox::clicked, this, [this](bool on) { m_memories.setPaused(on, this, done()); });
    layout->addWidget(m_paused);

    auto *filters = new QHBoxLayout;
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("memoryScopeFilter"));
    m_scope->setAccessibleName(tr("Scope filter"));
    m_scope->setToolTip(m_scope->accessibleName());
    m_scope->addItem(tr("All scopes"));
    for (MemoryScope s : {MemoryScope::Global, MemoryScope::Session, MemoryScope::Branch})
        m_scope->addItem(MemoryTableModel::scopeName(s), int(s));
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("memoryTypeFilter"));
    m_type->setAccessibleName(tr("Type filter"));
    m_type->setToolTip(m_type->accessibleName());
    m_type->addItem(tr("All types"));
    for (MemoryType t : {MemoryType::Preference, MemoryType::Fact, MemoryType::Profile, MemoryType::Instruction,
                         MemoryType::Task, MemoryType::Pinned})
        m_type->addItem(MemoryTableModel::typeName(t), int(t));
    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("memoryStatusFilter"));
    m_status->setAccessibleName(tr("Status filter"));
    m_status->setToolTip(m_status->accessibleName());
    m_status->addItem(tr("All statuses"));
    for (MemoryStatus s : {MemoryStatus::Pending, MemoryStatus::Active, MemoryStatus::Disabled, MemoryStatus::Rejected})
        m_status->addItem(MemoryTableModel::statusName(s), int(s));
    // Issue 17: what holds now, and what a later fact superseded (kept as history).
    m_status->insertSeparator(m_status->count());
    m_status->addItem(tr("Current"), kCurrent);
    m_status->addItem(tr("Superseded"), kEnded);
    m_status->addItem(tr("Proposed for archiving"), kProposed);
    connect(m_scope, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setScope(comboValue<MemoryScope>(m_scope)); });
    connect(m_type, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setType(comboValue<MemoryType>(m_type)); });
    connect(m_status, &QComboBox::currentIndexChanged, this, [this] {
        const int data = m_status->currentData().toInt();
        const bool lifecycle = data == kCurrent || data == kEnded || data == kProposed;
        m_filter->setLifecycle(!lifecycle              ? MemoryFilterModel::Lifecycle::Any
                                   : data == kEnded    ? MemoryFilterModel::Lifecycle::Ended
                                   : data == kProposed ? MemoryFilterModel::Lifecycle::ArchiveProposed
                                                       : MemoryFilterModel::Lifecycle::Current);
        m_filter->setStatus(lifecycle ? std::nullopt : comboValue<MemoryStatus>(m_status));
    });
    // The dock can be narrow: every control may shrink below its natural width.
    for (QComboBox *c : {m_scope, m_type, m_status}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        c->setMinimumWidth(40);
        filters->addWidget(c);
    }
    filters->addStretch(1);
    layout->addLayout(filters);

    m_inbox = new QLabel(this);
    m_inbox->setObjectName(QStringLiteral("memoryInbox"));
    m_inbox->setWordWrap(true);
    m_inbox->setTextFormat(Qt::RichText);
    m_inbox->setContentsMargins(8, 5, 8, 5);
    m_inbox->setAutoFillBackground(true);
    QPalette inboxPalette = m_inbox->palette();
    inboxPalette.setColor(QPalette::Window, ThemeColors::warningBackground(inboxPalette));
    inboxPalette.setColor(QPalette::WindowText, ThemeColors::warningText(inboxPalette));
    m_inbox->setPalette(inboxPalette);
    m_inbox->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(m_inbox, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link == QLatin1String("#archive"))
            showArchiveProposals();
        else
            showPendingInbox();
    });
    layout->addWidget(m_inbox);

    m_injectedOnly = new QCheckBox(this);
    m_injectedOnly->setObjectName(QStringLiteral("memoryInjectedOnly"));
    m_injectedOnly->setText(tr("Only those injected in the selected reply"));
    m_injectedOnly->setMinimumWidth(40);
    connect(m_injectedOnly, &QCheckBox::toggled, m_filter, &MemoryFilterModel::setInjectedOnly);
    layout->addWidget(m_injectedOnly);
    m_injectedLabel = new QLabel(this);
    m_injectedLabel->setObjectName(QStringLiteral("memoryInjectedLabel"));
    m_injectedLabel->setForegroundRole(QPalette::PlaceholderText);
    m_injectedLabel->setWordWrap(true);
    layout->addWidget(m_injectedLabel);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("memoryTable"));
    m_table->setAccessibleName(tr("Memories"));
    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(MemoryTableModel::ContentColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(40);
    m_table->setColumnHidden(MemoryTableModel::UsesColumn, true);
    m_table->setColumnHidden(MemoryTableModel::ScopeColumn, false);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MemoryInspector::updateActions);
    connect(m_table, &QTableView::doubleClicked, this, &MemoryInspector::editCurrent);
    layout->addWidget(m_table, 1);

    auto *actions = new QHBoxLayout;
    buildActions();
    addButton(actions, m_acceptAction);
    addButton(actions, m_rejectAction);
    addButton(actions, m_editAction);
    addButton(actions, m_historyAction);
    addButton(actions, m_supersedeAction);
    m_promote = new QToolButton(this);
    m_promote->setObjectName(QStringLiteral("memoryPromote"));
    m_promote->setText(tr("Promote"));
    m_promote->setToolTip(tr("Use this memory more widely"));
    m_promote->setPopupMode(QToolButton::InstantPopup);
    m_promote->setMinimumWidth(28);
    auto *promoteMenu = new QMenu(m_promote);
    promoteMenu->addAction(m_promoteSessionAction);
    promoteMenu->addAction(m_promoteGlobalAction);
    m_promote->setMenu(promoteMenu);
    actions->addWidget(m_promote);
    actions->addStretch(1);
    m_more = new QToolButton(this);
    m_more->setObjectName(QStringLiteral("memoryMore"));
    m_more->setText(tr("More"));
    m_more->setToolTip(tr("More actions"));
    m_more->setPopupMode(QToolButton::InstantPopup);
    m_more->setMinimumWidth(28);
    auto *menu = new QMenu(m_more);
    menu->addAction(m_disableAction);
    menu->addAction(m_keepAction);
    menu->addAction(m_sourceAction);
    menu->addSeparator();
    menu->addAction(m_deleteAction);
    m_more->setMenu(menu);
    actions->addWidget(m_more);
    connect(m_add, &QToolButton::clicked, m_addAction, &QAction::trigger);
    connect(m_table, &QTableView::customContextMenuRequested, this, [this](const QPoint &pos) {
        if (currentMemory().id.isEmpty())
            return;
        QMenu context(this);
        context.addActions({m_acceptAction, m_rejectAction, m_editAction, m_historyAction, m_supersedeAction});
        context.addSeparator();
        context.addActions({m_promoteSessionAction, m_promoteGlobalAction});
        context.addSeparator();
        context.addActions({m_disableAction, m_keepAction, m_sourceAction});
        context.addSeparator();
        context.addAction(m_deleteAction);
        // From the keyboard (Menu key) the position may lie outside the selected row.
        const QRect row = m_table->visualRect(m_table->currentIndex());
        context.exec(m_table->viewport()->mapToGlobal(row.isValid() && !row.contains(pos) ? row.center() : pos));
    });
    layout->addLayout(actions);

    // Tab order: search, add, filters, inbox link (when shown), injected filter, table, buttons.
    setTabOrder({m_search, m_add, m_paused, m_scope, m_type, m_status, m_inbox, m_injectedOnly, m_table});
}

void MemoryInspector::buildActions()
{
    const auto make = [this](const QString &name, const QString &text, const QString &tip, auto slot) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        // Keys act while the inspector has focus, never window-wide (the chat has its own).
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
        return a;
    };
    m_addAction = make(QStringLiteral("memoryAddAction"), tr("Add Memory…"), tr("Add a memory by hand"),
                       &MemoryInspector::addMemory);
    m_inboxAction = make(QStringLiteral("memoryShowInbox"), tr("Review Pending Memories"),
                         tr("Show the memories waiting for your review"), &MemoryInspector::showPendingInbox);
    m_acceptAction = make(QStringLiteral("memoryAccept"), tr("✓ Accept"), tr("Use this memory from now on"),
                          &MemoryInspector::acceptCurrent);
    m_rejectAction = make(QStringLiteral("memoryReject"), tr("✗ Reject"), tr("Never use this memory"),
                          &MemoryInspector::rejectCurrent);
    m_editAction = make(QStringLiteral("memoryEdit"), tr("Edit…"), tr("Change the text (the old text is kept)"),
                        &MemoryInspector::editCurrent);
    // Return edits only from the table, where it means "open this row".
    m_editAction->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    m_editAction->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(m_editAction);
    m_historyAction = make(QStringLiteral("memoryHistory"), tr("Timeline…"),
                           tr("Earlier texts and the facts this one replaced or was replaced by, with restore"),
                           &MemoryInspector::showHistory);
    m_supersedeAction = make(QStringLiteral("memorySupersede"), tr("Changed…"),
                             tr("The fact changed: write what holds now; this one is kept as history"),
                             &MemoryInspector::supersedeCurrent);
    m_promoteSessionAction = make(QStringLiteral("memoryPromoteSession"), tr("Promote to This Conversation"),
                                  tr("Use this memory on every branch of its conversation"),
                                  [this] { promoteCurrent(MemoryScope::Session); });
    m_promoteGlobalAction
        = make(QStringLiteral("memoryPromoteGlobal"), tr("Promote to Global"),
               tr("Use this memory in every conversation"), [this] { promoteCurrent(MemoryScope::Global); });
    m_disableAction = make(QStringLiteral("memoryDisable"), tr("Disable"), tr("Stop using this memory for now"),
                           &MemoryInspector::toggleDisabled);
    m_keepAction = make(QStringLiteral("memoryKeep"), tr("Keep"), tr("Keep using this memory; do not archive it"),
                        &MemoryInspector::keepCurrent);
    m_sourceAction = make(QStringLiteral("memoryShowSource"), tr("Show Source"),
                          tr("Open the message this memory came from"), &MemoryInspector::showSource);
    m_deleteAction = make(QStringLiteral("memoryDelete"), tr("Delete…"), tr("Delete this memory and its history"),
                          &MemoryInspector::deleteCurrent);
    m_deleteAction->setShortcut(QKeySequence::Delete);
    m_deleteAction->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(m_deleteAction);
}

QToolButton *MemoryInspector::addButton(QLayout *layout, QAction *action)
{
    auto *b = new QToolButton(this);
    b->setObjectName(action->objectName());
    b->setDefaultAction(action);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    b->setMinimumWidth(28);
    layout->addWidget(b);
    return b;
}

QAction *MemoryInspector::action(const QString &objectName) const
{
    for (QAction *a : actions())
        if (a->objectName() == objectName)
            return a;
    return nullptr;
}

Memory MemoryInspector::currentMemory() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    return m_model->memory(rows.first().data(MemoryTableModel::IdRole).toString()).value_or(Memory {});
}

void MemoryInspector::selectMemory(const QString &id)
{
    const int row = m_model->rowOf(id);
    const QModelIndex index = row < 0 ? QModelIndex() : m_filter->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {
        m_table->clearSelection();
        return;
    }
    m_table->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->setCurrentIndex(index);
    m_table->scrollTo(index);
}

void MemoryInspector::updateActions()
{
    const Memory m = currentMemory();
    const bool any = !m.id.isEmpty();
    m_acceptAction->setEnabled(any && m.status != MemoryStatus::Active);
    m_rejectAction->setEnabled(any && m.status == MemoryStatus::Pending);
    m_editAction->setEnabled(any);
    m_historyAction->setEnabled(any);
    m_supersedeAction->setEnabled(any && m.supersededBy.isEmpty() && m.status == MemoryStatus::Active);
    m_promoteSessionAction->setEnabled(any && m.scope == MemoryScope::Branch);
    m_promoteGlobalAction->setEnabled(any && m.scope != MemoryScope::Global);
    m_promote->setEnabled(m_promoteGlobalAction->isEnabled());
    m_more->setEnabled(any);
    const bool proposed = m.archiveProposedAt > 0 && m.status == MemoryStatus::Active;
    m_disableAction->setText(m.status == MemoryStatus::Disabled ? tr("Enable")
                                 : proposed                     ? tr("Archive")
                                                                : tr("Disable"));
    m_keepAction->setEnabled(proposed);
    m_disableAction->setEnabled(any && m.status != MemoryStatus::Pending);
    m_sourceAction->setEnabled(any && !m.sourceMessageId.isEmpty());
    m_deleteAction->setEnabled(any);
    m_inboxAction->setEnabled(m_model->count(MemoryStatus::Pending) > 0);
}

void MemoryInspector::updateInbox()
{
    const int pending = m_model->count(MemoryStatus::Pending);
    const int proposed = m_model->archiveProposals();
    m_inbox->setVisible(pending > 0 || proposed > 0);
    QStringList lines;
    if (pending > 0)
        lines << counted(pending, tr("1 memory is waiting for your review."),
                         tr("%1 memories are waiting for your review."))
                + QStringLiteral(" <a href=\"#inbox\">") + tr("Review").toHtmlEscaped() + QStringLiteral("</a>");
    if (proposed > 0)
        lines << counted(proposed, tr("1 little-used memory is proposed for archiving."),
                         tr("%1 little-used memories are proposed for archiving."))
                + QStringLiteral(" <a href=\"#archive\">") + tr("Review").toHtmlEscaped() + QStringLiteral("</a>");
    if (!lines.isEmpty())
        m_inbox->setText(lines.join(QStringLiteral("<br>")));
    const int injected = int(m_model->injected().size());
    m_injectedOnly->setEnabled(!m_selectedMessage.isEmpty());
    if (m_selectedMessage.isEmpty())
        m_injectedLabel->setText(tr("Select a reply to see which memories it used."));
    else
        m_injectedLabel->setText(
            injected == 0 ? tr("The selected reply used no memories.")
                          : counted(injected, tr("1 memory was injected in the selected reply (shown in bold)."),
                                    tr("%1 memories were injected in the selected reply (shown in bold).")));
}

void MemoryInspector::setSession(const QString &sessionId)
{
    if (sessionId == m_sessionId)
        return;
    m_sessionId = sessionId;
    refresh();
}

void MemoryInspector::refresh()
{
    const quint64 generation = ++m_generation;
    MemoryRepository::Filter filter;
    filter.sessionId = m_sessionId; // empty: every memory
    filter.includeGlobal = true;
    m_memories.paused(this, [this](const Result<bool> &paused) {
        if (paused)
            m_paused->setChecked(paused.value());
    });
    m_memories.list(filter, this, [this, generation](const Result<QList<Memory>> &result) {
        if (generation != m_generation)
            return;
        if (!result) {
            showError(result.error().message);
            return;
        }
        const QString selected = currentMemory().id;
        m_model->setMemories(*result);
        selectMemory(selected);
        updateActions();
        updateInbox();
        Q_EMIT loaded();
    });
}

void MemoryInspector::setSelectedMessage(const QString &messageId)
{
    m_selectedMessage = messageId;
    const quint64 generation = ++m_injectedGeneration;
    if (messageId.isEmpty()) {
        m_model->setInjected({});
        m_injectedOnly->setChecked(false);
        updateInbox();
        return;
    }
    m_memories.injectedIn(messageId, this, [this, generation](const Result<QStringList> &ids) {
        if (generation != m_injectedGeneration)
            return;
        m_model->setInjected(ids ? QSet<QString>(ids->cbegin(), ids->cend()) : QSet<QString>());
        updateInbox();
    });
}

void MemoryInspector::showPendingInbox()
{
    m_status->setCurrentIndex(m_status->findData(int(MemoryStatus::Pending)));
    if (m_filter->rowCount() > 0)
        selectMemory(m_filter->index(0, 0).data(MemoryTableModel::IdRole).toString());
    m_table->setFocus();
}

void MemoryInspector::showArchiveProposals()
{
    m_status->setCurrentIndex(m_status->findData(kProposed));
    if (m_filter->rowCount() > 0)
        selectMemory(m_filter->index(0, 0).data(MemoryTableModel::IdRole).toString());
    m_table->setFocus();
}

void MemoryInspector::written(const Status &status)
{
    if (!status)
        showError(status.error().message);
    refresh();
}

void MemoryInspector::showError(const QString &text)
{
    m_inbox->setText(tr("Could not update memories: %1").arg(text.toHtmlEscaped()));
    m_inbox->show();
}

} // namespace Skein
