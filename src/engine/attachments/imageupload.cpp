// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/attachments/imageupload.h"

#include "llm/imagecost.h"
#include "storage/attachmentrepository.h"
#include "storage/store.h"

#include <QBuffer>
#include <QCache>
#include <QImage>
#include <QImageReader>
#include <QImageWriter>
#include <QMutex>
#include <QMutexLocker>

#include <poppler-qt6.h>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace Skein::ImageUpload {

namespace {

// Stored images are at most 8,192 pixels a side (AttachmentIntake); their files stay well below.
constexpr qint64 kMaxStoredBytes = qint64(256) << 20;
constexpr qsizetype kMaxSentBytes = 3'750'000;
constexpr int kJpegQuality = 85;

// Encoded images shared between calls, by key; their cost is their size in bytes.
QMutex cacheMutex;
QCache<QString, EncodedImage> &cache()
{
    static QCache<QString, EncodedImage> c(64 << 20);
    return c;
}

QByteArray write(const QImage &image, const char *format)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, format);
    if (qstrcmp(format, "jpeg") == 0)
        writer.setQuality(kJpegQuality);
    const QImage pixels = qstrcmp(format, "jpeg") == 0 ? image.convertToFormat(QImage::Format_RGB32) : image;
    return writer.write(pixels) ? buffer.data() : QByteArray();
}

std::optional<EncodedImage> encode(const QByteArray &stored, const ChatImage &image)
{
    QBuffer in;
    in.setData(stored);
    in.open(QIODevice::ReadOnly);
    QImageReader reader(&in);
    const QSize size = reader.size();
    const QSize target(image.width, image.height);
    const bool jpeg = reader.format() == "jpeg";
    if (size == target && stored.size() <= kMaxSentBytes && (jpeg || reader.format() == "png"))
        return EncodedImage {jpeg ? u"image/jpeg"_s : u"image/png"_s, stored};
    QImage pixels = reader.read();
    if (pixels.isNull())
        return std::nullopt;
    if (pixels.size() != target && target.isValid())
        pixels = pixels.scaled(target, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    EncodedImage out;
    if (!jpeg) {
        out = {u"image/png"_s, write(pixels, "png")};
        if (out.data.size() > kMaxSentBytes || out.data.isEmpty())
            out = {}; // too large as PNG (a photo): a JPEG
    }
    if (out.data.isEmpty())
        out = {u"image/jpeg"_s, write(pixels, "jpeg")};
    if (out.data.isEmpty() || out.data.size() > kMaxSentBytes)
        return std::nullopt;
    return out;
}

// A PDF's page rendered to fit the size it is sent at, as a PNG (a JPEG when the PNG is too large).
std::optional<EncodedImage> renderPage(const QByteArray &pdf, const ChatImage &image)
{
    const std::unique_ptr<Poppler::Document> document = Poppler::Document::loadFromData(pdf);
    if (!document || document->isLocked() || image.page >= document->numPages())
        return std::nullopt;
    const std::unique_ptr<Poppler::Page> page = document->page(image.page);
    if (!page)
        return std::nullopt;
    const QSizeF points = page->pageSizeF(); // 1/72 inch
    if (points.isEmpty())
        return std::nullopt;
    const QSize box(image.width, image.height);
    const double dpi = 72.0 * std::min(box.width() / points.width(), box.height() / points.height());
    document->setRenderHint(Poppler::Document::Antialiasing);
    document->setRenderHint(Poppler::Document::TextAntialiasing);
    const QImage pixels = page->renderToImage(dpi, dpi);
    if (pixels.isNull())
        return std::nullopt;
    EncodedImage out {u"image/png"_s, write(pixels, "png")};
    if (out.data.isEmpty() || out.data.size() > kMaxSentBytes)
        out = {u"image/jpeg"_s, write(pixels, "jpeg")};
    if (out.data.isEmpty() || out.data.size() > kMaxSentBytes)
        return std::nullopt;
    return out;
}

// What goes on the wire for one of a request's images: the image, a PDF's page, or the PDF itself.
std::optional<EncodedImage> encodeAny(const QByteArray &stored, const ChatImage &image)
{
    if (image.page >= 0)
        return renderPage(stored, image);
    if (image.mimeType == u"application/pdf"_s)
        return stored.size() <= ImageCost::kMaxDocumentBytes ? std::optional(EncodedImage {image.mimeType, stored})
                                                             : std::nullopt;
    return encode(stored, image);
}

} // namespace

QString key(const ChatImage &image)
{
    return image.sha256 + (image.page >= 0 ? u'#' + QString::number(image.page) : QString())
        + (image.mimeType == u"application/pdf"_s ? u"@pdf"_s : QString()) + u'@' + QString::number(image.width) + u'x'
        + QString::number(image.height);
}

Status load(Store &store, const ChatRequest &request, QHash<QString, EncodedImage> &images)
{
    for (const ChatMessage &message : request.messages) {
        for (const ChatImage &image : message.images) {
            const QString k = key(image);
            if (images.contains(k) || image.sha256.isEmpty())
                continue;
            {
                QMutexLocker lock(&cacheMutex);
                if (const EncodedImage *hit = cache().object(k)) {
                    images.insert(k, *hit);
                    continue;
                }
            }
            Result<QByteArray> stored = store.attachments().content(image.sha256, kMaxStoredBytes);
            if (!stored && stored.error().kind != StorageError::Kind::NotFound
                && stored.error().kind != StorageError::Kind::Invalid)
                return stored.error();
            if (!stored)
                continue; // gone or too large: apply() says so
            const std::optional<EncodedImage> encoded = encodeAny(stored.value(), image);
            if (!encoded)
                continue;
            images.insert(k, *encoded);
            QMutexLocker lock(&cacheMutex);
            cache().insert(k, new EncodedImage(*encoded), std::max<qsizetype>(1, encoded->data.size()));
        }
    }
    return {};
}

void apply(ChatRequest &request, const QHash<QString, EncodedImage> &images)
{
    for (ChatMessage &message : request.messages) {
        QList<ChatImage> kept;
        for (ChatImage image : std::as_const(message.images)) {
            const auto it = images.constFind(key(image));
            if (it == images.cend())
                continue;
            image.mimeType = it->mimeType;
            image.data = it->data;
            kept.append(image);
        }
        const qsizetype lost = message.images.size() - kept.size();
        message.images = kept;
        if (lost > 0)
            message.content += (message.content.isEmpty() ? QString() : u"\n\n"_s)
                + (lost == 1 ? u"[An attached image or page could not be read and is not included.]"_s
                             : u"[%1 attached images or pages could not be read and are not included.]"_s.arg(lost));
    }
}

} // namespace Skein::ImageUpload
