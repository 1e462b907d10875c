// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The composer's files (issue 16): chosen, pasted or dropped; read and checked on the thread pool,
// never on the GUI thread; shown as chips; counted in the token estimate; sent with the text.

#include "composer.h"

#include "core/tokens/tokenestimator.h"
#include "llm/imagecost.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QLocale>
#include <QMimeData>
#include <QPointer>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QThreadPool>
#include <QUrl>

#include <algorithm>

namespace Skein {

namespace {

QStringList localFiles(const QMimeData *data)
{
    QStringList paths;
    if (!data || !data->hasUrls())
        return paths;
    for (const QUrl &url : data->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    return paths;
}

} // namespace

bool ComposerEdit::canInsertFromMimeData(const QMimeData *source) const
{
    return !localFiles(source).isEmpty() || source->hasImage() || QPlainTextEdit::canInsertFromMimeData(source);
}

void ComposerEdit::insertFromMimeData(const QMimeData *source)
{
    // Files first (a file manager also offers their paths as text), then an image, then text.
    if (const QStringList files = localFiles(source); !files.isEmpty()) {
        Q_EMIT filesOffered(files);
        return;
    }
    if (source->hasImage()) {
        const QImage image = qvariant_cast<QImage>(source->imageData());
        if (!image.isNull()) {
            Q_EMIT imageOffered(image);
            return;
        }
    }
    QPlainTextEdit::insertFromMimeData(source);
}

void Composer::chooseFiles()
{
    const QString start = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Attach Files"), start);
    addFiles(files);
    m_edit->setFocus(Qt::OtherFocusReason);
}

void Composer::addFiles(const QStringList &paths)
{
    for (const QString &path : paths)
        startIntake(path, QString(), false);
}

void Composer::addImage(const QImage &image)
{
    // Written to a temporary file on the thread pool, read like any other image, then removed.
    const QString name = tr("pasted image %1.png").arg(QDateTime::currentDateTime().toString(u"yyyy-MM-dd HH.mm.ss"));
    ++m_pending;
    updateTray();
    QPointer<Composer> self(this);
    QThreadPool::globalInstance()->start([self, image, name] {
        QTemporaryFile file(QDir::tempPath() + QStringLiteral("/skein-paste-XXXXXX.png"));
        file.setAutoRemove(false);
        QString path;
        if (file.open() && image.save(&file, "PNG")) {
            path = file.fileName();
            file.close();
        }
        QMetaObject::invokeMethod(qApp, [self, path, name] {
            if (!self)
                return;
            --self->m_pending;
            if (path.isEmpty()) {
                Q_EMIT self->notice(tr("The pasted image could not be kept for attaching."));
                self->updateTray();
                return;
            }
            self->startIntake(path, name, true);
        });
    });
}

void Composer::startIntake(const QString &path, const QString &rename, bool removeAfter)
{
    ++m_pending;
    updateTray();
    QPointer<Composer> self(this);
    const quint64 ticket = m_nextTicket++;
    QThreadPool::globalInstance()->start([self, ticket, path, rename, removeAfter, limits = m_limits] {
        Result<PreparedAttachment> prepared = AttachmentIntake::prepare(path, limits);
        Result<DraftAttachment> out = StorageError {StorageError::Kind::Invalid, QString()};
        if (prepared) {
            DraftAttachment d {prepared.value(), {}};
            if (!rename.isEmpty())
                d.prepared.attachment.name = rename;
            if (d.prepared.attachment.kind == AttachmentKind::Image)
                d.thumbnail = AttachmentTray::decodeScaled(
                    d.prepared.encoded, QSize(AttachmentTray::kThumbnailSide, AttachmentTray::kThumbnailSide));
            out = d;
        } else {
            out = prepared.error();
        }
        if (removeAfter) // a pasted image: its pixels are in `encoded` now
            QFile::remove(path);
        QMetaObject::invokeMethod(qApp, [self, ticket, out] {
            if (self)
                self->intakeDone(ticket, out);
        });
    });
}

void Composer::intakeDone(quint64 ticket, const Result<DraftAttachment> &result)
{
    // Files read in parallel finish in any order; the chips keep the order the user chose.
    m_arrived.emplace(ticket, result);
    while (m_arrived.contains(m_nextApplied)) {
        auto next = m_arrived.extract(m_nextApplied++);
        applyIntake(next.mapped());
    }
    if (m_pending == 0)
        Q_EMIT filesSettled();
}

void Composer::applyIntake(const Result<DraftAttachment> &result)
{
    --m_pending;
    if (!result) {
        Q_EMIT notice(result.error().message);
    } else {
        qint64 total = result->prepared.attachment.size;
        for (const DraftAttachment &d : std::as_const(m_attachments))
            total += d.prepared.attachment.size;
        const qint64 limit = m_limits.maxMessageBytes;
        if (total > limit)
            Q_EMIT notice(tr("“%1” is not attached: the files of one message may come to %2 at most.")
                              .arg(result->prepared.attachment.name, QLocale().formattedDataSize(limit)));
        else
            m_attachments.append(result.value());
    }
    updateTray();
}

QList<PreparedAttachment> Composer::takeAttachments()
{
    QList<PreparedAttachment> out;
    for (const DraftAttachment &d : std::as_const(m_attachments))
        out << d.prepared;
    m_attachments.clear();
    updateTray();
    return out;
}

void Composer::updateTray()
{
    m_tray->setAttachments(m_attachments, currentChoice().vision != ModelVision::No);
    m_tray->setPending(m_pending);
    updateEstimate();
    updateButton();
}

qint64 Composer::attachmentTokens(const ModelChoice &choice) const
{
    const TokenEstimator estimator = TokenEstimator::forModel(choice.model);
    const bool sees = choice.vision != ModelVision::No;
    qint64 tokens = 0;
    for (const DraftAttachment &d : m_attachments) {
        const Attachment &a = d.prepared.attachment;
        const bool image = sees && a.kind == AttachmentKind::Image;
        const bool pages = sees && a.kind == AttachmentKind::Pdf && a.sendPages;
        tokens += estimator.estimateText(a.modelText(image || pages ? ImageDelivery::Sent : ImageDelivery::Described));
        if (image)
            tokens += ImageCost::tokens(choice.kind, QSize(a.width, a.height));
        if (pages)
            tokens += ImageCost::pageTokens(choice.kind, std::min(a.pages, Attachment::kMaxSentPages));
    }
    return tokens;
}

void Composer::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localFiles(event->mimeData()).isEmpty() || event->mimeData()->hasImage())
        event->acceptProposedAction();
}

void Composer::dropEvent(QDropEvent *event)
{
    if (const QStringList files = localFiles(event->mimeData()); !files.isEmpty())
        addFiles(files);
    else if (event->mimeData()->hasImage())
        addImage(qvariant_cast<QImage>(event->mimeData()->imageData()));
    event->acceptProposedAction();
}

} // namespace Skein
