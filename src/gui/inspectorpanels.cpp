// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "inspectorpanels.h"

#include "app/appcontext.h"
#include "branchview.h"
#include "contextinspector.h"
#include "engine/conversation/conversation.h"
#include "memoryinspector.h"
#include "usageview.h"

#include <QAction>
#include <QIcon>
#include <QTabWidget>

namespace Skein {

InspectorPanels::InspectorPanels(AppContext &context, QTabWidget *tabs, QWidget *window)
    : QObject(window)
    , m_context(context)
    , m_window(window)
{
    setObjectName(QStringLiteral("inspectorPanels"));
    m_branches = new BranchView(tabs);
    m_memory = new MemoryInspector(context.memories(), tabs);
    m_contextView = new ContextInspector(context.contextService(), tabs);
    tabs->addTab(m_branches, QIcon::fromTheme(QStringLiteral("vcs-branch")), tr("Branches"));
    tabs->addTab(m_memory, QIcon::fromTheme(QStringLiteral("bookmarks")), tr("Memory"));
    tabs->addTab(m_contextView, QIcon::fromTheme(QStringLiteral("documentinfo")), tr("Context"));

    connect(m_branches, &BranchView::messageActivated, this,
            [this](const QString &messageId) { Q_EMIT showMessageRequested(m_sessionId, messageId); });
    connect(m_memory, &MemoryInspector::sourceRequested, this, &InspectorPanels::showMessageRequested);
    connect(m_contextView, &ContextInspector::rerunRequested, this, &InspectorPanels::onRerun);

    m_usageAction = new QAction(tr("&Usage…"), this);
    m_usageAction->setObjectName(QStringLiteral("actionUsage"));
    m_usageAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    m_usageAction->setToolTip(tr("Tokens and cost per day, conversation and model"));
    connect(m_usageAction, &QAction::triggered, this, &InspectorPanels::showUsage);
}

UsageView *InspectorPanels::usageView() const
{
    return m_usage.data();
}

void InspectorPanels::setConversation(Conversation *conversation)
{
    m_sessionId = conversation ? conversation->sessionId() : QString();
    m_branches->setConversation(conversation);
    m_memory->setSession(m_sessionId);
    m_contextView->setSession(m_sessionId);
}

void InspectorPanels::setSelectedMessage(const QString &messageId)
{
    m_branches->setSelectedMessage(messageId);
    m_memory->setSelectedMessage(messageId);
    m_contextView->setSelectedMessage(messageId);
}

void InspectorPanels::messageStored(const QString &sessionId, const QString &messageId)
{
    if (sessionId != m_sessionId)
        return;
    m_memory->refresh();
    if (messageId == m_contextView->reply().id || m_contextView->isDraft())
        m_contextView->refresh();
}

void InspectorPanels::activeLeafChanged(const QString &sessionId, const QString &)
{
    if (sessionId != m_sessionId)
        return;
    if (m_contextView->isDraft())
        m_contextView->refresh();
}

void InspectorPanels::backgroundChanged(const QString &sessionId)
{
    if (sessionId != m_sessionId)
        return;
    m_memory->refresh();
    if (m_contextView->isDraft())
        m_contextView->refresh();
}

void InspectorPanels::showUsage()
{
    if (!m_usage) {
        m_usage = new UsageView(m_context.startup(), m_window);
        m_usage->setAttribute(Qt::WA_DeleteOnClose);
    } else {
        m_usage->refresh();
    }
    m_usage->show();
    m_usage->raise();
    m_usage->activateWindow();
}

void InspectorPanels::onRerun(const ContextRerunRequest &request)
{
    if (!request.hasChanges()) {
        Q_EMIT regenerateRequested(request.replyId);
        return;
    }
    if (m_rerunSupported)
        Q_EMIT rerunRequested(request);
    Q_EMIT rerunWithContextRequested(request.replyId, ContextInspector::exclusionsOf(request));
}

} // namespace Skein
