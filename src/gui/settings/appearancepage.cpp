// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "appearancepage.h"

#include "app/appcontext.h"
#include "gui/composer.h"
#include "ui_appearancepage.h"

#include <QSettings>

namespace Skein {

AppearancePage::AppearancePage(AppContext &context, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::AppearancePage>())
    , m_context(context)
{
    m_ui->setupUi(this);
    m_ui->themeCombo->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_ui->themeCombo->addItem(tr("Light"), QStringLiteral("light"));
    m_ui->themeCombo->addItem(tr("Dark"), QStringLiteral("dark"));
    m_ui->languageCombo->addItem(tr("Follow the system"), QString());
    m_ui->languageCombo->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_ui->languageCombo->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    // Screen readers name each field after its label, without the mnemonic and the colon.
    for (QLabel *label : {m_ui->themeLabel, m_ui->fontLabel, m_ui->fontSizeLabel, m_ui->languageLabel})
        label->buddy()->setAccessibleName(label->text().remove(QLatin1Char('&')).remove(QLatin1Char(':')));

    m_ui->enterSendsCheck->setChecked(context.uiState().value(Composer::enterSendsKey(), true).toBool());
    connect(m_ui->enterSendsCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_context.uiState().setValue(Composer::enterSendsKey(), on);
        Composer::setEnterSendsEverywhere(on);
    });

    m_loading = true;
    m_loaded = AppearanceSettings::load(context.uiState());
    m_ui->themeCombo->setCurrentIndex(
        std::max(0, m_ui->themeCombo->findData(AppearanceSettings::themeName(m_loaded.theme))));
    m_ui->systemFontCheck->setChecked(m_loaded.fontFamily.isEmpty());
    m_ui->fontCombo->setEnabled(!m_loaded.fontFamily.isEmpty());
    if (!m_loaded.fontFamily.isEmpty())
        m_ui->fontCombo->setCurrentFont(QFont(m_loaded.fontFamily));
    m_ui->fontSizeSpin->setValue(m_loaded.fontSize);
    m_ui->languageCombo->setCurrentIndex(std::max(0, m_ui->languageCombo->findData(m_loaded.language)));
    m_loading = false;
    m_ui->languageNote->setText(tr("The language changes the next time Skein starts."));

    connect(m_ui->themeCombo, &QComboBox::currentIndexChanged, this, &AppearancePage::changed);
    connect(m_ui->systemFontCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_ui->fontCombo->setEnabled(!on);
        changed();
    });
    connect(m_ui->fontCombo, &QFontComboBox::currentFontChanged, this, &AppearancePage::changed);
    connect(m_ui->fontSizeSpin, &QSpinBox::valueChanged, this, &AppearancePage::changed);
    connect(m_ui->languageCombo, &QComboBox::currentIndexChanged, this, &AppearancePage::changed);
}

AppearancePage::~AppearancePage() = default;

AppearanceSettings AppearancePage::current() const
{
    AppearanceSettings s;
    const QString theme = m_ui->themeCombo->currentData().toString();
    s.theme = theme == u"dark" ? AppearanceSettings::Theme::Dark
        : theme == u"light"    ? AppearanceSettings::Theme::Light
                               : AppearanceSettings::Theme::System;
    s.fontFamily = m_ui->systemFontCheck->isChecked() ? QString() : m_ui->fontCombo->currentFont().family();
    s.fontSize = m_ui->fontSizeSpin->value();
    s.language = m_ui->languageCombo->currentData().toString();
    return s;
}

void AppearancePage::changed()
{
    if (m_loading)
        return;
    const AppearanceSettings s = current();
    s.save(m_context.uiState());
    if (s.theme != m_loaded.theme || s.fontFamily != m_loaded.fontFamily || s.fontSize != m_loaded.fontSize)
        Appearance::apply(s);
    m_ui->languageNote->setText(s.language == m_loaded.language ? tr("The language changes the next time Skein starts.")
                                                                : tr("Restart Skein to use the new language."));
    m_loaded.theme = s.theme;
    m_loaded.fontFamily = s.fontFamily;
    m_loaded.fontSize = s.fontSize;
}

} // namespace Skein
