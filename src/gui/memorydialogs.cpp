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
    case Mode::Supersede:
        setWindowTitle(tr("The Fact Changed"));
        m_ui->historyNote->setText(
            tr("Write what holds now. The old memory stays in the timeline and is no longer used from now on."));
        break;
    }
    m_ui->reasonLabel->setVisible(mode == Mode::Supersede);
    m_ui->memoryReason->setVisible(mode == Mode::Supersede);
    QComboBox *type = m_ui->memoryType;
    for (MemoryType t : {MemoryType::Preference, MemoryType::Fact, MemoryType::Profile, MemoryType::Instruction,
                         MemoryType::Task, MemoryType::Pinned})
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

QString MemoryEditDialog::reason() const
{
    return m_ui->memoryReason->text().trimmed();
}

MemoryHistoryDialog::MemoryHistoryDialog(const Memory &memory, const QList<Memory> &lineage,
                                         const QHash<QString, QList<MemoryVersion>> &versions, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::MemoryHistoryDialog>())
{
    m_ui->setupUi(this);
    const QLocale locale;
    const auto date = [&locale](qint64 ms) {
        return ms > 0 ? locale.toString(QDateTime::fromMSecsSinceEpoch(ms), QLocale::ShortFormat) : QString();
    };
    QString current = tr("Current: %1").arg(memory.content.toHtmlEscaped());
    if (!memory.supersededBy.isEmpty())
        current = tr("Superseded on %1: %2").arg(date(memory.validTo), memory.content.toHtmlEscaped());
    m_ui->currentText->setText(current);
    QListWidget *list = m_ui->memoryVersions;
    list->setAlternatingRowColors(true); // one entry from the next
    list->setWordWrap(true); // rows as tall as their lines in any script (Chinese ones were cut)
    const auto add = [&](const QString &head, const QString &text, const QString &reason, qint64 versionId) {
        QString label = head + QLatin1Char('\n') + text.simplified().left(120);
        if (!reason.isEmpty())
            label += QLatin1Char('\n') + tr("Why: %1").arg(reason.simplified().left(120));
        auto *item = new QListWidgetItem(label, list);
        // As tall as the lines laid out with the fonts that draw them: a Chinese line is taller
        // than the list's own font says, and the view's estimate cut the last line off.
        const QRect needed = list->fontMetrics().boundingRect(QRect(0, 0, std::max(300, width() - 60), 100000),
                                                              Qt::TextWordWrap, label);
        item->setSizeHint(QSize(needed.width(), needed.height() + list->fontMetrics().height() / 2));
        item->setData(Qt::UserRole, versionId);
        item->setData(Qt::UserRole + 1, text);
        if (versionId < 0)
            item->setForeground(palette().brush(QPalette::PlaceholderText));
        return item;
    };
    int earlier = 0;
    QListWidgetItem *selected = nullptr;
    for (const Memory &m : lineage) {
        const bool self = m.id == memory.id;
        for (const MemoryVersion &v : versions.value(m.id)) {
            ++earlier;
            // Only the memory's own texts can be restored; the others are other facts.
            add(tr("%1 · earlier text · replaced by %2")
                    .arg(date(v.validFrom > 0 ? v.validFrom : v.changedAt), v.changedBy),
                v.content, v.reason, self ? v.id : -1);
        }
        QString state = m.validTo > 0 ? tr("%1 – %2").arg(date(m.validFrom), date(m.validTo))
                                      : tr("since %1").arg(date(m.validFrom));
        state += QStringLiteral(" · ")
            + (m.supersededBy.isEmpty() ? (m.validTo > 0 ? tr("ended") : MemoryTableModel::statusName(m.status))
                                        : tr("superseded"));
        if (self)
            state += QStringLiteral(" · ") + tr("this memory");
        else
            ++earlier;
        QListWidgetItem *item = add(state, m.content, m.reason, -1);
        if (self)
            selected = item;
    }
    m_ui->noVersions->setVisible(earlier == 0);
    m_ui->noVersions->setForegroundRole(QPalette::PlaceholderText);
    m_restore = m_ui->buttons->addButton(tr("&Restore This Version"), QDialogButtonBox::ActionRole);
    m_restore->setObjectName(QStringLiteral("memoryRestore"));
    m_restore->setEnabled(false);
    connect(list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        m_restore->setEnabled(item && item->data(Qt::UserRole).toLongLong() >= 0);
        m_ui->versionText->setPlainText(item ? item->data(Qt::UserRole + 1).toString() : QString());
    });
    if (selected)
        list->setCurrentItem(selected);
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
