// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sessiontagsdialog.h"

#include "core/domain/session.h"

#include <QCompleter>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace Skein {

namespace {

// Completes the last of the comma-separated tags being typed.
class TagCompleter final : public QCompleter
{
public:
    using QCompleter::QCompleter;

    QString pathFromIndex(const QModelIndex &index) const override
    {
        const QString typed = static_cast<QLineEdit *>(widget())->text();
        const qsizetype comma = typed.lastIndexOf(QLatin1Char(','));
        const QString done = comma < 0 ? QString() : typed.left(comma + 1) + QLatin1Char(' ');
        return done + QCompleter::pathFromIndex(index);
    }
    QStringList splitPath(const QString &path) const override { return {path.section(QLatin1Char(','), -1).trimmed()}; }
};

} // namespace

SessionTagsDialog::SessionTagsDialog(const QString &title, const QStringList &tags, const QStringList &allTags,
                                     QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_new(new QLineEdit(this))
{
    setObjectName(QStringLiteral("sessionTagsDialog"));
    setWindowTitle(tr("Tags"));
    auto *heading = new QLabel(this);
    heading->setTextFormat(Qt::PlainText);
    heading->setWordWrap(true);
    heading->setText(title.isEmpty() ? tr("Tags of this conversation:") : tr("Tags of “%1”:").arg(title));

    m_list->setObjectName(QStringLiteral("tagList"));
    m_list->setAccessibleName(tr("Tags in use"));
    const QStringList known = Session::cleanTags(allTags + tags);
    for (const QString &tag : known) {
        auto *item = new QListWidgetItem(tag, m_list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(tags.contains(tag, Qt::CaseInsensitive) ? Qt::Checked : Qt::Unchecked);
    }
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
    m_list->setVisible(m_list->count() > 0);

    auto *newLabel = new QLabel(tr("&New tags, separated by commas:"), this);
    newLabel->setBuddy(m_new);
    m_new->setObjectName(QStringLiteral("newTags"));
    m_new->setAccessibleName(tr("New tags"));
    m_new->setPlaceholderText(tr("e.g. work, research"));
    auto *completer = new TagCompleter(known, m_new);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_new->setCompleter(completer);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(m_list, 1);
    layout->addWidget(newLabel);
    layout->addWidget(m_new);
    layout->addWidget(buttons);
    (m_list->count() > 0 ? static_cast<QWidget *>(m_list) : m_new)->setFocus();
    resize(360, m_list->count() > 0 ? 360 : 160);
}

SessionTagsDialog::~SessionTagsDialog() = default;

QStringList SessionTagsDialog::tags() const
{
    QStringList chosen;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            chosen.append(m_list->item(i)->text());
    chosen << m_new->text().split(QLatin1Char(','));
    return Session::cleanTags(chosen);
}

} // namespace Skein
