// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// A message's attachments (issue 16): thumbnails of its images, chips for its other files, each a
// button that opens the attachment in a viewer. Thumbnails arrive later (read and decoded off the
// GUI thread); until then a quiet placeholder holds their place, so the layout never changes.

#include "messagedelegate.h"
#include "messagedelegate_p.h"

#include "core/domain/attachment.h"
#include "models/threadmodel.h"
#include "themecolors.h"

#include <QIcon>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

namespace Skein {

using namespace MessageDelegateDetail;

namespace {

QString chipText(const Attachment &a, const QFontMetricsF &fm)
{
    const QString name = fm.elidedText(a.name, Qt::ElideMiddle, 220);
    QString detail = QLocale().formattedDataSize(a.size);
    if (a.kind == AttachmentKind::Pdf && a.pages > 0)
        detail = MessageDelegate::tr("%n page(s)", nullptr, a.pages) + QStringLiteral(" · ") + detail;
    if (a.sendPages)
        detail += QStringLiteral(" · ") + MessageDelegate::tr("with its pages");
    if (!a.hasContent())
        detail = a.text.isEmpty() ? MessageDelegate::tr("not included in the import")
                                  : MessageDelegate::tr("text only, the file was not included in the import");
    return name + QStringLiteral(" · ") + detail;
}

} // namespace

QString MessageDelegate::attachmentName(const QModelIndex &index, const QString &attachmentId)
{
    for (const Attachment &a : index.data(ThreadModel::AttachmentsRole).value<QList<Attachment>>())
        if (a.id == attachmentId)
            return a.name;
    return {};
}

void MessageDelegate::setThumbnail(const QString &sha256, const QImage &image)
{
    if (image.isNull())
        return;
    m_thumbnails.insert(sha256, QPixmap::fromImage(image));
}

qreal MessageDelegate::placeAttachments(QList<Element> &out, const QModelIndex &index, qreal x, qreal y, qreal w) const
{
    const auto attachments = index.data(ThreadModel::AttachmentsRole).value<QList<Attachment>>();
    if (attachments.isEmpty())
        return y;
    QFont smallFont = m_theme.font;
    smallFont.setPointSizeF(m_theme.font.pointSizeF() * 0.9);
    const QFontMetricsF sfm(smallFont);
    const qreal chipH = std::ceil(sfm.height()) + 4;
    constexpr qreal spacing = 6;
    qreal cx = x;
    qreal rowH = 0;
    y += 2;
    for (const Attachment &a : attachments) {
        Element e;
        e.action = Action::OpenAttachment;
        e.data = a.id;
        QSizeF size;
        if (a.isSendableImage() && a.width > 0 && a.height > 0) {
            e.kind = Element::Kind::Thumbnail;
            e.text = a.sha256;
            size = QSizeF(a.width, a.height).scaled(QSizeF(kThumbnailBox), Qt::KeepAspectRatio);
            size = QSizeF(std::max(24.0, std::round(size.width())), std::max(24.0, std::round(size.height())));
        } else {
            e.kind = Element::Kind::Chip;
            e.small = true;
            e.text = chipText(a, sfm);
            size = QSizeF(std::min(w, std::ceil(sfm.horizontalAdvance(e.text)) + 14), chipH);
        }
        if (cx > x && cx + size.width() > x + w) {
            cx = x;
            y += rowH + spacing;
            rowH = 0;
        }
        e.rect = QRectF(QPointF(cx, y), size);
        out.append(e);
        cx += size.width() + spacing;
        rowH = std::max(rowH, size.height());
    }
    return y + rowH + kGap;
}

void MessageDelegate::paintThumbnail(QPainter *painter, const Element &e, const QPalette &pal) const
{
    QPainterPath frame;
    frame.addRoundedRect(e.rect.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    const auto it = m_thumbnails.constFind(e.text);
    if (it != m_thumbnails.cend()) {
        painter->save();
        painter->setClipPath(frame);
        painter->setRenderHint(QPainter::SmoothPixmapTransform);
        painter->drawPixmap(e.rect, *it, QRectF(it->rect()));
        painter->restore();
    } else {
        painter->fillPath(frame, ThemeColors::mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.06));
        const QRect glyph(e.rect.center().toPoint() - QPoint(8, 8), QSize(16, 16));
        QIcon::fromTheme(QStringLiteral("image-x-generic")).paint(painter, glyph);
        if (!m_thumbnailsWanted.contains(e.text)) {
            m_thumbnailsWanted.insert(e.text);
            Q_EMIT const_cast<MessageDelegate *>(this)->thumbnailWanted(e.text);
        }
    }
    painter->setPen(pal.color(QPalette::Mid));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(frame);
}

} // namespace Skein
