#pragma once

#include "core/settings/settingskeys.h"
#include "engine/tools/mcpserverconfig.h"

#include <QDialog>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QPushButton;

namespace Skein {

class AppContext;
class McpServerListModel;
class SettingsSaver;

// MCP servers: the list (checked = enabled), add one by hand, import a desktop-format
// {"mcpServers": …} file, remove, and open a server's stderr log. Saved as that same JSON under
// Settings::Keys::mcpServers.
class McpPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpPage)

public:
    McpPage(AppContext &context, SettingsSaver *saver, QWidget *parent = nullptr);
    ~McpPage() override;

    void load(const Settings::Values &values);
    // Reads the file off the GUI thread and merges its servers into the list (same name = replaced).
    void importFile(const QString &path);
    McpServerListModel *servers() const { return m_model; }

Q_SIGNALS:
    void importFinished(int imported, const QStringList &errors);

private:
    void save();
    void keepSecrets(const McpServerConfig &server);
    void confirmImport(const McpConfigParseResult &parsed);
    void addServer();
    void removeSelected();
    void openLog();
    void updateButtons();

    AppContext &m_context;
    SettingsSaver *m_saver;
    McpServerListModel *m_model;
    QListView *m_view;
    QPushButton *m_remove;
    QPushButton *m_log;
    QLabel *m_status;
    bool m_loading = false;
};

// Asks for one server: a name, then a command with arguments and environment, or a URL.
class McpServerDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServerDialog)

public:
    explicit McpServerDialog(QWidget *parent = nullptr);
    ~McpServerDialog() override;

    McpServerConfig server() const;
    void accept() override;

private:
    void updateTransport();

    QLineEdit *m_name;
    QComboBox *m_transport;
    QLineEdit *m_command;
    QLineEdit *m_args;
    QPlainTextEdit *m_env;
    QLineEdit *m_url;
    QCheckBox *m_trusted;
    QLabel *m_error;
    QList<QWidget *> m_stdioRows;
    QList<QWidget *> m_httpRows;
};

} // namespace Skein
