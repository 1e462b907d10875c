/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QMainWindow>

class QMenu;

class QDockWidget;
class QLabel;
class QStackedWidget;
class QTabWidget;

namespace Skein {

class AppContext;
class ChatController;
class ChatView;
class InspectorPanels;
class Composer;
class LinkOpener;
class SessionSidebar;
class StorageStartup;
class TopicSwitchBanner;

// Assembles the panels and wires actions; each panel is its own widget.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(AppContext &context, QWidget *parent = nullptr);
    ~MainWindow() override;

    // The chat area's controller: panels connect to its currentSessionChanged(id),
    // selectedMessageChanged(id), activeLeafChanged(sessionId, leafId) and messageStored
    // signals and call openMessage(sessionId, messageId) / showBranchOf(messageId) to jump.
    ChatController *chatController() const { return m_chat; }
    ChatView *chatView() const { return m_chatView; }
    Composer *composer() const { return m_composer; }
    // The one path through which links in rendered content open (tests replace its dialog).
    LinkOpener *linkOpener() const { return m_links; }
    // The Branches / Memory / Context panels and View → Usage.
    InspectorPanels *inspectorPanels() const { return m_panels; }
    // File → Import… after the file dialog: imports a Skein export (one transaction) and lists
    // what arrived.
    void importFile(const QString &path);
    // File → Print…: the print dialog, then the active branch is laid out and printed off the GUI
    // thread.
    void printConversation();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildPanels();
    void buildMenus();
    void buildToolBar(const QList<QAction *> &leading, const QList<QAction *> &trailing);
    void restoreLayout();
    void saveLayout();
    void showAbout();
    void showStorageState();
    void buildChatArea();
    void buildChatMenus(QMenu *session);
    void buildToolsMenu(QMenu *tools);
    void onMessageAction(const QString &messageId, int action, const QString &data);
    void pinNote(const QString &messageId, const QString &text, bool global);
    // A thumbnail of an image attachment: read and decoded off the GUI thread, then shown.
    void loadThumbnail(const QString &sha256);
    void showMessageSource(const QString &messageId);

    AppContext &m_context;
    ChatController *m_chat = nullptr;
    LinkOpener *m_links = nullptr;
    SessionSidebar *m_sidebar = nullptr;
    QWidget *m_chatArea = nullptr;
    QStackedWidget *m_chatStack = nullptr;
    ChatView *m_chatView = nullptr;
    Composer *m_composer = nullptr;
    TopicSwitchBanner *m_topicBanner = nullptr;
    QLabel *m_incognitoBar = nullptr;
    QDockWidget *m_inspectorDock = nullptr;
    QTabWidget *m_inspectorTabs = nullptr;
    InspectorPanels *m_panels = nullptr;
    QLabel *m_banner = nullptr;
    StorageStartup *m_storage = nullptr;
};

} // namespace Skein
