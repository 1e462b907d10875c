// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "approvalspage.h"

#include "gui/accessibility.h"
#include "settingssaver.h"
#include "ui_approvalspage.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLocale>

namespace Skein {

ApprovalsPage::ApprovalsPage(SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::ApprovalsPage>())
    , m_saver(saver)
{
    m_ui->setupUi(this);
    m_ui->approvalList->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    connect(m_ui->revokeApprovalButton, &QPushButton::clicked, this, &ApprovalsPage::revokeSelected);
    connect(m_ui->revokeAllApprovalsButton, &QPushButton::clicked, this, &ApprovalsPage::revokeAll);
    connect(m_ui->approvalList, &QTreeWidget::itemSelectionChanged, this,
            [this] { m_ui->revokeApprovalButton->setEnabled(!m_ui->approvalList->selectedItems().isEmpty()); });
    show({});
}

ApprovalsPage::~ApprovalsPage() = default;

void ApprovalsPage::load(const Settings::Values &values)
{
    show(Settings::toolApprovals(Settings::value(values, Settings::Keys::toolApprovals)));
}

void ApprovalsPage::show(const QList<Settings::ToolApproval> &approvals)
{
    m_approvals = approvals;
    m_ui->approvalList->clear();
    const QLocale locale;
    for (int i = 0; i < approvals.size(); ++i) {
        const Settings::ToolApproval &a = approvals.at(i);
        auto *item = new QTreeWidgetItem(m_ui->approvalList);
        item->setText(0, a.tool);
        item->setText(1,
                      a.grantedAt > 0
                          ? locale.toString(QDateTime::fromMSecsSinceEpoch(a.grantedAt), QLocale::ShortFormat)
                          : QString());
        item->setData(0, Qt::UserRole, i);
    }
    Accessibility::layOutNow(m_ui->approvalList); // see there: filled while its page may be hidden
    m_ui->noApprovalsLabel->setVisible(approvals.isEmpty());
    m_ui->revokeApprovalButton->setEnabled(false);
    m_ui->revokeAllApprovalsButton->setEnabled(!approvals.isEmpty());
}

void ApprovalsPage::revokeSelected()
{
    QList<int> rows;
    for (QTreeWidgetItem *item : m_ui->approvalList->selectedItems())
        rows << item->data(0, Qt::UserRole).toInt();
    std::sort(rows.begin(), rows.end(), std::greater<>());
    QList<Settings::ToolApproval> next = m_approvals;
    QStringList tools;
    for (int row : std::as_const(rows))
        tools << next.takeAt(row).tool;
    show(next);
    revoke(tools);
}

void ApprovalsPage::revokeAll()
{
    QStringList tools;
    for (const Settings::ToolApproval &a : std::as_const(m_approvals))
        tools << a.tool;
    show({});
    revoke(tools);
}

void ApprovalsPage::revoke(const QStringList &tools)
{
    // Through ToolApprovals (ApprovalService), so the approved definitions kept beside the list go too.
    m_saver->revokeApprovals(tools);
}

} // namespace Skein
