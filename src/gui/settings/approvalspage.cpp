#include "approvalspage.h"

#include "engine/agent/toolapprovals.h"
#include "settingssaver.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Skein {

ApprovalsPage::ApprovalsPage(SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_saver(saver)
    , m_list(new QTreeWidget(this))
    , m_revoke(new QPushButton(tr("&Revoke"), this))
    , m_revokeAll(new QPushButton(tr("Revoke &All"), this))
    , m_empty(new QLabel(this))
{
    setObjectName(QStringLiteral("approvalsPage"));
    auto *intro = new QLabel(tr("Tools that can change things outside Skein ask before they run. These are the "
                                "ones you allowed to run without asking. An approval ends by itself when the "
                                "tool's definition changes."),
                             this);
    intro->setWordWrap(true);
    m_list->setObjectName(QStringLiteral("approvalList"));
    m_list->setAccessibleName(tr("Tools allowed without asking"));
    m_list->setHeaderLabels({tr("Tool"), tr("Allowed on")});
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_revoke->setObjectName(QStringLiteral("revokeApprovalButton"));
    m_revokeAll->setObjectName(QStringLiteral("revokeAllApprovalsButton"));
    m_empty->setObjectName(QStringLiteral("noApprovalsLabel"));
    m_empty->setText(tr("No tool is allowed to run without asking."));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_revoke);
    buttons->addWidget(m_revokeAll);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_empty);
    layout->addLayout(buttons);
    connect(m_revoke, &QPushButton::clicked, this, &ApprovalsPage::revokeSelected);
    connect(m_revokeAll, &QPushButton::clicked, this, &ApprovalsPage::revokeAll);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this,
            [this] { m_revoke->setEnabled(!m_list->selectedItems().isEmpty()); });
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
    m_list->clear();
    const QLocale locale;
    for (int i = 0; i < approvals.size(); ++i) {
        const Settings::ToolApproval &a = approvals.at(i);
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(0, a.tool);
        item->setText(1,
                      a.grantedAt > 0
                          ? locale.toString(QDateTime::fromMSecsSinceEpoch(a.grantedAt), QLocale::ShortFormat)
                          : QString());
        item->setData(0, Qt::UserRole, i);
    }
    m_empty->setVisible(approvals.isEmpty());
    m_revoke->setEnabled(false);
    m_revokeAll->setEnabled(!approvals.isEmpty());
}

void ApprovalsPage::revokeSelected()
{
    QList<int> rows;
    for (QTreeWidgetItem *item : m_list->selectedItems())
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
    // Through the agent's store, so the approved definitions kept beside the list go too.
    m_saver->run([tools](Store &store) -> Status {
        for (const QString &tool : tools)
            if (Status s = ToolApprovals::revoke(store, tool); !s)
                return s;
        return {};
    });
}

} // namespace Skein
