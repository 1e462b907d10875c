#include "storagestartup.h"

#include "app/appcontext.h"
#include "engine/agent/sessionlock.h"
#include "engine/recovery.h"
#include "storage/asyncstore.h"
#include "storage/exchange/exporter.h"
#include "storage/store.h"

#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
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
    m_context.storage().open(
        m_context.dataDir(), Database::Options {}, this,
        [this](Result<AsyncStore::OpenReport> opened) { onOpened(opened); },
        [this](const Status &integrity) { onChecked(integrity); });
}

void StorageStartup::onOpened(const Result<AsyncStore::OpenReport> &opened)
{
    const QString file = QDir(m_context.dataDir()).filePath(Database::fileName());
    if (!opened) {
        const StorageError &error = opened.error();
        if (error.kind == StorageError::Kind::Corrupt) {
            setDamaged(error.message);
            return;
        }
        setState(State::Failed, tr("The database cannot be opened: %1").arg(error.message));
        QMessageBox::critical(m_window, tr("Cannot open the database"),
                              tr("Skein cannot open its database %1.\n\n%2").arg(file, error.message));
        return;
    }
    const AsyncStore::OpenReport &report = opened.value();
    if (report.info.readOnly) {
        setState(State::ReadOnly, report.info.readOnlyReason);
        return;
    }
    // Replies a crash left `generating` become `interrupted` before anything streams again: this
    // is the first write queued, and writes run in order. Writes wait for the integrity check
    // (AsyncStore::open) but reads do not, so the window is Ready (the session list loads) now.
    // The job may run only at shutdown (flushed after this object and the AppContext's members are
    // gone), so it captures the data folder by value instead of calling back into the context.
    m_context.storage().write<int>(
        this,
        [dataDir = m_context.dataDir()](Store &store) -> Result<int> {
            const Result<Recovery::Report> restored = Recovery::restore(store, SessionLock::skipLocked(dataDir));
            if (!restored)
                return restored.error();
            return restored->total();
        },
        [this](Result<int> repairs) {
            // A conversation opened meanwhile may show a reply as still being written.
            if (repairs && repairs.value() > 0)
                Q_EMIT recovered(repairs.value());
        });
    setState(State::Ready);
}

void StorageStartup::onChecked(const Status &integrity)
{
    if (integrity || m_state == State::Failed || m_state == State::Damaged)
        return;
    setDamaged(integrity.error().message);
}

void StorageStartup::setDamaged(const QString &details)
{
    setState(State::Damaged, tr("The database is damaged; nothing is written to it."));
    offerSalvage(details);
}

void StorageStartup::offerSalvage(const QString &details)
{
    const QString file = QDir(m_context.dataDir()).filePath(Database::fileName());
    auto *box = new QMessageBox(QMessageBox::Critical, tr("The database is damaged"),
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
    struct Outcome
    {
        int exported = 0;
        QStringList problems;
    };
    // Reads and writes the file on the reader thread: the GUI never waits on the disk.
    m_context.storage().read<Outcome>(
        this,
        [path](Store &store) -> Result<Outcome> {
            Outcome outcome;
            Result<QByteArray> bytes = Exchange::Exporter(store).exportReadable(&outcome.exported, &outcome.problems);
            if (!bytes)
                return bytes.error();
            QSaveFile out(path);
            if (!out.open(QIODevice::WriteOnly) || out.write(bytes.value()) != bytes.value().size() || !out.commit())
                return StorageError {StorageError::Kind::Io, out.errorString()};
            return outcome;
        },
        [this, path](Result<Outcome> result) {
            if (!result) {
                QMessageBox::critical(m_window, tr("Export failed"),
                                      tr("Nothing could be exported: %1").arg(result.error().message));
                return;
            }
            QString text = tr("%n conversation(s) saved to %1.", nullptr, result.value().exported).arg(path);
            if (!result.value().problems.isEmpty())
                text += QLatin1Char('\n') + tr("%n could not be read.", nullptr, int(result.value().problems.size()));
            QMessageBox::information(m_window, tr("Export finished"), text);
        });
}

} // namespace Skein
