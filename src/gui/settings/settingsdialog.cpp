#include "settingsdialog.h"

#include "app/appcontext.h"
#include "appearancepage.h"
#include "approvalspage.h"
#include "datapage.h"
#include "defaultspage.h"
#include "mcppage.h"
#include "providerspage.h"
#include "settingssaver.h"
#include "storage/asyncstore.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace Skein {

SettingsDialog::SettingsDialog(AppContext &context, QWidget *parent)
    : QDialog(parent)
    , m_context(context)
    , m_saver(new SettingsSaver(context, this))
    , m_pageList(new QListWidget(this))
    , m_pages(new QStackedWidget(this))
    , m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    m_pageList->setObjectName(QStringLiteral("settingsPageList"));
    m_pageList->setAccessibleName(tr("Settings pages"));
    m_pageList->setMaximumWidth(140);
    m_pageList->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    m_pages->setObjectName(QStringLiteral("settingsPages"));
    m_problem->setObjectName(QStringLiteral("settingsProblem"));
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto *providers = new ProvidersPage(context, m_saver, this);
    connect(providers, &ProvidersPage::providersChanged, this, &SettingsDialog::providersChanged);
    addPage(Page::Providers, tr("Providers"), providers);
    addPage(Page::Context, tr("Context & Agent"), new DefaultsPage(m_saver, this));
    addPage(Page::Memory, tr("Memory"), new MemoryPage(m_saver, providers->providers(), this));
    addPage(Page::McpServers, tr("MCP Servers"), new McpPage(context, m_saver, this));
    addPage(Page::ToolApprovals, tr("Tool Approvals"), new ApprovalsPage(m_saver, this));
    addPage(Page::Appearance, tr("Appearance"), new AppearancePage(context, this));
    addPage(Page::Data, tr("Data"), new DataPage(context, this));
    connect(m_pageList, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);
    m_pageList->setCurrentRow(0);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->setObjectName(QStringLiteral("settingsButtons"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *body = new QHBoxLayout;
    body->addWidget(m_pageList);
    body->addWidget(m_pages, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_problem);
    layout->addLayout(body, 1);
    layout->addWidget(buttons);
    connect(m_saver, &SettingsSaver::failed, this, &SettingsDialog::showProblem);
    setTabOrder(m_pageList, m_pages);
    resize(800, 560);
    load();
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::addPage(Page page, const QString &title, QWidget *widget)
{
    m_order.append(page);
    m_pageList->addItem(title);
    m_pages->addWidget(widget);
}

void SettingsDialog::showPage(Page page)
{
    m_pageList->setCurrentRow(int(m_order.indexOf(page)));
}

void SettingsDialog::load()
{
    m_context.storage().read<Settings::Values>(
        this, [](Store &store) { return store.settings().all(); },
        [this](Result<Settings::Values> values) {
            if (!values) {
                showProblem(tr("The settings could not be read: %1").arg(values.error().message));
                return;
            }
            for (auto *page : findChildren<DefaultsPage *>())
                page->load(values.value());
            for (auto *page : findChildren<MemoryPage *>())
                page->load(values.value());
            for (auto *page : findChildren<McpPage *>())
                page->load(values.value());
            for (auto *page : findChildren<ApprovalsPage *>())
                page->load(values.value());
            m_loaded = true;
            Q_EMIT loaded();
        });
}

void SettingsDialog::showProblem(const QString &message)
{
    m_problem->setText(message);
    m_problem->show();
}

SettingsDialog *openSettingsDialog(AppContext &context, QWidget *window, SettingsDialog::Page page)
{
    auto *dialog = window ? window->findChild<SettingsDialog *>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
    if (!dialog) {
        dialog = new SettingsDialog(context, window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->showPage(page);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

} // namespace Skein
