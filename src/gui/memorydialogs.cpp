// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "memorydialogs.h"

#include "models/memorytablemodel.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Skein {

MemoryEditDialog::MemoryEditDialog(Mode mode, const Memory &memory, bool sessionAvailable, bool branchAvailable,
                                   QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("memoryEditDialog"));
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
    auto *form = new QFormLayout;
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("memoryType"));
    for (MemoryType t :
         {MemoryType::Preference, MemoryType::Fact, MemoryType::Profile, MemoryType::Instruction, MemoryType::Task})
        m_type->addItem(MemoryTableModel::typeName(t), int(t));
    m_type->setCurrentIndex(m_type->findData(int(memory.type)));
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("memoryScope"));
    m_scope->addItem(MemoryTableModel::scopeName(MemoryScope::Global), int(MemoryScope::Global));
    if (sessionAvailable || memory.scope == MemoryScope::Session)
        m_scope->addItem(MemoryTableModel::scopeName(MemoryScope::Session), int(MemoryScope::Session));
    if (branchAvailable || memory.scope == MemoryScope::Branch)
        m_scope->addItem(MemoryTableModel::scopeName(MemoryScope::Branch), int(MemoryScope::Branch));
    m_scope->setCurrentIndex(std::max(0, m_scope->findData(int(memory.scope))));
    // Type and scope are chosen when adding; an edit changes the text (which is versioned).
    m_type->setEnabled(mode == Mode::Add);
    m_scope->setEnabled(mode == Mode::Add);
    form->addRow(tr("&Type:"), m_type);
    form->addRow(tr("&Scope:"), m_scope);
    m_content = new QPlainTextEdit(this);
    m_content->setObjectName(QStringLiteral("memoryContent"));
    m_content->setPlainText(memory.content);
    m_content->setTabChangesFocus(true);
    m_content->setAccessibleName(tr("Memory text"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(mode == Mode::Review ? tr("Save and &Accept") : tr("&Save"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    const auto validate = [this] {
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_content->toPlainText().trimmed().isEmpty());
    };
    connect(m_content, &QPlainTextEdit::textChanged, this, validate);
    validate();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    auto *label = new QLabel(tr("&Memory:"), this);
    label->setBuddy(m_content);
    layout->addWidget(label);
    layout->addWidget(m_content, 1);
    if (mode != Mode::Add) {
        auto *note = new QLabel(tr("The current text is kept in the history and can be restored."), this);
        note->setWordWrap(true);
        note->setForegroundRole(QPalette::PlaceholderText);
        layout->addWidget(note);
    }
    layout->addWidget(m_buttons);
    resize(440, 280);
    m_content->setFocus();
}

QString MemoryEditDialog::content() const
{
    return m_content->toPlainText().trimmed();
}

MemoryType MemoryEditDialog::type() const
{
    return MemoryType(m_type->currentData().toInt());
}

MemoryScope MemoryEditDialog::scope() const
{
    return MemoryScope(m_scope->currentData().toInt());
}

MemoryHistoryDialog::MemoryHistoryDialog(const Memory &memory, const QList<MemoryVersion> &versions, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("memoryHistoryDialog"));
    setWindowTitle(tr("Memory History"));
    auto *layout = new QVBoxLayout(this);
    auto *current = new QLabel(tr("Current: %1").arg(memory.content.toHtmlEscaped()), this);
    current->setWordWrap(true);
    current->setTextFormat(Qt::RichText);
    layout->addWidget(current);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("memoryVersions"));
    m_list->setAccessibleName(tr("Earlier versions"));
    const QLocale locale;
    for (auto it = versions.crbegin(); it != versions.crend(); ++it) {
        const QString when = locale.toString(QDateTime::fromMSecsSinceEpoch(it->changedAt), QLocale::ShortFormat);
        auto *item = new QListWidgetItem(tr("%1 · replaced by %2").arg(when, it->changedBy) + QLatin1Char('\n')
                                             + it->content.simplified().left(120),
                                         m_list);
        item->setData(Qt::UserRole, it->id);
        item->setData(Qt::UserRole + 1, it->content);
    }
    layout->addWidget(m_list, 1);
    m_preview = new QPlainTextEdit(this);
    m_preview->setReadOnly(true);
    m_preview->setMaximumHeight(90);
    m_preview->setAccessibleName(tr("Text of the selected version"));
    layout->addWidget(m_preview);
    if (versions.isEmpty()) {
        auto *empty = new QLabel(tr("This memory has not been edited yet."), this);
        empty->setForegroundRole(QPalette::PlaceholderText);
        layout->addWidget(empty);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_restore = buttons->addButton(tr("&Restore This Version"), QDialogButtonBox::ActionRole);
    m_restore->setObjectName(QStringLiteral("memoryRestore"));
    m_restore->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        m_restore->setEnabled(item != nullptr);
        m_preview->setPlainText(item ? item->data(Qt::UserRole + 1).toString() : QString());
    });
    const QString memoryId = memory.id;
    connect(m_restore, &QPushButton::clicked, this, [this, memoryId] {
        if (QListWidgetItem *item = m_list->currentItem()) {
            Q_EMIT restoreRequested(memoryId, item->data(Qt::UserRole).toLongLong());
            accept();
        }
    });
    layout->addWidget(buttons);
    resize(460, 360);
}

} // namespace Skein
