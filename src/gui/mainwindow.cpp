// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "mainwindow.h"

#include "aboutdialog.h"
#include "accessibility.h"
#include "app/appcontext.h"
#include "app/settings/dataservice.h"
#include "branchview.h"
#include "chatcontroller.h"
#include "chatview.h"
#include "composer.h"
#include "contextinspector.h"
#include "core/appinfo.h"
#include "engine/memory/memoryhousekeeper.h"
#include "importprogress.h"
#include "inspectorpanels.h"
#include "linkopener.h"
#include "memoryinspector.h"
#include "models/sessionlistmodel.h"
#include "models/threadmodel.h"
#include "placeholderpanel.h"
#include "sessionsidebar.h"
#include "settings/appearance.h"
#include "settings/firstrundialog.h"
#include "settings/settingsdialog.h"
#include "storagestartup.h"
#include "themecolors.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPrintDialog>
#include <QPrinter>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace Skein {

namespace {

const auto kGeometryKey = QStringLiteral("mainWindow/geometry");
const auto kStateKey = QStringLiteral("mainWindow/state");
const auto kSplitterKey = QStringLiteral("mainWindow/splitter");

} // namespace

MainWindow::MainWindow(AppContext &context, QWidget *parent)
    : QMainWindow(parent)
    , m_context(context)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(AppInfo::displayName());
    setWindowIcon(QIcon(QStringLiteral(":/icons/skein.svg")));
    Appearance::applySaved(m_context.uiState());
    buildPanels();
    buildMenus();
    restoreLayout();
    m_storage = new StorageStartup(m_context, this);
    connect(m_storage, &StorageStartup::stateChanged, this, &MainWindow::showStorageState);
    connect(m_storage, &StorageStartup::recovered, m_chat, [this](int repairs) {
        statusBar()->showMessage(
            tr("Recovered after an unexpected exit: %n interrupted reply or tool call(s) closed.", nullptr, repairs),
            8000);
        m_chat->reloadCurrentSession();
    });
    connect(m_storage, &StorageStartup::stateChanged, m_chat, [this](StorageStartup::State state) {
        if (state == StorageStartup::State::Ready || state == StorageStartup::State::ReadOnly)
            m_chat->start();
    });
    m_storage->start();
}

void MainWindow::showStorageState()
{
    switch (m_storage->state()) {
    case StorageStartup::State::Opening:
        statusBar()->showMessage(tr("Opening the database…"));
        return;
    case StorageStartup::State::Ready:
        m_banner->hide();
        statusBar()->showMessage(tr("Ready"), 5000);
        findChild<QAction *>(QStringLiteral("actionSettings"))->setEnabled(true);
        findChild<QAction *>(QStringLiteral("actionImport"))->setEnabled(true);
        m_context.housekeeper().start();
        showFirstRunIfNeeded(m_context, this);
        return;
    case StorageStartup::State::ReadOnly:
    case StorageStartup::State::Damaged:
    case StorageStartup::State::Failed:
        m_banner->setText(m_storage->problem());
        m_banner->show();
        statusBar()->clearMessage();
        return;
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::buildPanels()
{
    buildChatArea();

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_sidebar);
    splitter->addWidget(m_chatArea);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 700});

    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("storageBanner"));
    m_banner->setTextFormat(Qt::PlainText);
    m_banner->setWordWrap(true);
    m_banner->setContentsMargins(10, 6, 10, 6);
    m_banner->setAutoFillBackground(true);
    QPalette warning = m_banner->palette();
    warning.setColor(QPalette::Window, ThemeColors::warningBackground(warning));
    warning.setColor(QPalette::WindowText, ThemeColors::warningText(warning));
    m_banner->setPalette(warning);
    m_banner->hide();
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(splitter, 1);
    setCentralWidget(central);

    m_inspectorTabs = new QTabWidget(this);
    m_inspectorTabs->setObjectName(QStringLiteral("inspectorTabs"));
    m_panels = new InspectorPanels(m_context, m_inspectorTabs, this);
    connect(m_chat, &ChatController::currentSessionChanged, m_panels,
            [this] { m_panels->setConversation(m_chat->conversation()); });
    connect(m_chat, &ChatController::selectedMessageChanged, m_panels, &InspectorPanels::setSelectedMessage);
    connect(m_chat, &ChatController::messageStored, m_panels, &InspectorPanels::messageStored);
    connect(m_chat, &ChatController::activeLeafChanged, m_panels, &InspectorPanels::activeLeafChanged);
    connect(&m_context.housekeeper(), &MemoryHousekeeper::summariesChanged, m_panels,
            &InspectorPanels::backgroundChanged);
    connect(&m_context.housekeeper(), &MemoryHousekeeper::memoriesChanged, m_panels,
            &InspectorPanels::backgroundChanged);
    connect(m_panels, &InspectorPanels::showMessageRequested, m_chat, &ChatController::openMessage);
    connect(m_panels, &InspectorPanels::regenerateRequested, m_chat, &ChatController::regenerate);
    connect(m_panels, &InspectorPanels::rerunWithContextRequested, m_chat, &ChatController::rerunWithContext);
    // The Context tab's "next request" counts what is being typed (debounced there).
    connect(m_composer->editor(), &QPlainTextEdit::textChanged, m_panels,
            [this] { m_panels->contextInspector()->setDraftText(m_composer->text()); });

    m_inspectorDock = new QDockWidget(tr("Inspector"), this);
    m_inspectorDock->setObjectName(QStringLiteral("inspectorDock"));
    m_inspectorDock->setWidget(m_inspectorTabs);
    addDockWidget(Qt::RightDockWidgetArea, m_inspectorDock);
    Accessibility::nameInnerControls(this);
    statusBar()->showMessage(tr("Opening the database…"));
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newChat = file->addAction(tr("&New Chat"));
    newChat->setIcon(QIcon::fromTheme(QStringLiteral("document-new")));
    newChat->setObjectName(QStringLiteral("actionNewChat"));
    newChat->setShortcut(QKeySequence::New);
    connect(newChat, &QAction::triggered, m_chat, [this] {
        m_chat->newSession();
        m_composer->editor()->setFocus();
    });
    QAction *newIncognito = file->addAction(tr("New &Incognito Chat"));
    newIncognito->setObjectName(QStringLiteral("actionNewIncognitoChat"));
    newIncognito->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    newIncognito->setStatusTip(tr("A chat that is not remembered, not searchable and deleted when you leave it"));
    connect(newIncognito, &QAction::triggered, m_chat, [this] {
        m_chat->newSession(true);
        m_composer->editor()->setFocus();
    });
    QAction *import = file->addAction(tr("&Import…"));
    import->setIcon(QIcon::fromTheme(QStringLiteral("document-import")));
    import->setObjectName(QStringLiteral("actionImport"));
    import->setEnabled(false); // until the database is open
    connect(import, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import Conversations"), QDir::homePath(),
            tr("Exports of Skein, ChatGPT, Claude, Open WebUI or LibreChat (*.json *.zip);;All files (*)"));
        if (!path.isEmpty())
            importFile(path);
    });
    QAction *exportAction = file->addAction(tr("&Export Conversation…"));
    exportAction->setIcon(QIcon::fromTheme(QStringLiteral("document-export")));
    exportAction->setObjectName(QStringLiteral("actionExport"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(exportAction, &QAction::triggered, this,
            [this] { m_sidebar->exportSession(m_sidebar->selectedSessionId()); });
    QAction *print = file->addAction(tr("&Print Conversation…"));
    print->setIcon(QIcon::fromTheme(QStringLiteral("document-print")));
    print->setObjectName(QStringLiteral("actionPrint"));
    print->setShortcut(QKeySequence::Print);
    connect(print, &QAction::triggered, this, &MainWindow::printConversation);
    file->addSeparator();
    QAction *settings = file->addAction(tr("&Settings…"));
    settings->setIcon(QIcon::fromTheme(QStringLiteral("configure")));
    settings->setObjectName(QStringLiteral("actionSettings"));
    settings->setShortcut(QKeySequence::Preferences);
    settings->setMenuRole(QAction::PreferencesRole);
    settings->setEnabled(false); // until the database is open
    connect(settings, &QAction::triggered, this, [this] {
        SettingsDialog *dialog = openSettingsDialog(m_context, this);
        connect(dialog, &SettingsDialog::providersChanged, m_chat, &ChatController::reloadProviders,
                Qt::UniqueConnection);
        // Agent limits, memory review and MCP servers take effect for the next send.
        connect(dialog, &QDialog::finished, m_chat, &ChatController::reloadTools, Qt::UniqueConnection);
    });
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"));
    quit->setIcon(QIcon::fromTheme(QStringLiteral("application-exit")));
    quit->setObjectName(QStringLiteral("actionQuit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *copy = edit->addAction(tr("&Copy Message"));
    copy->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    copy->setObjectName(QStringLiteral("actionCopyMessage"));
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(copy, &QAction::triggered, this, [this] {
        const QString id = m_chatView->currentMessageId();
        if (!id.isEmpty())
            onMessageAction(id, int(MessageDelegate::Action::Copy), {});
    });
    QAction *undo = edit->addAction(tr("&Undo Delete"));
    undo->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    undo->setObjectName(QStringLiteral("actionUndoDelete"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setEnabled(false);
    connect(undo, &QAction::triggered, m_chat, &ChatController::undoDelete);
    connect(m_chat, &ChatController::undoAvailable, undo, [undo] { undo->setEnabled(true); });
    connect(m_chat, &ChatController::undoExpired, undo, [undo] { undo->setEnabled(false); });
    QAction *source = edit->addAction(tr("View Message &Source"));
    source->setIcon(QIcon::fromTheme(QStringLiteral("format-text-code")));
    source->setObjectName(QStringLiteral("actionMessageSource"));
    source->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_U));
    connect(source, &QAction::triggered, this, [this] {
        const QString id = m_chatView->currentMessageId();
        if (!id.isEmpty())
            showMessageSource(id);
    });
    edit->addSeparator();
    QAction *find = edit->addAction(tr("&Search Conversations"));
    find->setIcon(QIcon::fromTheme(QStringLiteral("edit-find")));
    find->setObjectName(QStringLiteral("actionSearch"));
    find->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    connect(find, &QAction::triggered, this, [this] {
        m_sidebar->show();
        m_sidebar->focusSearch();
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *toggleSidebar = view->addAction(tr("Show &Sidebar"));
    toggleSidebar->setIcon(QIcon::fromTheme(QStringLiteral("sidebar-expand-left")));
    toggleSidebar->setObjectName(QStringLiteral("actionToggleSidebar"));
    toggleSidebar->setCheckable(true);
    toggleSidebar->setChecked(true);
    toggleSidebar->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(toggleSidebar, &QAction::toggled, m_sidebar, &QWidget::setVisible);
    QAction *toggleInspector = m_inspectorDock->toggleViewAction();
    toggleInspector->setText(tr("Show &Inspector"));
    toggleInspector->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    toggleInspector->setIcon(QIcon::fromTheme(QStringLiteral("view-right-new")));
    view->addAction(toggleInspector);
    view->addSeparator();
    const QStringList tabs {tr("&Branches"), tr("&Memory"), tr("&Context")};
    for (int i = 0; i < tabs.size(); ++i) {
        QAction *tab = view->addAction(tabs.at(i));
        tab->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | (Qt::Key_1 + i)));
        connect(tab, &QAction::triggered, this, [this, i] {
            m_inspectorDock->show();
            m_inspectorTabs->setCurrentIndex(i);
            // Keyboard users land in the panel's main view (the graph, the table).
            if (QWidget *panel = m_inspectorTabs->currentWidget()) {
                QWidget *target = panel;
                const QList<QAbstractScrollArea *> views = panel->findChildren<QAbstractScrollArea *>();
                for (QAbstractScrollArea *v : views)
                    if (v->isVisibleTo(panel) && v->focusPolicy() != Qt::NoFocus) {
                        target = v;
                        break;
                    }
                target->setFocus(Qt::ShortcutFocusReason);
            }
        });
    }
    // The branch graph's zoom and compact mode, and every memory action, from the menus too.
    QMenu *branches = view->addMenu(tr("Branch &Graph"));
    branches->setObjectName(QStringLiteral("menuBranchGraph"));
    branches->addActions(m_panels->branchView()->actions());
    QMenu *memories = view->addMenu(tr("Memor&ies"));
    memories->setObjectName(QStringLiteral("menuMemories"));
    memories->addActions(m_panels->memoryInspector()->actions());
    view->addSeparator();
    view->addAction(m_panels->usageAction());
    view->addSeparator();
    QAction *fullScreen = view->addAction(tr("&Full Screen"));
    fullScreen->setShortcut(QKeySequence::FullScreen);
    fullScreen->setCheckable(true);
    connect(fullScreen, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? windowState() | Qt::WindowFullScreen : windowState() & ~Qt::WindowFullScreen);
    });

    buildToolBar({newChat, toggleSidebar, find}, {toggleInspector, settings});

    QMenu *session = menuBar()->addMenu(tr("&Session"));
    buildChatMenus(session);
    buildToolsMenu(menuBar()->addMenu(tr("&Tools")));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Skein"));
    about->setIcon(QIcon::fromTheme(QStringLiteral("help-about")));
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
    QAction *aboutQt = help->addAction(tr("About &Qt"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::buildToolBar(const QList<QAction *> &leading, const QList<QAction *> &trailing)
{
    // The few actions used all the time; the menus hold the rest.
    QToolBar *bar = addToolBar(tr("Main Toolbar"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setFloatable(false);
    bar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    bar->addActions(leading);
    auto *spring = new QWidget(bar);
    spring->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spring);
    bar->addActions(trailing);
    for (QAction *action : leading + trailing) {
        // A button's tooltip names its shortcut, as the menu does.
        // Without its mnemonic: "&New Chat", and in Chinese "新建对话(&N)".
        static const QRegularExpression mnemonic(QStringLiteral("\\(&\\w\\)|&(?=\\S)"));
        const QString text = QString(action->text()).remove(mnemonic).remove(QStringLiteral("…"));
        action->setIconText(text);
        const QKeySequence key = action->shortcut();
        action->setToolTip(key.isEmpty() ? text : tr("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
        bar->widgetForAction(action)->setAccessibleName(text);
    }
    // The » button a narrow window shows for the actions that do not fit.
    if (auto *more = bar->findChild<QToolButton *>(QStringLiteral("qt_toolbar_ext_button")))
        more->setAccessibleName(tr("More Actions"));
    if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(leading.first())))
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon); // "New Chat" reads at a glance
}

void MainWindow::importFile(const QString &path)
{
    // One transaction on the writer thread: nothing half-imported, durable, cancellable.
    auto *progress = new ImportProgress(m_context.dataService(), path, this);
    connect(progress, &ImportProgress::importFinished, this, [this](bool changed) {
        if (changed)
            m_chat->reloadSessions();
    });
}

void MainWindow::printConversation()
{
    const QString id = m_sidebar->selectedSessionId();
    if (id.isEmpty())
        return;
    auto printer = std::make_shared<QPrinter>(QPrinter::HighResolution);
    printer->setDocName(m_chat->sessionModel()->session(id).title);
    auto *dialog = new QPrintDialog(printer.get(), this);
    dialog->setObjectName(QStringLiteral("printDialog"));
    dialog->setWindowTitle(tr("Print Conversation"));
    dialog->setOption(QAbstractPrintDialog::PrintSelection, false);
    dialog->setOption(QAbstractPrintDialog::PrintPageRange, false);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The dialog edits the printer; the job keeps it alive until the last page is out.
    connect(dialog, &QDialog::accepted, this, [this, id, printer] { m_chat->printSession(id, printer); });
    dialog->open();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    // Back from the first-run or Settings dialog: providers may have been added.
    if (event->type() == QEvent::ActivationChange && isActiveWindow() && m_storage
        && m_storage->state() == StorageStartup::State::Ready)
        m_chat->reloadProviders();
}

void MainWindow::restoreLayout()
{
    QSettings &state = m_context.uiState();
    if (!restoreGeometry(state.value(kGeometryKey).toByteArray())) {
        // First start: most of the screen, centred; remembered from then on.
        const QRect screen = this->screen()->availableGeometry();
        const QSize size(std::min(screen.width() * 9 / 10, 1680), std::min(screen.height() * 9 / 10, 1080));
        resize(size);
        move(screen.center() - QPoint(size.width() / 2, size.height() / 2));
    }
    restoreState(state.value(kStateKey).toByteArray());
    if (auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter")))
        splitter->restoreState(state.value(kSplitterKey).toByteArray());
}

void MainWindow::saveLayout()
{
    QSettings &state = m_context.uiState();
    state.setValue(kGeometryKey, saveGeometry());
    state.setValue(kStateKey, saveState());
    if (auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter")))
        state.setValue(kSplitterKey, splitter->saveState());
    state.sync();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    event->accept();
}

void MainWindow::showAbout()
{
    auto *dialog = new AboutDialog(m_context.componentVersions(), this);
    dialog->setObjectName(QStringLiteral("aboutDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace Skein
