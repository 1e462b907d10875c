// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "composer.h"

#include "core/tokens/tokenestimator.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace Skein {

ComposerEdit::ComposerEdit(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("composerEdit"));
    setAccessibleName(tr("Message"));
    setPlaceholderText(tr("Write a message…"));
    setTabChangesFocus(true);
}

ComposerEdit::~ComposerEdit() = default;

QSize ComposerEdit::sizeHint() const
{
    const int lines = 3;
    return QSize(400, fontMetrics().lineSpacing() * lines + 16);
}

void ComposerEdit::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter) {
        const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
        const bool send = mods == Qt::ControlModifier || (m_enterSends && mods == Qt::NoModifier)
            || (!m_enterSends && mods == Qt::ShiftModifier);
        if (send) {
            Q_EMIT submitted();
            event->accept();
            return;
        }
        if (mods == Qt::ShiftModifier || mods == Qt::NoModifier) {
            insertPlainText(QStringLiteral("\n"));
            event->accept();
            return;
        }
    }
    QPlainTextEdit::keyPressEvent(event);
}

Composer::Composer(QWidget *parent)
    : QWidget(parent)
    , m_edit(new ComposerEdit(this))
    , m_models(new QComboBox(this))
    , m_estimate(new QLabel(this))
    , m_queued(new QLabel(this))
    , m_send(new QPushButton(this))
    , m_estimateTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("composer"));
    m_models->setObjectName(QStringLiteral("modelPicker"));
    m_models->setAccessibleName(tr("Model"));
    m_models->setToolTip(tr("The model that answers the next message"));
    m_models->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_models->setMinimumContentsLength(12);
    m_estimate->setObjectName(QStringLiteral("tokenEstimate"));
    m_estimate->setTextFormat(Qt::PlainText);
    m_estimate->setAccessibleName(tr("Token estimate"));
    // The estimate gives way when the window is narrow (its full text is in the tooltip).
    m_estimate->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_estimate->setMinimumWidth(40);
    m_queued->setObjectName(QStringLiteral("queuedLabel"));
    m_queued->setTextFormat(Qt::PlainText);
    m_queued->hide();
    m_send->setObjectName(QStringLiteral("sendButton"));
    m_estimateTimer->setSingleShot(true);
    m_estimateTimer->setInterval(120);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 8);
    layout->setSpacing(4);
    layout->addWidget(m_edit);
    auto *row = new QHBoxLayout;
    row->addWidget(m_models);
    row->addWidget(m_estimate, 1);
    row->addWidget(m_queued);
    row->addWidget(m_send);
    layout->addLayout(row);
    setTabOrder(m_edit, m_send);
    setTabOrder(m_send, m_models);

    connect(m_edit, &ComposerEdit::submitted, this, [this] {
        const QString t = text();
        if (!t.trimmed().isEmpty())
            Q_EMIT sendRequested(t);
    });
    connect(m_send, &QPushButton::clicked, this, [this] {
        if (m_busy && m_edit->toPlainText().trimmed().isEmpty())
            Q_EMIT stopRequested();
        else
            Q_EMIT m_edit->submitted();
    });
    connect(m_edit, &QPlainTextEdit::textChanged, this, [this] {
        m_estimateTimer->start();
        updateButton();
    });
    connect(m_estimateTimer, &QTimer::timeout, this, &Composer::updateEstimate);
    connect(m_models, &QComboBox::activated, this, [this](int i) {
        if (i >= 0 && i < m_choices.size())
            Q_EMIT modelChosen(m_choices.at(i));
        updateEstimate();
    });
    updateEstimate();
    updateButton();
}

Composer::~Composer() = default;

QString Composer::text() const
{
    return m_edit->toPlainText();
}

void Composer::clear()
{
    m_edit->clear();
}

void Composer::setEnterSendsEverywhere(bool enterSends)
{
    for (QWidget *window : QApplication::topLevelWidgets())
        for (Composer *composer : window->findChildren<Composer *>())
            composer->setEnterSends(enterSends);
    for (QWidget *window : QApplication::topLevelWidgets())
        if (auto *composer = qobject_cast<Composer *>(window))
            composer->setEnterSends(enterSends);
}

void Composer::setEnterSends(bool enterSends)
{
    m_edit->setEnterSends(enterSends);
    updateButton();
}

void Composer::setChoices(const QList<ModelChoice> &choices)
{
    const ModelChoice current = currentChoice();
    m_choices = choices;
    m_models->clear();
    for (const ModelChoice &c : choices)
        m_models->addItem(c.providerName.isEmpty() ? c.model : c.model + QStringLiteral(" · ") + c.providerName);
    if (choices.isEmpty())
        m_models->addItem(tr("No provider configured"));
    m_models->setEnabled(!choices.isEmpty());
    if (!current.model.isEmpty())
        selectModel(current.providerId, current.model);
    updateEstimate();
}

void Composer::selectModel(const QString &providerId, const QString &model)
{
    for (int i = 0; i < m_choices.size(); ++i)
        if (m_choices.at(i).providerId == providerId && (model.isEmpty() || m_choices.at(i).model == model)) {
            m_models->setCurrentIndex(i);
            return;
        }
    if (providerId.isEmpty() || model.isEmpty())
        return;
    ModelChoice extra;
    extra.providerId = providerId;
    extra.model = model;
    m_choices.append(extra);
    m_models->addItem(model);
    m_models->setEnabled(true);
    m_models->setCurrentIndex(int(m_choices.size()) - 1);
}

ModelChoice Composer::currentChoice() const
{
    const int i = m_models->currentIndex();
    return i >= 0 && i < m_choices.size() ? m_choices.at(i) : ModelChoice {};
}

void Composer::setContextTokens(qint64 tokens)
{
    m_contextTokens = tokens;
    updateEstimate();
}

void Composer::setBusy(bool busy)
{
    m_busy = busy;
    updateButton();
}

void Composer::setQueued(int count)
{
    m_queued->setVisible(count > 0);
    m_queued->setText(tr("%n queued", nullptr, count));
}

void Composer::updateEstimate()
{
    const ModelChoice choice = currentChoice();
    const TokenEstimator estimator = TokenEstimator::forModel(choice.model);
    const QString draft = m_edit->toPlainText();
    m_draftTokens = draft.isEmpty() ? 0 : estimator.estimateMessage(u"user", draft);
    const QLocale locale;
    const qint64 total = m_contextTokens + m_draftTokens + TokenEstimator::replyPriming();
    QString text = tr("Draft ≈ %1 tokens · request ≈ %2").arg(locale.toString(m_draftTokens), locale.toString(total));
    if (choice.contextWindow > 0)
        text += tr(" of %1").arg(locale.toString(choice.contextWindow));
    m_estimate->setText(text);
    m_estimate->setToolTip(text);
}

void Composer::updateButton()
{
    const bool stop = m_busy && m_edit->toPlainText().trimmed().isEmpty();
    m_send->setText(stop ? tr("Stop") : (m_busy ? tr("Queue") : tr("Send")));
    m_send->setAccessibleName(m_send->text());
    m_send->setToolTip(stop                       ? tr("Stop the reply (Esc)")
                           : m_edit->enterSends() ? tr("Send (Enter; Shift+Enter for a new line)")
                                                  : tr("Send (Shift+Enter or Ctrl+Enter; Enter for a new line)"));
}

} // namespace Skein
