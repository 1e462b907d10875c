#include "datapage.h"

#include "app/appcontext.h"
#include "engine/memory/extraction.h"
#include "storage/asyncstore.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/store.h"

#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QUrl>
#include <QVBoxLayout>

namespace Skein {

DataPage::DataPage(AppContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_location(new QLineEdit(context.dataDir(), this))
    , m_backup(new QPushButton(tr("&Back Up Now"), this))
    , m_export(new QPushButton(tr("&Export All…"), this))
    , m_import(new QPushButton(tr("&Import…"), this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("dataPage"));
    m_location->setObjectName(QStringLiteral("dataLocation"));
    m_location->setReadOnly(true);
    auto *open = new QPushButton(tr("&Open Folder"), this);
    open->setObjectName(QStringLiteral("openDataFolderButton"));
    m_backup->setObjectName(QStringLiteral("backupNowButton"));
    m_export->setObjectName(QStringLiteral("exportAllButton"));
    m_import->setObjectName(QStringLiteral("importButton"));
    m_status->setObjectName(QStringLiteral("dataStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *where = new QGroupBox(tr("Location"), this);
    auto *whereForm = new QFormLayout(where);
    auto *locationRow = new QHBoxLayout;
    locationRow->addWidget(m_location, 1);
    locationRow->addWidget(open);
    auto *locationLabel = new QLabel(tr("&Folder:"), where);
    locationLabel->setBuddy(m_location);
    m_location->setAccessibleName(tr("Data folder"));
    whereForm->addRow(locationLabel, locationRow);
    auto *whereNote = new QLabel(tr("The database, backups, logs and window layout are kept here. API keys are "
                                    "not: they are in the system keychain."),
                                 where);
    whereNote->setWordWrap(true);
    whereForm->addRow(whereNote);

    auto *safety = new QGroupBox(tr("Backup and transfer"), this);
    auto *safetyLayout = new QVBoxLayout(safety);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_backup);
    buttons->addWidget(m_export);
    buttons->addWidget(m_import);
    buttons->addStretch(1);
    safetyLayout->addLayout(buttons);
    auto *safetyNote = new QLabel(tr("A backup is a consistent copy of the database in the backups folder. Export "
                                     "writes every conversation, memory and provider (without keys) to one JSON "
                                     "file; importing such a file adds what is missing and never duplicates."),
                                  safety);
    safetyNote->setWordWrap(true);
    safetyLayout->addWidget(safetyNote);
    safetyLayout->addWidget(m_status);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(where);
    layout->addWidget(safety);
    layout->addStretch(1);

    connect(open, &QPushButton::clicked, this, [this] {
        if (!QDesktopServices::openUrl(QUrl::fromLocalFile(m_context.dataDir())))
            m_status->setText(tr("No file manager could open %1.").arg(m_context.dataDir()));
    });
    connect(m_backup, &QPushButton::clicked, this, &DataPage::backUpNow);
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString name
            = QStringLiteral("skein-export-%1.json") .arg(QDate::currentDate().toString(QStringLiteral("yyyy-MM-dd")));
        const QString path = QFileDialog::getSaveFileName(this, tr("Export All Data"), QDir::home().filePath(name),
                                                          tr("Skein archive (*.json)"));
        if (!path.isEmpty())
            exportAllTo(path);
    });
    connect(m_import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import"), QDir::homePath(),
                                                          tr("Skein export (*.json);;All files (*)"));
        if (!path.isEmpty())
            importFrom(path);
    });
}

DataPage::~DataPage() = default;

QString DataPage::backupDir() const
{
    return QDir(m_context.dataDir()).filePath(QStringLiteral("backups"));
}

void DataPage::setBusy(bool busy, const QString &message)
{
    m_backup->setEnabled(!busy);
    m_export->setEnabled(!busy);
    m_import->setEnabled(!busy);
    if (!message.isEmpty())
        m_status->setText(message);
}

void DataPage::backUpNow()
{
    setBusy(true, tr("Backing up…"));
    const QString dir = backupDir();
    const QString path = QDir(dir).filePath(
        QStringLiteral("skein-%1.db").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    m_context.storage().read<QString>(
        this,
        [dir, path](Store &store) -> Result<QString> {
            if (!QDir().mkpath(dir))
                return StorageError {StorageError::Kind::Io, tr("cannot create the folder %1").arg(dir)};
            if (Status s = store.database().backupTo(path); !s)
                return s.error();
            return path;
        },
        [this](Result<QString> result) {
            if (result) {
                setBusy(false, tr("Backed up to %1.").arg(result.value()));
                Q_EMIT backupFinished(true, result.value());
            } else {
                setBusy(false, tr("The backup failed: %1").arg(result.error().message));
                Q_EMIT backupFinished(false, result.error().message);
            }
        });
}

void DataPage::exportAllTo(const QString &path)
{
    setBusy(true, tr("Exporting…"));
    m_context.storage().read<qint64>(
        this,
        [path](Store &store) -> Result<qint64> {
            Result<QByteArray> bytes = Exchange::Exporter(store).exportAll();
            if (!bytes)
                return bytes.error();
            QSaveFile out(path);
            if (!out.open(QIODevice::WriteOnly) || out.write(bytes.value()) != bytes.value().size() || !out.commit())
                return StorageError {StorageError::Kind::Io, out.errorString()};
            return qint64(bytes.value().size());
        },
        [this, path](Result<qint64> result) {
            const QString message = result
                ? tr("Everything was exported to %1 (%2).").arg(path, QLocale().formattedDataSize(result.value()))
                : tr("The export failed: %1").arg(result.error().message);
            setBusy(false, message);
            Q_EMIT exportFinished(result.ok(), message);
        });
}

void DataPage::importFrom(const QString &path)
{
    setBusy(true, tr("Importing…"));
    m_context.storage().write<Exchange::ImportReport>(
        this, [path](Store &store) { return Exchange::Importer(store, Extraction::importGuards()).importFile(path); },
        [this](Result<Exchange::ImportReport> result) {
            const QString message = result ? tr("Import finished.") + QLatin1Char('\n') + result.value().describe()
                                           : tr("Nothing was imported: %1").arg(result.error().message);
            setBusy(false, message);
            Q_EMIT importFinished(result.ok(), message);
        });
}

} // namespace Skein
