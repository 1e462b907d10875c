#include "memoryinspector.h"

#include "core/domain/ids.h"
#include "memorydialogs.h"
#include "models/memorytablemodel.h"
#include "storage/asyncstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/snapshotrepository.h"
#include "storage/store.h"

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

template<typename E> std::optional<E> comboValue(const QComboBox *combo)
{
    const QVariant v = combo->currentData();
    return v.isValid() ? std::optional<E>(E(v.toInt())) : std::nullopt;
}

} // namespace

MemoryInspector::MemoryInspector(AsyncStore &store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
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
    auto *add = new QToolButton(this);
    add->setObjectName(QStringLiteral("memoryAdd"));
    add->setText(tr("Add…"));
    add->setToolTip(tr("Add a memory by hand"));
    add->setMinimumWidth(28);
    connect(add, &QToolButton::clicked, this, &MemoryInspector::addMemory);
    top->addWidget(add);
    layout->addLayout(top);

    auto *filters = new QHBoxLayout;
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("memoryScopeFilter"));
    m_scope->setAccessibleName(tr("Scope filter"));
    m_scope->addItem(tr("All scopes"));
    for (MemoryScope s : {MemoryScope::Global, MemoryScope::Session, MemoryScope::Branch})
        m_scope->addItem(MemoryTableModel::scopeName(s), int(s));
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("memoryTypeFilter"));
    m_type->setAccessibleName(tr("Type filter"));
    m_type->addItem(tr("All types"));
    for (MemoryType t :
         {MemoryType::Preference, MemoryType::Fact, MemoryType::Profile, MemoryType::Instruction, MemoryType::Task})
        m_type->addItem(MemoryTableModel::typeName(t), int(t));
    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("memoryStatusFilter"));
    m_status->setAccessibleName(tr("Status filter"));
    m_status->addItem(tr("All statuses"));
    for (MemoryStatus s : {MemoryStatus::Pending, MemoryStatus::Active, MemoryStatus::Disabled, MemoryStatus::Rejected})
        m_status->addItem(MemoryTableModel::statusName(s), int(s));
    connect(m_scope, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setScope(comboValue<MemoryScope>(m_scope)); });
    connect(m_type, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setType(comboValue<MemoryType>(m_type)); });
    connect(m_status, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setStatus(comboValue<MemoryStatus>(m_status)); });
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
    inboxPalette.setColor(QPalette::Window, QColor(0xfff3cd));
    inboxPalette.setColor(QPalette::WindowText, QColor(0x664d03));
    m_inbox->setPalette(inboxPalette);
    connect(m_inbox, &QLabel::linkActivated, this, &MemoryInspector::showPendingInbox);
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
    const auto button = [this, actions](const QString &name, const QString &text, const QString &tip) {
        auto *b = new QToolButton(this);
        b->setObjectName(name);
        b->setText(text);
        b->setToolTip(tip);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setMinimumWidth(28);
        actions->addWidget(b);
        return b;
    };
    m_accept = button(QStringLiteral("memoryAccept"), tr("✓ Accept"), tr("Use this memory from now on"));
    m_reject = button(QStringLiteral("memoryReject"), tr("✗ Reject"), tr("Never use this memory"));
    m_edit = button(QStringLiteral("memoryEdit"), tr("Edit…"), tr("Change the text (the old text is kept)"));
    m_history = button(QStringLiteral("memoryHistory"), tr("History…"), tr("Earlier texts, with restore"));
    actions->addStretch(1);
    m_more = button(QStringLiteral("memoryMore"), tr("More"), tr("More actions"));
    m_more->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_more);
    m_disableAction = menu->addAction(tr("Disable"), this, &MemoryInspector::toggleDisabled);
    m_disableAction->setObjectName(QStringLiteral("memoryDisable"));
    m_sourceAction = menu->addAction(tr("Show Source"), this, &MemoryInspector::showSource);
    m_sourceAction->setObjectName(QStringLiteral("memoryShowSource"));
    menu->addSeparator();
    m_deleteAction = menu->addAction(tr("Delete…"), this, &MemoryInspector::deleteCurrent);
    m_deleteAction->setObjectName(QStringLiteral("memoryDelete"));
    m_more->setMenu(menu);
    connect(m_accept, &QToolButton::clicked, this, &MemoryInspector::acceptCurrent);
    connect(m_reject, &QToolButton::clicked, this, &MemoryInspector::rejectCurrent);
    connect(m_edit, &QToolButton::clicked, this, &MemoryInspector::editCurrent);
    connect(m_history, &QToolButton::clicked, this, &MemoryInspector::showHistory);
    connect(m_table, &QTableView::customContextMenuRequested, this, [this](const QPoint &pos) {
        if (currentMemory().id.isEmpty())
            return;
        QMenu context(this);
        if (m_accept->isEnabled())
            context.addAction(m_accept->text(), this, &MemoryInspector::acceptCurrent);
        if (m_reject->isEnabled())
            context.addAction(m_reject->text(), this, &MemoryInspector::rejectCurrent);
        context.addAction(m_edit->text(), this, &MemoryInspector::editCurrent);
        context.addAction(m_history->text(), this, &MemoryInspector::showHistory);
        context.addActions(m_more->menu()->actions());
        context.exec(m_table->viewport()->mapToGlobal(pos));
    });
    layout->addLayout(actions);
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
    m_accept->setEnabled(any && m.status != MemoryStatus::Active);
    m_reject->setEnabled(any && m.status == MemoryStatus::Pending);
    m_edit->setEnabled(any);
    m_history->setEnabled(any);
    m_more->setEnabled(any);
    m_disableAction->setText(m.status == MemoryStatus::Disabled ? tr("Enable") : tr("Disable"));
    m_disableAction->setEnabled(any && m.status != MemoryStatus::Pending);
    m_sourceAction->setEnabled(any && !m.sourceMessageId.isEmpty());
    m_deleteAction->setEnabled(any);
}

void MemoryInspector::updateInbox()
{
    const int pending = m_model->count(MemoryStatus::Pending);
    m_inbox->setVisible(pending > 0);
    if (pending > 0)
        m_inbox->setText(
            counted(pending, tr("1 memory is waiting for your review."), tr("%1 memories are waiting for your review."))
            + QStringLiteral(" <a href=\"#inbox\">") + tr("Review").toHtmlEscaped() + QStringLiteral("</a>"));
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
    m_store.read<QList<Memory>>(
        this, [filter](Store &store) { return store.memories().list(filter); },
        [this, generation](Result<QList<Memory>> result) {
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
    m_store.read<QStringList>(
        this,
        [messageId](Store &store) -> Result<QStringList> {
            auto message = store.messages().get(messageId);
            if (!message)
                return message.error();
            if (message->requestId.isEmpty())
                return QStringList();
            auto snapshot = store.snapshots().get(message->requestId);
            if (!snapshot)
                return snapshot.error().kind == StorageError::Kind::NotFound ? Result<QStringList>(QStringList())
                                                                             : Result<QStringList>(snapshot.error());
            return snapshot->memoryIds;
        },
        [this, generation](Result<QStringList> ids) {
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

void MemoryInspector::runWrite(std::function<Status(Store &)> job)
{
    m_store.write(
        this, std::move(job),
        [this](Status status) {
            if (!status)
                showError(status.error().message);
            refresh();
        },
        Durability::Full);
}

void MemoryInspector::showError(const QString &text)
{
    m_inbox->setText(tr("Could not update memories: %1").arg(text.toHtmlEscaped()));
    m_inbox->show();
}

void MemoryInspector::addMemory()
{
    Memory draft;
    draft.type = MemoryType::Fact;
    draft.scope = MemoryScope::Global;
    auto *dialog = new MemoryEditDialog(MemoryEditDialog::Mode::Add, draft, !m_sessionId.isEmpty(),
                                        !m_sessionId.isEmpty() && !m_selectedMessage.isEmpty(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        Memory m;
        m.id = Ids::create();
        m.type = dialog->type();
        m.scope = dialog->scope();
        m.content = dialog->content();
        if (m.scope != MemoryScope::Global)
            m.sessionId = m_sessionId;
        if (m.scope == MemoryScope::Branch)
            m.anchorMessageId = m_selectedMessage;
        m.status = MemoryStatus::Active;
        m.confidence = 1.0;
        m.createdAt = m.updatedAt = Ids::nowMs();
        runWrite([m](Store &store) { return store.memories().create(m); });
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
        runWrite([m, content, review](Store &store) -> Status {
            return store.transaction([&]() -> Status {
                if (content != m.content) {
                    if (Status s = store.memories().editContent(m.id, content, QStringLiteral("user")); !s)
                        return s;
                }
                return review ? store.memories().setStatus(m.id, MemoryStatus::Active) : Status();
            });
        });
    });
    dialog->open();
}

void MemoryInspector::showHistory()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty())
        return;
    m_store.read<QList<MemoryVersion>>(
        this, [id = m.id](Store &store) { return store.memories().versions(id); },
        [this, m](Result<QList<MemoryVersion>> versions) {
            if (!versions) {
                showError(versions.error().message);
                return;
            }
            auto *dialog = new MemoryHistoryDialog(m, *versions, this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            connect(dialog, &MemoryHistoryDialog::restoreRequested, this, [this](const QString &id, qint64 version) {
                runWrite([id, version](Store &store) { return store.memories().restore(id, version); });
            });
            dialog->open();
        });
}

void MemoryInspector::acceptCurrent()
{
    const Memory m = currentMemory();
    if (!m.id.isEmpty())
        runWrite([id = m.id](Store &store) { return store.memories().setStatus(id, MemoryStatus::Active); });
}

void MemoryInspector::rejectCurrent()
{
    const Memory m = currentMemory();
    if (!m.id.isEmpty())
        runWrite([id = m.id](Store &store) { return store.memories().setStatus(id, MemoryStatus::Rejected); });
}

void MemoryInspector::toggleDisabled()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty())
        return;
    const MemoryStatus next = m.status == MemoryStatus::Disabled ? MemoryStatus::Active : MemoryStatus::Disabled;
    runWrite([id = m.id, next](Store &store) { return store.memories().setStatus(id, next); });
}

void MemoryInspector::deleteCurrent()
{
    const Memory m = currentMemory();
    if (m.id.isEmpty())
        return;
    auto *box = new QMessageBox(
        QMessageBox::Question, tr("Delete Memory"),
        tr("Delete this memory and its history? This cannot be undone.\n\n%1").arg(m.content.left(300)),
        QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("memoryDeleteConfirm"));
    box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box, id = m.id](QAbstractButton *button) {
        if (box->buttonRole(button) == QMessageBox::DestructiveRole)
            runWrite([id](Store &store) { return store.memories().remove(id); });
    });
    box->open();
}

void MemoryInspector::showSource()
{
    const Memory m = currentMemory();
    if (!m.sourceMessageId.isEmpty())
        Q_EMIT sourceRequested(m.sourceSessionId.isEmpty() ? m.sessionId : m.sourceSessionId, m.sourceMessageId);
}

} // namespace Skein
