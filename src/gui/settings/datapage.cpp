// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "datapage.h"

#include "app/settings/dataservice.h"
#include "ui_datapage.h"

#include <QDate>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QLocale>
#include <QUrl>

namespace Skein {

DataPage::DataPage(DataService &service, QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::DataPage>())
    , m_service(service)
{
    m_ui->setupUi(this);
    m_ui->dataLocation->setText(service.dataDir());

    connect(m_ui->openDataFolderButton, &QPushButton::clicked, this, [this] {
        if (!QDesktopServices::openUrl(QUrl::fromLocalFile(m_service.dataDir())))
            m_ui->dataStatus->setText(tr("No file manager could open %1.").arg(m_service.dataDir()));
    });
    connect(m_ui->backupNowButton, &QPushButton::clicked, this, &DataPage::backUpNow);
    connect(m_ui->exportAllButton, &QPushButton::clicked, this, [this] {
        const QString name
            = QStringLiteral("skein-export-%1.json").arg(QDate::currentDate().toString(QStringLiteral("yyyy-MM-dd")));
        const QString path = QFileDialog::getSaveFileName(this, tr("Export All Data"), QDir::home().filePath(name),
                                                          tr("Skein archive (*.json)"));
        if (!path.isEmpty())
            exportAllTo(path);
    });
    connect(m_ui->importButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import"), QDir::homePath(),
                                                          tr("Skein export (*.json);;All files (*)"));
        if (!path.isEmpty())
            importFrom(path);
    });
}

DataPage::~DataPage() = default;

QString DataPage::backupDir() const
{
    return m_service.backupDir();
}

void DataPage::setBusy(bool busy, const QString &message)
{
    m_ui->backupNowButton->setEnabled(!busy);
    m_ui->exportAllButton->setEnabled(!busy);
    m_ui->importButton->setEnabled(!busy);
    if (!message.isEmpty())
        m_ui->dataStatus->setText(message);
}

void DataPage::backUpNow()
{
    setBusy(true, tr("Backing up…"));
    m_service.backUp(this, [this](Result<QString> result) {
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
    m_service.exportAll(path, this, [this, path](Result<qint64> result) {
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
    m_service.importFile(path, this, [this](const Result<Exchange::ImportReport> &result) {
        const QString message = result ? tr("Import finished.") + QLatin1Char('\n') + result->describe()
                                       : tr("Nothing was imported: %1").arg(result.error().message);
        setBusy(false, message);
        Q_EMIT importFinished(result.ok(), message);
    });
}

} // namespace Skein
