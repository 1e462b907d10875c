#include "utilitymodelpicker.h"

#include "models/settings/providerlistmodel.h"
#include "settingssaver.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace Skein {

namespace K = Settings::Keys;

namespace {

const ProviderConfig *findProvider(const ProviderListModel *providers, const QString &id)
{
    for (const ProviderConfig &p : providers->providers())
        if (p.id == id)
            return &p;
    return nullptr;
}

} // namespace

UtilityModelPicker::UtilityModelPicker(const ProviderListModel *providers, SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_providers(providers)
    , m_saver(saver)
    , m_providerBox(new QComboBox(this))
    , m_modelBox(new QComboBox(this))
    , m_modelLabel(new QLabel(tr("&Model:"), this))
{
    setObjectName(QStringLiteral("utilityModelPicker"));
    m_providerBox->setObjectName(QStringLiteral("utilityProvider"));
    m_providerBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_providerBox->setMinimumContentsLength(16);
    m_modelBox->setObjectName(QStringLiteral("utilityModel"));
    m_modelBox->setEditable(true);
    m_modelBox->setInsertPolicy(QComboBox::NoInsert);
    m_modelBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_modelBox->setMinimumContentsLength(16);
    m_modelBox->lineEdit()->setPlaceholderText(tr("The provider's default model"));
    auto *providerLabel = new QLabel(tr("&Provider:"), this);
    providerLabel->setBuddy(m_providerBox);
    m_modelLabel->setBuddy(m_modelBox);
    m_providerBox->setAccessibleName(tr("Provider for summaries and memory extraction"));
    m_modelBox->setAccessibleName(tr("Model for summaries and memory extraction"));

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(providerLabel, m_providerBox);
    form->addRow(m_modelLabel, m_modelBox);

    connect(m_providerBox, &QComboBox::currentIndexChanged, this, &UtilityModelPicker::providerPicked);
    connect(m_modelBox, &QComboBox::activated, this, &UtilityModelPicker::modelPicked);
    connect(m_modelBox->lineEdit(), &QLineEdit::editingFinished, this, &UtilityModelPicker::modelPicked);
    // The Providers page loads and edits the same list model.
    connect(m_providers, &QAbstractItemModel::modelReset, this, &UtilityModelPicker::rebuildProviders);
    connect(m_providers, &QAbstractItemModel::rowsInserted, this, &UtilityModelPicker::rebuildProviders);
    connect(m_providers, &QAbstractItemModel::rowsRemoved, this, &UtilityModelPicker::rebuildProviders);
    connect(m_providers, &QAbstractItemModel::dataChanged, this, &UtilityModelPicker::rebuildProviders);
    rebuildProviders();
}

UtilityModelPicker::~UtilityModelPicker() = default;

void UtilityModelPicker::load(const Settings::Values &values)
{
    m_providerId = Settings::value(values, K::utilityProviderId);
    m_model = m_providerId.isEmpty() ? QString() : Settings::value(values, K::utilityModel);
    rebuildProviders();
}

void UtilityModelPicker::rebuildProviders()
{
    m_updating = true;
    m_providerBox->clear();
    m_providerBox->addItem(tr("Same as the chat"), QString());
    for (const ProviderConfig &p : m_providers->providers())
        m_providerBox->addItem(p.name.isEmpty() ? p.id : p.name, p.id);
    int row = m_providerBox->findData(m_providerId);
    if (row < 0) {
        // Stored but no longer configured: show it rather than silently pretend "same as the chat".
        m_providerBox->addItem(tr("%1 (removed)").arg(m_providerId), m_providerId);
        row = m_providerBox->count() - 1;
    }
    m_providerBox->setCurrentIndex(row);
    m_updating = false;
    rebuildModels();
}

void UtilityModelPicker::rebuildModels()
{
    m_updating = true;
    m_modelBox->clear();
    const bool own = m_providerId.isEmpty();
    m_modelBox->setEnabled(!own);
    m_modelLabel->setEnabled(!own);
    if (const ProviderConfig *p = own ? nullptr : findProvider(m_providers, m_providerId)) {
        QStringList ids;
        if (!p->defaultModel.isEmpty())
            ids << p->defaultModel;
        for (const ModelInfo &m : p->models)
            if (!ids.contains(m.id))
                ids << m.id;
        m_modelBox->addItems(ids);
    }
    if (!own) {
        if (!m_model.isEmpty() && m_modelBox->findText(m_model) < 0)
            m_modelBox->addItem(m_model);
        m_modelBox->setCurrentIndex(m_modelBox->findText(m_model));
        m_modelBox->setEditText(m_model);
    }
    m_updating = false;
}

void UtilityModelPicker::providerPicked()
{
    if (m_updating)
        return;
    const QString id = m_providerBox->currentData().toString();
    if (id == m_providerId)
        return;
    m_providerId = id;
    m_model.clear();
    if (const ProviderConfig *p = id.isEmpty() ? nullptr : findProvider(m_providers, id))
        m_model = !p->defaultModel.isEmpty() ? p->defaultModel : p->models.isEmpty() ? QString() : p->models.first().id;
    rebuildModels();
    save();
}

void UtilityModelPicker::modelPicked()
{
    if (m_updating || m_providerId.isEmpty())
        return;
    const QString model = m_modelBox->currentText().trimmed();
    if (model == m_model)
        return;
    m_model = model;
    save();
}

void UtilityModelPicker::save()
{
    m_saver->save({{QString(K::utilityProviderId.key), m_providerId}, {QString(K::utilityModel.key), m_model}});
}

} // namespace Skein
