// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storagestartup.h"

#include "app/appcontext.h"
#include "app/services/startupservice.h"
#include "gui/plainmessagebox.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

namespace Skein {

StorageStartup::StorageStartup(AppContext &context, QWidget *window)
    : QObject(window)
    , m_context(context)
    , m_window(window)
{ }

void StorageStartup::setState(State state, const QString &problem)
{
    m_state = state;
    m_problem = problem;
    Q_EMIT stateChanged(state);
}

void StorageStartup::start()
{
    setState(State::Opening);
    m_context.startup().open(
        this, [this](Result<StartupService::OpenReport> opened) { onOpened(opened); },
        [this](const Status &integrity) { onChecked(integrity); });
}

void StorageStartup::onOpened(const Result<StartupService::OpenReport> &opened)
{
    const QString file = m_context.startup().databaseFile();
    if (!opened) {
        const StorageError &error = opened.error();
        if (error.kind == StorageError::Kind::Corrupt) {
            setDamaged(error.message);
            return;
        }
        setState(State::Failed, tr("The database cannot be opened: %1").arg(error.message));
        tell(QMessageBox::Critical, tr("Cannot open the database"),
             tr("Skein cannot open its database %1.\n\n%2").arg(file, error.message));
        return;
    }
    const StartupService::OpenReport &report = opened.value();
    if (report.info.readOnly) {
        setState(State::ReadOnly, report.info.readOnlyReason);
        return;
    }
    // Replies a crash left `generating` become `interrupted` before anything streams again: this
    // is the first write queued, and writes run in order. Writes wait for the integrity check
    // (AsyncStore::open) but reads do not, so the window is Ready (the session list loads) now.
    // The job may run only at shutdown (flushed after this object and the AppContext's members are
    // gone), so it captures the data folder by value instead of calling back into the context.
    // A conversation opened meanwhile may show a reply as still being written.
    m_context.startup().recover(this, [this](Result<int> repairs) {
        if (repairs && repairs.value() > 0)
            Q_EMIT recovered(repairs.value());
    });
    setState(State::Ready);
}

void StorageStartup::onChecked(const Status &integrity)
{
    if (integrity || m_state == State::Failed || m_state == State::Damaged)
        return;
    // Only damage found by the check offers the salvage; a disk that failed to read is not damage.
    if (integrity.error().kind != StorageError::Kind::Corrupt) {
        setState(State::Failed,
                 tr("Skein could not check its database, so it saves nothing until it is started again: %1")
                     .arg(integrity.error().message));
        return;
    }
    setDamaged(integrity.error().message);
}

void StorageStartup::tell(QMessageBox::Icon icon, const QString &title, const QString &text)
{
    QMessageBox *box = plainMessageBox(icon, title, text, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void StorageStartup::setDamaged(const QString &details)
{
    setState(State::Damaged, tr("The database is damaged; nothing is written to it."));
    offerSalvage(details);
}

void StorageStartup::offerSalvage(const QString &details)
{
    const QString file = m_context.startup().databaseFile();
    auto *box = plainMessageBox(QMessageBox::Critical, tr("The database is damaged"),
                                tr("Skein's database %1 is damaged. Skein will not write to it and will not "
                                   "replace it with an empty one.")
                                    .arg(file),
                                QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("damagedDatabaseDialog"));
    box->setInformativeText(tr("You can export every conversation that can still be read to a file, then "
                               "import that file into a fresh data folder."));
    box->setDetailedText(details);
    QPushButton *exportButton = box->addButton(tr("Export Readable Conversations…"), QMessageBox::AcceptRole);
    exportButton->setObjectName(QStringLiteral("exportReadableButton"));
    box->addButton(tr("Continue Without Saving"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, exportButton](QAbstractButton *clicked) {
        if (clicked != exportButton)
            return;
        const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Readable Conversations"),
                                                          QDir::home().filePath(QStringLiteral("skein-salvage.json")),
                                                          tr("Skein archive (*.json)"));
        if (!path.isEmpty())
            exportReadable(path);
    });
    box->open();
}

void StorageStartup::exportReadable(const QString &path)
{
    m_context.startup().exportReadable(path, this, [this, path](Result<StartupService::Salvage> result) {
        if (!result) {
            tell(QMessageBox::Critical, tr("Export failed"),
                 tr("Nothing could be exported: %1").arg(result.error().message));
            return;
        }
        QString text = tr("%n conversation(s) saved to %1.", nullptr, result.value().exported).arg(path);
        if (!result.value().problems.isEmpty())
            text += QLatin1Char('\n') + tr("%n could not be read.", nullptr, int(result.value().problems.size()));
        tell(QMessageBox::Information, tr("Export finished"), text);
    });
}

} // namespace Skein
