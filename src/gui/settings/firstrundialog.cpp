#include "firstrundialog.h"

#include "app/appcontext.h"
#include "core/domain/ids.h"
#include "engine/providerkinds.h"
#include "llm/providerpresets.h"
#include "models/settings/localserverprobe.h"
#include "secrets/secretstore.h"
#include "settingsdialog.h"
#include "storage/asyncstore.h"
#include "storage/providerrepository.h"
#include "storage/store.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace Skein {

FirstRunDialog::FirstRunDialog(AppContext &context, LocalServerProbe *probe, QWidget *parent)
    : QDialog(parent)
    , m_context(context)
    , m_probe(probe ? probe : new LocalServerProbe(context.network()))
    , m_cloud(new QComboBox(this))
    , m_key(new QLineEdit(this))
    , m_addCloud(new QPushButton(tr("&Add Provider"), this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("firstRunDialog"));
    setWindowTitle(tr("Welcome to Skein"));
    m_probe->setParent(this);

    auto *intro = new QLabel(tr("<b>Let's connect a model.</b><br>Use a model server running on this computer, "
                                "or a cloud provider with your API key. You can add more later in Settings."),
                             this);
    intro->setWordWrap(true);

    auto *local = new QGroupBox(tr("On this computer"), this);
    auto *grid = new QGridLayout(local);
    for (int i = 0; i < m_probe->servers().size(); ++i) {
        const LocalServerProbe::Server &server = m_probe->servers().at(i);
        auto *name = new QLabel(
            QStringLiteral("<b>%1</b><br><small>%2</small>") .arg(server.name.toHtmlEscaped(),
                                                                  server.baseUrl.toDisplayString().toHtmlEscaped()),
                           local);
        auto *state = new QLabel(tr("Looking…"), local);
        state->setObjectName(QStringLiteral("localState_") + server.presetId);
        auto *use = new QPushButton(tr("Use"), local);
        use->setAccessibleName(tr("Use %1").arg(server.name));
        use->setObjectName(QStringLiteral("useLocal_") + server.presetId);
        use->setEnabled(false);
        connect(use, &QPushButton::clicked, this, [this, i] { useLocalServer(i); });
        grid->addWidget(name, i, 0);
        grid->addWidget(state, i, 1);
        grid->addWidget(use, i, 2);
        m_serverStates << state;
        m_serverButtons << use;
    }
    grid->setColumnStretch(1, 1);

    auto *cloud = new QGroupBox(tr("Cloud provider"), this);
    auto *form = new QFormLayout(cloud);
    m_cloud->setObjectName(QStringLiteral("cloudPreset"));
    for (const ProviderPreset &preset : providerPresets())
        if (!preset.local)
            m_cloud->addItem(preset.name, preset.id);
    m_key->setObjectName(QStringLiteral("cloudApiKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("Paste the API key"));
    m_addCloud->setObjectName(QStringLiteral("addCloudButton"));
    auto *providerLabel = new QLabel(tr("&Provider:"), cloud);
    providerLabel->setBuddy(m_cloud);
    m_cloud->setAccessibleName(tr("Cloud provider"));
    auto *keyLabel = new QLabel(tr("API &key:"), cloud);
    keyLabel->setBuddy(m_key);
    m_key->setAccessibleName(tr("API key"));
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_addCloud);
    form->addRow(providerLabel, m_cloud);
    form->addRow(keyLabel, keyRow);
    auto *keyNote = new QLabel(tr("The key is kept in the system keychain, never in Skein's files."), cloud);
    keyNote->setWordWrap(true);
    form->addRow(keyNote);

    m_status->setObjectName(QStringLiteral("firstRunStatus"));
    m_status->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *settings = buttons->addButton(tr("More &Settings…"), QDialogButtonBox::ActionRole);
    settings->setObjectName(QStringLiteral("firstRunSettingsButton"));
    QPushButton *later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    later->setObjectName(QStringLiteral("firstRunLaterButton"));
    connect(settings, &QPushButton::clicked, this, [this] {
        Q_EMIT settingsRequested();
        reject();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(local);
    layout->addWidget(cloud);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(buttons);

    connect(m_key, &QLineEdit::textChanged, this, &FirstRunDialog::updateCloud);
    connect(m_key, &QLineEdit::returnPressed, this, &FirstRunDialog::addCloudProvider);
    connect(m_addCloud, &QPushButton::clicked, this, &FirstRunDialog::addCloudProvider);
    connect(m_probe, &LocalServerProbe::serverChanged, this, &FirstRunDialog::showServer);
    updateCloud();
    resize(560, 420);
    m_probe->start();
}

FirstRunDialog::~FirstRunDialog() = default;

void FirstRunDialog::showServer(int index)
{
    const LocalServerProbe::Server &server = m_probe->servers().at(index);
    QLabel *state = m_serverStates.value(index);
    QPushButton *use = m_serverButtons.value(index);
    if (!state || !use)
        return;
    switch (server.state) {
    case LocalServerProbe::Server::State::Waiting:
        state->setText(tr("Looking…"));
        break;
    case LocalServerProbe::Server::State::Running:
        state->setText(tr("✓ Running, %n model(s)", nullptr, int(server.models.size())));
        break;
    case LocalServerProbe::Server::State::NotRunning:
        state->setText(tr("Not running"));
        break;
    }
    use->setEnabled(server.state == LocalServerProbe::Server::State::Running);
    if (server.state == LocalServerProbe::Server::State::Running && !use->hasFocus())
        use->setDefault(true);
}

void FirstRunDialog::updateCloud()
{
    m_addCloud->setEnabled(!m_key->text().trimmed().isEmpty());
}

void FirstRunDialog::useLocalServer(int index)
{
    const LocalServerProbe::Server server = m_probe->servers().value(index);
    const ProviderPreset *preset = findPreset(server.presetId);
    if (!preset)
        return;
    ProviderConfig config;
    config.id = Ids::create();
    config.name = preset->name;
    config.kind = ProviderKinds::name(preset->kind);
    config.baseUrl = server.baseUrl.toString();
    config.models = server.models.isEmpty() ? preset->models : server.models;
    config.defaultModel = config.models.isEmpty() ? QString() : config.models.first().id;
    config.apiKey = ApiKeyState::None; // a server on this computer: no key, the keychain is not asked
    config.createdAt = config.updatedAt = Ids::nowMs();
    m_status->setText(tr("Adding %1…").arg(config.name));
    m_context.storage().write(
        this, [config](Store &store) { return store.providers().save(config); },
        [this, id = config.id](Status status) {
            if (!status) {
                m_status->setText(tr("The provider could not be saved: %1").arg(status.error().message));
                return;
            }
            finish(id);
        });
}

void FirstRunDialog::addCloudProvider()
{
    const QString key = m_key->text().trimmed();
    const ProviderPreset *preset = findPreset(m_cloud->currentData().toString());
    if (!preset || key.isEmpty())
        return;
    ProviderConfig config;
    config.id = Ids::create();
    config.name = preset->name;
    config.kind = ProviderKinds::name(preset->kind);
    config.baseUrl = preset->baseUrl;
    config.models = preset->models;
    config.defaultModel = config.models.isEmpty() ? QString() : config.models.first().id;
    config.createdAt = config.updatedAt = Ids::nowMs();
    m_addCloud->setEnabled(false);
    m_status->setText(tr("Saving the key…"));
    m_context.secrets().write(
        ProviderKinds::secretKey(config.id), key, this, [this, config](const SecretResult &result) {
            if (!result.ok()) {
                m_status->setText(tr("The keychain cannot be used, so the key was not kept: %1").arg(result.message));
                updateCloud();
                return;
            }
            m_key->clear();
            ProviderConfig stored = config;
            stored.apiKey = m_context.secrets().availability() == SecretStore::Availability::SessionOnly
                ? ApiKeyState::Unknown // kept for this session only: nothing to rely on after a restart
                : ApiKeyState::Keychain;
            m_context.storage().write(
                this, [stored](Store &store) { return store.providers().save(stored); },
                [this, id = config.id](Status status) {
                    if (!status) {
                        m_status->setText(tr("The provider could not be saved: %1").arg(status.error().message));
                        return;
                    }
                    finish(id);
                });
        });
}

void FirstRunDialog::finish(const QString &providerId)
{
    Q_EMIT providerAdded(providerId);
    accept();
}

void showFirstRunIfNeeded(AppContext &context, QWidget *window)
{
    QPointer<QWidget> guard(window);
    context.storage().read<qsizetype>(
        window,
        [](Store &store) -> Result<qsizetype> {
            Result<QList<ProviderConfig>> all = store.providers().list();
            if (!all)
                return all.error();
            return all.value().size();
        },
        [&context, guard](Result<qsizetype> count) {
            if (!guard || !count || count.value() > 0)
                return;
            auto *dialog = new FirstRunDialog(context, nullptr, guard);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            QObject::connect(dialog, &FirstRunDialog::settingsRequested, guard,
                             [&context, guard] { openSettingsDialog(context, guard); });
            dialog->show();
        });
}

} // namespace Skein
