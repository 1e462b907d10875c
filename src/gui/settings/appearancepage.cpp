#include "appearancepage.h"

#include "app/appcontext.h"
#include "gui/composer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Skein {

AppearancePage::AppearancePage(AppContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_theme(new QComboBox(this))
    , m_systemFont(new QCheckBox(tr("Use the &system font"), this))
    , m_font(new QFontComboBox(this))
    , m_size(new QSpinBox(this))
    , m_language(new QComboBox(this))
    , m_languageNote(new QLabel(this))
    , m_enterSends(new QCheckBox(tr("&Enter sends the message (Shift+Enter starts a new line)"), this))
{
    setObjectName(QStringLiteral("appearancePage"));
    m_theme->setObjectName(QStringLiteral("themeCombo"));
    m_theme->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_systemFont->setObjectName(QStringLiteral("systemFontCheck"));
    m_font->setObjectName(QStringLiteral("fontCombo"));
    m_size->setObjectName(QStringLiteral("fontSizeSpin"));
    m_size->setRange(0, 48);
    m_size->setSpecialValueText(tr("System size"));
    m_size->setSuffix(tr(" pt"));
    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_language->addItem(tr("Follow the system"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_languageNote->setObjectName(QStringLiteral("languageNote"));
    m_languageNote->setWordWrap(true);

    auto *look = new QGroupBox(tr("Look"), this);
    auto *lookForm = new QFormLayout(look);
    const auto row = [](QFormLayout *form, const QString &text, QWidget *field) {
        auto *label = new QLabel(text, form->parentWidget());
        label->setBuddy(field);
        field->setAccessibleName(QString(text).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
        form->addRow(label, field);
    };
    row(lookForm, tr("&Theme:"), m_theme);
    lookForm->addRow(QString(), m_systemFont);
    row(lookForm, tr("&Font:"), m_font);
    row(lookForm, tr("Font si&ze:"), m_size);

    auto *lang = new QGroupBox(tr("Language"), this);
    auto *langForm = new QFormLayout(lang);
    row(langForm, tr("&Language:"), m_language);
    langForm->addRow(m_languageNote);

    auto *keys = new QGroupBox(tr("Keyboard"), this);
    auto *keysLayout = new QVBoxLayout(keys);
    m_enterSends->setObjectName(QStringLiteral("enterSendsCheck"));
    m_enterSends->setToolTip(tr("When off, Enter starts a new line and Shift+Enter sends. Ctrl+Enter always sends."));
    m_enterSends->setChecked(context.uiState().value(Composer::enterSendsKey(), true).toBool());
    keysLayout->addWidget(m_enterSends);
    connect(m_enterSends, &QCheckBox::toggled, this, [this](bool on) {
        m_context.uiState().setValue(Composer::enterSendsKey(), on);
        Composer::setEnterSendsEverywhere(on);
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(look);
    layout->addWidget(lang);
    layout->addWidget(keys);
    layout->addStretch(1);

    m_loading = true;
    m_loaded = AppearanceSettings::load(context.uiState());
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(AppearanceSettings::themeName(m_loaded.theme))));
    m_systemFont->setChecked(m_loaded.fontFamily.isEmpty());
    m_font->setEnabled(!m_loaded.fontFamily.isEmpty());
    if (!m_loaded.fontFamily.isEmpty())
        m_font->setCurrentFont(QFont(m_loaded.fontFamily));
    m_size->setValue(m_loaded.fontSize);
    m_language->setCurrentIndex(std::max(0, m_language->findData(m_loaded.language)));
    m_loading = false;
    m_languageNote->setText(tr("The language changes the next time Skein starts."));

    connect(m_theme, &QComboBox::currentIndexChanged, this, &AppearancePage::changed);
    connect(m_systemFont, &QCheckBox::toggled, this, [this](bool on) {
        m_font->setEnabled(!on);
        changed();
    });
    connect(m_font, &QFontComboBox::currentFontChanged, this, &AppearancePage::changed);
    connect(m_size, &QSpinBox::valueChanged, this, &AppearancePage::changed);
    connect(m_language, &QComboBox::currentIndexChanged, this, &AppearancePage::changed);
}

AppearancePage::~AppearancePage() = default;

AppearanceSettings AppearancePage::current() const
{
    AppearanceSettings s;
    const QString theme = m_theme->currentData().toString();
    s.theme = theme == u"dark" ? AppearanceSettings::Theme::Dark
        : theme == u"light"    ? AppearanceSettings::Theme::Light
                               : AppearanceSettings::Theme::System;
    s.fontFamily = m_systemFont->isChecked() ? QString() : m_font->currentFont().family();
    s.fontSize = m_size->value();
    s.language = m_language->currentData().toString();
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
    m_languageNote->setText(s.language == m_loaded.language ? tr("The language changes the next time Skein starts.")
                                                            : tr("Restart Skein to use the new language."));
    m_loaded.theme = s.theme;
    m_loaded.fontFamily = s.fontFamily;
    m_loaded.fontSize = s.fontSize;
}

} // namespace Skein
