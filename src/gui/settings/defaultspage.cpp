// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "defaultspage.h"

#include "settingssaver.h"
#include "ui_defaultspage.h"
#include "ui_memorypage.h"
#include "utilitymodelpicker.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace Skein {

namespace K = Settings::Keys;

DefaultsPage::DefaultsPage(SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::DefaultsPage>())
    , m_saver(saver)
{
    m_ui->setupUi(this);
    bind(m_ui->outputReservePercent, K::outputReservePercent);
    bind(m_ui->outputReserveMaxTokens, K::outputReserveMaxTokens);
    bind(m_ui->shareSystemPercent, K::shareSystemPercent);
    bind(m_ui->shareToolsPercent, K::shareToolsPercent);
    bind(m_ui->shareHistoryPercent, K::shareHistoryPercent);
    bind(m_ui->shareCurrentPercent, K::shareCurrentPercent);
    bind(m_ui->historyCountCap, K::historyCountCap);
    bind(m_ui->digestThresholdTokens, K::digestThresholdTokens);
    bind(m_ui->digestKeepTurns, K::digestKeepTurns);
    bind(m_ui->toolResultSharePercent, K::toolResultSharePercent);
    bind(m_ui->consolidateStartPercent, K::consolidateStartPercent);
    bind(m_ui->consolidateTargetPercent, K::consolidateTargetPercent);
    bind(m_ui->consolidateAfterTurns, K::consolidateAfterTurns);
    bind(m_ui->keepVerbatimTurns, K::keepVerbatimTurns);
    bind(m_ui->idleTtlMinutes, K::idleTtlMinutes);
    bind(m_ui->hardCapMessages, K::hardCapMessages);
    bind(m_ui->recallSharePercent, K::recallSharePercent);
    bind(m_ui->pinnedSharePercent, K::pinnedSharePercent);
    bind(m_ui->maxIterations, K::maxIterations);
    bind(m_ui->toolTimeoutSeconds, K::toolTimeoutSeconds);
    bind(m_ui->attachmentMaxFileMb, K::attachmentMaxFileMb);
    bind(m_ui->attachmentMaxMessageMb, K::attachmentMaxMessageMb);
    m_shares
        = {m_ui->shareSystemPercent, m_ui->shareToolsPercent, m_ui->shareHistoryPercent, m_ui->shareCurrentPercent};
    m_ui->recallAllConversations->setObjectName(QString(K::recallAllConversations.key));
    m_ui->recallAllConversations->setChecked(K::recallAllConversations.defaultValue);
    m_ui->recallAllConversations->setAccessibleDescription(m_ui->recallAllConversations->toolTip());
    connect(m_ui->recallAllConversations, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_loading)
            m_saver->save({{QString(K::recallAllConversations.key), Settings::text(on)}});
    });
    connect(m_ui->restoreDefaultsButton, &QPushButton::clicked, this, &DefaultsPage::resetToDefaults);
    updateShareNote();
}

DefaultsPage::~DefaultsPage() = default;

void DefaultsPage::bind(QSpinBox *spin, const Settings::IntKey &key)
{
    spin->setObjectName(QString(key.key));
    spin->setRange(int(key.minimum), int(std::min<qint64>(key.maximum, std::numeric_limits<int>::max())));
    spin->setValue(int(key.defaultValue));
    spin->setAccessibleDescription(spin->toolTip());
    // Screen readers name the field after its label, without the mnemonic and the colon.
    auto *form = qobject_cast<QFormLayout *>(spin->parentWidget()->layout());
    if (auto *label = form ? qobject_cast<QLabel *>(form->labelForField(spin)) : nullptr)
        spin->setAccessibleName(label->text().remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    m_keys.insert(spin, key);
    connect(spin, &QSpinBox::valueChanged, this, [this, spin](int value) {
        if (m_shares.contains(spin))
            updateShareNote();
        if (!m_loading)
            m_saver->save({{QString(m_keys.value(spin).key), Settings::text(qint64(value))}});
    });
}

void DefaultsPage::load(const Settings::Values &values)
{
    m_loading = true;
    for (auto it = m_keys.begin(); it != m_keys.end(); ++it)
        it.key()->setValue(int(Settings::value(values, it.value())));
    m_ui->recallAllConversations->setChecked(Settings::value(values, K::recallAllConversations));
    m_loading = false;
    updateShareNote();
}

void DefaultsPage::resetToDefaults()
{
    Settings::Values values;
    m_loading = true;
    for (auto it = m_keys.begin(); it != m_keys.end(); ++it) {
        it.key()->setValue(int(it.value().defaultValue));
        values.insert(QString(it.value().key), Settings::text(it.value().defaultValue));
    }
    m_ui->recallAllConversations->setChecked(K::recallAllConversations.defaultValue);
    values.insert(QString(K::recallAllConversations.key), Settings::text(K::recallAllConversations.defaultValue));
    m_loading = false;
    updateShareNote();
    m_saver->save(values);
}

void DefaultsPage::updateShareNote()
{
    int sum = 0;
    for (QSpinBox *spin : std::as_const(m_shares))
        sum += spin->value();
    m_ui->shareNote->setText(sum == 100 ? tr("The four shares add up to 100%.")
                                        : tr("The four shares add up to %1%; they are scaled to 100%.").arg(sum));
}

MemoryPage::MemoryPage(SettingsSaver *saver, const ProviderListModel *providers, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::MemoryPage>())
    , m_saver(saver)
{
    m_ui->setupUi(this);
    m_ui->memoryAutoExtract->setChecked(K::memoryAutoExtract.defaultValue);
    m_ui->memoryReviewRequired->setChecked(K::memoryReviewRequired.defaultValue);
    // Constructed here rather than in the form: it follows the Providers page's list. Created
    // after the check boxes, so that Tab reaches it after them.
    m_utility = new UtilityModelPicker(UtilityModelPicker::Route::Utility, providers, saver, m_ui->utilityModelGroup);
    m_ui->utilityLayout->insertWidget(0, m_utility);
    m_embeddings
        = new UtilityModelPicker(UtilityModelPicker::Route::Embeddings, providers, saver, m_ui->embeddingModelGroup);
    m_ui->embeddingLayout->insertWidget(0, m_embeddings);
    // A theme's dimmed text colour, which a palette fixed in the form could not follow.
    m_ui->utilityNote->setForegroundRole(QPalette::PlaceholderText);
    m_ui->embeddingNote->setForegroundRole(QPalette::PlaceholderText);
    connect(m_ui->memoryAutoExtract, &QCheckBox::toggled, this, &MemoryPage::save);
    connect(m_ui->memoryReviewRequired, &QCheckBox::toggled, this, &MemoryPage::save);
    connect(m_ui->memoryPaused, &QCheckBox::toggled, this, &MemoryPage::save);
    connect(m_ui->memoryActiveCap, &QSpinBox::valueChanged, this, &MemoryPage::save);
}

MemoryPage::~MemoryPage() = default;

void MemoryPage::load(const Settings::Values &values)
{
    m_loading = true;
    const Settings::MemoryDefaults d = Settings::MemoryDefaults::from(values);
    m_ui->memoryAutoExtract->setChecked(d.autoExtract);
    m_ui->memoryReviewRequired->setChecked(d.reviewRequired);
    m_ui->memoryPaused->setChecked(d.paused);
    m_ui->memoryActiveCap->setValue(d.activeCap);
    m_utility->load(values);
    m_embeddings->load(values);
    m_loading = false;
}

void MemoryPage::save()
{
    if (m_loading)
        return;
    Settings::MemoryDefaults d;
    d.autoExtract = m_ui->memoryAutoExtract->isChecked();
    d.reviewRequired = m_ui->memoryReviewRequired->isChecked();
    d.paused = m_ui->memoryPaused->isChecked();
    d.activeCap = m_ui->memoryActiveCap->value();
    m_saver->save(d.toValues());
}

} // namespace Skein
