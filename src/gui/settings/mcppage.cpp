#include "mcppage.h"

#include "app/appcontext.h"
#include "engine/agent/mcpservers.h"
#include "engine/tools/mcpserverlog.h"
#include "models/settings/mcpserverlistmodel.h"
#include "secrets/secretstore.h"
#include "settingssaver.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QThreadPool>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace Skein {

McpPage::McpPage(AppContext &context, SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_saver(saver)
    , m_model(new McpServerListModel(this))
    , m_view(new QListView(this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_log(new QPushButton(tr("Open &Log"), this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("mcpPage"));
    auto *intro = new QLabel(tr("Tools from MCP servers become available to the model. Checked servers are "
                                "started when a chat needs them; their error output goes to a log."),
                             this);
    intro->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("mcpServerList"));
    m_view->setAccessibleName(tr("MCP servers; checked ones are enabled"));
    m_view->setModel(m_model);
    m_status->setObjectName(QStringLiteral("mcpStatus"));
    m_status->setWordWrap(true);

    auto *add = new QPushButton(tr("&Add…"), this);
    add->setObjectName(QStringLiteral("addMcpServerButton"));
    auto *import = new QPushButton(tr("&Import File…"), this);
    import->setObjectName(QStringLiteral("importMcpButton"));
    import->setToolTip(tr("Import servers from a file in the common “mcpServers” format, such as "
                          "claude_desktop_config.json."));
    m_remove->setObjectName(QStringLiteral("removeMcpServerButton"));
    m_log->setObjectName(QStringLiteral("openMcpLogButton"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(import);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_log);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    connect(add, &QPushButton::clicked, this, &McpPage::addServer);
    connect(import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import MCP Servers"), {},
                                                          tr("JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            importFile(path);
    });
    connect(m_remove, &QPushButton::clicked, this, &McpPage::removeSelected);
    connect(m_log, &QPushButton::clicked, this, &McpPage::openLog);
    connect(m_model, &McpServerListModel::edited, this, &McpPage::save);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &McpPage::updateButtons);
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
            m_status->setText(parsed.errors.join(QLatin1Char('\n')));
    }
    m_loading = false;
}

void McpPage::save()
{
    if (m_loading)
        return;
    // Env and header values may be tokens: McpServerStore blanks them in the settings table; they
    // live in the SecretStore (keepSecrets).
    const QList<McpServerConfig> servers = m_model->servers();
    m_saver->run([servers](Store &store) { return McpServerStore::save(store, servers); });
}

void McpPage::keepSecrets(const McpServerConfig &server)
{
    if (!McpServerStore::hasSecrets(server))
        return;
    m_context.secrets().write(McpServerStore::secretKey(server.name), McpServerStore::secretOf(server), this,
                              [this, name = server.name](const SecretResult &result) {
                                  if (!result.ok())
                                      m_status->setText(tr("The environment of %1 could not be kept in the "
                                                           "keychain: %2")
                                                            .arg(name, result.message));
                              });
}

void McpPage::importFile(const QString &path)
{
    m_status->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    QPointer<McpPage> self(this);
    QThreadPool::globalInstance()->start([self, path] {
        McpConfigParseResult parsed = McpConfig::importFile(path);
        QMetaObject::invokeMethod(
            qApp,
            [self, parsed = std::move(parsed)] {
                if (!self)
                    return;
                self->confirmImport(parsed);
            },
            Qt::QueuedConnection);
    });
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
        m_status->setText(text);
        Q_EMIT importFinished(int(imported.size()), errors);
    };
    if (changed.isEmpty()) {
        finish({}, false);
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Import MCP Servers"),
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
        m_view->setCurrentIndex(m_model->index(row));
    });
    dialog->open();
}

void McpPage::removeSelected()
{
    const McpServerConfig server = m_model->server(m_view->currentIndex().row());
    if (server.name.isEmpty())
        return;
    m_context.secrets().remove(McpServerStore::secretKey(server.name), this, [](const SecretResult &) { });
    m_model->removeRow(m_view->currentIndex().row());
}

void McpPage::openLog()
{
    const McpServerConfig server = m_model->server(m_view->currentIndex().row());
    if (server.name.isEmpty())
        return;
    const QString path = McpServerLog::defaultPath(m_context.dataDir(), server.name);
    if (!QFileInfo::exists(path)) {
        m_status->setText(tr("%1 has no log yet: it has not been started.").arg(server.name));
        return;
    }
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
        m_status->setText(tr("No application could open %1.").arg(path));
}

void McpPage::updateButtons()
{
    const bool has = m_view->currentIndex().isValid();
    m_remove->setEnabled(has);
    m_log->setEnabled(has);
}

McpServerDialog::McpServerDialog(QWidget *parent)
    : QDialog(parent)
    , m_name(new QLineEdit(this))
    , m_transport(new QComboBox(this))
    , m_command(new QLineEdit(this))
    , m_args(new QLineEdit(this))
    , m_env(new QPlainTextEdit(this))
    , m_url(new QLineEdit(this))
    , m_trusted(new QCheckBox(tr("&Trust this server: tools it marks read-only run without asking"), this))
    , m_error(new QLabel(this))
{
    setObjectName(QStringLiteral("mcpServerDialog"));
    setWindowTitle(tr("Add MCP Server"));
    m_name->setObjectName(QStringLiteral("mcpName"));
    m_name->setPlaceholderText(QStringLiteral("filesystem"));
    m_transport->setObjectName(QStringLiteral("mcpTransport"));
    m_transport->addItem(tr("Program on this computer (stdio)"));
    m_transport->addItem(tr("Remote server (HTTP)"));
    m_command->setObjectName(QStringLiteral("mcpCommand"));
    m_command->setPlaceholderText(QStringLiteral("npx"));
    m_args->setObjectName(QStringLiteral("mcpArgs"));
    m_args->setPlaceholderText(QStringLiteral("-y @modelcontextprotocol/server-filesystem ~/Documents"));
    m_env->setObjectName(QStringLiteral("mcpEnv"));
    m_env->setPlaceholderText(tr("One NAME=value per line"));
    m_env->setTabChangesFocus(true);
    m_env->setMaximumHeight(70);
    m_url->setObjectName(QStringLiteral("mcpUrl"));
    m_url->setPlaceholderText(QStringLiteral("https://example.com/mcp"));
    m_error->setObjectName(QStringLiteral("mcpDialogError"));
    m_error->setWordWrap(true);

    auto *form = new QFormLayout;
    const auto row = [&](const QString &label, QWidget *field) {
        auto *l = new QLabel(label, this);
        l->setBuddy(field);
        field->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
        form->addRow(l, field);
        return l;
    };
    row(tr("&Name:"), m_name);
    row(tr("&Type:"), m_transport);
    m_stdioRows << row(tr("&Command:"), m_command) << m_command;
    m_stdioRows << row(tr("&Arguments:"), m_args) << m_args;
    m_stdioRows << row(tr("&Environment:"), m_env) << m_env;
    m_httpRows << row(tr("&URL:"), m_url) << m_url;
    m_trusted->setObjectName(QStringLiteral("mcpTrusted"));
    m_trusted->setToolTip(tr("A server describes its own tools. Unless you trust it, every tool call asks first, "
                             "whatever the server claims."));
    form->addRow(QString(), m_trusted);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    connect(m_transport, &QComboBox::currentIndexChanged, this, &McpServerDialog::updateTransport);
    updateTransport();
}

McpServerDialog::~McpServerDialog() = default;

void McpServerDialog::updateTransport()
{
    const bool http = m_transport->currentIndex() == 1;
    for (QWidget *w : std::as_const(m_stdioRows))
        w->setVisible(!http);
    for (QWidget *w : std::as_const(m_httpRows))
        w->setVisible(http);
}

McpServerConfig McpServerDialog::server() const
{
    McpServerConfig c;
    c.name = m_name->text().trimmed();
    c.trusted = m_trusted->isChecked();
    if (m_transport->currentIndex() == 1) {
        c.transport = McpServerConfig::Transport::Http;
        c.url = QUrl(m_url->text().trimmed(), QUrl::StrictMode);
        return c;
    }
    c.command = m_command->text().trimmed();
    c.args = QProcess::splitCommand(m_args->text());
    const QStringList lines = m_env->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
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
        m_error->setText(tr("The name may use letters, digits, “-” and “_” (at most 32, no “__”)."));
        m_name->setFocus();
        return;
    }
    if (c.transport == McpServerConfig::Transport::Stdio && c.command.isEmpty()) {
        m_error->setText(tr("Enter the program to start, such as npx or uvx."));
        m_command->setFocus();
        return;
    }
    if (c.transport == McpServerConfig::Transport::Http
        && (!c.url.isValid() || (c.url.scheme() != u"http" && c.url.scheme() != u"https"))) {
        m_error->setText(tr("Enter the server's full http:// or https:// address."));
        m_url->setFocus();
        return;
    }
    QDialog::accept();
}

} // namespace Skein
