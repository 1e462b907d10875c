#include "providerspage.h"

#include "app/appcontext.h"
#include "core/domain/ids.h"
#include "engine/providerkeys.h"
#include "engine/providerkinds.h"
#include "llm/providerpresets.h"
#include "models/settings/modelinfotablemodel.h"
#include "models/settings/providercheck.h"
#include "models/settings/providerlistmodel.h"
#include "secrets/secretstore.h"
#include "settingssaver.h"
#include "storage/asyncstore.h"
#include "storage/providerrepository.h"
#include "storage/store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

namespace Skein {

namespace {

bool isLocalUrl(const QString &url)
{
    const QString host = QUrl(url).host();
    return host == u"localhost" || host == u"127.0.0.1" || host == u"::1";
}

} // namespace

ProvidersPage::ProvidersPage(AppContext &context, SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_saver(saver)
    , m_list(new ProviderListModel(this))
    , m_modelTable(new ModelInfoTableModel(this))
{
    setObjectName(QStringLiteral("providersPage"));
    m_listView = new QListView(this);
    m_listView->setObjectName(QStringLiteral("providerList"));
    m_listView->setAccessibleName(tr("Configured providers"));
    m_listView->setModel(m_list);
    m_listView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_listView->setMaximumWidth(150);

    m_addButton = new QPushButton(tr("&Add"), this);
    m_addButton->setObjectName(QStringLiteral("addProviderButton"));
    m_addButton->setAccessibleName(tr("Add a provider from a preset"));
    auto *presetMenu = new QMenu(m_addButton);
    presetMenu->setObjectName(QStringLiteral("presetMenu"));
    for (const ProviderPreset &preset : providerPresets()) {
        QAction *action
            = presetMenu->addAction(preset.local ? tr("%1 (on this computer)").arg(preset.name) : preset.name);
        action->setObjectName(QStringLiteral("addPreset_") + preset.id);
        const QString id = preset.id;
        connect(action, &QAction::triggered, this, [this, id] { addFromPreset(id); });
    }
    m_addButton->setMenu(presetMenu);
    m_removeButton = new QPushButton(tr("&Remove"), this);
    m_removeButton->setObjectName(QStringLiteral("removeProviderButton"));
    m_removeButton->setAccessibleName(tr("Remove the selected provider"));
    connect(m_removeButton, &QPushButton::clicked, this, &ProvidersPage::confirmRemove);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_addButton);
    buttons->addWidget(m_removeButton);
    auto *left = new QVBoxLayout;
    left->addWidget(m_listView, 1);
    left->addLayout(buttons);

    m_editor = buildEditor();
    m_empty = new QLabel(tr("No provider yet. Use Add to pick one: a cloud service with an API key, or a "
                            "server running on this computer such as Ollama, llama.cpp or LM Studio."),
                         this);
    m_empty->setObjectName(QStringLiteral("noProviderLabel"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(left);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_empty, 1);

    connect(m_listView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { select(current.row()); });
    connect(m_modelTable, &ModelInfoTableModel::edited, this, [this] {
        m_current.models = m_modelTable->models();
        saveCurrent();
    });
    setTabOrder(m_listView, m_addButton);
    setTabOrder(m_addButton, m_removeButton);
    setTabOrder(m_removeButton, m_name);
    showCurrent();
    load();
}

ProvidersPage::~ProvidersPage() = default;

QWidget *ProvidersPage::buildEditor()
{
    auto *editor = new QWidget(this);
    editor->setObjectName(QStringLiteral("providerEditor"));
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_name = new QLineEdit(editor);
    m_name->setObjectName(QStringLiteral("providerName"));
    auto *nameLabel = new QLabel(tr("&Name:"), editor);
    nameLabel->setBuddy(m_name);
    form->addRow(nameLabel, m_name);

    m_kind = new QComboBox(editor);
    m_kind->setObjectName(QStringLiteral("providerKind"));
    m_kind->addItem(tr("OpenAI-compatible"), ProviderKinds::name(ProviderKind::OpenAiCompatible));
    m_kind->addItem(tr("Anthropic"), ProviderKinds::name(ProviderKind::Anthropic));
    m_kind->addItem(tr("Ollama (native API)"), ProviderKinds::name(ProviderKind::OllamaNative));
    auto *kindLabel = new QLabel(tr("&Kind:"), editor);
    kindLabel->setBuddy(m_kind);
    form->addRow(kindLabel, m_kind);

    m_baseUrl = new QLineEdit(editor);
    m_baseUrl->setObjectName(QStringLiteral("providerBaseUrl"));
    m_baseUrl->setPlaceholderText(QStringLiteral("https://api.example.com/v1"));
    auto *urlLabel = new QLabel(tr("Base &URL:"), editor);
    urlLabel->setBuddy(m_baseUrl);
    form->addRow(urlLabel, m_baseUrl);

    m_enabled = new QCheckBox(tr("&Use this provider (send messages and background work to it)"), editor);
    m_enabled->setObjectName(QStringLiteral("providerEnabled"));
    form->addRow(QString(), m_enabled);
    m_reviewLabel = new QLabel(editor);
    m_reviewLabel->setObjectName(QStringLiteral("providerReviewLabel"));
    m_reviewLabel->setTextFormat(Qt::PlainText);
    m_reviewLabel->setWordWrap(true);
    form->addRow(QString(), m_reviewLabel);

    m_key = new QLineEdit(editor);
    m_key->setObjectName(QStringLiteral("providerApiKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setClearButtonEnabled(true);
    m_saveKey = new QPushButton(tr("Save &Key"), editor);
    m_saveKey->setObjectName(QStringLiteral("saveKeyButton"));
    m_saveKey->setEnabled(false);
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_saveKey);
    auto *keyLabel = new QLabel(tr("API &key:"), editor);
    keyLabel->setBuddy(m_key);
    form->addRow(keyLabel, keyRow);
    m_keyStateLabel = new QLabel(editor);
    m_keyStateLabel->setObjectName(QStringLiteral("keyStateLabel"));
    m_keyStateLabel->setWordWrap(true);
    form->addRow(QString(), m_keyStateLabel);

    m_test = new QPushButton(tr("&Test Connection"), editor);
    m_test->setObjectName(QStringLiteral("testConnectionButton"));
    m_fetch = new QPushButton(tr("&Fetch Models"), editor);
    m_fetch->setObjectName(QStringLiteral("fetchModelsButton"));
    auto *checkRow = new QHBoxLayout;
    checkRow->addWidget(m_test);
    checkRow->addWidget(m_fetch);
    checkRow->addStretch(1);
    form->addRow(QString(), checkRow);
    m_checkResult = new QLabel(editor);
    m_checkResult->setObjectName(QStringLiteral("checkResultLabel"));
    m_checkResult->setWordWrap(true);
    m_checkResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(QString(), m_checkResult);

    m_defaultModel = new QComboBox(editor);
    m_defaultModel->setObjectName(QStringLiteral("providerDefaultModel"));
    m_defaultModel->setEditable(true);
    m_defaultModel->setInsertPolicy(QComboBox::NoInsert);
    auto *modelLabel = new QLabel(tr("Default &model:"), editor);
    modelLabel->setBuddy(m_defaultModel);
    form->addRow(modelLabel, m_defaultModel);

    m_models = new QTableView(editor);
    m_models->setObjectName(QStringLiteral("providerModels"));
    m_models->setAccessibleName(tr("Models, with context window, maximum output and prices per million tokens"));
    m_models->setModel(m_modelTable);
    m_models->verticalHeader()->hide();
    m_models->verticalHeader()->setDefaultSectionSize(m_models->fontMetrics().height() + 6);
    m_models->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_models->horizontalHeader()->setSectionResizeMode(ModelInfoTableModel::Id, QHeaderView::Stretch);
    m_models->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                              | QAbstractItemView::AnyKeyPressed);
    m_models->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_models->setToolTip(tr("Double-click a number to correct it; prices are in US dollars per million tokens."));

    auto *column = new QVBoxLayout(editor);
    column->setContentsMargins(0, 0, 0, 0);
    column->addLayout(form);
    column->addWidget(m_models, 1);

    connect(m_name, &QLineEdit::editingFinished, this, &ProvidersPage::commitFields);
    connect(m_baseUrl, &QLineEdit::editingFinished, this, &ProvidersPage::commitFields);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ProvidersPage::commitFields);
    connect(m_defaultModel, &QComboBox::currentTextChanged, this, &ProvidersPage::commitFields);
    connect(m_key, &QLineEdit::textChanged, this,
            [this](const QString &text) { m_saveKey->setEnabled(!text.isEmpty()); });
    connect(m_key, &QLineEdit::returnPressed, this, &ProvidersPage::storeKey);
    connect(m_saveKey, &QPushButton::clicked, this, &ProvidersPage::storeKey);
    connect(m_enabled, &QCheckBox::toggled, this, [this](bool on) {
        if (m_showing || m_current.id.isEmpty())
            return;
        m_current.enabled = on;
        m_current.importedForReview = false; // the user's decision on this machine
        m_reviewLabel->hide();
        saveCurrent();
    });
    connect(m_test, &QPushButton::clicked, this, [this] { runCheck(false); });
    connect(m_fetch, &QPushButton::clicked, this, [this] { runCheck(true); });

    setTabOrder(m_name, m_kind);
    setTabOrder(m_kind, m_baseUrl);
    setTabOrder(m_baseUrl, m_enabled);
    setTabOrder(m_enabled, m_key);
    setTabOrder(m_key, m_saveKey);
    setTabOrder(m_saveKey, m_test);
    setTabOrder(m_test, m_fetch);
    setTabOrder(m_fetch, m_defaultModel);
    setTabOrder(m_defaultModel, m_models);
    return editor;
}

void ProvidersPage::load()
{
    m_context.storage().read<QList<ProviderConfig>>(
        this, [](Store &store) { return store.providers().list(); },
        [this](Result<QList<ProviderConfig>> providers) {
            if (providers)
                m_list->setProviders(providers.value());
            else
                m_checkResult->setText(tr("The providers could not be read: %1").arg(providers.error().message));
            m_loaded = true;
            select(m_list->rowCount() > 0 ? 0 : -1);
            Q_EMIT loaded();
        });
}

void ProvidersPage::select(int row)
{
    if (m_showing)
        return; // a programmatic change of the list (saveCurrent) keeps the current provider
    if (row >= 0 && m_list->provider(row).id == m_current.id && m_listView->currentIndex().row() == row) {
        return;
    }
    if (m_check)
        m_check->cancel();
    m_current = row >= 0 ? m_list->provider(row) : ProviderConfig {};
    if (row >= 0 && m_listView->currentIndex().row() != row)
        m_listView->setCurrentIndex(m_list->index(row));
    m_checkResult->clear();
    m_key->clear();
    showCurrent();
}

void ProvidersPage::showCurrent()
{
    const bool has = !m_current.id.isEmpty();
    m_editor->setVisible(has);
    m_empty->setVisible(!has);
    m_removeButton->setEnabled(has);
    m_showing = true;
    m_name->setText(m_current.name);
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(m_current.kind)));
    m_baseUrl->setText(m_current.baseUrl);
    m_enabled->setChecked(m_current.enabled);
    m_reviewLabel->setVisible(has && m_current.importedForReview);
    m_reviewLabel->setText(
        tr("Imported from a file and not used yet: nothing is sent to %1 until you turn on “Use this provider”. "
           "Check first that you know and trust this server.")
            .arg(m_current.baseUrl));
    m_modelTable->setModels(m_current.models);
    m_defaultModel->clear();
    for (const ModelInfo &m : std::as_const(m_current.models))
        m_defaultModel->addItem(m.id);
    m_defaultModel->setCurrentText(m_current.defaultModel);
    m_showing = false;
    refreshKeyState();
}

void ProvidersPage::commitFields()
{
    if (m_showing || m_current.id.isEmpty())
        return;
    ProviderConfig next = m_current;
    const QString name = m_name->text().trimmed();
    if (name.isEmpty())
        m_name->setText(m_current.name);
    else
        next.name = name;
    next.kind = m_kind->currentData().toString();
    const QString url = m_baseUrl->text().trimmed();
    const QUrl parsed(url, QUrl::StrictMode);
    if (const QString why = ProviderKinds::baseUrlProblem(parsed); !why.isEmpty()) {
        m_checkResult->setText(tr("The base URL was not changed: %1.").arg(why));
        m_baseUrl->setText(m_current.baseUrl);
    } else if (parsed.isValid() && !parsed.scheme().isEmpty() && !parsed.host().isEmpty()) {
        next.baseUrl = url;
    } else {
        m_checkResult->setText(tr("The base URL needs a full address such as https://api.openai.com/v1."));
        m_baseUrl->setText(m_current.baseUrl);
    }
    next.defaultModel = m_defaultModel->currentText().trimmed();
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
    m_listView->setCurrentIndex(m_list->index(row));
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
    m_checkResult->setText(preset->customUrl   ? tr("Replace the example base URL with your server's address.")
                               : preset->local ? tr("Use Fetch Models to list what the server has installed.")
                                               : tr("Paste your API key, then use Test Connection."));
    QWidget *next = m_key;
    if (preset->customUrl)
        next = m_baseUrl;
    else if (preset->local)
        next = m_fetch;
    next->setFocus();
    Q_EMIT providersChanged();
}

void ProvidersPage::storeKey()
{
    const QString key = m_key->text().trimmed();
    if (key.isEmpty() || m_current.id.isEmpty())
        return;
    setKeyState(KeyState::Checking);
    const QString id = m_current.id;
    m_context.secrets().write(ProviderKinds::secretKey(id), key, this, [this, id](const SecretResult &result) {
        if (id != m_current.id)
            return;
        if (result.ok()) {
            m_key->clear();
            // A key kept for this session only is looked up again each time (state unknown).
            recordKeyState(m_context.secrets().availability() == SecretStore::Availability::SessionOnly
                               ? ApiKeyState::Unknown
                               : ApiKeyState::Keychain);
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
    SecretStore &secrets = m_context.secrets();
    const KeyState none = isLocalUrl(m_current.baseUrl) ? KeyState::NotNeeded : KeyState::Missing;
    if (m_current.apiKey == ApiKeyState::None) {
        // Recorded without a key: the keychain is not asked (it may not even exist here).
        if (secrets.availability() == SecretStore::Availability::Unavailable)
            setKeyState(KeyState::Unavailable, secrets.availabilityReason());
        else
            setKeyState(none);
        return;
    }
    setKeyState(KeyState::Checking);
    const QString id = m_current.id;
    ProviderKeys::read(secrets, m_current, this, [this, id, none](const SecretResult &result) {
        if (id != m_current.id)
            return;
        SecretStore &store = m_context.secrets();
        if (const std::optional<ApiKeyState> learned = ProviderKeys::learned(store, m_current, result))
            recordKeyState(*learned);
        switch (result.status) {
        case SecretResult::Status::Ok:
            if (store.availability() == SecretStore::Availability::SessionOnly)
                setKeyState(KeyState::SessionOnly, store.availabilityReason());
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
        m_key->setPlaceholderText(tr("Stored in the keychain"));
        break;
    case KeyState::SessionOnly:
        text = tr("⚠ Session only: no keychain is available, so the key is kept in memory until Skein quits.");
        if (!detail.isEmpty())
            text += QLatin1Char(' ') + tr("(%1)").arg(detail);
        m_key->setPlaceholderText(tr("Kept for this session"));
        break;
    case KeyState::Missing:
        text = tr("✗ Missing: no key is stored for this provider.");
        m_key->setPlaceholderText(tr("Paste the API key"));
        break;
    case KeyState::NotNeeded:
        text = tr("No key stored; servers on this computer usually need none.");
        m_key->setPlaceholderText(tr("Optional"));
        break;
    case KeyState::Unavailable:
        text = tr("✗ Missing: the keychain cannot be used, so no key is kept.");
        if (!detail.isEmpty())
            text += QLatin1Char(' ') + tr("(%1)").arg(detail);
        m_key->setPlaceholderText(tr("Paste the API key"));
        break;
    case KeyState::Unreachable:
        text = tr("⚠ A key is stored in the system keychain, but the keychain cannot be used now, so requests go "
                  "without it. Unlock the keychain, or paste the key to use it for this session.");
        if (!detail.isEmpty())
            text += QLatin1Char(' ') + tr("(%1)").arg(detail);
        m_key->setPlaceholderText(tr("Paste the API key"));
        break;
    }
    m_keyStateLabel->setText(text);
    m_keyStateLabel->setAccessibleName(text);
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
    m_test->setEnabled(false);
    m_fetch->setEnabled(false);
    m_checkResult->setText(fetch ? tr("Fetching the model list…") : tr("Connecting…"));
    auto *check = new ProviderCheck(m_context.network(), m_context.secrets(), m_current, this);
    if (!m_key->text().trimmed().isEmpty())
        check->setApiKey(m_key->text().trimmed());
    m_check = check;
    const QString id = m_current.id;
    connect(check, &ProviderCheck::finished, this,
            [this, check, id, fetch](bool ok, const QString &message, const QList<ModelInfo> &models) {
                check->deleteLater();
                m_test->setEnabled(true);
                m_fetch->setEnabled(true);
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
                m_checkResult->setText(text);
                Q_EMIT checkFinished(ok, message);
            });
    check->start();
}

void ProvidersPage::confirmRemove()
{
    if (m_current.id.isEmpty())
        return;
    auto *box = new QMessageBox(
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
        m_context.secrets().remove(ProviderKinds::secretKey(id), this, [](const SecretResult &) { });
    const int row = m_list->rowOf(id);
    m_current = {};
    m_list->remove(id);
    select(m_list->rowCount() == 0 ? -1 : std::min(row, m_list->rowCount() - 1));
    Q_EMIT providersChanged();
}

} // namespace Skein
