// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "safetextdocument.h"

#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QTextObjectInterface>
#include <atomic>

namespace Skein {

namespace {

std::atomic<quint64> g_refused {0};

} // namespace

// Replaces Qt's image handler, which falls back to loading file paths and qrc: names itself:
// an image is a grey box of its declared size (bounded), and nothing is read.
class SafeTextDocument::ImageBlocker final
    : public QObject
    , public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    using QObject::QObject;

    QSizeF intrinsicSize(QTextDocument *doc, int, const QTextFormat &format) override
    {
        const QTextImageFormat image = format.toImageFormat();
        doc->resource(QTextDocument::ImageResource, QUrl(image.name())); // recorded and refused
        const qreal w = image.width() > 0 ? std::min(image.width(), 400.0) : 16;
        const qreal h = image.height() > 0 ? std::min(image.height(), 400.0) : 16;
        return QSizeF(w, h);
    }

    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &) override
    {
        painter->save();
        painter->setPen(QColor(128, 128, 128, 160));
        painter->setBrush(QColor(128, 128, 128, 40));
        painter->drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
        painter->restore();
    }
};

SafeTextDocument::SafeTextDocument(QObject *parent)
    : QTextDocument(parent)
    , m_images(new ImageBlocker(this))
{
    documentLayout()->registerHandler(QTextFormat::ImageObject, m_images);
    // No fallback to the application-wide provider either.
    setResourceProvider([](const QUrl &) {
        ++g_refused;
        return QVariant();
    });
}

SafeTextDocument::~SafeTextDocument() = default;

quint64 SafeTextDocument::refusedLoads()
{
    return g_refused.load();
}

QVariant SafeTextDocument::loadResource(int type, const QUrl &name)
{
    Q_UNUSED(type)
    Q_UNUSED(name)
    ++g_refused;
    return {};
}

} // namespace Skein

#include "safetextdocument.moc"
