// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "contextinspector.h"

#include "accessibility.h"
#include "app/services/contextservice.h"
#include "budgetbar.h"
#include "core/domain/memory.h"
#include "core/domain/summary.h"
#include "models/contextbudget.h"
#include "models/contextitemmodel.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QStackedWidget>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <cmath>

namespace Skein {

namespace {

// Prices are in US dollars whatever the UI locale; only the number follows the locale.
QString dollars(double value, int decimals)
{
    return QStringLiteral("$") + QLocale().toString(value, 'f', decimals);
}

// English needs two forms; Chinese one. Until an English .ts with numerus forms exists, the source
// text is picked by count (each form is translated on its own).
QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(QLocale().toString(n));
}

} // namespace

ContextExclusions ContextInspector::exclusionsOf(const ContextRerunRequest &request)
{
    ContextExclusions out;
    out.messageIds = QSet<QString>(request.excludeMessageIds.cbegin(), request.excludeMessageIds.cend());
    out.memoryIds = QSet<QString>(request.excludeMemoryIds.cbegin(), request.excludeMemoryIds.cend());
    out.addMessageIds = QSet<QString>(request.includeMessageIds.cbegin(), request.includeMessageIds.cend());
    out.addMemoryIds = QSet<QString>(request.includeMemoryIds.cbegin(), request.includeMemoryIds.cend());
    return out;
}

ContextInspector::ContextInspector(ContextService &context, QWidget *parent)
    : QWidget(parent)
    , m_service(context)
{
    setObjectName(QStringLiteral("contextInspector"));
    m_model = new ContextItemModel(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->setContentsMargins(8, 4, 8, 0);
    top->addStretch(1);
    m_next = new QPushButton(tr("Next Request"), this);
    m_next->setObjectName(QStringLiteral("contextNextRequest"));
    m_next->setCheckable(true);
    m_next->setToolTip(tr("Show what the next message of this conversation would send, whatever is selected"));
    connect(m_next, &QPushButton::toggled, this, &ContextInspector::setShowNextRequest);
    top->addWidget(m_next);
    layout->addLayout(top);
    m_pages = new QStackedWidget(this);
    layout->addWidget(m_pages);
    m_draftTimer = new QTimer(this);
    m_draftTimer->setSingleShot(true);
    m_draftTimer->setInterval(400);
    connect(m_draftTimer, &QTimer::timeout, this, [this] {
        if (m_draft)
            refresh();
    });

    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("contextEmpty"));
    m_empty->setTextFormat(Qt::PlainText);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setMargin(24);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_pages->addWidget(m_empty);

    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    v->setContentsMargins(8, 8, 8, 8);
    v->setSpacing(6);
    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("contextTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    v->addWidget(m_title);
    m_bar = new BudgetBar(page);
    v->addWidget(m_bar);
    m_numbers = new QLabel(page);
    m_numbers->setObjectName(QStringLiteral("contextNumbers"));
    m_numbers->setTextFormat(Qt::RichText);
    m_numbers->setWordWrap(true);
    m_numbers->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_numbers);
    m_counts = new QLabel(page);
    m_counts->setObjectName(QStringLiteral("contextCounts"));
    m_counts->setWordWrap(true);
    v->addWidget(m_counts);
    m_items = new QTreeView(page);
    m_items->setObjectName(QStringLiteral("contextItems"));
    m_items->setAccessibleName(tr("Context items"));
    m_items->setRootIsDecorated(false);
    m_items->setUniformRowHeights(true);
    m_items->setAlternatingRowColors(true);
    m_items->setModel(m_model);
    Accessibility::layOutEagerly(m_items);
    m_items->header()->setStretchLastSection(false);
    m_items->header()->setSectionResizeMode(ContextItemModel::ItemColumn, QHeaderView::Stretch);
    m_items->header()->setSectionResizeMode(ContextItemModel::TokensColumn, QHeaderView::ResizeToContents);
    v->addWidget(m_items, 1);
    auto *buttons = new QHBoxLayout;
    auto *hint = new QLabel(tr("Untick what to leave out, tick what to add."), page);
    hint->setForegroundRole(QPalette::PlaceholderText);
    hint->setWordWrap(true);
    buttons->addWidget(hint, 1);
    m_reset = new QPushButton(tr("Reset"), page);
    m_reset->setObjectName(QStringLiteral("contextReset"));
    connect(m_reset, &QPushButton::clicked, m_model, &ContextItemModel::resetChoices);
    buttons->addWidget(m_reset);
    m_rerun = new QPushButton(tr("Re-run with This Context"), page);
    m_rerun->setObjectName(QStringLiteral("contextRerun"));
    m_rerun->setToolTip(tr("Generate a new reply next to this one, with the context as ticked here"));
    connect(m_rerun, &QPushButton::clicked, this, &ContextInspector::rerun);
    m_reset->setMinimumWidth(30);
    m_rerun->setMinimumWidth(60);
    buttons->addWidget(m_rerun);
    v->addLayout(buttons);
    m_pages->addWidget(page);

    connect(m_model, &ContextItemModel::modifiedChanged, this, &ContextInspector::updateSummary);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &ContextInspector::updateSummary);
    showEmpty(tr("Select a reply in the chat to see exactly what the model was sent for it."));
}

bool ContextInspector::hasSnapshot() const
{
    return !m_model->snapshot().id.isEmpty();
}

QString ContextInspector::figure(const QString &key) const
{
    return m_figures.value(key);
}

void ContextInspector::showEmpty(const QString &text)
{
    m_model->clear();
    m_figures.clear();
    m_reply = {};
    m_draft = false;
    m_empty->setText(text);
    m_pages->setCurrentWidget(m_empty);
}

void ContextInspector::setSession(const QString &sessionId)
{
    if (sessionId == m_sessionId)
        return;
    m_sessionId = sessionId;
    m_messageId.clear();
    refresh();
}

void ContextInspector::setDraftText(const QString &text)
{
    if (text == m_draftText)
        return;
    m_draftText = text;
    if (m_draft)
        m_draftTimer->start();
}

void ContextInspector::setShowNextRequest(bool show)
{
    if (m_next->isChecked() != show)
        m_next->setChecked(show); // comes back here through toggled
    else
        refresh();
}

void ContextInspector::setSelectedMessage(const QString &messageId)
{
    m_messageId = messageId;
    refresh();
}

void ContextInspector::refresh()
{
    const quint64 generation = ++m_generation;
    const auto done = [this, generation](const Result<ContextView> &result) {
        if (generation != m_generation)
            return;
        if (!result) {
            showEmpty(tr("Could not load the context: %1").arg(result.error().message));
            return;
        }
        apply(*result);
        Q_EMIT loaded();
    };
    if (m_messageId.isEmpty() || m_next->isChecked()) {
        if (m_sessionId.isEmpty()) {
            showEmpty(tr("Select a reply in the chat to see exactly what the model was sent for it."));
            return;
        }
        m_service.nextRequest(m_sessionId, m_draftText, this, done);
        return;
    }
    m_service.ofReply(m_messageId, this, done);
}

void ContextInspector::apply(const ContextView &loaded)
{
    m_draft = loaded.draft;
    if (!loaded.draft && loaded.reply.role != Role::Assistant) {
        showEmpty(tr("Select a reply in the chat to see exactly what the model was sent for it."));
        return;
    }
    if (!loaded.snapshot) {
        showEmpty(tr("No context was recorded for this reply (it was imported or made before Skein kept "
                     "snapshots)."));
        m_reply = loaded.reply;
        return;
    }
    m_reply = loaded.reply;
    const ContextSnapshot &s = *loaded.snapshot;
    m_model->setRequest(s, loaded.path, loaded.memories, loaded.summaries);
    const QLocale locale;
    const QString when = locale.toString(QDateTime::fromMSecsSinceEpoch(s.createdAt), QLocale::ShortFormat);
    if (loaded.draft)
        m_title->setText(m_draftText.isEmpty()
                             ? tr("Next request to <b>%1</b> (not sent yet; your next message is counted as empty)")
                                   .arg(s.model.toHtmlEscaped())
                             : tr("Next request to <b>%1</b> with the message you are writing (not sent yet)")
                                   .arg(s.model.toHtmlEscaped()));
    else
        m_title->setText(tr("Request for the reply by <b>%1</b> · %2")
                             .arg((s.model.isEmpty() ? loaded.reply.model : s.model).toHtmlEscaped(), when));
    const QList<ContextSection> sections = ContextBudget::sections(s);
    const qint64 window = ContextBudget::window(s);
    m_bar->setSections(sections, window);

    m_figures.clear();
    const auto number
        = [&locale](std::optional<qint64> v) { return v ? locale.toString(*v) : ContextInspector::tr("not reported"); };
    const std::optional<qint64> prompt
        = s.reportedUsage.promptTokens ? s.reportedUsage.promptTokens : loaded.reply.usage.promptTokens;
    const std::optional<qint64> completion
        = s.reportedUsage.completionTokens ? s.reportedUsage.completionTokens : loaded.reply.usage.completionTokens;
    const std::optional<qint64> cached
        = s.reportedUsage.cachedTokens ? s.reportedUsage.cachedTokens : loaded.reply.usage.cachedTokens;
    m_figures.insert(QStringLiteral("estimate"), locale.toString(s.estimatedTokens));
    m_figures.insert(QStringLiteral("prompt"), number(prompt));
    m_figures.insert(QStringLiteral("completion"), number(completion));
    m_figures.insert(QStringLiteral("cached"), number(cached));
    m_figures.insert(QStringLiteral("budget"), locale.toString(s.budget));
    m_figures.insert(QStringLiteral("window"), locale.toString(window));
    m_figures.insert(QStringLiteral("cost"), dollars(s.cost, 4));
    QString deviation;
    if (prompt && *prompt > 0) {
        const double bias = 100.0 * double(s.estimatedTokens - *prompt) / double(*prompt);
        deviation = QStringLiteral(" (")
            + tr("estimate %1")
                  .arg((bias >= 0 ? QStringLiteral("+") : QString()) + locale.toString(bias, 'f', 1) + QLatin1Char('%'))
            + QLatin1Char(')');
        m_figures.insert(QStringLiteral("bias"), locale.toString(bias, 'f', 1));
    }
    const auto row = [](const QString &label, const QString &value) {
        return QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;&nbsp;<b>%2</b></td></tr>")
            .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    };
    m_numbers->setText(QStringLiteral("<table>")
                       + row(tr("Estimated prompt"), m_figures.value(QStringLiteral("estimate")))
                       + row(tr("Reported prompt"), m_figures.value(QStringLiteral("prompt")) + deviation)
                       + row(tr("Cached"), m_figures.value(QStringLiteral("cached")))
                       + row(tr("Completion"), m_figures.value(QStringLiteral("completion")))
                       + row(tr("Input budget"), m_figures.value(QStringLiteral("budget")))
                       + row(tr("Context window"), m_figures.value(QStringLiteral("window")))
                       + row(tr("Cost"), m_figures.value(QStringLiteral("cost"))) + QStringLiteral("</table>"));
    m_pages->setCurrentIndex(1);
    updateSummary();
}

void ContextInspector::updateSummary()
{
    using Kind = ContextItemModel::Kind;
    const QLocale locale;
    const int sent = m_model->count(Kind::Message, true);
    const int left = m_model->count(Kind::Message, false);
    const QString tokensSent = locale.toString(m_model->tokens(Kind::Message, true));
    const QString tokensLeft = locale.toString(m_model->tokens(Kind::Message, false));
    m_counts->setText(counted(sent, tr("Sent: 1 message (%1 tokens)").arg(tokensSent),
                              tr("Sent: %1 messages (%2 tokens)").arg(QStringLiteral("%1"), tokensSent))
                      + QStringLiteral(" · ")
                      + counted(left, tr("left out: 1 (%1 tokens)").arg(tokensLeft),
                                tr("left out: %1 (%2 tokens)").arg(QStringLiteral("%1"), tokensLeft))
                      + QStringLiteral(" · ")
                      + counted(m_model->count(Kind::Memory, true), tr("1 memory"), tr("%1 memories"))
                      + (m_model->count(Kind::Recalled, true) > 0 ? QStringLiteral(" · ")
                                 + tr("recalled: %1 (%2 tokens)")
                                       .arg(m_model->count(Kind::Recalled, true))
                                       .arg(locale.toString(m_model->tokens(Kind::Recalled, true)))
                                                                  : QString()));
    m_reset->setEnabled(m_model->isModified());
    m_rerun->setEnabled(!m_reply.id.isEmpty() && hasSnapshot());
}

void ContextInspector::rerun()
{
    if (m_reply.id.isEmpty() || !hasSnapshot())
        return;
    ContextRerunRequest request = m_model->rerunRequest(m_reply.id, m_reply.parentId);
    if (request.sessionId.isEmpty())
        request.sessionId = m_reply.sessionId;
    Q_EMIT rerunRequested(request);
    const ContextExclusions exclusions = exclusionsOf(request);
    if (!exclusions.isEmpty())
        Q_EMIT rerunWithContextRequested(m_reply.id, exclusions);
}

} // namespace Skein
