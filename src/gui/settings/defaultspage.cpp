#include "defaultspage.h"

#include "settingssaver.h"
#include "utilitymodelpicker.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Skein {

namespace K = Settings::Keys;

DefaultsPage::DefaultsPage(SettingsSaver *saver, QWidget *parent)
    : QWidget(parent)
    , m_saver(saver)
{
    setObjectName(QStringLiteral("defaultsPage"));
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);

    auto *budget = new QGroupBox(tr("Context budget"), content);
    auto *budgetForm = new QFormLayout(budget);
    const QString percent = tr(" %");
    const QString tokens = tr(" tokens");
    addRow(budgetForm, K::outputReservePercent, tr("&Output reserve:"), percent,
           tr("Part of the model's window kept free for the reply."));
    addRow(budgetForm, K::outputReserveMaxTokens, tr("Output reserve &cap:"), tokens,
           tr("The reply reserve never exceeds this many tokens."));
    m_shares << addRow(budgetForm, K::shareSystemPercent, tr("&System share:"), percent,
                       tr("System prompt, memories and summaries."));
    m_shares << addRow(budgetForm, K::shareToolsPercent, tr("&Tools share:"), percent, tr("Tool definitions."));
    m_shares << addRow(budgetForm, K::shareHistoryPercent, tr("&History share:"), percent,
                       tr("Earlier messages; unused shares flow here."));
    m_shares << addRow(budgetForm, K::shareCurrentPercent, tr("C&urrent message share:"), percent,
                       tr("The message being sent."));
    m_shareNote = new QLabel(budget);
    m_shareNote->setObjectName(QStringLiteral("shareNote"));
    m_shareNote->setWordWrap(true);
    budgetForm->addRow(m_shareNote);
    column->addWidget(budget);

    auto *history = new QGroupBox(tr("History"), content);
    auto *historyForm = new QFormLayout(history);
    addRow(historyForm, K::historyCountCap, tr("Message &limit:"), tr(" messages"),
           tr("At most this many recent messages are sent verbatim."));
    addRow(historyForm, K::digestThresholdTokens, tr("&Digest tool results over:"), tokens,
           tr("Older tool results larger than this are replaced by a digest; the full result stays in the log."));
    addRow(historyForm, K::digestKeepTurns, tr("&Keep full results of the last:"), tr(" turns"),
           tr("Tool results this recent are never digested."));
    addRow(historyForm, K::toolResultSharePercent, tr("Tool results may &fill:"), percent,
           tr("Of the history budget, for all tool results together."));
    addRow(historyForm, K::consolidateStartPercent, tr("Su&mmarise when history reaches:"), percent,
           tr("Of the history share; older turns are then summarised."));
    addRow(historyForm, K::consolidateTargetPercent, tr("Summarise &down to:"), percent,
           tr("Summarising stops once history is back under this part of its share."));
    addRow(historyForm, K::consolidateAfterTurns, tr("Or after &every:"), tr(" turns"),
           tr("Summarise after this many turns since the last summary."));
    addRow(historyForm, K::keepVerbatimTurns, tr("Always keep &verbatim:"), tr(" turns"),
           tr("The most recent turns are never summarised."));
    addRow(historyForm, K::idleTtlMinutes, tr("Compact &idle chats after:"), tr(" min"),
           tr("A chat left idle this long is summarised in the background."));
    addRow(historyForm, K::hardCapMessages, tr("&Never replay more than:"), tr(" messages"),
           tr("Longer conversations keep only a recent part for the model; everything stays stored."));
    column->addWidget(history);

    auto *agent = new QGroupBox(tr("Agent"), content);
    auto *agentForm = new QFormLayout(agent);
    addRow(agentForm, K::maxIterations, tr("Model &calls per message:"), {},
           tr("After this many tool rounds the model is asked for its best answer."));
    addRow(agentForm, K::toolTimeoutSeconds, tr("Tool &timeout:"), tr(" s"),
           tr("A tool that runs longer is stopped and reported as timed out."));
    column->addWidget(agent);

    auto *reset = new QPushButton(tr("&Restore Defaults"), content);
    reset->setObjectName(QStringLiteral("restoreDefaultsButton"));
    connect(reset, &QPushButton::clicked, this, &DefaultsPage::resetToDefaults);
    column->addWidget(reset, 0, Qt::AlignLeft);
    column->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    updateShareNote();
}

DefaultsPage::~DefaultsPage() = default;

QSpinBox *DefaultsPage::addRow(QFormLayout *form, const Settings::IntKey &key, const QString &label,
                               const QString &suffix, const QString &help)
{
    auto *spin = new QSpinBox(form->parentWidget());
    spin->setObjectName(QString(key.key));
    spin->setRange(int(key.minimum), int(std::min<qint64>(key.maximum, std::numeric_limits<int>::max())));
    spin->setValue(int(key.defaultValue));
    spin->setSuffix(suffix);
    spin->setGroupSeparatorShown(true);
    spin->setKeyboardTracking(false);
    spin->setToolTip(help);
    spin->setAccessibleDescription(help);
    auto *labelWidget = new QLabel(label, form->parentWidget());
    labelWidget->setBuddy(spin);
    spin->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    form->addRow(labelWidget, spin);
    m_keys.insert(spin, key);
    connect(spin, &QSpinBox::valueChanged, this, [this, spin](int value) {
        if (m_shares.contains(spin))
            updateShareNote();
        if (!m_loading)
            m_saver->save({{QString(m_keys.value(spin).key), Settings::text(qint64(value))}});
    });
    return spin;
}

void DefaultsPage::load(const Settings::Values &values)
{
    m_loading = true;
    for (auto it = m_keys.begin(); it != m_keys.end(); ++it)
        it.key()->setValue(int(Settings::value(values, it.value())));
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
    m_loading = false;
    updateShareNote();
    m_saver->save(values);
}

void DefaultsPage::updateShareNote()
{
    int sum = 0;
    for (QSpinBox *spin : std::as_const(m_shares))
        sum += spin->value();
    m_shareNote->setText(sum == 100 ? tr("The four shares add up to 100%.")
                                    : tr("The four shares add up to %1%; they are scaled to 100%.").arg(sum));
}

MemoryPage::MemoryPage(SettingsSaver *saver, const ProviderListModel *providers, QWidget *parent)
    : QWidget(parent)
    , m_saver(saver)
    , m_autoExtract(new QCheckBox(tr("&Learn memories from my messages automatically"), this))
    , m_review(new QCheckBox(tr("New memories &wait for my review before they are used"), this))
    , m_utility(new UtilityModelPicker(providers, saver, this))
{
    setObjectName(QStringLiteral("memoryPage"));
    m_autoExtract->setObjectName(QStringLiteral("memoryAutoExtract"));
    m_review->setObjectName(QStringLiteral("memoryReviewRequired"));
    m_autoExtract->setChecked(K::memoryAutoExtract.defaultValue);
    m_review->setChecked(K::memoryReviewRequired.defaultValue);
    auto *explain = new QLabel(tr("After an exchange, Skein can pick out durable facts and preferences from what you "
                                  "wrote (never from tool output or quoted text). With review on, they appear in the "
                                  "Memory inspector as pending until you accept them."),
                               this);
    explain->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_autoExtract);
    layout->addWidget(m_review);
    layout->addWidget(explain);
    layout->addSpacing(8);
    auto *utility = new QGroupBox(tr("Model for summaries and memory extraction"), this);
    utility->setObjectName(QStringLiteral("utilityModelGroup"));
    auto *utilityLayout = new QVBoxLayout(utility);
    utilityLayout->addWidget(m_utility);
    auto *utilityNote = new QLabel(tr("Summaries of long conversations and memory extraction run in the background. "
                                      "A small, inexpensive model is usually enough; \"Same as the chat\" uses each "
                                      "conversation's own model."),
                                   utility);
    utilityNote->setWordWrap(true);
    utilityNote->setForegroundRole(QPalette::PlaceholderText);
    utilityLayout->addWidget(utilityNote);
    layout->addWidget(utility);
    layout->addStretch(1);
    connect(m_autoExtract, &QCheckBox::toggled, this, &MemoryPage::save);
    connect(m_review, &QCheckBox::toggled, this, &MemoryPage::save);
}

MemoryPage::~MemoryPage() = default;

void MemoryPage::load(const Settings::Values &values)
{
    m_loading = true;
    const Settings::MemoryDefaults d = Settings::MemoryDefaults::from(values);
    m_autoExtract->setChecked(d.autoExtract);
    m_review->setChecked(d.reviewRequired);
    m_utility->load(values);
    m_loading = false;
}

void MemoryPage::save()
{
    if (m_loading)
        return;
    Settings::MemoryDefaults d;
    d.autoExtract = m_autoExtract->isChecked();
    d.reviewRequired = m_review->isChecked();
    m_saver->save(d.toValues());
}

} // namespace Skein
