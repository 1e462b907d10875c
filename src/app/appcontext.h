#pragma once

#include <QObject>
#include <QString>
#include <memory>

class QSettings;

namespace Skein {

struct ComponentVersion
{
    QString name;
    QString version;
};

// The composition root: owns every service the GUI and the CLI use. Construct one per process
// (tests construct one per test with a temporary data dir). Nothing here touches widgets.
class AppContext final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppContext)

public:
    // dataDir must exist (see DataDir::ensure).
    explicit AppContext(const QString &dataDir, QObject *parent = nullptr);
    ~AppContext() override;

    QString dataDir() const;
    // UI state (window geometry, dock layout): an ini file inside the data dir, so that
    // --data-dir keeps everything of one profile together.
    QSettings &uiState();

    // Versions of the libraries Skein runs on, for the About box and --version.
    QList<ComponentVersion> componentVersions() const;

private:
    QString m_dataDir;
    std::unique_ptr<QSettings> m_uiState;
};

} // namespace Skein
