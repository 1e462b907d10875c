// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "aboutdialog.h"

#include "accessibility.h"
#include "app/appcontext.h"
#include "core/appinfo.h"
#include "ui_aboutdialog.h"

#include <QIcon>
#include <ksyntaxhighlighting_version.h>

namespace Skein {

AboutDialog::AboutDialog(const QList<ComponentVersion> &components, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::AboutDialog>())
{
    m_ui->setupUi(this);
    m_ui->iconLabel->setPixmap(QIcon(QStringLiteral(":/icons/skein.svg")).pixmap(64, 64));
    m_ui->titleLabel->setText(tr("%1 %2").arg(AppInfo::displayName(), AppInfo::version()));
    QFont font = m_ui->titleLabel->font();
    font.setPointSizeF(font.pointSizeF() * 1.6);
    font.setBold(true);
    m_ui->titleLabel->setFont(font);
    const QList<ComponentVersion> all = withGuiComponents(components);
    for (const ComponentVersion &c : all)
        new QTreeWidgetItem(m_ui->versionsView, QStringList {c.name, c.version});
    m_ui->versionsView->resizeColumnToContents(0);
    m_ui->versionsView->setAccessibleName(tr("Components and their versions"));
    Accessibility::layOutNow(m_ui->versionsView);
}

AboutDialog::~AboutDialog() = default;

QList<ComponentVersion> AboutDialog::withGuiComponents(QList<ComponentVersion> components)
{
    components.append({QStringLiteral("KSyntaxHighlighting"), QStringLiteral(KSYNTAXHIGHLIGHTING_VERSION_STRING)});
    return components;
}

} // namespace Skein
