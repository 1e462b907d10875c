// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "utilitymodelpicker.h"

#include "models/settings/providerlistmodel.h"
#include "settingssaver.h"
#include "ui_utilitymodelpicker.h"

#include <QLineEdit>

namespace Skein {

namespace K = Settings::Keys;
using namespace Qt::StringLiterals;

namespace {

const ProviderConfig *findProvider(const ProviderListModel *providers, const QString &id)
{
    for (const ProviderConfig &p : providers->providers())
        if (p.id == id)
            return &p;
    return nullptr;
}

} // namespace

UtilityModelPicker::UtilityModelPicker(Route route, const ProviderListModel *providers, SettingsSaver *saver,
                                       QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::UtilityModelPicker>())
    , m_route(route)
    , m_providerKey(route == Route::Utility ? K::utilityProviderId : K::embeddingProviderId)
    , m_modelKey(route == Route::Utility ? K::utilityModel : K::embeddingModel)
    , m_providers(providers)
    , m_saver(saver)
{
    m_ui->setupUi(this);
    if (route == Route::Utility) {
        m_ui->utilityModel->lineEdit()->setPlaceholderText(tr("The provider's default model"));
    } else {
        setObjectName(u"embeddingModelPicker"_s);
        m_ui->utilityProvider->setObjectName(u"embeddingProvider"_s);
        m_ui->utilityModel->setObjectName(u"embeddingModel"_s);
        m_ui->utilityProvider->setAccessibleName(tr("Provider for semantic recall"));
        m_ui->utilityModel->setAccessibleName(tr("Embedding model for semantic recall"));
        m_ui->utilityModel->lineEdit()->setPlaceholderText(tr("An embedding model, e.g. nomic-embed-text"));
    }

    connect(m_ui->utilityProvider, &QComboBox::currentIndexChanged, this, &UtilityModelPicker::providerPicked);
    connect(m_ui->utilityModel, &QComboBox::activated, this, &UtilityModelPicker::modelPicked);
    connect(m_ui->utilityModel->lineEdit(), &QLineEdit::editingFinished, this, &UtilityModelPicker::modelPicked);
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
    m_providerId = Settings::value(values, m_providerKey);
    m_model = m_providerId.isEmpty() ? QString() : Settings::value(values, m_modelKey);
    rebuildProviders();
}

void UtilityModelPicker::rebuildProviders()
{
    m_updating = true;
    m_ui->utilityProvider->clear();
    m_ui->utilityProvider->addItem(
        m_route == Route::Utility ? tr("Same as the chat") : tr("None (recall by words only)"), QString());
    for (const ProviderConfig &p : m_providers->providers())
        m_ui->utilityProvider->addItem(p.name.isEmpty() ? p.id : p.name, p.id);
    int row = m_ui->utilityProvider->findData(m_providerId);
    if (row < 0) {
        // Stored but no longer configured: show it rather than silently pretend "same as the chat".
        m_ui->utilityProvider->addItem(tr("%1 (removed)").arg(m_providerId), m_providerId);
        row = m_ui->utilityProvider->count() - 1;
    }
    m_ui->utilityProvider->setCurrentIndex(row);
    m_updating = false;
    rebuildModels();
}

void UtilityModelPicker::rebuildModels()
{
    m_updating = true;
    m_ui->utilityModel->clear();
    const bool own = m_providerId.isEmpty();
    m_ui->utilityModel->setEnabled(!own);
    m_ui->utilityModelLabel->setEnabled(!own);
    if (const ProviderConfig *p = own ? nullptr : findProvider(m_providers, m_providerId)) {
        QStringList ids;
        if (!p->defaultModel.isEmpty())
            ids << p->defaultModel;
        for (const ModelInfo &m : p->models)
            if (!ids.contains(m.id))
                ids << m.id;
        m_ui->utilityModel->addItems(ids);
    }
    if (!own) {
        if (!m_model.isEmpty() && m_ui->utilityModel->findText(m_model) < 0)
            m_ui->utilityModel->addItem(m_model);
        m_ui->utilityModel->setCurrentIndex(m_ui->utilityModel->findText(m_model));
        m_ui->utilityModel->setEditText(m_model);
    }
    m_updating = false;
}

void UtilityModelPicker::providerPicked()
{
    if (m_updating)
        return;
    const QString id = m_ui->utilityProvider->currentData().toString();
    if (id == m_providerId)
        return;
    m_providerId = id;
    m_model.clear();
    if (const ProviderConfig *p = id.isEmpty() ? nullptr : findProvider(m_providers, id)) {
        if (m_route == Route::Utility) {
            m_model = !p->defaultModel.isEmpty() ? p->defaultModel
                : p->models.isEmpty()            ? QString()
                                                 : p->models.first().id;
        } else {
            // A chat model is no embedding model: one whose name says so, else the user types it.
            for (const ModelInfo &m : p->models)
                if (m_model.isEmpty() && m.id.contains(u"embed"_s, Qt::CaseInsensitive))
                    m_model = m.id;
        }
    }
    rebuildModels();
    save();
}

void UtilityModelPicker::modelPicked()
{
    if (m_updating || m_providerId.isEmpty())
        return;
    const QString model = m_ui->utilityModel->currentText().trimmed();
    if (model == m_model)
        return;
    m_model = model;
    save();
}

void UtilityModelPicker::save()
{
    m_saver->save({{QString(m_providerKey.key), m_providerId}, {QString(m_modelKey.key), m_model}});
}

} // namespace Skein
