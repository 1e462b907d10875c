#pragma once

#include <QMainWindow>

class QDockWidget;
class QLabel;
class QTabWidget;

namespace Skein {

class AppContext;
class StorageStartup;

// Assembles the panels and wires actions; each panel is its own widget.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(AppContext &context, QWidget *parent = nullptr);
    ~MainWindow() override;

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildPanels();
    void buildMenus();
    void restoreLayout();
    void saveLayout();
    void showAbout();
    void showStorageState();

    AppContext &m_context;
    QWidget *m_sidebar = nullptr;
    QWidget *m_chatArea = nullptr;
    QDockWidget *m_inspectorDock = nullptr;
    QTabWidget *m_inspectorTabs = nullptr;
    QLabel *m_banner = nullptr;
    StorageStartup *m_storage = nullptr;
};

} // namespace Skein
