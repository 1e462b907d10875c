// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "providerspage.h"

#include "app/settings/providercheck.h"
#include "app/settings/providerservice.h"
#include "core/domain/ids.h"
#include "engine/providers/providerkinds.h"
#include "gui/plainmessagebox.h"
#include "llm/providerpresets.h"
#include "models/settings/modelinfotablemodel.h"
#include "models/settings/providerlistmodel.h"
#include "settingssaver.h"
#include "ui_providerspage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QUrl>

namespace Skein {

ProvidersPage::ProvidersPage(ProviderService &service, SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::ProvidersPage>())
    , m_service(service)
    , m_saver(saver)
    , m_list(new ProviderListModel(this))
    , m_modelTable(new ModelInfoTableModel(this))
{
    m_ui->setupUi(this);
    m_ui->providerList->setModel(m_list);
    // Wide enough for "Name — imported, review"; a longer name wraps, so the state always shows.
    m_ui->providerList->setMaximumWidth(fontMetrics().averageCharWidth() * 34);

    auto *presetMenu = new QMenu(m_ui->addProviderButton);
    presetMenu->setObjectName(QStringLiteral("presetMenu"));
    for (const ProviderPreset &preset : providerPresets()) {
        QAction *action
            = presetMenu->addAction(preset.local ? tr("%1 (on this computer)").arg(preset.name) : preset.name);
        action->setObjectName(QStringLiteral("addPreset_") + preset.id);
        const QString id = preset.id;
        connect(action, &QAction::triggered, this, [this, id] { addFromPreset(id); });
    }
    m_ui->addProviderButton->setMenu(presetMenu);
    connect(m_ui->removeProviderButton, &QPushButton::clicked, this, &ProvidersPage::confirmRemove);

    m_ui->providerKind->addItem(tr("OpenAI-compatible"), ProviderKinds::name(ProviderKind::OpenAiCompatible));
    m_ui->providerKind->addItem(tr("Anthropic"), ProviderKinds::name(ProviderKind::Anthropic));
    m_ui->providerKind->addItem(tr("Ollama (native API)"), ProviderKinds::name(ProviderKind::OllamaNative));

    QTableView *models = m_ui->providerModels;
    models->setModel(m_modelTable);
    models->verticalHeader()->setDefaultSectionSize(models->fontMetrics().height() + 6);
    models->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    models->horizontalHeader()->setSectionResizeMode(ModelInfoTableModel::Id, QHeaderView::Stretch);

    connect(m_ui->providerName, &QLineEdit::editingFinished, this, &ProvidersPage::commitFields);
    connect(m_ui->providerBaseUrl, &QLineEdit::editingFinished, this, &ProvidersPage::commitFields);
    connect(m_ui->providerKind, &QComboBox::currentIndexChanged, this, &ProvidersPage::commitFields);
    connect(m_ui->providerDefaultModel, &QComboBox::currentTextChanged, this, &ProvidersPage::commitFields);
    connect(m_ui->providerApiKey, &QLineEdit::textChanged, this,
            [this](const QString &text) { m_ui->saveKeyButton->setEnabled(!text.isEmpty()); });
    connect(m_ui->providerApiKey, &QLineEdit::returnPressed, this, &ProvidersPage::storeKey);
    connect(m_ui->saveKeyButton, &QPushButton::clicked, this, &ProvidersPage::storeKey);
    connect(m_ui->providerEnabled, &QCheckBox::toggled, this, [this](bool on) {
        if (m_showing || m_current.id.isEmpty())
            return;
        m_current.enabled = on;
        m_current.importedForReview = false; // the user's decision on this machine
        m_ui->providerReviewLabel->hide();
        saveCurrent();
    });
    connect(m_ui->testConnectionButton, &QPushButton::clicked, this, [this] { runCheck(false); });
    connect(m_ui->fetchModelsButton, &QPushButton::clicked, this, [this] { runCheck(true); });
    connect(m_ui->providerList->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { select(current.row()); });
    connect(m_modelTable, &ModelInfoTableModel::edited, this, [this] {
        m_current.models = m_modelTable->models();
        saveCurrent();
    });
    showCurrent();
    load();
}

ProvidersPage::~ProvidersPage() = default;

void ProvidersPage::load()
{
    m_service.list(this, [this](Result<QList<ProviderConfig>> providers) {
        if (providers)
            m_list->setProviders(providers.value());
        else
            m_ui->checkResultLabel->setText(tr("The providers could not be read: %1").arg(providers.error().message));
        m_loaded = true;
        select(m_list->rowCount() > 0 ? 0 : -1);
        Q_EMIT loaded();
    });
}

void ProvidersPage::select(int row)
{
    if (m_showing)
        return; // a programmatic change of the list (saveCurrent) keeps the current provider
    if (row >= 0 && m_list->provider(row).id == m_current.id && m_ui->providerList->currentIndex().row() == row) {
        return;
    }
    if (m_check)
        m_check->cancel();
    m_current = row >= 0 ? m_list->provider(row) : ProviderConfig {};
    if (row >= 0 && m_ui->providerList->currentIndex().row() != row)
        m_ui->providerList->setCurrentIndex(m_list->index(row));
    m_ui->checkResultLabel->clear();
    m_ui->providerApiKey->clear();
    showCurrent();
}

void ProvidersPage::showCurrent()
{
    const bool has = !m_current.id.isEmpty();
    m_ui->providerEditor->setVisible(has);
    m_ui->noProviderLabel->setVisible(!has);
    m_ui->removeProviderButton->setEnabled(has);
    m_showing = true;
    m_ui->providerName->setText(m_current.name);
    m_ui->providerKind->setCurrentIndex(std::max(0, m_ui->providerKind->findData(m_current.kind)));
    m_ui->providerBaseUrl->setText(m_current.baseUrl);
    m_ui->providerEnabled->setChecked(m_current.enabled);
    m_ui->providerReviewLabel->setVisible(has && m_current.importedForReview);
    m_ui->providerReviewLabel->setText(
        tr("Imported from a file and not used yet: nothing is sent to %1 until you turn on “Use this provider”. "
           "Check first that you know and trust this server.")
            .arg(m_current.baseUrl));
    m_modelTable->setModels(m_current.models);
    m_ui->providerDefaultModel->clear();
    for (const ModelInfo &m : std::as_const(m_current.models))
        m_ui->providerDefaultModel->addItem(m.id);
    m_ui->providerDefaultModel->setCurrentText(m_current.defaultModel);
    m_showing = false;
    refreshKeyState();
}

void ProvidersPage::commitFields()
{
    if (m_showing || m_current.id.isEmpty())
        return;
    ProviderConfig next = m_current;
    const QString name = m_ui->providerName->text().trimmed();
    if (name.isEmpty())
        m_ui->providerName->setText(m_current.name);
    else
        next.name = name;
    next.kind = m_ui->providerKind->currentData().toString();
    const QString url = m_ui->providerBaseUrl->text().trimmed();
    const QUrl parsed(url, QUrl::StrictMode);
    if (const QString why = ProviderKinds::baseUrlProblem(parsed); !why.isEmpty()) {
        m_ui->checkResultLabel->setText(tr("The base URL was not changed: %1.").arg(why));
        m_ui->providerBaseUrl->setText(m_current.baseUrl);
    } else if (parsed.isValid() && !parsed.scheme().isEmpty() && !parsed.host().isEmpty()) {
        next.baseUrl = url;
    } else {
        m_ui->checkResultLabel->setText(tr("The base URL needs a full address such as https://api.openai.com/v1."));
        m_ui->providerBaseUrl->setText(m_current.baseUrl);
    }
    next.defaultModel = m_ui->providerDefaultModel->currentText().trimmed();
    if (next == m_current)
        return;
    m_current = next;
    saveCurrent();
}

void ProvidersPage::saveCurrent()
{
    m_current.updatedAt = Ids::nowMs();
    m_saver->saveProvider(m_current);
    m_showing = true;
    const int row = m_list->upsert(m_current);
    m_ui->providerList->setCurrentIndex(m_list->index(row));
    m_showing = false;
    Q_EMIT providersChanged();
}

QString ProvidersPage::uniqueName(const QString &base) const
{
    const auto taken = [this](const QString &name) {
        for (const ProviderConfig &p : m_list->providers())
            if (p.name == name)
                return true;
        return false;
    };
    QString name = base;
    for (int n = 2; taken(name); ++n)
        name = QStringLiteral("%1 %2").arg(base).arg(n);
    return name;
}

void ProvidersPage::addFromPreset(const QString &presetId)
{
    const ProviderPreset *preset = findPreset(presetId);
    if (!preset)
        return;
    ProviderConfig config;
    config.id = Ids::create();
    config.name = uniqueName(preset->name);
    config.kind = ProviderKinds::name(preset->kind);
    config.baseUrl = preset->baseUrl;
    config.models = preset->models;
    config.defaultModel = preset->models.isEmpty() ? QString() : preset->models.first().id;
    config.apiKey = ApiKeyState::None; // until a key is saved: the keychain is not asked
    config.createdAt = config.updatedAt = Ids::nowMs();
    m_saver->saveProvider(config);
    const int row = m_list->upsert(config);
    select(row);
    m_ui->checkResultLabel->setText(preset->customUrl   ? tr("Replace the example base URL with your server's address.")
                                        : preset->local ? tr("Use Fetch Models to list what the server has installed.")
                                                        : tr("Paste your API key, then use Test Connection."));
    QWidget *next = m_ui->providerApiKey;
    if (preset->customUrl)
        next = m_ui->providerBaseUrl;
    else if (preset->local)
        next = m_ui->fetchModelsButton;
    next->setFocus();
    Q_EMIT providersChanged();
}

void ProvidersPage::storeKey()
{
    const QString key = m_ui->providerApiKey->text().trimmed();
    if (key.isEmpty() || m_current.id.isEmpty())
        return;
    setKeyState(KeyState::Checking);
    const QString id = m_current.id;
    m_service.storeKey(id, key, this, [this, id](const SecretResult &result) {
        if (id != m_current.id)
            return;
        if (result.ok()) {
            m_ui->providerApiKey->clear();
            // A key kept for this session only is looked up again each time (state unknown).
            recordKeyState(m_service.storedKeyState());
            refreshKeyState();
        } else {
            setKeyState(KeyState::Unavailable, result.message);
        }
    });
}

void ProvidersPage::refreshKeyState()
{
    if (m_current.id.isEmpty()) {
        setKeyState(KeyState::Unknown);
        return;
    }
    const KeyState none = ProviderConfig::isLocalUrl(m_current.baseUrl) ? KeyState::NotNeeded : KeyState::Missing;
    if (m_current.apiKey == ApiKeyState::None) {
        // Recorded without a key: the keychain is not asked (it may not even exist here).
        if (m_service.keyAvailability() == SecretStore::Availability::Unavailable)
            setKeyState(KeyState::Unavailable, m_service.keyAvailabilityReason());
        else
            setKeyState(none);
        return;
    }
    setKeyState(KeyState::Checking);
    const QString id = m_current.id;
    m_service.readKey(m_current, this, [this, id, none](const SecretResult &result) {
        if (id != m_current.id)
            return;
        if (const std::optional<ApiKeyState> learned = m_service.learnedKeyState(m_current, result))
            recordKeyState(*learned);
        switch (result.status) {
        case SecretResult::Status::Ok:
            if (m_service.keyAvailability() == SecretStore::Availability::SessionOnly)
                setKeyState(KeyState::SessionOnly, m_service.keyAvailabilityReason());
            else
                setKeyState(KeyState::Stored);
            return;
        case SecretResult::Status::NotFound:
            setKeyState(none);
            return;
        case SecretResult::Status::Unavailable:
            setKeyState(m_current.apiKey == ApiKeyState::Keychain ? KeyState::Unreachable : KeyState::Unavailable,
                        result.message);
            return;
        }
    });
}

void ProvidersPage::recordKeyState(ApiKeyState state)
{
    if (m_current.id.isEmpty() || m_current.apiKey == state)
        return;
    m_current.apiKey = state;
    saveCurrent();
}

void ProvidersPage::setKeyState(KeyState state, const QString &detail)
{
    m_keyState = state;
    QString text;
    switch (state) {
    case KeyState::Unknown:
        break;
    case KeyState::Checking:
        text = tr("Checking the keychain…");
        break;
    case KeyState::Stored:
        text = tr("✓ Stored in the system keychain. Type a new key to replace it.");
        m_ui->providerApiKey->setPlaceholderText(tr("Stored in the keychain"));
        break;
    case KeyState::SessionOnly:
        text = tr("⚠ Session only: no keychain is available, so the key is kept in memory until Skein quits.");
        if (!detail.isEmpty())
            text += QLatin1Char(' ') + tr("(%1)").arg(detail);
        m_ui->providerApiKey->setPlaceholderText(tr("Kept for this session"));
        break;
    case KeyState::Missing:
        text = tr("✗ Missing: no key is stored for this provider.");
        m_ui->providerApiKey->setPlaceholderText(tr("Paste the API key"));
        break;
    case KeyState::NotNeeded:
        text = tr("No key stored; servers on this computer usually need none.");
        m_ui->providerApiKey->setPlaceholderText(tr("Optional"));
        break;
    case KeyState::Unavailable:
        text = tr("✗ Missing: the keychain cannot be used, so no key is kept.");
        if (!detail.isEmpty())
            text += QLatin1Char(' ') + tr("(%1)").arg(detail);
        m_ui->providerApiKey->setPlaceholderText(tr("Paste the API key"));
        break;
    case KeyState::Unreachable:
        text = tr("⚠ A key is stored in the system keychain, but the keychain cannot be used now, so requests go "
                  "without it. Unlock the keychain, or paste the key to use it for this session.");
        if (!detail.isEmpty())
            text += QLatin1Char(' ') + tr("(%1)").arg(detail);
        m_ui->providerApiKey->setPlaceholderText(tr("Paste the API key"));
        break;
    }
    m_ui->keyStateLabel->setText(text);
    m_ui->keyStateLabel->setAccessibleName(text);
    if (state != KeyState::Checking)
        Q_EMIT keyStateChanged(state);
}

void ProvidersPage::runCheck(bool fetch)
{
    if (m_current.id.isEmpty())
        return;
    commitFields();
    if (m_check)
        m_check->cancel();
    m_ui->testConnectionButton->setEnabled(false);
    m_ui->fetchModelsButton->setEnabled(false);
    m_ui->checkResultLabel->setText(fetch ? tr("Fetching the model list…") : tr("Connecting…"));
    ProviderCheck *check = m_service.newCheck(m_current, this);
    if (!m_ui->providerApiKey->text().trimmed().isEmpty())
        check->setApiKey(m_ui->providerApiKey->text().trimmed());
    m_check = check;
    const QString id = m_current.id;
    connect(check, &ProviderCheck::finished, this,
            [this, check, id, fetch](bool ok, const QString &message, const QList<ModelInfo> &models) {
                check->deleteLater();
                m_ui->testConnectionButton->setEnabled(true);
                m_ui->fetchModelsButton->setEnabled(true);
                if (id != m_current.id)
                    return;
                QString text = ok ? QStringLiteral("✓ ") + message : QStringLiteral("✗ ") + message;
                if (ok && fetch) {
                    const qsizetype before = m_current.models.size();
                    ProviderCheck::mergeModels(m_current.models, models);
                    if (m_current.defaultModel.isEmpty() && !m_current.models.isEmpty())
                        m_current.defaultModel = m_current.models.first().id;
                    saveCurrent();
                    showCurrent();
                    text += QLatin1Char(' ')
                        + tr("%n new model(s) added.", nullptr, int(m_current.models.size() - before));
                }
                m_ui->checkResultLabel->setText(text);
                Q_EMIT checkFinished(ok, message);
            });
    check->start();
}

void ProvidersPage::confirmRemove()
{
    if (m_current.id.isEmpty())
        return;
    auto *box = plainMessageBox(
        QMessageBox::Question, tr("Remove Provider"),
        tr("Remove %1 and its stored API key? Conversations that used it are kept.").arg(m_current.name),
        QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("confirmRemoveProvider"));
    QPushButton *remove = box->addButton(tr("Remove"), QMessageBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("confirmRemoveButton"));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, remove](QAbstractButton *clicked) {
        if (clicked == remove)
            removeCurrent();
    });
    box->open();
}

void ProvidersPage::removeCurrent()
{
    const QString id = m_current.id;
    m_saver->removeProvider(id);
    if (m_current.apiKey != ApiKeyState::None)
        m_service.removeKey(id, this, [](const SecretResult &) { });
    const int row = m_list->rowOf(id);
    m_current = {};
    m_list->remove(id);
    select(m_list->rowCount() == 0 ? -1 : std::min(row, m_list->rowCount() - 1));
    Q_EMIT providersChanged();
}

} // namespace Skein
