// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "firstrundialog.h"

#include "app/appcontext.h"
#include "app/settings/providerservice.h"
#include "core/domain/ids.h"
#include "engine/providers/providerkinds.h"
#include "llm/localserverprobe.h"
#include "llm/providerpresets.h"
#include "settingsdialog.h"
#include "ui_firstrundialog.h"

#include <QPointer>

namespace Skein {

FirstRunDialog::FirstRunDialog(AppContext &context, LocalServerProbe *probe, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::FirstRunDialog>())
    , m_context(context)
    , m_probe(probe ? probe : new LocalServerProbe(context.network()))
{
    m_ui->setupUi(this);
    m_probe->setParent(this);

    // One row per server the probe looks for.
    QGroupBox *local = m_ui->localGroup;
    for (int i = 0; i < m_probe->servers().size(); ++i) {
        const LocalServerProbe::Server &server = m_probe->servers().at(i);
        auto *name = new QLabel(QStringLiteral("<b>%1</b><br><small>%2</small>")
                                    .arg(server.name.toHtmlEscaped(), server.baseUrl.toDisplayString().toHtmlEscaped()),
                                local);
        auto *state = new QLabel(tr("Looking…"), local);
        state->setObjectName(QStringLiteral("localState_") + server.presetId);
        auto *use = new QPushButton(tr("Use"), local);
        use->setAccessibleName(tr("Use %1").arg(server.name));
        use->setObjectName(QStringLiteral("useLocal_") + server.presetId);
        use->setEnabled(false);
        connect(use, &QPushButton::clicked, this, [this, i] { useLocalServer(i); });
        m_ui->localGrid->addWidget(name, i, 0);
        m_ui->localGrid->addWidget(state, i, 1);
        m_ui->localGrid->addWidget(use, i, 2);
        m_serverStates << state;
        m_serverButtons << use;
    }

    for (const ProviderPreset &preset : providerPresets())
        if (!preset.local)
            m_ui->cloudPreset->addItem(preset.name, preset.id);

    QPushButton *settings = m_ui->firstRunButtons->addButton(tr("More &Settings…"), QDialogButtonBox::ActionRole);
    settings->setObjectName(QStringLiteral("firstRunSettingsButton"));
    QPushButton *later = m_ui->firstRunButtons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    later->setObjectName(QStringLiteral("firstRunLaterButton"));
    connect(settings, &QPushButton::clicked, this, [this] {
        Q_EMIT settingsRequested();
        reject();
    });

    connect(m_ui->cloudApiKey, &QLineEdit::textChanged, this, &FirstRunDialog::updateCloud);
    connect(m_ui->cloudApiKey, &QLineEdit::returnPressed, this, &FirstRunDialog::addCloudProvider);
    connect(m_ui->addCloudButton, &QPushButton::clicked, this, &FirstRunDialog::addCloudProvider);
    connect(m_probe, &LocalServerProbe::serverChanged, this, &FirstRunDialog::showServer);
    updateCloud();
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
    m_ui->addCloudButton->setEnabled(!m_ui->cloudApiKey->text().trimmed().isEmpty());
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
    m_ui->firstRunStatus->setText(tr("Adding %1…").arg(config.name));
    m_context.providerService().save(config, this, [this, id = config.id](Status status) {
        if (!status) {
            m_ui->firstRunStatus->setText(tr("The provider could not be saved: %1").arg(status.error().message));
            return;
        }
        finish(id);
    });
}

void FirstRunDialog::addCloudProvider()
{
    const QString key = m_ui->cloudApiKey->text().trimmed();
    const ProviderPreset *preset = findPreset(m_ui->cloudPreset->currentData().toString());
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
    m_ui->addCloudButton->setEnabled(false);
    m_ui->firstRunStatus->setText(tr("Saving the key…"));
    m_context.providerService().storeKey(config.id, key, this, [this, config](const SecretResult &result) {
        if (!result.ok()) {
            m_ui->firstRunStatus->setText(
                tr("The keychain cannot be used, so the key was not kept: %1").arg(result.message));
            updateCloud();
            return;
        }
        m_ui->cloudApiKey->clear();
        ProviderConfig stored = config;
        // Unknown when kept for this session only: nothing to rely on after a restart.
        stored.apiKey = m_context.providerService().storedKeyState();
        m_context.providerService().save(stored, this, [this, id = config.id](Status status) {
            if (!status) {
                m_ui->firstRunStatus->setText(tr("The provider could not be saved: %1").arg(status.error().message));
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
    context.providerService().list(window, [&context, guard](Result<QList<ProviderConfig>> providers) {
        if (!guard || !providers || !providers.value().isEmpty())
            return;
        auto *dialog = new FirstRunDialog(context, nullptr, guard);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(dialog, &FirstRunDialog::settingsRequested, guard,
                         [&context, guard] { openSettingsDialog(context, guard); });
        dialog->show();
    });
}

} // namespace Skein
