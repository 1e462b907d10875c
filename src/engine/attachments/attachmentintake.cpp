// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "attachmentintake.h"

#include "core/domain/ids.h"
#include "storage/attachmentrepository.h"
#include "storage/store.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QImageWriter>
#include <QLocale>
#include <QMimeDatabase>
#include <QStringDecoder>

#include <poppler-qt6.h>

#include <memory>

namespace Skein {

namespace {

StorageError refused(const QString &why)
{
    return {StorageError::Kind::Invalid, why};
}

QString size(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes);
}

// Text beyond the limit is cut, and the model is told how much it does not see.
QString bounded(QString text, qsizetype limit)
{
    if (text.size() <= limit)
        return text;
    const qsizetype total = text.size();
    text.truncate(limit);
    if (!text.isEmpty() && text.back().isHighSurrogate())
        text.chop(1);
    return text + QStringLiteral("\n\n[… the first %1 of %2 characters]").arg(text.size()).arg(total);
}

Result<PreparedAttachment> prepareImage(const QFileInfo &info, const QMimeType &mime, const AttachmentLimits &limits)
{
    QImageReader reader(info.filePath());
    reader.setAutoTransform(true); // EXIF orientation
    const QSize claimed = reader.size();
    if (!claimed.isValid())
        return refused(
            AttachmentIntake::tr("“%1” is not a readable image (%2).").arg(info.fileName(), reader.errorString()));
    if (qint64(claimed.width()) * claimed.height() > limits.maxImagePixels)
        return refused(AttachmentIntake::tr("“%1” says it is %2 × %3 pixels, more than Skein decodes (%4 million): it "
                                            "is not attached.")
                           .arg(info.fileName())
                           .arg(claimed.width())
                           .arg(claimed.height())
                           .arg(limits.maxImagePixels / 1'000'000));
    QImage image = reader.read(); // a GIF's first frame
    if (image.isNull())
        return refused(
            AttachmentIntake::tr("“%1” is not a readable image (%2).").arg(info.fileName(), reader.errorString()));
    if (std::max(image.width(), image.height()) > limits.maxImageSide)
        image = image.scaled(limits.maxImageSide, limits.maxImageSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    // Written anew, so nothing of the file but its pixels is kept: no EXIF, no GPS, no comments.
    const bool jpeg = mime.name() == QLatin1String("image/jpeg");
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, jpeg ? "jpeg" : "png");
    if (jpeg)
        writer.setQuality(90);
    if (!writer.write(jpeg ? image.convertToFormat(QImage::Format_RGB32) : image))
        return refused(
            AttachmentIntake::tr("“%1” could not be prepared: %2").arg(info.fileName(), writer.errorString()));
    PreparedAttachment p;
    Attachment &a = p.attachment;
    a.kind = AttachmentKind::Image;
    a.mimeType = jpeg ? QStringLiteral("image/jpeg") : QStringLiteral("image/png");
    // A GIF or WebP is kept as a PNG, and its name says so.
    const bool renamed = !jpeg && mime.name() != QLatin1String("image/png");
    a.name = renamed ? info.completeBaseName() + QStringLiteral(".png") : info.fileName();
    a.width = image.width();
    a.height = image.height();
    p.encoded = buffer.data();
    a.size = p.encoded.size();
    return p;
}

// A PDF's typeset ligatures (ﬁ, ﬂ, ﬀ…) as the letters they stand for; nothing else is changed (full
// compatibility normalisation would also rewrite, for one, Chinese full-width punctuation).
QString withoutLigatures(QString text)
{
    for (qsizetype i = 0; i < text.size(); ++i)
        if (text.at(i).unicode() >= 0xfb00 && text.at(i).unicode() <= 0xfb06) {
            const QString letters = QString(text.at(i)).normalized(QString::NormalizationForm_KC);
            text.replace(i, 1, letters);
            i += letters.size() - 1;
        }
    return text;
}

Result<PreparedAttachment> preparePdf(const QFileInfo &info, const AttachmentLimits &limits)
{
    const std::unique_ptr<Poppler::Document> document = Poppler::Document::load(info.filePath());
    if (!document)
        return refused(AttachmentIntake::tr("“%1” is not a readable PDF.").arg(info.fileName()));
    if (document->isLocked())
        return refused(
            AttachmentIntake::tr("“%1” is protected by a password: Skein cannot read it.").arg(info.fileName()));
    PreparedAttachment p;
    Attachment &a = p.attachment;
    a.kind = AttachmentKind::Pdf;
    a.mimeType = QStringLiteral("application/pdf");
    a.name = info.fileName();
    a.size = info.size();
    a.pages = document->numPages();
    QString text;
    for (int i = 0; i < a.pages && text.size() <= limits.maxTextChars; ++i) {
        const std::unique_ptr<Poppler::Page> page = document->page(i);
        const QString pageText = page ? withoutLigatures(page->text(QRectF()).trimmed()) : QString();
        if (!pageText.isEmpty())
            text += QStringLiteral("[Page %1]\n").arg(i + 1) + pageText + QStringLiteral("\n\n");
    }
    a.text = bounded(text.trimmed(), limits.maxTextChars);
    p.sourcePath = info.filePath();
    return p;
}

Result<PreparedAttachment> prepareText(const QFileInfo &info, const QMimeType &mime, const AttachmentLimits &limits)
{
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly))
        return refused(AttachmentIntake::tr("“%1” cannot be read: %2").arg(info.fileName(), file.errorString()));
    bool binary = false;
    const QString text = AttachmentIntake::decodeText(file.readAll(), &binary);
    if (binary)
        return refused(AttachmentIntake::tr("“%1” is not text (it holds binary data), and only images, PDFs and text "
                                            "files can be attached.")
                           .arg(info.fileName()));
    PreparedAttachment p;
    Attachment &a = p.attachment;
    a.kind = AttachmentKind::Text;
    a.mimeType = mime.inherits(QStringLiteral("text/plain")) ? mime.name() : QStringLiteral("text/plain");
    a.name = info.fileName();
    a.size = info.size();
    a.text = bounded(text, limits.maxTextChars);
    p.sourcePath = info.filePath();
    return p;
}

bool looksLikeText(const QFileInfo &info)
{
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly))
        return false;
    bool binary = false;
    const QByteArray head = file.read(8192);
    AttachmentIntake::decodeText(head, &binary);
    return !binary && !head.isEmpty();
}

} // namespace

AttachmentLimits AttachmentLimits::fromSettings(const Settings::Values &values)
{
    AttachmentLimits limits;
    limits.maxFileBytes = Settings::value(values, Settings::Keys::attachmentMaxFileMb) << 20;
    limits.maxMessageBytes = Settings::value(values, Settings::Keys::attachmentMaxMessageMb) << 20;
    return limits;
}

QString AttachmentIntake::decodeText(const QByteArray &bytes, bool *binary)
{
    const std::optional<QStringConverter::Encoding> bom = QStringConverter::encodingForData(bytes);
    const bool wide = bom && *bom != QStringConverter::Utf8; // UTF-16 or UTF-32: NULs are normal there
    if (binary)
        *binary = !wide && bytes.contains('\0');
    if (!wide && bytes.contains('\0'))
        return {};
    if (bom) {
        QStringDecoder decoder(*bom, QStringDecoder::Flag::ConvertInitialBom);
        QString text = decoder(bytes);
        if (text.startsWith(QChar::ByteOrderMark))
            text.remove(0, 1);
        return text;
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = utf8(bytes);
    if (!utf8.hasError())
        return text;
    QStringDecoder gb("GB18030", QStringDecoder::Flag::Stateless);
    if (gb.isValid()) {
        text = gb(bytes);
        if (!gb.hasError())
            return text;
    }
    return QString::fromLatin1(bytes);
}

Result<PreparedAttachment> AttachmentIntake::prepare(const QString &path, const AttachmentLimits &limits)
{
    const QFileInfo info(path);
    if (!info.isFile())
        return refused(tr("“%1” is not a file.").arg(path));
    if (!info.isReadable())
        return refused(tr("“%1” cannot be read.").arg(path));
    if (info.size() > limits.maxFileBytes)
        return refused(tr("“%1” is %2; an attachment may be at most %3.")
                           .arg(info.fileName(), size(info.size()), size(limits.maxFileBytes)));
    const QMimeType mime = QMimeDatabase().mimeTypeForFile(info); // by content, then by name
    if (mime.name() == QLatin1String("application/pdf"))
        return preparePdf(info, limits);
    const QByteArray format = QImageReader::imageFormat(info.filePath());
    if (mime.name().startsWith(QLatin1String("image/")) && mime.name() != QLatin1String("image/svg+xml")) {
        static const QList<QByteArray> supported {"png", "jpeg", "webp", "gif"};
        if (supported.contains(format))
            return prepareImage(info, mime, limits);
        return refused(tr("“%1” is an image of a kind Skein does not send (%2): PNG, JPEG, WebP and GIF are.")
                           .arg(info.fileName(), mime.comment()));
    }
    if (mime.inherits(QStringLiteral("text/plain")) || looksLikeText(info))
        return prepareText(info, mime, limits);
    return refused(tr("“%1” is %2 (%3): only images, PDFs and text files can be attached.")
                       .arg(info.fileName(), mime.comment(), mime.name()));
}

Status storeAttachments(Store &store, const QList<PreparedAttachment> &prepared, Message *message)
{
    for (const PreparedAttachment &p : prepared) {
        Attachment a = p.attachment;
        const auto fromFile = [&]() -> Result<QString> {
            QFile file(p.sourcePath);
            if (!file.open(QIODevice::ReadOnly))
                return StorageError {
                    StorageError::Kind::Io,
                    AttachmentIntake::tr("“%1” cannot be read any more: %2").arg(a.name, file.errorString())};
            return store.attachments().storeContent(&file, a.size);
        };
        const Result<QString> hash = p.encoded.isEmpty() ? fromFile() : store.attachments().storeContent(p.encoded);
        if (!hash)
            return hash.error();
        a.id = Ids::create();
        a.messageId = message->id;
        a.ordinal = int(message->attachments.size());
        a.sha256 = *hash;
        a.createdAt = message->createdAt;
        message->attachments.append(a);
    }
    return {};
}

} // namespace Skein
