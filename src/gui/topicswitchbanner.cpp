// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "topicswitchbanner.h"

#include "engine/memory/memoryhousekeeper.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace Skein {

TopicSwitchBanner::TopicSwitchBanner(MemoryHousekeeper &housekeeper, QWidget *parent)
    : QFrame(parent)
    , m_housekeeper(housekeeper)
    , m_text(new QLabel(this))
    , m_continue(new QPushButton(tr("Continue in a New Session"), this))
    , m_dismiss(new QPushButton(tr("Dismiss"), this))
{
    setObjectName(QStringLiteral("topicSwitchBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_text->setObjectName(QStringLiteral("topicSwitchText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_continue->setObjectName(QStringLiteral("topicSwitchContinue"));
    m_continue->setToolTip(tr("Start a fresh conversation that links back to this one, so the earlier "
                              "context does not get in the way"));
    m_dismiss->setObjectName(QStringLiteral("topicSwitchDismiss"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_continue);
    layout->addWidget(m_dismiss);
    connect(m_continue, &QPushButton::clicked, this, &TopicSwitchBanner::accept);
    connect(m_dismiss, &QPushButton::clicked, this, &TopicSwitchBanner::dismiss);
    hide();
}

void TopicSwitchBanner::showSuggestion(const QString &sessionId, const QString &messageId, const QString &title)
{
    m_sessionId = sessionId;
    m_messageId = messageId;
    m_title = title.trimmed();
    m_text->setText(m_title.isEmpty()
                        ? tr("Your last message seems to start a new topic. Continue in a new session so the "
                             "earlier conversation does not get in the way?")
                        : tr("Your last message seems to start a new topic (“%1”). Continue in a new session so "
                             "the earlier conversation does not get in the way?")
                              .arg(m_title));
    m_continue->setEnabled(true);
    show();
}

void TopicSwitchBanner::setCurrentSession(const QString &sessionId)
{
    if (!m_sessionId.isEmpty() && sessionId != m_sessionId) {
        hide();
        m_sessionId.clear();
        m_messageId.clear();
    }
}

void TopicSwitchBanner::accept()
{
    if (m_sessionId.isEmpty())
        return;
    m_continue->setEnabled(false);
    const QString oldSession = m_sessionId;
    const QString message = m_messageId;
    const QString title = m_title.isEmpty() ? tr("New topic") : m_title;
    m_housekeeper.startReferencingSession(
        oldSession, message, title, this, [this, oldSession, message](Result<Session> created) {
            m_continue->setEnabled(true);
            if (!created) {
                Q_EMIT failed(tr("Could not start a new session: %1").arg(created.error().message));
                return;
            }
            hide();
            m_sessionId.clear();
            m_messageId.clear();
            Q_EMIT sessionStarted(created->id, oldSession, message);
        });
}

void TopicSwitchBanner::dismiss()
{
    hide();
    m_sessionId.clear();
    m_messageId.clear();
    Q_EMIT dismissed();
}

} // namespace Skein
