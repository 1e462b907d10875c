// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "mcppage.h"

#include "app/settings/mcpserverservice.h"
#include "gui/plainmessagebox.h"
#include "models/settings/mcpserverlistmodel.h"
#include "settingssaver.h"
#include "ui_mcppage.h"
#include "ui_mcpserverdialog.h"

#include <QDesktopServices>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QUrl>

#include <algorithm>

namespace Skein {

McpPage::McpPage(McpServerService &service, SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::McpPage>())
    , m_service(service)
    , m_saver(saver)
    , m_model(new McpServerListModel(this))
{
    m_ui->setupUi(this);
    m_ui->mcpServerList->setModel(m_model);

    connect(m_ui->addMcpServerButton, &QPushButton::clicked, this, &McpPage::addServer);
    connect(m_ui->importMcpButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import MCP Servers"), {},
                                                          tr("JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            importFile(path);
    });
    connect(m_ui->removeMcpServerButton, &QPushButton::clicked, this, &McpPage::removeSelected);
    connect(m_ui->openMcpLogButton, &QPushButton::clicked, this, &McpPage::openLog);
    connect(m_model, &McpServerListModel::edited, this, &McpPage::save);
    connect(m_ui->mcpServerList->selectionModel(), &QItemSelectionModel::currentChanged, this, &McpPage::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &McpPage::updateButtons);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &McpPage::updateButtons);
    updateButtons();
}

McpPage::~McpPage() = default;

void McpPage::load(const Settings::Values &values)
{
    const QString json = Settings::value(values, Settings::Keys::mcpServers);
    m_loading = true;
    if (!json.isEmpty()) {
        const McpConfigParseResult parsed = McpConfig::parse(json.toUtf8());
        m_model->setServers(parsed.servers);
        if (!parsed.ok())
            m_ui->mcpStatus->setText(parsed.errors.join(QLatin1Char('\n')));
    }
    m_loading = false;
}

void McpPage::save()
{
    if (m_loading)
        return;
    // Env and header values may be tokens: they are blanked in the settings table and live in the
    // SecretStore (keepSecrets).
    m_saver->saveMcpServers(m_model->servers());
}

void McpPage::keepSecrets(const McpServerConfig &server)
{
    m_service.storeSecrets(server, this, [this, name = server.name](const SecretResult &result) {
        if (!result.ok())
            m_ui->mcpStatus->setText(tr("The environment of %1 could not be kept in the "
                                        "keychain: %2")
                                         .arg(name, result.message));
    });
}

void McpPage::importFile(const QString &path)
{
    m_ui->mcpStatus->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    m_service.readFile(path, this, [this](const McpConfigParseResult &parsed) { confirmImport(parsed); });
}

// Importing means Skein may start these programs: every new or changed server is shown in full
// and nothing changes until the user agrees (issue #13).
void McpPage::confirmImport(const McpConfigParseResult &parsed)
{
    QList<McpServerConfig> changed;
    QStringList lines;
    const QList<McpServerConfig> current = m_model->servers();
    for (const McpServerConfig &server : parsed.servers) {
        const auto same = std::find_if(current.cbegin(), current.cend(),
                                       [&](const McpServerConfig &c) { return c.name == server.name; });
        if (same != current.cend() && *same == server)
            continue;
        changed.append(server);
        lines << (same == current.cend() ? tr("New “%1”: %2").arg(server.name, McpConfig::origin(server))
                                         : tr("Changed “%1”: %2\n    was: %3")
                                               .arg(server.name, McpConfig::origin(server), McpConfig::origin(*same)));
    }
    const QStringList errors = parsed.errors;
    const auto finish = [this, errors](const QList<McpServerConfig> &imported, bool asked) {
        for (const McpServerConfig &server : imported) {
            keepSecrets(server);
            m_model->upsert(server);
        }
        QString text = !asked && imported.isEmpty() ? tr("Nothing new to import.")
                                                    : tr("%n server(s) imported.", nullptr, int(imported.size()));
        if (!errors.isEmpty())
            text += QLatin1Char('\n') + tr("Skipped: %1").arg(errors.join(QLatin1Char('\n')));
        m_ui->mcpStatus->setText(text);
        Q_EMIT importFinished(int(imported.size()), errors);
    };
    if (changed.isEmpty()) {
        finish({}, false);
        return;
    }
    auto *box = plainMessageBox(QMessageBox::Warning, tr("Import MCP Servers"),
                                tr("Skein will start these programs or connect to these servers when a conversation "
                                   "uses tools. Import them only if you trust them."),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("mcpImportConfirm"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextFormat(Qt::PlainText);
    box->setInformativeText(lines.join(QLatin1Char('\n')));
    QPushButton *import = box->addButton(tr("&Import"), QMessageBox::AcceptRole);
    import->setObjectName(QStringLiteral("mcpImportAccept"));
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [box, import, changed, finish] {
        finish(box->clickedButton() == import ? changed : QList<McpServerConfig> {}, true);
    });
    box->open();
}

void McpPage::addServer()
{
    auto *dialog = new McpServerDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        keepSecrets(dialog->server());
        const int row = m_model->upsert(dialog->server());
        m_ui->mcpServerList->setCurrentIndex(m_model->index(row));
    });
    dialog->open();
}

void McpPage::removeSelected()
{
    const McpServerConfig server = m_model->server(m_ui->mcpServerList->currentIndex().row());
    if (server.name.isEmpty())
        return;
    m_service.removeSecrets(server.name, this, [](const SecretResult &) { });
    m_model->removeRow(m_ui->mcpServerList->currentIndex().row());
}

void McpPage::openLog()
{
    const McpServerConfig server = m_model->server(m_ui->mcpServerList->currentIndex().row());
    if (server.name.isEmpty())
        return;
    const QString path = m_service.logPath(server.name);
    if (!QFileInfo::exists(path)) {
        m_ui->mcpStatus->setText(tr("%1 has no log yet: it has not been started.").arg(server.name));
        return;
    }
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
        m_ui->mcpStatus->setText(tr("No application could open %1.").arg(path));
}

void McpPage::updateButtons()
{
    const bool has = m_ui->mcpServerList->currentIndex().isValid();
    m_ui->removeMcpServerButton->setEnabled(has);
    m_ui->openMcpLogButton->setEnabled(has);
}

McpServerDialog::McpServerDialog(QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::McpServerDialog>())
{
    m_ui->setupUi(this);
    // Screen readers name each field after its label, without the mnemonic and the colon.
    for (QLabel *label : {m_ui->mcpNameLabel, m_ui->mcpTransportLabel, m_ui->mcpCommandLabel, m_ui->mcpArgsLabel,
                          m_ui->mcpEnvLabel, m_ui->mcpUrlLabel})
        label->buddy()->setAccessibleName(label->text().remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    m_stdioRows
        = {m_ui->mcpCommandLabel, m_ui->mcpCommand, m_ui->mcpArgsLabel, m_ui->mcpArgs, m_ui->mcpEnvLabel, m_ui->mcpEnv};
    m_httpRows = {m_ui->mcpUrlLabel, m_ui->mcpUrl};
    connect(m_ui->mcpTransport, &QComboBox::currentIndexChanged, this, &McpServerDialog::updateTransport);
    updateTransport();
}

McpServerDialog::~McpServerDialog() = default;

void McpServerDialog::updateTransport()
{
    const bool http = m_ui->mcpTransport->currentIndex() == 1;
    for (QWidget *w : std::as_const(m_stdioRows))
        w->setVisible(!http);
    for (QWidget *w : std::as_const(m_httpRows))
        w->setVisible(http);
}

McpServerConfig McpServerDialog::server() const
{
    McpServerConfig c;
    c.name = m_ui->mcpName->text().trimmed();
    c.trusted = m_ui->mcpTrusted->isChecked();
    if (m_ui->mcpTransport->currentIndex() == 1) {
        c.transport = McpServerConfig::Transport::Http;
        c.url = QUrl(m_ui->mcpUrl->text().trimmed(), QUrl::StrictMode);
        return c;
    }
    c.command = m_ui->mcpCommand->text().trimmed();
    c.args = QProcess::splitCommand(m_ui->mcpArgs->text());
    const QStringList lines = m_ui->mcpEnv->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            c.env.insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    return c;
}

void McpServerDialog::accept()
{
    const McpServerConfig c = server();
    if (!McpConfig::isValidServerName(c.name)) {
        m_ui->mcpDialogError->setText(tr("The name may use letters, digits, “-” and “_” (at most 32, no “__”)."));
        m_ui->mcpName->setFocus();
        return;
    }
    if (c.transport == McpServerConfig::Transport::Stdio && c.command.isEmpty()) {
        m_ui->mcpDialogError->setText(tr("Enter the program to start, such as npx or uvx."));
        m_ui->mcpCommand->setFocus();
        return;
    }
    if (c.transport == McpServerConfig::Transport::Http
        && (!c.url.isValid() || (c.url.scheme() != u"http" && c.url.scheme() != u"https"))) {
        m_ui->mcpDialogError->setText(tr("Enter the server's full http:// or https:// address."));
        m_ui->mcpUrl->setFocus();
        return;
    }
    QDialog::accept();
}

} // namespace Skein
