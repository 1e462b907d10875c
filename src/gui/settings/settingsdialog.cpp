// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "settingsdialog.h"

#include "app/appcontext.h"
#include "app/settings/settingsservice.h"
#include "appearancepage.h"
#include "approvalspage.h"
#include "datapage.h"
#include "defaultspage.h"
#include "gui/accessibility.h"
#include "mcppage.h"
#include "providerspage.h"
#include "settingssaver.h"
#include "ui_settingsdialog.h"

#include <QIcon>
#include <QListWidgetItem>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace Skein {

SettingsDialog::SettingsDialog(AppContext &context, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::SettingsDialog>())
    , m_context(context)
    , m_saver(new SettingsSaver(context, this))
{
    m_ui->setupUi(this);
    m_ui->settingsProblem->hide();

    auto *providers = new ProvidersPage(context.providerService(), m_saver, this);
    connect(providers, &ProvidersPage::providersChanged, this, &SettingsDialog::providersChanged);
    addPage(Page::Providers, u"network-server"_s, tr("Providers"), providers);
    addPage(Page::Context, u"documentinfo"_s, tr("Context & Agent"), new DefaultsPage(m_saver, this));
    addPage(Page::Memory, u"bookmarks"_s, tr("Memory"), new MemoryPage(m_saver, providers->providers(), this));
    addPage(Page::McpServers, u"plugins"_s, tr("MCP Servers"), new McpPage(context.mcpServerService(), m_saver, this));
    addPage(Page::ToolApprovals, u"security-high"_s, tr("Tool Approvals"), new ApprovalsPage(m_saver, this));
    addPage(Page::Appearance, u"color-management"_s, tr("Appearance"), new AppearancePage(context, this));
    addPage(Page::Data, u"drive-harddisk"_s, tr("Data"), new DataPage(context.dataService(), this));
    connect(m_ui->settingsPageList, &QListWidget::currentRowChanged, m_ui->settingsPages,
            &QStackedWidget::setCurrentIndex);
    m_ui->settingsPageList->setCurrentRow(0);
    // The pages were added after the form made its Close button: Tab reaches it after their
    // widgets again (and QDialog's default button stays the first push button in that order).
    QWidget *lastOfPages = nullptr;
    for (QWidget *w = nextInFocusChain(); w != this; w = w->nextInFocusChain())
        if (w->window() == this && w->focusPolicy() != Qt::NoFocus && m_ui->settingsPages->isAncestorOf(w))
            lastOfPages = w;
    setTabOrder(lastOfPages, m_ui->settingsButtons->button(QDialogButtonBox::Close));
    connect(m_saver, &SettingsSaver::failed, this, &SettingsDialog::showProblem);
    Accessibility::nameInnerControls(this);
    load();
}

SettingsDialog::~SettingsDialog() = default;

void SettingsDialog::addPage(Page page, const QString &icon, const QString &title, QWidget *widget)
{
    m_order.append(page);
    m_ui->settingsPageList->addItem(new QListWidgetItem(QIcon::fromTheme(icon), title));
    m_ui->settingsPages->addWidget(widget);
}

void SettingsDialog::showPage(Page page)
{
    m_ui->settingsPageList->setCurrentRow(int(m_order.indexOf(page)));
}

void SettingsDialog::load()
{
    m_context.settingsService().load(this, [this](Result<Settings::Values> values) {
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
    m_ui->settingsProblem->setText(message);
    m_ui->settingsProblem->show();
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
