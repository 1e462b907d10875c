#pragma once

#include <QMainWindow>

class QDockWidget;
class QTabWidget;

namespace Skein {

class AppContext;

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

    AppContext &m_context;
    QWidget *m_sidebar = nullptr;
    QWidget *m_chatArea = nullptr;
    QDockWidget *m_inspectorDock = nullptr;
    QTabWidget *m_inspectorTabs = nullptr;
};

} // namespace Skein
