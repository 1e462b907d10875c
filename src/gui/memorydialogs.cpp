// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "memorydialogs.h"
#include "ui_memoryeditdialog.h"
#include "ui_memoryhistorydialog.h"

#include "models/memorytablemodel.h"

#include <QDateTime>
#include <QLocale>
#include <QPushButton>

#include <ranges>

namespace Skein {

// The layouts are Designer forms (ui/memoryeditdialog.ui, ui/memoryhistorydialog.ui); the code
// fills in what depends on the memory.
MemoryEditDialog::MemoryEditDialog(Mode mode, const Memory &memory, bool sessionAvailable, bool branchAvailable,
                                   QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::MemoryEditDialog>())
{
    m_ui->setupUi(this);
    switch (mode) {
    case Mode::Add:
        setWindowTitle(tr("Add Memory"));
        break;
    case Mode::Edit:
        setWindowTitle(tr("Edit Memory"));
        break;
    case Mode::Review:
        setWindowTitle(tr("Edit and Accept Memory"));
        break;
    }
    QComboBox *type = m_ui->memoryType;
    for (MemoryType t :
         {MemoryType::Preference, MemoryType::Fact, MemoryType::Profile, MemoryType::Instruction, MemoryType::Task})
        type->addItem(MemoryTableModel::typeName(t), int(t));
    type->setCurrentIndex(type->findData(int(memory.type)));
    QComboBox *scope = m_ui->memoryScope;
    scope->addItem(MemoryTableModel::scopeName(MemoryScope::Global), int(MemoryScope::Global));
    if (sessionAvailable || memory.scope == MemoryScope::Session)
        scope->addItem(MemoryTableModel::scopeName(MemoryScope::Session), int(MemoryScope::Session));
    if (branchAvailable || memory.scope == MemoryScope::Branch)
        scope->addItem(MemoryTableModel::scopeName(MemoryScope::Branch), int(MemoryScope::Branch));
    scope->setCurrentIndex(std::max(0, scope->findData(int(memory.scope))));
    // Type and scope are chosen when adding; an edit changes the text (which is versioned).
    type->setEnabled(mode == Mode::Add);
    scope->setEnabled(mode == Mode::Add);
    m_ui->memoryContent->setPlainText(memory.content);
    QPushButton *ok = m_ui->buttons->button(QDialogButtonBox::Ok);
    ok->setText(mode == Mode::Review ? tr("Save and &Accept") : tr("&Save"));
    const auto validate = [this, ok] { ok->setEnabled(!content().isEmpty()); };
    connect(m_ui->memoryContent, &QPlainTextEdit::textChanged, this, validate);
    validate();
    m_ui->historyNote->setVisible(mode != Mode::Add);
    m_ui->historyNote->setForegroundRole(QPalette::PlaceholderText);
    m_ui->memoryContent->setFocus();
}

MemoryEditDialog::~MemoryEditDialog() = default;

QString MemoryEditDialog::content() const
{
    return m_ui->memoryContent->toPlainText().trimmed();
}

MemoryType MemoryEditDialog::type() const
{
    return MemoryType(m_ui->memoryType->currentData().toInt());
}

MemoryScope MemoryEditDialog::scope() const
{
    return MemoryScope(m_ui->memoryScope->currentData().toInt());
}

MemoryHistoryDialog::MemoryHistoryDialog(const Memory &memory, const QList<MemoryVersion> &versions, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::MemoryHistoryDialog>())
{
    m_ui->setupUi(this);
    m_ui->currentText->setText(tr("Current: %1").arg(memory.content.toHtmlEscaped()));
    QListWidget *list = m_ui->memoryVersions;
    const QLocale locale;
    for (const MemoryVersion &version : std::views::reverse(versions)) {
        const QString when = locale.toString(QDateTime::fromMSecsSinceEpoch(version.changedAt), QLocale::ShortFormat);
        auto *item = new QListWidgetItem(tr("%1 · replaced by %2").arg(when, version.changedBy) + QLatin1Char('\n')
                                             + version.content.simplified().left(120),
                                         list);
        item->setData(Qt::UserRole, version.id);
        item->setData(Qt::UserRole + 1, version.content);
    }
    m_ui->noVersions->setVisible(versions.isEmpty());
    m_ui->noVersions->setForegroundRole(QPalette::PlaceholderText);
    m_restore = m_ui->buttons->addButton(tr("&Restore This Version"), QDialogButtonBox::ActionRole);
    m_restore->setObjectName(QStringLiteral("memoryRestore"));
    m_restore->setEnabled(false);
    connect(list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        m_restore->setEnabled(item != nullptr);
        m_ui->versionText->setPlainText(item ? item->data(Qt::UserRole + 1).toString() : QString());
    });
    const QString memoryId = memory.id;
    connect(m_restore, &QPushButton::clicked, this, [this, memoryId] {
        if (QListWidgetItem *item = m_ui->memoryVersions->currentItem()) {
            Q_EMIT restoreRequested(memoryId, item->data(Qt::UserRole).toLongLong());
            accept();
        }
    });
}

MemoryHistoryDialog::~MemoryHistoryDialog() = default;

} // namespace Skein
