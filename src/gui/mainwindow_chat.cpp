// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// MainWindow: the chat area (sidebar, chat view, composer) and its menu actions.
#include "app/appcontext.h"
#include "app/services/memoryservice.h"
#include "app/services/sessionservice.h"
#include "app/settings/settingsservice.h"
#include "attachmentviewer.h"
#include "chatcontroller.h"
#include "chatview.h"
#include "composer.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/tools/toolhost.h"
#include "gui/plainmessagebox.h"
#include "linkopener.h"
#include "mainwindow.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"
#include "placeholderpanel.h"
#include "sessionsidebar.h"
#include "topicswitchbanner.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QThreadPool>
#include <QTimer>
#include <QVBoxLayout>

#include <ranges>

namespace Skein {

namespace {

const auto kLastSessionKey = QStringLiteral("chat/lastSession");

} // namespace

void MainWindow::buildChatArea()
{
    m_chat = new ChatController(m_context, this);
    m_links = new LinkOpener(this);
    m_sidebar = new SessionSidebar(*m_chat, this);

    m_chatArea = new QWidget(this);
    m_chatArea->setObjectName(QStringLiteral("chatArea"));
    m_chatArea->setAccessibleName(tr("Chat"));
    m_chatStack = new QStackedWidget(m_chatArea);
    auto *welcome = new PlaceholderPanel(tr("Welcome to Skein"),
                                         tr("Your conversations are trees: edit or regenerate any message to branch. "
                                            "Add a provider in Settings, then start a chat."),
                                         m_chatStack);
    welcome->setObjectName(QStringLiteral("welcomePanel"));
    m_chatView = new ChatView(m_chatStack);
    m_chatView->setThreadModel(m_chat->threadModel());
    m_chatView->setLinkOpener(m_links);
    m_chatStack->addWidget(welcome);
    m_chatStack->addWidget(m_chatView);
    m_composer = new Composer(m_chatArea);
    const bool enterSends = m_context.uiState().value(Composer::enterSendsKey(), true).toBool();
    ComposerEdit::setEnterSendsByDefault(enterSends); // also for messages edited in place
    m_composer->setEnterSends(enterSends);
    // The context engine's background work: after every stored reply (summaries, memories, the
    // topic check), idle compaction, and the offer to continue an unrelated task elsewhere.
    MemoryHousekeeper &housekeeper = m_context.housekeeper();
    m_topicBanner = new TopicSwitchBanner(housekeeper, m_chatArea);
    // Issue 17: an incognito conversation says so above it, with "Keep it" while leaving it
    // would delete it.
    m_incognitoBar = new QLabel(m_chatArea);
    m_incognitoBar->setObjectName(QStringLiteral("incognitoBar"));
    m_incognitoBar->setTextFormat(Qt::RichText);
    m_incognitoBar->setWordWrap(true);
    m_incognitoBar->setContentsMargins(10, 5, 10, 5);
    m_incognitoBar->setAutoFillBackground(true);
    m_incognitoBar->setBackgroundRole(QPalette::AlternateBase);
    m_incognitoBar->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_incognitoBar->hide();
    connect(m_incognitoBar, &QLabel::linkActivated, m_chat, &ChatController::keepIncognito);
    const auto showIncognito = [this] {
        const Session s = m_chat->currentSession();
        m_incognitoBar->setVisible(s.isIncognito());
        if (s.incognito == Session::Incognito::UntilClosed)
            m_incognitoBar->setText(
                tr("Incognito: nothing here is remembered or found by search, and the chat is deleted when you "
                   "leave it.")
                    .toHtmlEscaped()
                + QStringLiteral(" <a href=\"#keep\">") + tr("Keep it").toHtmlEscaped() + QStringLiteral("</a>"));
        else if (s.isIncognito())
            m_incognitoBar->setText(tr("Incognito: nothing here is remembered or found by search.").toHtmlEscaped());
        m_incognitoBar->setAccessibleName(m_incognitoBar->isVisible() ? tr("Incognito chat") : QString());
    };
    connect(m_chat, &ChatController::currentSessionChanged, m_incognitoBar, showIncognito);
    connect(m_chat, &ChatController::incognitoChanged, m_incognitoBar, showIncognito);
    auto *layout = new QVBoxLayout(m_chatArea);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_incognitoBar);
    layout->addWidget(m_chatStack, 1);
    layout->addWidget(m_topicBanner);
    layout->addWidget(m_composer);
    connect(&housekeeper, &MemoryHousekeeper::notice, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(&housekeeper, &MemoryHousekeeper::topicSwitchSuggested, m_topicBanner,
            [this](const QString &sessionId, const QString &messageId, const QString &title) {
                if (sessionId == m_chat->currentSessionId())
                    m_topicBanner->showSuggestion(sessionId, messageId, title);
            });
    connect(m_chat, &ChatController::currentSessionChanged, m_topicBanner, &TopicSwitchBanner::setCurrentSession);
    connect(m_topicBanner, &TopicSwitchBanner::sessionStarted, m_chat,
            [this](const QString &newSessionId) { m_chat->openNewSession(newSessionId); });
    connect(m_topicBanner, &TopicSwitchBanner::failed, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    setTabOrder(m_composer->editor(), m_chatView);

    connect(m_composer, &Composer::sendRequested, m_chat, [this](const QString &text) {
        m_chatView->showLatest(); // the user's own message is where the view goes
        m_chat->send(text, m_composer->takeAttachments());
        m_composer->clear();
    });
    connect(m_composer, &Composer::notice, this, [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    m_chatView->setAcceptDrops(true);
    m_chatView->viewport()->setAcceptDrops(true);
    connect(m_chatView, &ChatView::filesDropped, m_composer, &Composer::addFiles);
    // The attachment limits of Settings, now and whenever a setting is saved.
    const auto loadLimits = [this] {
        m_context.settingsService().load(this, [this](const Result<Settings::Values> &values) {
            if (values)
                m_composer->setLimits(AttachmentLimits::fromSettings(values.value()));
        });
    };
    loadLimits();
    connect(&m_context.settingsService(), &SettingsService::saved, this, loadLimits);
    connect(m_chatView, &ChatView::imageDropped, m_composer, &Composer::addImage);
    connect(m_composer, &Composer::stopRequested, m_chat, &ChatController::stop);
    connect(m_composer, &Composer::modelChosen, m_chat, &ChatController::chooseModel);
    connect(m_chat, &ChatController::modelChoicesChanged, m_composer, &Composer::setChoices);
    connect(m_chat, &ChatController::sessionModelChosen, m_composer, &Composer::selectModel);
    connect(m_chat, &ChatController::busyChanged, m_composer, &Composer::setBusy);
    connect(m_chat, &ChatController::queueChanged, m_composer, &Composer::setQueued);
    connect(m_chat, &ChatController::contextTokensChanged, m_composer, &Composer::setContextTokens);
    connect(m_chat, &ChatController::notice, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    m_chat->setResumeSession(m_context.uiState().value(kLastSessionKey).toString());
    connect(m_chat, &ChatController::currentSessionChanged, this, [this](const QString &id) {
        if (!id.isEmpty())
            m_context.uiState().setValue(kLastSessionKey, id);
        m_chatStack->setCurrentWidget(id.isEmpty() ? static_cast<QWidget *>(m_chatStack->widget(0)) : m_chatView);
    });
    connect(m_chat, &ChatController::scrollRequested, m_chatView, [this](const QString &id) {
        QTimer::singleShot(0, m_chatView, [this, id] { m_chatView->scrollToMessage(id); });
    });
    connect(m_chat, &ChatController::approvalRequested, this, [this](const ApprovalRequest &request) {
        QString text = tr("“%1” needs your approval: check its arguments on the card, then allow or deny it.")
                           .arg(request.call.toolName);
        if (request.change)
            text = request.change->summary() + QLatin1Char(' ') + text;
        statusBar()->showMessage(text);
        QTimer::singleShot(0, m_chatView, [this, request] {
            const ThreadModel *model = m_chat->threadModel();
            const QStringList path = model->path();
            for (const QString &id : std::views::reverse(path)) {
                const Message m = model->message(id);
                for (const auto &call : m.toolCalls)
                    if (call.toObject().value(QLatin1String("id")).toString() == request.call.callId) {
                        m_chatView->scrollToMessage(id);
                        return;
                    }
            }
        });
    });
    connect(m_chat, &ChatController::agentStateChanged, this, [this](const QString &sessionId, SessionState state) {
        if (sessionId != m_chat->currentSessionId())
            return;
        if (state == SessionState::WaitingTool && m_chat->threadModel()->rowCount() > 0)
            statusBar()->showMessage(tr("Running tools…"), 4000);
    });
    connect(m_chat, &ChatController::sendRefused, this, [this](const QString &text) {
        if (m_composer->text().trimmed().isEmpty())
            m_composer->editor()->setPlainText(text);
    });
    connect(m_chatView, &ChatView::selectedMessageChanged, m_chat, &ChatController::setSelectedMessage);
    connect(m_chatView, &ChatView::messageAction, this,
            [this](const QString &id, MessageDelegate::Action action, const QString &data) {
                onMessageAction(id, int(action), data);
            });
    connect(m_chatView, &ChatView::pinRequested, this, &MainWindow::pinNote);
    connect(m_chatView->messageDelegate(), &MessageDelegate::thumbnailWanted, this, &MainWindow::loadThumbnail,
            Qt::QueuedConnection);
}

void MainWindow::loadThumbnail(const QString &sha256)
{
    constexpr qint64 kMaxBytes = qint64(256) << 20; // stored images are at most 8,192 pixels a side
    const QSize box = MessageDelegate::kThumbnailBox * devicePixelRatio();
    QPointer<MainWindow> self(this);
    m_context.sessions().attachmentContent(sha256, kMaxBytes, this, [self, sha256, box](Result<QByteArray> bytes) {
        if (!self || !bytes)
            return;
        QThreadPool::globalInstance()->start([self, sha256, box, data = bytes.value()] {
            const QImage thumbnail = AttachmentTray::decodeScaled(data, box);
            QMetaObject::invokeMethod(qApp, [self, sha256, thumbnail] {
                if (!self)
                    return;
                self->m_chatView->messageDelegate()->setThumbnail(sha256, thumbnail);
                self->m_chatView->viewport()->update();
            });
        });
    });
}

void MainWindow::buildChatMenus(QMenu *session)
{
    auto add = [&](const QString &text, const QKeySequence &key, const char *name, auto slot) {
        QAction *action = session->addAction(text);
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcut(key);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    QAction *send = add(tr("S&end"), QKeySequence(Qt::CTRL | Qt::Key_Return), "actionSend",
                        [this] { Q_EMIT m_composer->editor()->submitted(); });
    send->setShortcutContext(Qt::WindowShortcut);
    QAction *stop = add(tr("&Stop"), QKeySequence(Qt::Key_Escape), "actionStop", [this] { m_chat->stop(); });
    stop->setEnabled(false);
    connect(m_chat, &ChatController::busyChanged, stop, &QAction::setEnabled);
    session->addSeparator();
    add(tr("&Rename…"), QKeySequence(Qt::Key_F2), "actionRename", [this] { m_sidebar->renameSelected(); });
    add(tr("&Pin / Unpin"), {}, "actionPin", [this] {
        const QString id = m_sidebar->selectedSessionId();
        if (!id.isEmpty())
            m_chat->setPinned(id, !m_chat->sessionModel()->session(id).pinned);
    });
    add(tr("D&uplicate"), {}, "actionDuplicate", [this] {
        if (!m_sidebar->selectedSessionId().isEmpty())
            m_chat->duplicateSession(m_sidebar->selectedSessionId());
    });
    add(tr("&Archive"), {}, "actionArchive", [this] {
        if (!m_sidebar->selectedSessionId().isEmpty())
            m_chat->archiveSession(m_sidebar->selectedSessionId());
    });
    add(tr("&Delete"), {}, "actionDelete", [this] {
        if (!m_sidebar->selectedSessionId().isEmpty())
            m_chat->deleteSession(m_sidebar->selectedSessionId());
    });
    session->addSeparator();
    add(tr("Pre&vious Message"), QKeySequence(Qt::ALT | Qt::Key_Up), "actionPreviousMessage",
        [this] { m_chatView->moveToMessage(-1); });
    add(tr("Ne&xt Message"), QKeySequence(Qt::ALT | Qt::Key_Down), "actionNextMessage",
        [this] { m_chatView->moveToMessage(1); });
    add(tr("Message &Actions…"), QKeySequence(Qt::ALT | Qt::Key_Return), "actionMessageActions", [this] {
        const QModelIndex current = m_chatView->currentIndex();
        if (current.isValid())
            m_chatView->showActions(current);
    });
    session->addSeparator();
    // Alt+Left / Alt+Right act on the selected message, or the nearest one above it that has
    // alternatives.
    auto switchBranch = [this](ConversationTree::Direction direction) {
        const ThreadModel *model = m_chat->threadModel();
        const QStringList path = model->path();
        qsizetype at = path.indexOf(m_chatView->currentMessageId());
        while (at >= 0 && model->conversation()->tree().siblingIndex(path.at(at)).count < 2)
            --at;
        if (at >= 0)
            m_chat->switchSibling(path.at(at), direction);
    };
    add(tr("Previous &Branch"), QKeySequence(Qt::ALT | Qt::Key_Left), "actionPreviousBranch",
        [switchBranch] { switchBranch(ConversationTree::Direction::Previous); });
    add(tr("Next B&ranch"), QKeySequence(Qt::ALT | Qt::Key_Right), "actionNextBranch",
        [switchBranch] { switchBranch(ConversationTree::Direction::Next); });
    add(tr("Re&generate Reply"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), "actionRegenerate", [this] {
        const ThreadModel *model = m_chat->threadModel();
        const QStringList path = model->path();
        for (const QString &id : std::views::reverse(path))
            if (model->message(id).role == Role::Assistant) {
                m_chat->regenerate(id);
                return;
            }
    });
}

void MainWindow::buildToolsMenu(QMenu *tools)
{
    QAction *use = tools->addAction(tr("&Use Tools"));
    use->setObjectName(QStringLiteral("actionUseTools"));
    use->setCheckable(true);
    use->setChecked(m_context.uiState().value(QStringLiteral("chat/tools_enabled"), true).toBool());
    use->setToolTip(tr("Offer the built-in tools and the MCP servers' tools to the model"));
    m_chat->setToolsEnabled(use->isChecked());
    connect(use, &QAction::toggled, this, [this](bool on) {
        m_context.uiState().setValue(QStringLiteral("chat/tools_enabled"), on);
        m_chat->setToolsEnabled(on);
    });
    tools->addSeparator();
    // Keyboard access to the approval on the newest card waiting for one.
    auto decide = [this](ApprovalDecision decision) {
        const ThreadModel *model = m_chat->threadModel();
        const QStringList path = model->path();
        for (const QString &id : std::views::reverse(path)) {
            const ToolCallStates states = model->toolCallStates(id);
            for (auto it = states.cbegin(); it != states.cend(); ++it)
                if (it.value().phase == ToolCallState::Phase::AwaitingApproval && m_chat->pendingApproval(it.key())) {
                    m_chat->decideTool(it.key(), decision);
                    return;
                }
        }
        statusBar()->showMessage(tr("No tool call is waiting for approval."), 4000);
    };
    QAction *once = tools->addAction(tr("Allow Tool Call &Once"));
    once->setObjectName(QStringLiteral("actionAllowOnce"));
    once->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y));
    connect(once, &QAction::triggered, this, [decide] { decide(ApprovalDecision::AllowOnce); });
    QAction *always = tools->addAction(tr("&Always Allow This Tool"));
    always->setObjectName(QStringLiteral("actionAllowAlways"));
    connect(always, &QAction::triggered, this, [decide] { decide(ApprovalDecision::AllowAlways); });
    QAction *deny = tools->addAction(tr("&Deny Tool Call"));
    deny->setObjectName(QStringLiteral("actionDenyTool"));
    deny->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(deny, &QAction::triggered, this, [decide] { decide(ApprovalDecision::Deny); });
    tools->addSeparator();
    QAction *restart = tools->addAction(tr("&Restart Tool Servers"));
    restart->setObjectName(QStringLiteral("actionRestartToolServers"));
    connect(restart, &QAction::triggered, this, [this] {
        const QStringList failed = m_chat->toolHost()->failedServers();
        for (const QString &name : failed)
            m_chat->toolHost()->restartServer(name);
        statusBar()->showMessage(failed.isEmpty() ? tr("Every tool server is running.")
                                                  : tr("Restarting: %1").arg(failed.join(QStringLiteral(", "))),
                                 5000);
    });
}

void MainWindow::pinNote(const QString &messageId, const QString &text, bool global)
{
    const QString sessionId = m_chat->currentSessionId();
    QPointer<MainWindow> self(this);
    m_context.memories().pin(text, global ? MemoryScope::Global : MemoryScope::Session, sessionId, messageId, this,
                             [self, global](const Status &s) {
                                 if (!self)
                                     return;
                                 QString notice = global
                                     ? tr("Pinned. Every conversation's requests now carry this note.")
                                     : tr("Pinned. This conversation's requests now carry this note.");
                                 if (!s)
                                     notice = tr("Could not pin the note: %1").arg(s.error().message);
                                 self->statusBar()->showMessage(notice, 8000);
                             });
}

void MainWindow::onMessageAction(const QString &messageId, int action, const QString &data)
{
    using A = MessageDelegate::Action;
    switch (A(action)) {
    case A::Copy:
        QApplication::clipboard()->setText(m_chat->threadModel()->message(messageId).content);
        statusBar()->showMessage(tr("Message copied."), 3000);
        return;
    case A::Edit: // sent from the message's in-place editor, with the new text
        if (!data.trimmed().isEmpty())
            m_chat->editMessage(messageId, data);
        return;
    case A::Regenerate:
    case A::Retry:
        m_chat->regenerate(messageId);
        return;
    case A::Continue:
        m_chat->continueReply(messageId);
        return;
    case A::PreviousSibling:
        m_chat->switchSibling(messageId, ConversationTree::Direction::Previous);
        return;
    case A::NextSibling:
        m_chat->switchSibling(messageId, ConversationTree::Direction::Next);
        return;
    case A::Approve:
        m_chat->decideTool(data, ApprovalDecision::AllowOnce);
        return;
    case A::ApproveAlways:
        m_chat->decideTool(data, ApprovalDecision::AllowAlways);
        return;
    case A::Deny:
        m_chat->decideTool(data, ApprovalDecision::Deny);
        return;
    case A::OpenAttachment:
        for (const Attachment &a : m_chat->threadModel()->message(messageId).attachments)
            if (a.id == data)
                (new AttachmentViewer(a, m_context.sessions(), this))->open();
        return;
    case A::Delete: {
        auto *box = plainMessageBox(QMessageBox::Question, tr("Delete Branch"),
                                    tr("Delete this message and every reply below it? This cannot be undone."),
                                    QMessageBox::Cancel, this);
        box->setObjectName(QStringLiteral("deleteBranchDialog"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        QPushButton *remove = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
        connect(box, &QMessageBox::finished, this, [this, box, remove, messageId](int) {
            if (box->clickedButton() == remove)
                m_chat->deleteBranch(messageId);
        });
        box->open();
        return;
    }
    default:
        return;
    }
}

void MainWindow::showMessageSource(const QString &messageId)
{
    // The message's source text, selectable: plain text, so nothing in it is interpreted.
    const Message m = m_chat->threadModel()->message(messageId);
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("messageSourceDialog"));
    dialog->setWindowTitle(tr("Message Text"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *text = new QPlainTextEdit(dialog);
    text->setReadOnly(true);
    text->setPlainText(m.content);
    text->setAccessibleName(tr("Message text"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(560, 400);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    dialog->open();
}

} // namespace Skein
