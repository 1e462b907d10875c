// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "composer.h"

#include "core/tokens/tokenestimator.h"
#include "themecolors.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QIcon>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Skein {

namespace {
bool s_enterSends = true;
}

ComposerEdit::ComposerEdit(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_enterSends(s_enterSends)
{
    setObjectName(QStringLiteral("composerEdit"));
    setAccessibleName(tr("Message"));
    setPlaceholderText(tr("Write a message…"));
    setTabChangesFocus(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // The line count follows wrapping: it changes with the text and with the width.
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            [this] { updateGeometry(); });
}

ComposerEdit::~ComposerEdit() = default;

void ComposerEdit::setEnterSendsByDefault(bool enterSends)
{
    s_enterSends = enterSends;
}

void ComposerEdit::setLineRange(int minLines, int maxLines)
{
    m_minLines = std::max(1, minLines);
    m_maxLines = std::max(m_minLines, maxLines);
    updateGeometry();
}

int ComposerEdit::heightFor(int lines) const
{
    const QMargins m = contentsMargins();
    return int(std::ceil(fontMetrics().lineSpacing() * lines + 2 * document()->documentMargin())) + m.top() + m.bottom()
        + 2 * frameWidth() + 2;
}

QSize ComposerEdit::sizeHint() const
{
    // QPlainTextDocumentLayout measures its height in lines, wrapped lines included.
    const int lines = int(std::ceil(document()->documentLayout()->documentSize().height()));
    return QSize(400, heightFor(std::clamp(lines, m_minLines, m_maxLines)));
}

QSize ComposerEdit::minimumSizeHint() const
{
    return QSize(100, heightFor(m_minLines));
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

TokenMeter::TokenMeter(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("tokenEstimate"));
    setAccessibleName(tr("Token estimate"));
    // It gives way when the window is narrow (its full text is in the tooltip).
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
}

TokenMeter::~TokenMeter() = default;

void TokenMeter::setTokens(qint64 draft, qint64 request, qint64 window)
{
    m_draft = draft;
    m_request = request;
    m_window = window;
    const QLocale locale;
    m_text = window > 0 ? tr("%1 / %2 tokens").arg(locale.toString(request), locale.toString(window))
                        : tr("%1 tokens").arg(locale.toString(request));
    QString full = tr("Draft ≈ %1 tokens · request ≈ %2").arg(locale.toString(draft), locale.toString(request));
    if (window > 0)
        full += tr(" of %1").arg(locale.toString(window));
    setToolTip(full);
    setAccessibleDescription(full);
    update();
}

double TokenMeter::fill() const
{
    return m_window > 0 ? std::clamp(double(m_request) / double(m_window), 0.0, 1.0) : 0.0;
}

QSize TokenMeter::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.horizontalAdvance(m_text) + 8, fm.height() + 6);
}

QSize TokenMeter::minimumSizeHint() const
{
    return QSize(40, QFontMetrics(font()).height() + 6);
}

void TokenMeter::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette &pal = palette();
    const QFontMetrics fm(font());
    const QRect textRect(0, 0, width(), fm.height());
    p.setPen(ThemeColors::muted(pal));
    p.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(m_text, Qt::ElideRight, width()));
    if (m_window <= 0)
        return;
    // The bar: the window as a track, the request over it, the draft's share at its end.
    const int barW = std::min(width(), std::max(60, fm.horizontalAdvance(m_text)));
    const QRectF track(0.5, fm.height() + 2.5, barW - 1, 3);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(ThemeColors::mix(pal.color(QPalette::Window), pal.color(QPalette::WindowText), 0.18));
    p.drawRoundedRect(track, 1.5, 1.5);
    const bool over = m_request > m_window * 9 / 10;
    const QColor used = over ? ThemeColors::error(pal) : ThemeColors::highlight(pal);
    const qreal requestW = track.width() * fill();
    const qreal draftW = m_request > 0 ? std::min(requestW, requestW * double(m_draft) / double(m_request)) : 0.0;
    p.setBrush(ThemeColors::mix(used, pal.color(QPalette::Window), 0.45));
    p.drawRoundedRect(QRectF(track.left(), track.top(), requestW - draftW, track.height()), 1.5, 1.5);
    p.setBrush(used);
    p.drawRoundedRect(QRectF(track.left() + requestW - draftW, track.top(), draftW, track.height()), 1.5, 1.5);
}

Composer::Composer(QWidget *parent)
    : QWidget(parent)
    , m_edit(new ComposerEdit(this))
    , m_tray(new AttachmentTray(this))
    , m_attach(new QToolButton(this))
    , m_models(new QComboBox(this))
    , m_estimate(new TokenMeter(this))
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
    m_queued->setObjectName(QStringLiteral("queuedLabel"));
    m_queued->setTextFormat(Qt::PlainText);
    m_queued->hide();
    m_send->setObjectName(QStringLiteral("sendButton"));
    m_estimateTimer->setSingleShot(true);
    m_estimateTimer->setInterval(120);

    m_attach->setObjectName(QStringLiteral("attachButton"));
    m_attach->setIcon(QIcon::fromTheme(QStringLiteral("mail-attachment")));
    m_attach->setAutoRaise(true);
    m_attach->setAccessibleName(tr("Attach files"));
    m_attach->setToolTip(tr("Attach files: images, PDFs, text and source files (Ctrl+Shift+A). You can also paste "
                            "them or drop them here."));
    m_attach->setFocusPolicy(Qt::StrongFocus);
    auto *attachAction = new QAction(tr("Attach Files…"), this);
    attachAction->setObjectName(QStringLiteral("attachAction"));
    attachAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    attachAction->setShortcutContext(Qt::WindowShortcut);
    addAction(attachAction);
    connect(attachAction, &QAction::triggered, this, &Composer::chooseFiles);
    connect(m_attach, &QToolButton::clicked, this, &Composer::chooseFiles);
    connect(m_tray, &AttachmentTray::removeRequested, this, [this](int index) {
        if (index < 0 || index >= m_attachments.size())
            return;
        m_attachments.removeAt(index);
        m_edit->setFocus(Qt::OtherFocusReason); // the chip that had it is gone
        updateTray();
    });
    connect(m_tray, &AttachmentTray::pagesToggled, this, [this](int index, bool on) {
        if (index < 0 || index >= m_attachments.size())
            return;
        m_attachments[index].prepared.attachment.sendPages = on;
        updateTray();
        // The chips were made anew: the keyboard stays on this one's button.
        const auto chips = m_tray->findChildren<QFrame *>(QStringLiteral("attachmentChip"), Qt::FindDirectChildrenOnly);
        for (QFrame *chip : chips)
            if (m_tray->layout()->indexOf(chip) == index)
                if (auto *button = chip->findChild<QToolButton *>(QStringLiteral("sendPages")))
                    button->setFocus(Qt::OtherFocusReason);
    });
    connect(m_edit, &ComposerEdit::filesOffered, this, &Composer::addFiles);
    connect(m_edit, &ComposerEdit::imageOffered, this, &Composer::addImage);
    setAcceptDrops(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 8);
    layout->setSpacing(4);
    layout->addWidget(m_tray);
    layout->addWidget(m_edit);
    auto *row = new QHBoxLayout;
    row->addWidget(m_attach);
    row->addWidget(m_models);
    row->addWidget(m_estimate, 1);
    row->addWidget(m_queued);
    row->addWidget(m_send);
    layout->addLayout(row);
    setTabOrder(m_edit, m_send);
    setTabOrder(m_send, m_attach);
    setTabOrder(m_attach, m_models);

    connect(m_edit, &ComposerEdit::submitted, this, [this] {
        const QString t = text();
        if (t.trimmed().isEmpty() && m_attachments.isEmpty())
            return;
        if (m_pending > 0) {
            Q_EMIT notice(tr("Some files are still being read; send the message once they are attached."));
            return;
        }
        Q_EMIT sendRequested(t);
    });
    connect(m_send, &QPushButton::clicked, this, [this] {
        if (m_busy && m_edit->toPlainText().trimmed().isEmpty() && m_attachments.isEmpty())
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
        updateTray(); // whether the model sees the images
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
    m_attachments.clear();
    updateTray();
}

void Composer::setEnterSendsEverywhere(bool enterSends)
{
    // Composers and the editors of messages being edited in place.
    ComposerEdit::setEnterSendsByDefault(enterSends);
    for (QWidget *window : QApplication::topLevelWidgets()) {
        for (Composer *composer : window->findChildren<Composer *>())
            composer->setEnterSends(enterSends);
        for (ComposerEdit *edit : window->findChildren<ComposerEdit *>())
            edit->setEnterSends(enterSends);
        if (auto *composer = qobject_cast<Composer *>(window))
            composer->setEnterSends(enterSends);
    }
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
        m_models->addItem(QIcon::fromTheme(c.local ? QStringLiteral("computer") : QStringLiteral("network-server")),
                          c.providerName.isEmpty() ? c.model : c.model + QStringLiteral(" · ") + c.providerName);
    if (choices.isEmpty())
        m_models->addItem(tr("No provider configured"));
    m_models->setEnabled(!choices.isEmpty());
    if (!current.model.isEmpty())
        selectModel(current.providerId, current.model);
    updateTray();
}

void Composer::selectModel(const QString &providerId, const QString &model)
{
    for (int i = 0; i < m_choices.size(); ++i)
        if (m_choices.at(i).providerId == providerId && (model.isEmpty() || m_choices.at(i).model == model)) {
            m_models->setCurrentIndex(i);
            updateTray();
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
    m_draftTokens = (draft.isEmpty() ? 0 : estimator.estimateMessage(u"user", draft)) + attachmentTokens(choice);
    const qint64 total = m_contextTokens + m_draftTokens + TokenEstimator::replyPriming();
    m_estimate->setTokens(m_draftTokens, total, choice.contextWindow);
}

void Composer::updateButton()
{
    const bool stop = m_busy && m_edit->toPlainText().trimmed().isEmpty() && m_attachments.isEmpty();
    m_send->setText(stop ? tr("Stop") : (m_busy ? tr("Queue") : tr("Send")));
    m_send->setAccessibleName(m_send->text());
    m_send->setToolTip(stop                       ? tr("Stop the reply (Esc)")
                           : m_edit->enterSends() ? tr("Send (Enter; Shift+Enter for a new line)")
                                                  : tr("Send (Shift+Enter or Ctrl+Enter; Enter for a new line)"));
}

} // namespace Skein
