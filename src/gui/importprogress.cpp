// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "importprogress.h"

#include "app/settings/dataservice.h"
#include "plainmessagebox.h"

#include <QFileInfo>
#include <QLocale>

namespace Skein {

namespace {
constexpr int kSteps = 1000;
}

QString ImportProgress::formatTitle(const QString &format)
{
    if (format == QLatin1String("chatgpt"))
        return QStringLiteral("ChatGPT");
    if (format == QLatin1String("claude"))
        return QStringLiteral("Claude");
    if (format == QLatin1String("openwebui"))
        return QStringLiteral("Open WebUI");
    if (format == QLatin1String("librechat"))
        return QStringLiteral("LibreChat");
    return QStringLiteral("Skein");
}

ImportProgress::ImportProgress(DataService &service, const QString &path, QWidget *parent)
    : QProgressDialog(parent)
    , m_name(QFileInfo(path).fileName())
    , m_cancel(std::make_shared<std::atomic_bool>(false))
{
    setObjectName(QStringLiteral("importProgress"));
    setWindowTitle(tr("Import"));
    setLabelText(tr("Reading %1…").arg(m_name));
    setRange(0, kSteps);
    setValue(0);
    setAutoClose(false);
    setAutoReset(false);
    setMinimumDuration(400); // a small file is done before the dialog would show
    setWindowModality(Qt::WindowModal);
    connect(this, &QProgressDialog::canceled, this, [this] {
        m_cancel->store(true);
        setLabelText(tr("Cancelling: nothing will be imported…"));
    });
    service.importFile(
        path, this,
        [this](Result<Exchange::ImportReport> result) {
            hide();
            QMessageBox *box = nullptr;
            bool changed = false;
            if (!result) {
                box = m_cancel->load()
                    ? plainMessageBox(QMessageBox::Information, tr("Import"),
                                      tr("The import was cancelled. Nothing was imported."), QMessageBox::Ok,
                                      parentWidget())
                    : plainMessageBox(QMessageBox::Warning, tr("Import"),
                                      tr("Nothing was imported from %1.").arg(m_name), QMessageBox::Ok, parentWidget());
                if (!m_cancel->load())
                    box->setInformativeText(result.error().message);
            } else {
                const Exchange::ImportReport &report = result.value();
                using Outcome = Exchange::ImportReport::Outcome;
                const int added = report.count(Outcome::Imported) + report.count(Outcome::ImportedAsNew);
                const int grown = report.count(Outcome::Merged);
                changed = report.newMessages() > 0 || report.memoriesImported > 0 || report.providersImported > 0;
                QStringList lines;
                lines << tr("New conversations: %1, with %2 messages.").arg(added).arg(report.newMessages());
                if (grown)
                    lines << tr("Conversations that had grown since they were imported: %1 (the new messages were "
                                "added to them).")
                                 .arg(grown);
                if (const int present = report.count(Outcome::AlreadyPresent))
                    lines << tr("Already here, left as they were: %1.").arg(present);
                if (report.memoriesImported)
                    lines << tr("Memories waiting in the review inbox: %1.").arg(report.memoriesImported);
                if (report.attachments > 0)
                    lines << tr("Attachments: %1, of which %2 came with their content.")
                                 .arg(report.attachments)
                                 .arg(report.attachmentContents);
                if (!report.skipped.isEmpty())
                    lines << tr("Skipped because they could not be read: %1 (see the details).")
                                 .arg(report.skipped.size());
                box = plainMessageBox(report.skipped.isEmpty() ? QMessageBox::Information : QMessageBox::Warning,
                                      tr("Import Finished"),
                                      tr("Imported from %1 (a %2 export).").arg(m_name, formatTitle(report.format)),
                                      QMessageBox::Ok, parentWidget());
                box->setInformativeText(lines.join(QLatin1Char('\n')));
                box->setDetailedText(report.describe());
            }
            box->setObjectName(QStringLiteral("importSummary"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            Q_EMIT importFinished(changed);
            deleteLater();
        },
        [this](qint64 done, qint64 total, int conversations) {
            if (m_cancel->load())
                return;
            setValue(total > 0 ? int(std::min<qint64>(kSteps, done * kSteps / total)) : 0);
            const QLocale locale;
            setLabelText(tr("Importing %1\nConversations: %2 · read %3 of %4")
                             .arg(m_name)
                             .arg(conversations)
                             .arg(locale.formattedDataSize(done), locale.formattedDataSize(total)));
        },
        m_cancel);
}

} // namespace Skein
